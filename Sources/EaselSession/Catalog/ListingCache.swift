#if canImport(Glibc)
import Glibc
#endif
import EaselDiscovery
import EaselRuntime
import EaselViews
import EaselProbe

/// The text of the last `easel list`, kept with everything it depends on, so
/// that listing an unchanged search path costs a stat() per file and reading
/// one file: no cached description is decoded, nothing is linked or
/// formatted, no plugin folder is read.
///
/// The file is `listing-v1.txt` next to the registry cache: the last listing
/// of a search path with at least one plugin file (an empty one costs nothing
/// to list). It is written only for a scan whose every answer came from the
/// registry cache or was just recorded in it (no file the host refused
/// itself, no scanner that could not run, no cache warning), and is made of
/// lines, then the text:
///
/// ```
/// easel-listing 1 <length of these lines>
/// program <device> <inode> <mtime ns> <size>    the executable that made it (easel)
/// abi 1 1                                      the host ABI (major, minor)
/// cache <device> <inode> <mtime ns> <size>      registry-v4.bin
/// timeouts <seconds>                           shortest limit of a recorded time-out, or -
/// trust <writable>                             1 when writable plugins were allowed, else 0
/// folders <count>                              then, for each folder in order:
/// folder <device> <inode> <mtime ns> <settled> <file count> <path>
/// <mtime ns> <size> <device> <inode> <name>    one line per *.so file, by name (bytewise)
/// text <byte count>
/// <the listing>
/// ```
///
/// The text is printed again only when every line still holds: the same
/// easel executable and host ABI; the registry cache file not rewritten since
/// (any scan that records an answer rewrites it); the same folders in the
/// same order, each the same directory with the same modification time; each
/// file with the same modification time, size, device and inode (`fstatat`
/// relative to its folder); a time limit no longer than the one a
/// recorded time-out ran under; and the same folder-trust policy. Otherwise
/// `easel list` scans as usual and writes the file again.
///
/// Folder trust (EaselDiscovery's Trust/PluginTrust.swift) holds on this path too. A scan that
/// refused a folder or file records no listing, nor does one under an
/// allow-list (the digests are computed on every run, so there is no
/// listing to print under one). Unless writable plugins are allowed, a
/// listing with a plugin file that is a symbolic link is not recorded, the
/// check stats each file without following links, and every folder and file
/// must still pass the permission rules (`Permissions.problem`): a folder or
/// file made writable by group or others, or given to another owner, since
/// the listing was recorded makes `easel list` scan again, and refuse it.
///
/// A folder's modification time changes whenever a file is added to it,
/// removed or renamed, so its files need not be read again, provided that it
/// had been left alone for `ScanInputs.settlingTime` (2 s) when the scan
/// listed it (`settled` is 1): a change within the same tick of the file
/// system's clock as an earlier one would not change the time. A folder that
/// had not settled is read (`readdir`) and its `*.so` names compared, and,
/// once it has settled, marked so in the file. A path with a newline is never
/// recorded. The file is mapped: only the pages of its lines are read, and
/// the text is written out from the mapping.
public struct ListingCache: Sendable {
    /// The version of the file's format, also part of its name.
    public static let formatVersion = 1
    /// The file's name inside the cache folder.
    public static let fileName = "listing-v1.txt"

    /// The registry cache the listing was made from.
    public let cache: RegistryCache
    /// The executable that makes the text (a rebuilt or updated one may print
    /// differently, so its identity is part of the key).
    public let program: String
    /// The listing file.
    public var file: String { cache.directory.hasSuffix("/") ? cache.directory + Self.fileName : cache.directory + "/" + Self.fileName }

    /// The listing kept beside a registry cache.
    ///
    /// - Parameters:
    ///   - cache: The registry cache.
    ///   - program: The executable whose listing it is; by default the running one.
    public init(cache: RegistryCache, program: String = "/proc/self/exe") {
        self.cache = cache
        self.program = program
    }

