// Running the built `easel` executable, and the scene files handed to it.

import Foundation

/// Runs the built `easel` executable (next to the sample plugins), with a
/// fresh plugin cache unless `environment` names one (`XDG_CACHE_HOME`), and
/// without `EASEL_ALLOW_WRITABLE_PLUGINS` or `EASEL_ALLOW_LIST` unless it names them.
/// `standardOutput` sends its standard output to that file instead of capturing it (e.g. `/dev/full`).
public func easel(_ arguments: [String], environment: [String: String] = ["EASEL_PLUGIN_PATH": ""],
                  standardOutput: String? = nil) throws -> ProcessResult {
    let executable = try Fixtures.samplePluginsDirectory().appendingPathComponent("easel")
    var environment = environment
    if environment["XDG_CACHE_HOME"] == nil {
        environment["XDG_CACHE_HOME"] = try Fixtures.makeTemporaryDirectory("cache").path
    }
    // The trust settings of the shell running the tests do not apply (empty is unset).
    for name in ["EASEL_ALLOW_WRITABLE_PLUGINS", "EASEL_ALLOW_LIST"] where environment[name] == nil {
        environment[name] = ""
    }
    return try Fixtures.run(executable, arguments, environment: environment, standardOutput: standardOutput)
}

/// Runs the built `easel` and returns its standard output as bytes (for `-o -`) and its exit status.
public func easelStandardOutput(_ arguments: [String]) throws -> (Data, Int32) {
    let process = Process()
    process.executableURL = try Fixtures.samplePluginsDirectory().appendingPathComponent("easel")
    process.arguments = arguments
    let cache = try Fixtures.makeTemporaryDirectory("cache")
    process.environment = ProcessInfo.processInfo.environment.merging(
        ["EASEL_PLUGIN_PATH": "", "XDG_CACHE_HOME": cache.path]) { _, new in new }
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (data, process.terminationStatus)
}

/// Writes a scene file into a fresh folder (whose name contains `label`) and returns its path.
public func writeScene(_ text: String, name: String = "scene.json", label: String = "scene") throws -> URL {
    let folder = try Fixtures.makeTemporaryDirectory(label)
    let file = folder.appendingPathComponent(name)
    try Data(text.utf8).write(to: file)
    return file
}

/// A folder with `load_log.so` (whose entry point appends a line to
/// `$EASEL_TEST_LOAD_LOG`) and `good_extra.so`, a scratch folder for the cache
/// and the log, and the environment that points `easel` at all three.
public func loadLoggingFolder(_ label: String) throws -> (folder: URL, environment: [String: String], log: URL, cache: URL) {
    let folder = try pluginFolder(label, [("load_log", "load_log"), ("good_extra", "good_extra")])
    let scratch = try Fixtures.makeTemporaryDirectory("\(label)-scratch")
    let log = scratch.appendingPathComponent("loads.log")
    let cache = scratch.appendingPathComponent("cache")
    let environment = ["EASEL_PLUGIN_PATH": folder.path, "XDG_CACHE_HOME": cache.path, "EASEL_TEST_LOAD_LOG": log.path]
    return (folder, environment, log, cache)
}

/// How many times a plugin of ``loadLoggingFolder(_:)`` was loaded: the lines of its log.
public func loads(_ log: URL) -> Int {
    ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").count
}
