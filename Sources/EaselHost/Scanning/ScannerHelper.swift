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
        // The protocol keeps the original standard output to itself; whatever
        // plugin code prints to standard output lands on standard error.
        let channel = dup(STDOUT_FILENO)
        guard channel >= 0, dup2(STDERR_FILENO, STDOUT_FILENO) >= 0 else {
            perror("easel-plugin-scanner: cannot set up its output")
            return 2
        }
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
        while let line = readLine(strippingNewline: true) {
            guard !line.isEmpty else { continue }
            guard let request = try? decoder.decode(ScannerProtocol.Request.self, from: Data(line.utf8)) else {
                let message = Array("easel-plugin-scanner: unreadable request: \(line)\n".utf8)
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