    /// Writes the recorded text to a file descriptor, when nothing it depends
    /// on has changed.
    ///
    /// - Parameters:
    ///   - folders: The plugin folders, in search-path order.
    ///   - timeLimit: The time limit of the scan that would run instead.
    ///   - output: Where to write the text (standard output for `easel list`).
    /// - Returns: Whether the text was written; when not, nothing was.
    ///   - allowWritable: Whether writable plugin files and folders are
    ///     allowed (``PluginTrust/allowWritable``); when not, each folder and
    ///     file must pass the permission rules of folder trust. Never call
    ///     this under an allow-list: that needs every file's digest.
    /// - Throws: ``SessionError`` `write error: <reason>` when the descriptor refuses the text.
    public func write(folders: [String], timeLimit: Double, allowWritable: Bool = false,
                      to output: Int32) throws(SessionError) -> Bool {
        guard let listing = OpenListing(file) else { return false }
        defer { listing.unmap() }
        guard let length = valid(listing, folders: folders, timeLimit: timeLimit, allowWritable: allowWritable) else { return false }
        let text = UnsafeRawBufferPointer(start: listing.bytes.baseAddress! + listing.headerLength, count: length)
        if let error = writeAll(output, text) { throw SessionError("write error: \(reason(error))") }
        return true
    }

    /// Records `text` as the listing of `scan`, when the scan can be replayed
    /// (see ``ListingCache``).
    ///
    /// - Parameters:
    ///   - text: What `easel list` printed.
    ///   - scan: The scan it listed.
    ///   - timeLimit: The scan's time limit.
    ///   - trust: The trust policy of the scan: nothing is recorded under an
    ///     allow-list, nor, unless writable plugins are allowed, when a
    ///     plugin file is a symbolic link.
    /// - Returns: Whether the file was written.
    @discardableResult
    public func record(_ text: String, of scan: PluginScan, timeLimit: Double, trust: PluginTrust = PluginTrust()) -> Bool {
        guard trust.allowList == nil, let inputs = scan.inputs, inputs.folders.map(\.path) == scan.folders,
              inputs.folders.contains(where: { !$0.files.isEmpty }),
              !inputs.folders.contains(where: { $0.path.contains("\n") || $0.files.contains { $0.path.contains("\n") } }),
              trust.allowWritable || !inputs.folders.contains(where: { $0.files.contains { Self.isLink($0.path) } }),
              let program = Self.identity(of: program), let cacheIdentity = Self.identity(of: cache.file)
        else { return false }
        var out = "program \(program)\nabi \(HostABI.major) \(HostABI.minor)\n"
        out += "cache \(cacheIdentity)\ntimeouts \(inputs.shortestTimeOutLimit.map { "\($0)" } ?? "-")\n"
        out += "trust \(trust.allowWritable ? 1 : 0)\n"
        out += "folders \(inputs.folders.count)\n"
        for folder in inputs.folders {
            let prefix = folder.path.hasSuffix("/") ? folder.path : folder.path + "/"
            guard folder.files.allSatisfy({ $0.path.hasPrefix(prefix) && $0.path.utf8.count > prefix.utf8.count }) else { return false }
            let named = folder.files.map { (name: Array($0.path.utf8.dropFirst(prefix.utf8.count)), file: $0) }
            out += "folder \(folder.device) \(folder.inode) \(folder.mtime) \(folder.settled ? 1 : 0) \(named.count) \(folder.path)\n"
            for (name, file) in named.sorted(by: { $0.name.lexicographicallyPrecedes($1.name) }) {
                out += "\(file.key.mtime) \(file.key.size) \(file.device) \(file.inode) "
                out += String(decoding: name, as: UTF8.self) + "\n"
            }
        }
        out += "text \(text.utf8.count)\n"
        // The first line gives the length of the lines before the text (itself included).
        var headerLength = out.utf8.count
        var first = ""
        repeat {
            first = "easel-listing \(Self.formatVersion) \(headerLength)\n"
            headerLength = first.utf8.count + out.utf8.count
        } while first != "easel-listing \(Self.formatVersion) \(headerLength)\n"
        return cache.writeFile(file, Array((first + out + text).utf8)) == nil
    }

