// Folders of fixture plugins and the out-of-process scanner over them.

import EaselDiscovery
import EaselRuntime
import Foundation

/// A folder of fixtures, each compiled as `<file>.so` from `<fixture>.c`.
public func pluginFolder(_ label: String, _ files: [(file: String, fixture: String)]) throws -> URL {
    let folder = try Fixtures.makeTemporaryDirectory(label)
    for (file, fixture) in files {
        _ = try Fixtures.buildFixture(fixture, into: folder, soName: file)
    }
    return folder
}

/// A scanner running the built `easel-plugin-scanner`, with a cache in `cache` when given.
public func scanner(timeLimit: Double = 5, cache: URL? = nil) throws -> PluginScanner {
    PluginScanner(helperPath: try Fixtures.scannerExecutable().path, timeLimit: timeLimit,
                  cache: cache.map { RegistryCache(directory: $0.path) }, builtInClassNames: BuiltIns.withViews.classNames)
}

extension PluginScan {
    /// The entry of the file `name` in `folder`.
    public func entry(_ folder: URL, _ name: String) -> Entry? {
        entries.first { $0.path == folder.appendingPathComponent(name).path }
    }

    /// The failure of the file `name` in `folder`, if it failed.
    public func failure(_ folder: URL, _ name: String) -> PluginLoadError? {
        guard case .failed(let error)? = entry(folder, name)?.outcome else { return nil }
        return error
    }

    /// The plugin of the file `name` in `folder`, if it loaded.
    public func plugin(_ folder: URL, _ name: String) -> PluginDescription? {
        guard case .plugin(let plugin)? = entry(folder, name)?.outcome else { return nil }
        return plugin
    }
}

/// Sets a file's modification time (and so its cache key) to `seconds` after the epoch.
public func setModificationTime(_ url: URL, _ seconds: Double) throws {
    try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: seconds)], ofItemAtPath: url.path)
}
