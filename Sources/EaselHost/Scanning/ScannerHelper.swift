#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The messages between the host and `easel-plugin-scanner`, one JSON object
/// per line (see PluginScanner.swift).
package enum ScannerProtocol {
    /// Bumped whenever a message changes shape.
    package static let version = 1

    /// Host → helper: probe this file.
    package struct Request: Codable {
        package var path: String
        package init(path: String) { self.path = path }
    }

    /// Helper → host: the first line the helper writes.
    package struct Hello: Codable, Equatable {
        package var protocolVersion: Int
        package var hostABI: String
    }

    /// Helper → host: `hello` once, then for each request in order the
    /// plugin's description or its load error.
    package struct Reply: Codable {
        package var hello: Hello?
        package var path: String?
        package var plugin: PluginDescription?
        package var failure: PluginLoadError?
    }
}

/// The helper process's side: `easel-plugin-scanner` is `ScannerHelper.main()`.
package enum ScannerHelper {
    /// Reads requests from standard input until it ends, probes each file with
    /// ``PluginProbe`` (running its code in this process) and answers on
    /// standard output. Returns the exit status.
    package static func main() -> Int32 {
        // The protocol keeps the original standard input and output to
        // itself: plugin code reads an empty standard input, and whatever it
        // prints to standard output lands on standard error.
        let requests = dup(STDIN_FILENO), channel = dup(STDOUT_FILENO)
        let empty = open("/dev/null", O_RDONLY)
        guard requests >= 0, channel >= 0, empty >= 0, dup2(empty, STDIN_FILENO) >= 0,
              dup2(STDERR_FILENO, STDOUT_FILENO) >= 0 else {
            perror("easel-plugin-scanner: cannot set up its input and output")
            return 2
        }
        close(empty)
        _ = fcntl(requests, F_SETFD, FD_CLOEXEC)
        _ = fcntl(channel, F_SETFD, FD_CLOEXEC)
        // A crashing plugin must not cost a core dump per scan.
        var noCore = rlimit(rlim_cur: 0, rlim_max: 0)
        _ = setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &noCore)

        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        let decoder = JSONDecoder()
        func send(_ reply: ScannerProtocol.Reply) -> Bool {
            guard var line = try? encoder.encode(reply) else { return false }
            line.append(UInt8(ascii: "\n"))
            return line.withUnsafeBytes { writeAll(channel, $0) }
        }

        guard send(ScannerProtocol.Reply(hello: .init(protocolVersion: ScannerProtocol.version,
                                                      hostABI: HostABI.versionString))) else { return 3 }
        let registry = Registry()
        var reader = LineReader(fd: requests)
        while let line = reader.next() {
            guard !line.isEmpty else { continue }
            guard let request = try? decoder.decode(ScannerProtocol.Request.self, from: Data(line)) else {
                let message = Array("easel-plugin-scanner: unreadable request: \(String(decoding: line, as: UTF8.self))\n".utf8)
                _ = message.withUnsafeBytes { writeAll(STDERR_FILENO, $0) }
                return 4
            }
            var reply = ScannerProtocol.Reply(path: request.path)
            // The host has made the checks that need no plugin code (PluginScanner.scan).
            switch registry.withActive({ PluginProbe.probe(request.path, fileChecked: true) }) {
            case .success(let candidate): reply.plugin = candidate.pluginDescription
            case .failure(let error): reply.failure = error
            }
            guard send(reply) else { return 3 }
        }
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

/// Lines from a file descriptor, without their newline.
private struct LineReader {
    let fd: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    private var ended = false

    init(fd: Int32) { self.fd = fd }

    /// The next line, or `nil` at the end of the input.
    mutating func next() -> ArraySlice<UInt8>? {
        while true {
            if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                defer { start = newline + 1 }
                return buffer[start..<newline]
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