    /// Deletes the listing file, if there is one.
    public func clear() { unlink(file) }

    // MARK: - Checking

    /// The length of the text, when every line before it still holds.
    private func valid(_ listing: OpenListing, folders: [String], timeLimit: Double, allowWritable: Bool) -> Int? {
        let buffer = UnsafeBufferPointer(rebasing: listing.bytes[..<listing.headerLength])
        var lines = LineCursor(buffer)
        guard lines.next() != nil,   // checked by OpenListing
              let programLine = lines.next(), Self.matchesIdentity(programLine, prefix: "program ", of: program),
              let abi = lines.next(), Self.matchesABI(abi),
              let cacheLine = lines.next(), Self.matchesIdentity(cacheLine, prefix: "cache ", of: cache.file),
              let timeOuts = lines.next(), Self.accepts(timeOuts, timeLimit: timeLimit),
              let trustLine = lines.next(), number(after: "trust ", in: trustLine) == (allowWritable ? 1 : 0),
              let folderLine = lines.next(), number(after: "folders ", in: folderLine) == folders.count
        else { return nil }
        var settle: [Int] = []   // offsets of `settled` fields to set to 1
        for folder in folders {
            guard let line = lines.next(), Self.folderMatches(line, folder, checkPermissions: !allowWritable,
                                                                      lines: &lines, settle: &settle) else { return nil }
        }
        guard let textLine = lines.next(), let length = number(after: "text ", in: textLine),
              lines.remaining == 0, listing.bytes.count - buffer.count == length else { return nil }
        if !settle.isEmpty {
            var contents = Array(listing.bytes)
            for offset in settle { contents[offset] = UInt8(ascii: "1") }
            _ = cache.writeFile(file, contents)
        }
        return length
    }

    /// Whether a `folder` line and the file lines after it describe `folder`
    /// as it is now. Appends the offset of its `settled` field to `settle`
    /// when the folder had not settled then and has now. With
    /// `checkPermissions`, the folder and its files must also pass folder
    /// trust's permission rules, and a file must not be a link.
    private static func folderMatches(_ line: UnsafeBufferPointer<UInt8>, _ folder: String, checkPermissions: Bool,
                                      lines: inout LineCursor, settle: inout [Int]) -> Bool {
        guard line.starts(with: "folder ".utf8) else { return false }
        var fields = NumberFields(UnsafeBufferPointer(rebasing: line[7...]))
        guard let device = fields.next(), let inode = fields.next(), let mtime = fields.next(),
              let settledOffset = Optional(fields.offset), let settled = fields.next(), settled == 0 || settled == 1,
              let count = fields.next(), count >= 0, let path = fields.rest, equal(path, folder) else { return false }
        let checkedAt = realtimeNanoseconds()
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, device == Int64(bitPattern: UInt64(info.st_dev)),
              inode == Int64(bitPattern: UInt64(info.st_ino)),
              mtime == Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec) else { return false }
        if checkPermissions, Permissions.problem(info) != nil { return false }
        let statFlags = checkPermissions ? AT_SYMLINK_NOFOLLOW : 0

