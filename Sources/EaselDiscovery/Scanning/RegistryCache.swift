#if canImport(Glibc)
import Glibc
#endif
import EaselProbe
import EaselRuntime
import FoundationEssentials

/// The registry cache: what the scanner found in each plugin file, kept in
/// one versioned file so that unchanged files are not probed again (see
/// PluginScanner.swift).
///
/// An entry is keyed by the file's path, modification time (to the
/// nanosecond), size and the host's ABI version; any difference is a miss.
/// The file is `registry-v4.bin` in the cache folder (format 3 added the plugins' metadata, format 4 their property descriptions and value names): the magic bytes
/// `EASELREG`, then one record per file in the scanner's own packet format
/// (``ScannerProtocol/writeCacheRecord(_:to:)``: a header with the host ABI,
/// modification time, size, when it was recorded and a time-out's limit, then
/// the scanner's answer, the description or the load error). Every field is
/// read with bounds checks. Reading the file reads the framing of every
/// record (its header and its answer's kind, length and path); a file whose
/// framing does not parse is ignored, with a warning, and written again. An
/// answer is decoded only when its file is looked up (the cache holds every
/// folder ever scanned; a render needs a few): one that does not decode is a
/// miss, and the file is probed again. (Format 1 was JSON decoded with `Codable`:
/// about 9 ms of every `easel render`'s 60 ms of CPU went to it, most of that
/// the Swift runtime's first protocol-conformance lookups.)
public struct RegistryCache: Sendable {
    /// The version of the file's format, also part of its name.
    public static let formatVersion = 4
    /// The cache file's name inside the cache folder.
    public static let fileName = "registry-v4.bin"
    /// The first bytes of the file.
    static let magic: [UInt8] = Array("EASELREG".utf8)

    /// The cache folder.
    public let directory: String
    /// The cache file.
    public var file: String { directory.hasSuffix("/") ? directory + Self.fileName : directory + "/" + Self.fileName }

    /// A cache in `directory` (created when first written).
    public init(directory: String) { self.directory = directory }

    /// Easel's cache folder: `$XDG_CACHE_HOME/easel` when `XDG_CACHE_HOME` is
    /// an absolute path, else `$HOME/.cache/easel` (the XDG base directory
    /// rules); `nil` when neither is known.
    public static func defaultDirectory(environment: [String: String]) -> String? {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/easel" }
        var home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
        if home == nil, let entry = getpwuid(getuid()), let dir = entry.pointee.pw_dir {
            home = String(cString: dir)
        }
        return home.map { $0 + "/.cache/easel" }
    }

    /// Deletes the cache file (the session deletes the last listing kept beside it).
    ///
    /// - Returns: Whether there was a cache file.
    /// - Throws: ``CacheError`` when it exists and cannot be removed.
    @discardableResult
    public func clear() throws(CacheError) -> Bool {
        if unlink(file) == 0 { return true }
        if errno == ENOENT { return false }
        throw CacheError(message: "cannot remove the plugin cache \(file): \(String(cString: strerror(errno)))")
    }

    // MARK: - Entries

    /// What identifies a version of a file.
    package struct Key: Equatable, Sendable {
        package var mtime: Int64
        package var size: Int64
    }

    /// One cached answer of the scanner.
    struct Entry {
        var path: String
        var hostABI: String
        var mtime: Int64
        var size: Int64
        var recordedAt: Double
        var plugin: PluginDescription?
        var failure: PluginLoadError?
        var timeLimit: Double?
    }

    /// The cache in memory while a scan runs.
    ///
    /// The file's records are indexed when it is read (their headers and
    /// paths), and an answer is decoded only when its file is looked up: a
    /// cache holds every plugin folder ever scanned, and a render needs a few.
    /// Records not looked up are written back byte for byte.
    struct Store {
        var entries: [String: Entry] = [:]   // by path, for this host ABI: recorded in this scan
        var changed = false
        /// The cache file's bytes, which ``records`` point into.
        private var bytes: [UInt8] = []
        /// The file's records for this host ABI not recorded again, by path.
        private var records: [String: ScannerProtocol.CacheIndexEntry] = [:]
        /// The file's records for other host ABIs, kept as they are.
        private var otherABIs: [Range<Int>] = []

