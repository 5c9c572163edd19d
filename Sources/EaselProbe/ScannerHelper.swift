#if canImport(Glibc)
import Glibc
#endif

/// The messages between the host and `easel-plugin-scanner` (see EaselDiscovery's
/// Scanning/PluginScanner.swift).
///
/// Host → helper: the files to probe, as records each ended by a NUL byte (a
/// path cannot contain one), all written at once. The host has opened and
/// checked every file, and the helper inherits those descriptors: it loads
/// them, never the paths (see PluginImage.swift). A file is a record
/// `plugin <fd>` and then its path; before it, each library it brings from
/// outside the system's folders, in load order, is a record
/// `library <fd> <DT_NEEDED name>` and then the library's path:
///
/// ```
/// library 12 libdep.so \0 /plugins/deps/libdep.so \0 plugin 11 \0 /plugins/libA.so \0
/// ```
///
/// Helper → host: packets, as gst-plugin-scanner's are: a kind byte, the
/// payload's length (4 bytes, little-endian), the payload. A `hello` first
/// (protocol version, host ABI), then for every path in order an `answer`:
/// the plugin's description or its load error, each followed by
/// ``answerMarker`` on standard error; when every path is answered the
/// helper closes its standard output. Inside a payload an integer
/// is 8 bytes and a count 4 bytes (little-endian), a string its UTF-8 length
/// (4 bytes) and bytes, and an absent string the length `0xFFFFFFFF`:
///
/// ```
/// hello   'H'  version(int) hostABI(string)
/// plugin  'P'  path name abiMajor(int) abiMinor(int) count(classes)
///              class:    name superclass instanceSize(int) count(properties) count(methods)
///              property: name encoding offset(int) default(hex string or absent)
///              method:   selector encoding
///              metadata: count(0 or 1), then description? version? author? license? url? count(classes)
///              class metadata: name summary? preview? count(properties)
///              property metadata: name description? count(value names), each name value(int)
/// failure 'F'  path kind className? selector? message count(output lines)
/// ```
///
/// Every field is read with bounds checks; a packet that does not parse is
/// a reply the host cannot read. Decoding a description costs a few string
/// copies, where JSON cost about 10 µs per plugin each way.
package enum ScannerProtocol {
    /// Bumped whenever a message changes shape.
    package static let version = 6

    /// The line the helper writes to standard error after each answer
    /// (a record separator, then a newline): the lines before it belong to
    /// files already answered, so that the host need not read the two
    /// channels in step to know what a plugin that died last wrote.
    package static let answerMarker: [UInt8] = [0x1E, 0x0A]

    /// The kind byte of a packet.
    package enum Kind: UInt8 {
        case hello = 0x48     // "H"
        case plugin = 0x50    // "P"
        case failure = 0x46   // "F"
    }

    /// What a packet says.
    package enum Message {
        /// The helper is ready and speaks this protocol for this host ABI.
        case hello(protocolVersion: Int, hostABI: String)
        /// The answer for one path.
        case answer(path: String, Result<PluginDescription, PluginLoadError>)
    }

    /// The bytes of a packet's header: kind and payload length.
    package static let headerSize = 5

    /// The hello packet.
    package static func helloPacket() -> [UInt8] {
        var writer = Writer()
        writer.begin(.hello)
        writer.integer(version)
        writer.string(HostABI.versionString)
        writer.end()
        return writer.bytes
    }

    /// Appends the answer packet for a path to `writer`.
    package static func writeAnswer(path: String, _ result: Result<PluginDescription, PluginLoadError>,
                                    to writer: inout Writer) {
        switch result {
        case .success(let plugin):
            writer.begin(.plugin)
            writer.string(path)
            writer.string(plugin.name)
            writer.integer(plugin.abiMajor)
            writer.integer(plugin.abiMinor)
            writer.count(plugin.classes.count)
            for cls in plugin.classes {
                writer.string(cls.name)
                writer.string(cls.superclass)
                writer.integer(cls.instanceSize)
                writer.count(cls.properties.count)
                for property in cls.properties {
                    writer.string(property.name)
                    writer.string(property.encoding)
                    writer.integer(property.offset)
                    writer.optionalString(property.defaultValue)
                }
                writer.count(cls.methods.count)
                for method in cls.methods {
                    writer.string(method.selector)
                    writer.string(method.encoding)
                }
            }
            // Since version 5: the metadata, 0 (none) or 1 and its fields.
            writer.count(plugin.metadata == nil ? 0 : 1)
            if let metadata = plugin.metadata {
                for text in [metadata.description, metadata.version, metadata.author, metadata.license, metadata.url] {
                    writer.optionalString(text)
                }
                writer.count(metadata.classes.count)
                for cls in metadata.classes {
                    writer.string(cls.className)
                    writer.optionalString(cls.summary)
                    writer.optionalString(cls.previewProperties)
                    // Since version 6: the property metadata.
                    writer.count(cls.properties.count)
                    for property in cls.properties {
                        writer.string(property.name)
                        writer.optionalString(property.description)
                        writer.count(property.enumCases.count)
                        for enumCase in property.enumCases {
                            writer.string(enumCase.name)
                            writer.integer(Int(enumCase.value))
                        }
                    }
                }
            }
        case .failure(let error):
            writer.begin(.failure)
            writer.string(path)
            writer.string(error.kind.rawValue)
            writer.optionalString(error.className)
            writer.optionalString(error.selector)
            writer.string(error.message)
            writer.count(error.output.count)
            for line in error.output { writer.string(line) }
        }
        writer.end()
    }

    /// What the start of a buffer holds.
    package enum PacketRead {
        /// Not a whole packet yet.
        case incomplete
        /// Something that is not a packet of this protocol.
        case malformed
        /// A whole packet of `length` bytes.
        case message(Message, length: Int)
    }

    /// The largest payload a helper may send (a description is a few kilobytes).
    static let maximumPayload = 1 << 26

    /// The framing of the packet at the start of `bytes`, its payload not read.
    enum PacketFrame {
        case incomplete
        case malformed
        /// A whole packet: its kind, and its payload as offsets into the bytes.
        case whole(Kind, payload: Range<Int>)
    }

    /// Reads the kind and length of the packet at the start of `bytes`. An
    /// unknown kind byte or an absurd length is malformed at once, without
    /// waiting for more bytes.
    static func framePacket(_ bytes: UnsafeRawBufferPointer) -> PacketFrame {
        guard let first = bytes.first else { return .incomplete }
        guard let kind = Kind(rawValue: first) else { return .malformed }
        guard bytes.count >= headerSize else { return .incomplete }
        let payloadLength = Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 1, as: UInt32.self)))
        guard payloadLength <= maximumPayload else { return .malformed }
        guard bytes.count - headerSize >= payloadLength else { return .incomplete }
        return .whole(kind, payload: headerSize..<headerSize + payloadLength)
    }

    /// Reads the packet at the start of `bytes` (see ``framePacket(_:)``).
    package static func readPacket(_ bytes: UnsafeRawBufferPointer) -> PacketRead {
        let kind: Kind, payload: Range<Int>
        switch framePacket(bytes) {
        case .incomplete: return .incomplete
        case .malformed: return .malformed
        case .whole(let framed, let range): (kind, payload) = (framed, range)
        }
        var reader = Reader(UnsafeRawBufferPointer(rebasing: bytes[payload]))
        let message: Message? = switch kind {
        case .hello: reader.hello()
        case .plugin: reader.plugin()
        case .failure: reader.failure()
        }
        guard let message, reader.atEnd else { return .malformed }
        return .message(message, length: payload.upperBound)
    }

    /// A packet being written.
    package struct Writer {
        package private(set) var bytes: [UInt8] = []
        private var start = 0

        package init() {}

        /// Forgets what was written, keeping the memory.
        package mutating func reset() { bytes.removeAll(keepingCapacity: true) }

        mutating func begin(_ kind: Kind) { beginRaw(kind.rawValue) }

        mutating func beginRaw(_ kind: UInt8) {
            start = bytes.count
            bytes.append(kind)
            bytes.append(contentsOf: [0, 0, 0, 0])
        }

        mutating func end() {
            let length = UInt32(bytes.count - start - headerSize)
            withUnsafeBytes(of: length.littleEndian) { raw in
                for index in 0..<4 { bytes[start + 1 + index] = raw[index] }
            }
        }

        mutating func integer(_ value: Int) {
            withUnsafeBytes(of: Int64(value).littleEndian) { bytes.append(contentsOf: $0) }
        }

        mutating func count(_ value: Int) {
            withUnsafeBytes(of: UInt32(value).littleEndian) { bytes.append(contentsOf: $0) }
        }

        mutating func string(_ value: String) {
            var value = value
            value.withUTF8 { utf8 in
                count(utf8.count)
                bytes.append(contentsOf: utf8)
            }
        }

        mutating func optionalString(_ value: String?) {
            if let value { string(value) } else { count(Int(UInt32.max)) }
        }
    }

    /// Reads a payload; every read fails (nil) past its end.
    struct Reader {
        let bytes: UnsafeRawBufferPointer
        var position = 0

        init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

        var atEnd: Bool { position == bytes.count }

        mutating func integer() -> Int? {
            guard bytes.count - position >= 8 else { return nil }
            defer { position += 8 }
            return Int(Int64(littleEndian: bytes.loadUnaligned(fromByteOffset: position, as: Int64.self)))
        }

        mutating func rawCount() -> UInt32? {
            guard bytes.count - position >= 4 else { return nil }
            defer { position += 4 }
            return UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: position, as: UInt32.self))
        }

        /// A count of items, each at least `itemSize` bytes, that fit in what is left.
        mutating func count(itemSize: Int) -> Int? {
            guard let value = rawCount(), Int(value) <= (bytes.count - position) / itemSize else { return nil }
            return Int(value)
        }

        mutating func optionalString() -> String?? {
            guard let length = rawCount() else { return nil }
            if length == UInt32.max { return .some(nil) }
            guard Int(length) <= bytes.count - position else { return nil }
            defer { position += Int(length) }
            return .some(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[position..<position + Int(length)]),
                                as: UTF8.self))
        }

        mutating func string() -> String? {
            guard case .some(.some(let value)) = optionalString() else { return nil }
            return value
        }

        mutating func hello() -> Message? {
            guard let version = integer(), let abi = string() else { return nil }
            return .hello(protocolVersion: version, hostABI: abi)
        }

        mutating func plugin() -> Message? {
            guard let path = string(), let name = string(), let major = integer(), let minor = integer(),
                  let classCount = count(itemSize: 32) else { return nil }
            var classes: [ClassDescription] = []
            classes.reserveCapacity(classCount)
            for _ in 0..<classCount {
                guard let className = string(), let superclass = string(), let size = integer(),
                      let propertyCount = count(itemSize: 20) else { return nil }
                var properties: [PropertyDescription] = []
                properties.reserveCapacity(propertyCount)
                for _ in 0..<propertyCount {
                    guard let propertyName = string(), let encoding = string(), let offset = integer(),
                          case .some(let defaultValue) = optionalString() else { return nil }
                    properties.append(PropertyDescription(name: propertyName, encoding: encoding, offset: offset,
                                                          hexDefault: defaultValue))
                }
                guard let methodCount = count(itemSize: 8) else { return nil }
                var methods: [MethodDescription] = []
                methods.reserveCapacity(methodCount)
                for _ in 0..<methodCount {
                    guard let selector = string(), let encoding = string() else { return nil }
                    methods.append(MethodDescription(selector: selector, encoding: encoding))
                }
                classes.append(ClassDescription(name: className, superclass: superclass, instanceSize: size,
                                                properties: properties, methods: methods))
            }
            guard let metadataCount = count(itemSize: 1), metadataCount <= 1 else { return nil }
            var metadata: PluginMetadata?
            if metadataCount == 1 {
                var texts: [String?] = []
                for _ in 0..<5 {
                    guard case .some(let text) = optionalString() else { return nil }
                    texts.append(text)
                }
                guard let classCount = count(itemSize: 12) else { return nil }
                var classMetadata: [ClassMetadata] = []
                for _ in 0..<classCount {
                    guard let className = string(), case .some(let summary) = optionalString(),
                          case .some(let preview) = optionalString(), let propertyCount = count(itemSize: 12) else { return nil }
                    var properties: [PropertyMetadata] = []
                    for _ in 0..<propertyCount {
                        guard let propertyName = string(), case .some(let description) = optionalString(),
                              let caseCount = count(itemSize: 12) else { return nil }
                        var cases: [PropertyMetadata.EnumCase] = []
                        for _ in 0..<caseCount {
                            guard let caseName = string(), let value = integer() else { return nil }
                            cases.append(PropertyMetadata.EnumCase(name: caseName, value: Int64(value)))
                        }
                        properties.append(PropertyMetadata(name: propertyName, description: description, enumCases: cases))
                    }
                    classMetadata.append(ClassMetadata(className: className, summary: summary, previewProperties: preview,
                                                       properties: properties))
                }
                metadata = PluginMetadata(description: texts[0], version: texts[1], author: texts[2], license: texts[3],
                                          url: texts[4], classes: classMetadata)
            }
            return .answer(path: path, .success(PluginDescription(path: path, name: name, abiMajor: major,
                                                                  abiMinor: minor, classes: classes, metadata: metadata)))
        }

        mutating func failure() -> Message? {
            guard let path = string(), let kind = string(), case .some(let className) = optionalString(),
                  case .some(let selector) = optionalString(), let message = string(),
                  let lineCount = count(itemSize: 4) else { return nil }
            var output: [String] = []
            for _ in 0..<lineCount {
                guard let line = string() else { return nil }
                output.append(line)
            }
            return .answer(path: path, .failure(PluginLoadError(path: path, kind: PluginLoadError.Kind(rawValue: kind),
                className: className, selector: selector, message: message, output: output)))
        }
    }
}