        var names: NameSet?
        defer { names?.free() }
        if settled == 0 {
            // Its modification time may not tell: read its names.
            names = NameSet()
            guard names!.read(folderDescriptor: fd, limit: Int(count)), names!.count == count else { return false }
        }
        let matched = withUnsafeTemporaryAllocation(of: CChar.self, capacity: Int(NAME_MAX) + 1) { name -> Bool in
            for _ in 0..<count {
                guard let entry = lines.next(), let (key, stored) = fileLine(entry), stored.count <= Int(NAME_MAX),
                      names.map({ $0.find(stored) != nil }) ?? true else { return false }
                UnsafeMutableRawPointer(name.baseAddress!).copyMemory(from: stored.baseAddress!, byteCount: stored.count)
                name[stored.count] = 0
                var file = stat()
                guard fstatat(fd, name.baseAddress!, &file, statFlags) == 0, (file.st_mode & S_IFMT) == S_IFREG,
                      key.0 == Int64(file.st_mtim.tv_sec) * 1_000_000_000 + Int64(file.st_mtim.tv_nsec),
                      key.1 == Int64(file.st_size), key.2 == UInt64(file.st_dev), key.3 == UInt64(file.st_ino) else { return false }
                if checkPermissions, Permissions.problem(file) != nil { return false }
            }
            return true
        }
        guard matched else { return false }
        if settled == 0 && checkedAt - mtime >= ScanInputs.settlingTime {
            settle.append(line.baseAddress! - lines.buffer.baseAddress! + 7 + settledOffset)
        }
        return true
    }

    /// `<mtime> <size> <device> <inode> <name>`.
    private static func fileLine(_ line: UnsafeBufferPointer<UInt8>) -> ((Int64, Int64, UInt64, UInt64), UnsafeBufferPointer<UInt8>)? {
        var fields = NumberFields(line)
        guard let mtime = fields.next(), let size = fields.next(), let device = fields.next(), let inode = fields.next(),
              let name = fields.rest else { return nil }
        return ((mtime, size, UInt64(bitPattern: device), UInt64(bitPattern: inode)), name)
    }

    /// Whether `<prefix><device> <inode> <mtime ns> <size>` is what stat() says of `path` now.
    private static func matchesIdentity(_ line: UnsafeBufferPointer<UInt8>, prefix: StaticString, of path: String) -> Bool {
        let length = prefix.utf8CodeUnitCount
        guard line.count > length, memcmp(line.baseAddress!, prefix.utf8Start, length) == 0 else { return false }
        var fields = NumberFields(UnsafeBufferPointer(rebasing: line[length...]))
        var info = stat()
        guard let device = fields.next(), let inode = fields.next(), let mtime = fields.next(), let size = fields.next(),
              fields.atEnd, FileSystemName.stat(path, &info) == 0 else { return false }
        return device == Int64(bitPattern: UInt64(info.st_dev)) && inode == Int64(bitPattern: UInt64(info.st_ino))
            && mtime == Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec) && size == Int64(info.st_size)
    }

    /// Whether `abi <major> <minor>` is the host's ABI.
    private static func matchesABI(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        guard line.count > 4, line.starts(with: "abi ".utf8) else { return false }
        var fields = NumberFields(UnsafeBufferPointer(rebasing: line[4...]))
        return fields.next() == Int64(HostABI.major) && fields.next() == Int64(HostABI.minor) && fields.atEnd
    }

    /// Whether `path` is a symbolic link (or cannot be lstat()ed).
    private static func isLink(_ path: String) -> Bool {
        var info = stat()
        return FileSystemName.lstat(path, &info) != 0 || (info.st_mode & S_IFMT) == S_IFLNK
    }

    /// `<device> <inode> <mtime ns> <size>` of a file, following links.
    private static func identity(of path: String) -> String? {
        var info = stat()
        guard FileSystemName.stat(path, &info) == 0 else { return nil }
        let mtime = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        return "\(UInt64(info.st_dev)) \(UInt64(info.st_ino)) \(mtime) \(Int64(info.st_size))"
    }

    /// Whether `timeouts <limit>` allows a scan under `timeLimit` to reuse
    /// the answers (a time-out is retried under a longer limit).
    private static func accepts(_ line: UnsafeBufferPointer<UInt8>, timeLimit: Double) -> Bool {
        guard line.starts(with: "timeouts ".utf8) else { return false }
        let value = String(decoding: UnsafeBufferPointer(rebasing: line[9...]), as: UTF8.self)
        if value == "-" { return true }
        guard let limit = Double(value) else { return false }
        return timeLimit <= limit
    }
}

/// The listing file, mapped read-only (only the pages that are read are
/// brought in), and the length of its lines before the text.
private struct OpenListing {
    let bytes: UnsafeBufferPointer<UInt8>
    /// The length of the lines before the text, up to and including `text <count>`.
    let headerLength: Int