        init(changed: Bool = false) { self.changed = changed }

        /// A store of the records of a cache file (`bytes`), indexed from `offset` (after the magic).
        init(bytes: [UInt8], offset: Int, index: [ScannerProtocol.CacheIndexEntry]) {
            self.bytes = bytes
            records.reserveCapacity(index.count)
            for var record in index {
                record.record = record.record.lowerBound + offset..<record.record.upperBound + offset
                record.answer = record.answer.lowerBound + offset..<record.answer.upperBound + offset
                if record.hostABI == HostABI.versionString { records[record.path] = record } else { otherABIs.append(record.record) }
            }
        }

        /// Every path with an answer, for this host ABI.
        var paths: Set<String> { Set(entries.keys).union(records.keys) }

        /// The cached answer for a file, if its key matches and (for a
        /// time-out) it ran under a limit at least as long as `timeLimit`.
        /// A record whose answer does not decode is a miss (the file is scanned and its record replaced).
        func lookup(_ path: String, _ key: Key, timeLimit: Double) -> Entry? {
            let found: Entry
            if let entry = entries[path] {
                found = entry
            } else if let record = records[path], let entry = decode(record) {
                found = entry
            } else {
                return nil
            }
            guard found.mtime == key.mtime, found.size == key.size else { return nil }
            if let failure = found.failure, failure.kind == .timedOut, (found.timeLimit ?? 0) < timeLimit { return nil }
            return found
        }

        private func decode(_ record: ScannerProtocol.CacheIndexEntry) -> Entry? {
            guard let (path, result) = bytes.withUnsafeBytes({ raw in
                ScannerProtocol.readCacheAnswer(UnsafeRawBufferPointer(rebasing: raw[record.answer]))
            }), path == record.path else { return nil }
            var entry = Entry(path: path, hostABI: record.hostABI, mtime: record.mtime, size: record.size,
                              recordedAt: record.recordedAt, timeLimit: record.timeLimit)
            switch result {
            case .success(let plugin): entry.plugin = plugin
            case .failure(let error): entry.failure = error
            }
            return entry
        }

        mutating func record(_ path: String, _ key: Key, _ result: Result<PluginDescription, PluginLoadError>,
                             at time: Double, timeLimit: Double) {
            var entry = Entry(path: path, hostABI: HostABI.versionString, mtime: key.mtime, size: key.size, recordedAt: time)
            switch result {
            case .success(let plugin): entry.plugin = plugin
            case .failure(let error):
                entry.failure = error
                if error.kind == .timedOut { entry.timeLimit = timeLimit }
            }
            entries[path] = entry
            records[path] = nil
            changed = true
        }

        /// Forgets the files of `folders` that a scan did not find any more.
        mutating func prune(folders: [String], keeping found: Set<String>) {
            let prefixes = Set(folders.map { $0.hasSuffix("/") ? $0 : $0 + "/" })
            func gone(_ path: String) -> Bool {
                guard !found.contains(path), let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return false }
                return prefixes.contains(String(path[...slash]))
            }
            for path in entries.keys where gone(path) {
                entries[path] = nil
                changed = true
            }
            for path in records.keys where gone(path) {
                records[path] = nil
                changed = true
            }
        }