/// The helper process's side: `easel-plugin-scanner` is `ScannerHelper.main()`.
package enum ScannerHelper {
    /// The option that names the host's built-in classes, comma-separated:
    /// `--built-in-classes=Object,View,…` (see ``ScannerBuiltIns``).
    package static let builtInClassesOption = "--built-in-classes="

    /// The records that ask for one file, as ``main()`` reads them.
    package static func requestRecords(plugin: (descriptor: Int32, path: String),
                                       libraries: [(descriptor: Int32, name: String, path: String)]) -> [UInt8] {
        var bytes: [UInt8] = []
        for library in libraries {
            bytes += Array("library \(library.descriptor) \(library.name)".utf8) + [0] + Array(library.path.utf8) + [0]
        }
        bytes += Array("plugin \(plugin.descriptor)".utf8) + [0] + Array(plugin.path.utf8) + [0]
        return bytes
    }

    /// Reads requests from standard input until it ends, probes each file with
    /// ``PluginProbe`` (running its code in this process, with
    /// ``ProbeHostTable``) and answers on standard output. Returns the exit status.
    package static func main() -> Int32 {
        for argument in CommandLine.arguments.dropFirst() where argument.hasPrefix(builtInClassesOption) {
            ScannerBuiltIns.configure(argument.dropFirst(builtInClassesOption.count).split(separator: ",").map(String.init))
        }
        // The protocol keeps the original standard input and output to
        // itself: plugin code reads an empty standard input, and whatever it
        // prints to standard output lands on standard error.
        guard let (requests, channel) = PluginProcess.takeStandardStreams(name: "easel-plugin-scanner") else { return 2 }

        guard ScannerProtocol.helloPacket().withUnsafeBytes({ writeAll(channel, $0) }) else { return 3 }
        var reader = RecordReader(fd: requests)
        var writer = ScannerProtocol.Writer()
        var libraries: [PluginDependency] = []
        var badRequest: String?
        while let record = reader.next() {
            guard !record.isEmpty else { continue }
            let words = String(decoding: record, as: UTF8.self).split(separator: " ", maxSplits: 2).map(String.init)
            guard let pathRecord = reader.next() else { break }
            let path = String(decoding: pathRecord, as: UTF8.self)
            let descriptor = words.count > 1 ? Int32(words[1]) : nil
            let image = descriptor.flatMap { PluginImage.adopting($0, path: path) }
            if words.first == "library", words.count == 3 {
                if let image {
                    libraries.append(PluginDependency(image: image, name: words[2], neededBy: "", foundThrough: "the host's check"))
                } else {
                    badRequest = "the host sent no open file for the library \(path)"
                }
                continue
            }
            // The host has made the checks that need no plugin code (PluginScanner.scan).
            let result: Result<PluginDescription, PluginLoadError>
            if let badRequest {
                result = .failure(PluginLoadError(path: path, kind: .scannerFailed, message: "not scanned: \(badRequest)"))
            } else if words.first == "plugin", let image {
                result = PluginProbe.probe(CheckedPlugin(image: image, dependencies: libraries), host: ProbeHostTable.table)
                    .map(\.pluginDescription)
            } else {
                result = .failure(PluginLoadError(path: path, kind: .scannerFailed,
                                                  message: "not scanned: the host sent no open file for it"))
            }
            libraries = []
            badRequest = nil
            // One write per answer, before the next file's code runs: if
            // that code kills the helper, every earlier answer has arrived.
            writer.reset()
            ScannerProtocol.writeAnswer(path: path, result, to: &writer)
            guard writer.bytes.withUnsafeBytes({ writeAll(channel, $0) }) else { return 3 }
            _ = ScannerProtocol.answerMarker.withUnsafeBytes { writeAll(STDERR_FILENO, $0) }
        }
        // Every request is answered: the host wakes when this channel closes.
        close(channel)
        return 0
    }

    private static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }
}