    init?(_ path: String) {
        let fd = FileSystemName.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_size > 0, info.st_size < 1 << 30,
              let address = mmap(nil, Int(info.st_size), PROT_READ, MAP_PRIVATE, fd, 0),
              address != UnsafeMutableRawPointer(bitPattern: -1) else { return nil }
        let bytes = UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: Int(info.st_size))
        // The first line: `easel-listing 1 <length of the lines>`.
        var lines = LineCursor(bytes)
        guard let first = lines.next(), let length = number(after: "easel-listing \(ListingCache.formatVersion) ", in: first),
              length > first.count, length <= bytes.count else {
            munmap(address, bytes.count)
            return nil
        }
        self.bytes = bytes
        headerLength = length
    }

    func unmap() { munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count) }
}

/// Space-separated decimal numbers at the start of a line. Device and inode
/// numbers are written unsigned and read back as their bit pattern; a
/// modification time before 1970 has a minus sign.
private struct NumberFields {
    let line: UnsafeBufferPointer<UInt8>
    private var position = 0

    init(_ line: UnsafeBufferPointer<UInt8>) { self.line = line }

    /// Whether every byte was read.
    var atEnd: Bool { position == line.count }

    /// Where the next number starts.
    var offset: Int { position }

    /// What follows the numbers read so far (non-empty), or `nil`.
    var rest: UnsafeBufferPointer<UInt8>? {
        position < line.count ? UnsafeBufferPointer(rebasing: line[position...]) : nil
    }

    /// The next number and the space after it, if any.
    mutating func next() -> Int64? {
        var negative = false
        if position < line.count, line[position] == UInt8(ascii: "-") {
            negative = true
            position += 1
        }
        var value: UInt64 = 0
        var digits = 0
        while position < line.count, line[position] != UInt8(ascii: " ") {
            let digit = line[position] &- UInt8(ascii: "0")
            guard digit < 10, digits < 20 else { return nil }
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(digit))
            guard !overflow1, !overflow2 else { return nil }
            value = sum
            digits += 1
            position += 1
        }
        guard digits > 0 else { return nil }
        if position < line.count { position += 1 }   // the space
        return negative ? -Int64(bitPattern: value) : Int64(bitPattern: value)
    }
}

/// Lines of a buffer, without their newline.
private struct LineCursor {
    let buffer: UnsafeBufferPointer<UInt8>
    private(set) var position = 0

    init(_ buffer: UnsafeBufferPointer<UInt8>) { self.buffer = buffer }

    /// Bytes after the current position.
    var remaining: Int { buffer.count - position }

    mutating func next() -> UnsafeBufferPointer<UInt8>? {
        guard position < buffer.count,
              let found = memchr(buffer.baseAddress! + position, 0x0A, buffer.count - position) else { return nil }
        let newline = UnsafeRawPointer(found).assumingMemoryBound(to: UInt8.self) - buffer.baseAddress!
        defer { position = newline + 1 }
        return UnsafeBufferPointer(rebasing: buffer[position..<newline])
    }
}

/// The names of a folder's plugin files, NUL-terminated in one block, with an
/// open-addressing table to find them by their bytes.
private struct NameSet {
    private var storage = UnsafeMutablePointer<UInt8>.allocate(capacity: 4096)
    private var capacity = 4096
    private var used = 0
    private var slots = UnsafeMutableBufferPointer<Int>.allocate(capacity: 512)   // offset + 1, 0 = empty
    private(set) var count = 0

    init() { slots.initialize(repeating: 0) }

    mutating func free() {
        storage.deallocate()
        slots.deallocate()
    }

    private static func hash(_ name: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return Int(truncatingIfNeeded: hash & 0x7FFF_FFFF_FFFF_FFFF)
    }

    private func matches(_ slot: Int, _ name: UnsafeBufferPointer<UInt8>) -> Bool {
        let stored = storage + (slots[slot] - 1)
        return memcmp(stored, name.baseAddress!, name.count) == 0 && stored[name.count] == 0
    }

