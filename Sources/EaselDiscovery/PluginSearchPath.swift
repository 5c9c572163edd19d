#if canImport(Glibc)
import Glibc
#endif
import EaselProbe
import EaselRuntime

/// Where plugins are looked for.
///
/// The order is: every `--plugins DIR` given on the command line, in order,
/// then every folder of `EASEL_PLUGIN_PATH` (colon-separated, empty entries
/// ignored). Only when neither names a folder is the default used: the
/// folder that holds the running `easel` executable, which is where
/// `swift build` puts the sample plugins (`.build/<config>/lib*.so`), so the
/// demo works with no flags. Earlier folders win when two plugins define the
/// same class.
public enum PluginSearchPath {
    /// The environment variable with extra plugin folders.
    public static let environmentVariable = "EASEL_PLUGIN_PATH"

    /// Resolves the folders to scan.
    ///
    /// - Parameters:
    ///   - explicit: Folders given with `--plugins`, in order.
    ///   - environment: The process environment (for `EASEL_PLUGIN_PATH`).
    ///   - executablePath: The path of the running executable, for the default
    ///     (read only when it is needed).
    /// - Returns: The folders in search order, without duplicates.
    public static func resolve(explicit: [String], environment: [String: String],
                               executablePath: @autoclosure () -> String? = currentExecutablePath()) -> [String] {
        var folders = explicit
        if let list = environment[environmentVariable] {
            folders += list.split(separator: ":", omittingEmptySubsequences: true).map(String.init)
        }
        if folders.isEmpty, let executablePath = executablePath() {
            folders = [defaultFolder(forExecutable: executablePath)]
        }
        guard folders.count > 1 else { return folders }
        var seen = Set<String>()
        return folders.filter { seen.insert(PluginFolder.canonicalPath($0)).inserted }
    }

    /// The default folder: the one containing the executable.
    public static func defaultFolder(forExecutable path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The absolute path of the running executable (`/proc/self/exe`).
    public static func currentExecutablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The `easel` executable that isolated workers run: the running executable,
    /// or the `easel` beside it when that is `easel-preview` (the preview's
    /// server, which runs no plugin code and starts its workers from `easel`).
    public static func easelExecutablePath() -> String? {
        guard let path = currentExecutablePath() else { return nil }
        return path.hasSuffix("/easel-preview") ? defaultFolder(forExecutable: path) + "/easel" : path
    }
}

/// Listing one plugin folder.
package enum PluginFolder {
    /// The `*.so` files of a folder (not hidden ones, not sub-folders), sorted by name.
    ///
    /// A file whose name is not valid UTF-8 (`good\xff.so`) is listed and
    /// loaded like any other: its path keeps the name's bytes losslessly
    /// (``FileSystemName``) and messages show them escaped.
    package static func sharedObjects(in folder: String) -> Result<[String], PluginLoadError> {
        var info = stat()
        guard FileSystemName.stat(folder, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            return .failure(PluginLoadError(path: folder, kind: .missingFolder,
                message: "plugin folder does not exist or is not a folder"))
        }
        guard let dir = FileSystemName.withCString(folder, { opendir($0) }) else {
            return .failure(PluginLoadError(path: folder, kind: .unreadable,
                message: "cannot list the plugin folder: \(String(cString: strerror(errno)))"))
        }
        defer { closedir(dir) }
        var names: [String] = []
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        while let entry = readdir(dir) {
            let bytes = withUnsafeBytes(of: &entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            guard bytes.first != UInt8(ascii: "."), bytes.count > 3, bytes.suffix(3).elementsEqual(".so".utf8) else { continue }
            let type = entry.pointee.d_type
            if type == UInt8(DT_DIR) { continue }
            // A name that is not UTF-8 is kept losslessly (FileSystemName)
            // and shown with its bytes escaped.
            let path = prefix + FileSystemName.decode(bytes)
            // Broken links and unreadable entries are kept: the probe reports them.
            // The entry's type saves a stat() unless it is a link or unknown.
            if type == UInt8(DT_LNK) || type == UInt8(DT_UNKNOWN) {
                var fileInfo = stat()
                if FileSystemName.stat(path, &fileInfo) == 0, (fileInfo.st_mode & S_IFMT) == S_IFDIR { continue }
            }
            names.append(path)
        }
        return .success(names.sorted())
    }

    /// The resolved absolute path, or the path itself when it cannot be resolved.
    package static func canonicalPath(_ path: String) -> String {
        FileSystemName.realpath(path) ?? path
    }
}