/// NUL-terminated records from a file descriptor, without their NUL.
private struct RecordReader {
    let fd: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    private var ended = false

    init(fd: Int32) { self.fd = fd }

    /// The next record, or `nil` at the end of the input.
    mutating func next() -> ArraySlice<UInt8>? {
        while true {
            if let end = buffer[start...].firstIndex(of: 0) {
                defer { start = end + 1 }
                return buffer[start..<end]
            }
            if ended {
                guard start < buffer.count else { return nil }
                defer { start = buffer.count }
                return buffer[start...]
            }
            buffer.removeFirst(start)
            start = 0
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if count > 0 {
                buffer += chunk[..<count]
            } else if count == 0 || errno != EINTR {
                ended = true
            }
        }
    }
}

// MARK: - The registry cache's records

extension ScannerProtocol {
    /// One entry of the registry cache (EaselDiscovery's RegistryCache): a
    /// scanner answer and what it was recorded for.
    package struct CacheRecord: Sendable {
        /// The host ABI the answer was recorded under.
        package var hostABI: String
        /// The file's modification time (nanoseconds) and size when probed.
        package var mtime: Int64, size: Int64
        /// When the answer was recorded (seconds since 1970).
        package var recordedAt: Double
        /// The time limit a time-out ran under.
        package var timeLimit: Double?
        /// The file's path.
        package var path: String
        /// The answer.
        package var result: Result<PluginDescription, PluginLoadError>

        package init(hostABI: String, mtime: Int64, size: Int64, recordedAt: Double, timeLimit: Double?,
                     path: String, result: Result<PluginDescription, PluginLoadError>) {
            self.hostABI = hostABI
            self.mtime = mtime
            self.size = size
            self.recordedAt = recordedAt
            self.timeLimit = timeLimit
            self.path = path
            self.result = result
        }
    }