        /// The file's contents (after the magic): every record by path, then those of other host ABIs.
        func serialized() -> [UInt8] {
            var writer = ScannerProtocol.Writer()
            var out: [UInt8] = []
            for path in paths.sorted() {
                if let entry = entries[path] {
                    let result: Result<PluginDescription, PluginLoadError>
                    if let plugin = entry.plugin { result = .success(plugin) } else if let failure = entry.failure { result = .failure(failure) } else { continue }
                    writer.reset()
                    ScannerProtocol.writeCacheRecord(ScannerProtocol.CacheRecord(
                        hostABI: entry.hostABI, mtime: entry.mtime, size: entry.size, recordedAt: entry.recordedAt,
                        timeLimit: entry.timeLimit, path: entry.path, result: result), to: &writer)
                    out += writer.bytes
                } else if let record = records[path] {
                    out += bytes[record.record]
                }
            }
            for range in otherABIs { out += bytes[range] }
            return out
        }
    }

    /// Reads the cache; a missing file is an empty cache, an unreadable or
    /// foreign one an empty cache that will be rewritten, with a warning.
    func load() -> (Store, warning: String?) {
        var info = stat()
        guard stat(file, &info) == 0 else { return (Store(), nil) }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            let what = (info.st_mode & S_IFMT) == S_IFDIR ? "a folder" : "not a regular file"
            return (Store(), "cannot use the plugin cache \(file): it is \(what); scanning without the cache (remove it to let easel write one)")
        }
        let bytes: [UInt8]
        switch Self.readAll(file) {
        case .success(let read): bytes = read
        case .failure(let error):
            return (Store(changed: true), "cannot read the plugin cache \(file): \(error.message); scanning again")
        }
        guard bytes.starts(with: Self.magic) else {
            return (Store(changed: true), "ignoring the plugin cache \(file): it is not a format-\(Self.formatVersion) cache file; scanning again")
        }
        let skip = Self.magic.count
        guard let index = bytes.withUnsafeBytes({ ScannerProtocol.readCacheIndex(UnsafeRawBufferPointer(rebasing: $0[skip...])) }) else {
            return (Store(changed: true), "ignoring the plugin cache \(file): it is damaged; scanning again")
        }
        return (Store(bytes: bytes, offset: skip, index: index), nil)
    }

    /// The bytes of a file, or the system's reason it cannot be read.
    static func readAll(_ path: String) -> Result<[UInt8], CacheError> {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return .failure(CacheError(message: String(cString: strerror(errno)))) }
        defer { close(fd) }
        // Read into one buffer of the file's size (plus one byte, to see the end
        // in the same pass), grown only if the file grew meanwhile.
        var info = stat()
        let expected = fstat(fd, &info) == 0 ? max(0, Int(info.st_size)) : 0
        var bytes = [UInt8](repeating: 0, count: max(expected + 1, 1 << 12))
        var filled = 0
        while true {
            if filled == bytes.count { bytes += [UInt8](repeating: 0, count: bytes.count) }
            let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { return .failure(CacheError(message: String(cString: strerror(errno)))) }
            if count == 0 {
                bytes.removeSubrange(filled...)
                return .success(bytes)
            }
            filled += count
        }
    }

    /// Writes the cache (to a temporary file renamed over the old one).
    ///
    /// - Returns: A warning when it cannot be written.
    func save(_ store: Store) -> String? {
        writeFile(file, Self.magic + store.serialized())
    }

    /// Writes a file of the cache folder (creating the folder), to a
    /// temporary file renamed over the old one.
    ///
    /// - Returns: A warning when it cannot be written.
    package func writeFile(_ path: String, _ bytes: [UInt8]) -> String? {
        do {
            try makeDirectory(directory)
            let temporary = path + ".\(getpid()).tmp"
            let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
            guard fd >= 0 else { throw CacheError(message: String(cString: strerror(errno))) }
            var written = 0
            while written < bytes.count {
                let count = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, $0.count - written) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else {
                    let reason = String(cString: strerror(errno))
                    close(fd)
                    unlink(temporary)
                    throw CacheError(message: reason)
                }
                written += count
            }
            close(fd)
            guard rename(temporary, path) == 0 else {
                let reason = String(cString: strerror(errno))
                unlink(temporary)
                throw CacheError(message: reason)
            }
            return nil
        } catch {
            return "cannot write the plugin cache \(path): \(error)"
        }
    }

    private func makeDirectory(_ path: String) throws(CacheError) {
        var info = stat()
        if stat(path, &info) == 0 { return }
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            try makeDirectory(String(path[..<slash]))
        }
        if mkdir(path, 0o700) != 0 && errno != EEXIST {
            throw CacheError(message: "cannot create \(path): \(String(cString: strerror(errno)))")
        }
    }
}

/// The registry cache could not be written or removed.
public struct CacheError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, naming the file.
    public let message: String
    /// The message.
    public var description: String { message }
}