    mutating func insert(_ name: UnsafeBufferPointer<UInt8>) {
        if used + name.count + 1 > capacity {
            let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: max(capacity * 2, used + name.count + 1))
            bigger.update(from: storage, count: used)
            storage.deallocate()
            storage = bigger
            capacity = max(capacity * 2, used + name.count + 1)
        }
        if (count + 1) * 2 > slots.count { grow() }
        (storage + used).update(from: name.baseAddress!, count: name.count)
        storage[used + name.count] = 0
        var slot = Self.hash(name) & (slots.count - 1)
        while slots[slot] != 0 { slot = (slot + 1) & (slots.count - 1) }
        slots[slot] = used + 1
        used += name.count + 1
        count += 1
    }

    private mutating func grow() {
        let old = slots
        slots = .allocate(capacity: old.count * 2)
        slots.initialize(repeating: 0)
        for offset in old where offset != 0 {
            let name = UnsafeBufferPointer(start: storage + (offset - 1), count: strlen(UnsafeRawPointer(storage + (offset - 1)).assumingMemoryBound(to: CChar.self)))
            var slot = Self.hash(name) & (slots.count - 1)
            while slots[slot] != 0 { slot = (slot + 1) & (slots.count - 1) }
            slots[slot] = offset
        }
        old.deallocate()
    }

    /// Reads the names a scan lists in a folder (`*.so`, not hidden, not
    /// folders: as `PluginFolder.sharedObjects`); `false` when it cannot be
    /// read or holds more than `limit` of them.
    mutating func read(folderDescriptor fd: Int32, limit: Int) -> Bool {
        let own = dup(fd)
        guard own >= 0 else { return false }
        guard let directory = fdopendir(own) else { close(own); return false }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            withUnsafeBytes(of: &entry.pointee.d_name) { raw in
                let name = raw.bindMemory(to: UInt8.self)
                let length = strlen(raw.baseAddress!.assumingMemoryBound(to: CChar.self))
                guard length >= 3, name[0] != UInt8(ascii: "."), name[length - 3] == UInt8(ascii: "."),
                      name[length - 2] == UInt8(ascii: "s"), name[length - 1] == UInt8(ascii: "o") else { return }
                let type = entry.pointee.d_type
                if type == UInt8(DT_DIR) { return }
                if type == UInt8(DT_LNK) || type == UInt8(DT_UNKNOWN) {
                    var info = stat()
                    if fstatat(fd, raw.baseAddress!.assumingMemoryBound(to: CChar.self), &info, 0) == 0,
                       (info.st_mode & S_IFMT) == S_IFDIR { return }
                }
                insert(UnsafeBufferPointer(rebasing: name[..<length]))
            }
            if count > limit { return false }
        }
        return true
    }

    /// The stored, NUL-terminated copy of `name`, if the folder has it.
    func find(_ name: UnsafeBufferPointer<UInt8>) -> UnsafePointer<CChar>? {
        guard !name.isEmpty else { return nil }
        var slot = Self.hash(name) & (slots.count - 1)
        while slots[slot] != 0 {
            if matches(slot, name) { return UnsafeRawPointer(storage + (slots[slot] - 1)).assumingMemoryBound(to: CChar.self) }
            slot = (slot + 1) & (slots.count - 1)
        }
        return nil
    }
}

/// Whether a line's bytes are exactly a string's UTF-8.
private func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ string: String) -> Bool {
    var string = string
    return string.withUTF8 { utf8 in
        utf8.count == bytes.count && (utf8.count == 0 || memcmp(utf8.baseAddress!, bytes.baseAddress!, utf8.count) == 0)
    }
}

/// The number after a prefix that makes up the rest of the line.
private func number(after prefix: String, in line: UnsafeBufferPointer<UInt8>) -> Int? {
    guard line.starts(with: prefix.utf8) else { return nil }
    let digits = line[prefix.utf8.count...]
    guard !digits.isEmpty, digits.count < 19 else { return nil }
    var value = 0
    for byte in digits {
        guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
    }
    return value
}