    /// The kind byte of a cache record's header packet ("C"), which the
    /// helper never sends.
    static let cacheRecordKind: UInt8 = 0x43

    /// Appends a cache record: a header packet (`'C'` hostABI mtime size
    /// recordedAt(bit pattern) hasLimit(count 0 or 1) [limit(bit pattern)])
    /// and then the answer packet, as the helper writes it.
    package static func writeCacheRecord(_ record: CacheRecord, to writer: inout Writer) {
        writer.beginRaw(cacheRecordKind)
        writer.string(record.hostABI)
        writer.integer(Int(record.mtime))
        writer.integer(Int(record.size))
        writer.integer(Int(Int64(bitPattern: record.recordedAt.bitPattern)))
        writer.count(record.timeLimit == nil ? 0 : 1)
        if let limit = record.timeLimit { writer.integer(Int(Int64(bitPattern: limit.bitPattern))) }
        writer.end()
        writeAnswer(path: record.path, record.result, to: &writer)
    }

    /// Where one cache record lies in the cache's bytes, with its header read
    /// and its answer's path, the answer itself left to ``readCacheAnswer(_:)``
    /// (most records of a cache are not needed by a given scan).
    package struct CacheIndexEntry: Sendable {
        /// The header's fields; ``CacheRecord/result`` is not read.
        package var hostABI: String, mtime: Int64, size: Int64, recordedAt: Double, timeLimit: Double?
        /// The file's path (the answer's first field).
        package var path: String
        /// The whole record (header and answer packets), as offsets into the bytes read.
        package var record: Range<Int>
        /// The answer packet alone.
        package var answer: Range<Int>
    }

    /// Reads the framing of every cache record of `bytes` (each header, and of
    /// each answer its kind, length and path); `nil` when any of that does not
    /// parse. An answer's contents are read when it is needed, by
    /// ``readCacheAnswer(_:)``.
    package static func readCacheIndex(_ bytes: UnsafeRawBufferPointer) -> [CacheIndexEntry]? {
        var index: [CacheIndexEntry] = []
        var offset = 0
        while offset < bytes.count {
            let rest = UnsafeRawBufferPointer(rebasing: bytes[offset...])
            guard rest.count >= headerSize, rest[0] == cacheRecordKind else { return nil }
            let length = Int(UInt32(littleEndian: rest.loadUnaligned(fromByteOffset: 1, as: UInt32.self)))
            guard length <= rest.count - headerSize else { return nil }
            var reader = Reader(UnsafeRawBufferPointer(rebasing: rest[headerSize..<headerSize + length]))
            guard let abi = reader.string(), let mtime = reader.integer(), let size = reader.integer(),
                  let recorded = reader.integer(), let hasLimit = reader.rawCount(), hasLimit <= 1 else { return nil }
            var limit: Double?
            if hasLimit == 1 {
                guard let bits = reader.integer() else { return nil }
                limit = Double(bitPattern: UInt64(bitPattern: Int64(bits)))
            }
            guard reader.atEnd else { return nil }
            let answerStart = offset + headerSize + length
            let answer = UnsafeRawBufferPointer(rebasing: bytes[answerStart...])
            guard case .whole(let kind, let range) = framePacket(answer), kind != .hello else { return nil }
            var payload = Reader(UnsafeRawBufferPointer(rebasing: answer[range]))
            guard let path = payload.string() else { return nil }
            let end = answerStart + range.upperBound
            index.append(CacheIndexEntry(hostABI: abi, mtime: Int64(mtime), size: Int64(size),
                                         recordedAt: Double(bitPattern: UInt64(bitPattern: Int64(recorded))),
                                         timeLimit: limit, path: path, record: offset..<end, answer: answerStart..<end))
            offset = end
        }
        return index
    }

    /// The answer packet of a cache record (``CacheIndexEntry/answer``); `nil` when it does not parse.
    package static func readCacheAnswer(_ bytes: UnsafeRawBufferPointer) -> (path: String, Result<PluginDescription, PluginLoadError>)? {
        guard case .message(.answer(let path, let result), let length) = readPacket(bytes), length == bytes.count else { return nil }
        return (path, result)
    }

    /// Reads and decodes every cache record of `bytes`; `nil` when anything
    /// does not parse. (`RegistryCache` indexes the records with
    /// ``readCacheIndex(_:)`` and decodes an answer only when it is looked up.)
    package static func readCacheRecords(_ bytes: UnsafeRawBufferPointer) -> [CacheRecord]? {
        guard let index = readCacheIndex(bytes) else { return nil }
        var records: [CacheRecord] = []
        records.reserveCapacity(index.count)
        for entry in index {
            guard let (path, result) = readCacheAnswer(UnsafeRawBufferPointer(rebasing: bytes[entry.answer])) else { return nil }
            records.append(CacheRecord(hostABI: entry.hostABI, mtime: entry.mtime, size: entry.size,
                                       recordedAt: entry.recordedAt, timeLimit: entry.timeLimit, path: path, result: result))
        }
        return records
    }
}
