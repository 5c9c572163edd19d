import EaselTestSupport
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One HTTP/1.1 exchange over a plain socket, so that a test sets every
/// header itself (`Host`, `Origin`, a WebSocket handshake) exactly as written.
struct RawHTTP {
    /// The status code, the header lines and the body.
    let status: Int
    let head: String
    let body: [UInt8]

    var text: String { String(decoding: body, as: UTF8.self) }

    /// Sends `request` (whole, with its blank line) to 127.0.0.1:`port` and reads the answer.
    ///
    /// - Parameter untilHead: Stop after the header lines (a WebSocket upgrade keeps the connection open).
    static func send(port: Int, _ request: String, untilHead: Bool = false, timeout: Int = 15) throws -> RawHTTP {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw FixtureError("socket: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var time = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw FixtureError("connect to port \(port): \(String(cString: strerror(errno)))") }
        let bytes = Array(request.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { throw FixtureError("write: \(String(cString: strerror(errno)))") }
            sent += count
        }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while answer.count < 64 << 20 {
            let count = read(fd, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            answer += buffer[0..<count]
            if let end = headEnd(answer) {
                if untilHead { break }
                let head = String(decoding: answer[..<end], as: UTF8.self).lowercased()
                if let line = head.split(separator: "\r\n").first(where: { $0.hasPrefix("content-length:") }),
                   let length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)),
                   answer.count >= end + 4 + length { break }
            }
        }
        guard let end = headEnd(answer) else { throw FixtureError("no HTTP answer: \(String(decoding: answer, as: UTF8.self))") }
        let head = String(decoding: answer[..<end], as: UTF8.self)
        let parts = head.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, let status = Int(parts[1]) else { throw FixtureError("bad status line: \(head)") }
        return RawHTTP(status: status, head: head, body: Array(answer[(end + 4)...]))
    }

    static func headEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4) where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index
        }
        return nil
    }

    /// A GET request with the given `Host` and extra header lines.
    static func get(_ target: String, host: String, headers: [String] = []) -> String {
        (["GET \(target) HTTP/1.1", "Host: \(host)", "Connection: close"] + headers).joined(separator: "\r\n") + "\r\n\r\n"
    }

    /// A WebSocket handshake for `target`.
    static func handshake(_ target: String, host: String, origin: String?) -> String {
        var lines = ["GET \(target) HTTP/1.1", "Host: \(host)", "Upgrade: websocket", "Connection: Upgrade",
                     "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version: 13"]
        if let origin { lines.append("Origin: \(origin)") }
        return lines.joined(separator: "\r\n") + "\r\n\r\n"
    }
}

/// A free TCP port on 127.0.0.1 (bound and released; the caller binds it soon after).
func freePort() throws -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
            bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
        }
    }
    guard bound else { throw FixtureError("cannot find a free port: \(String(cString: strerror(errno)))") }
    return Int(UInt16(bigEndian: address.sin_port))
}

/// Waits until `condition` holds, checking every 20 ms for at most `seconds`.
func waitUntil(_ seconds: Double = 15, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if try condition() { return true }
        usleep(20_000)
    }
    return try condition()
}

/// A running `easel preview`, stopped when the test lets go of it.
final class PreviewProcess {
    let process = Process()
    let url: String
    let port: Int
    let token: String
    let folder: URL
    let stderrURL: URL

    /// Starts `easel preview` on `scene` (the gallery for `nil`) with the sample plugins and the given folders; waits for its URL.
    ///
    /// - Parameter samplePlugins: Whether the sample plugins' folder is one of the plugin folders.
    init(scene: URL?, plugins: [URL] = [], extraArguments: [String] = [], samplePlugins: Bool = true) throws {
        folder = try Fixtures.makeTemporaryDirectory("preview-run")
        let stdoutURL = folder.appendingPathComponent("stdout")
        stderrURL = folder.appendingPathComponent("stderr")
        FileManager.default.createFile(atPath: stdoutURL.path, contents: nil)
        FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
        process.executableURL = try Fixtures.samplePluginsDirectory().appendingPathComponent("easel")
        var arguments = ["preview"] + (scene.map { [$0.path] } ?? []) + ["--draw-timeout", "2"]
        if samplePlugins { arguments += ["--plugins", try Fixtures.samplePluginsDirectory().path] }
        for folder in plugins { arguments += ["--plugins", folder.path] }
        process.arguments = arguments + extraArguments
        var environment = ProcessInfo.processInfo.environment
        environment["EASEL_PLUGIN_PATH"] = ""
        environment["EASEL_ALLOW_WRITABLE_PLUGINS"] = ""
        environment["EASEL_ALLOW_LIST"] = ""
        environment["XDG_CACHE_HOME"] = folder.appendingPathComponent("cache").path
        process.environment = environment
        process.standardOutput = try FileHandle(forWritingTo: stdoutURL)
        process.standardError = try FileHandle(forWritingTo: stderrURL)
        let process = self.process
        try process.run()
        var line = ""
        _ = waitUntil(30) {
            line = (try? String(contentsOf: stdoutURL, encoding: .utf8)) ?? ""
            return line.contains("\n") || !process.isRunning
        }
        let first = line.split(separator: "\n").first.map(String.init) ?? ""
        guard let components = URLComponents(string: first), let port = components.port,
              let token = components.queryItems?.first(where: { $0.name == "token" })?.value else {
            process.terminate()
            let stderr = (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? ""
            throw FixtureError("easel preview printed no URL: '\(line)'; standard error: \(stderr)")
        }
        url = first
        self.port = port
        self.token = token
    }

    deinit { stop() }

    /// What it printed to standard error so far.
    var stderr: String { (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? "" }

    /// Stops the server (SIGTERM, then SIGKILL after 5 s).
    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        if !waitUntil(5, { !process.isRunning }) { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// `GET target` with this server's Host.
    func get(_ target: String, headers: [String] = []) throws -> RawHTTP {
        try RawHTTP.send(port: port, RawHTTP.get(target, host: "127.0.0.1:\(port)", headers: headers))
    }

    /// The status the server last published, decoded.
    func status() throws -> [String: Any] {
        let answer = try get("/status.json?token=\(token)")
        guard answer.status == 200, let object = try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any] else {
            throw FixtureError("status.json: \(answer.status) \(answer.text)")
        }
        return object
    }

    /// Waits for a render after `generation` and returns its status.
    func status(after generation: Int, seconds: Double = 20) throws -> [String: Any] {
        var latest: [String: Any] = [:]
        _ = try waitUntil(seconds) {
            latest = try status()
            return (latest["generation"] as? Int ?? 0) > generation
        }
        guard (latest["generation"] as? Int ?? 0) > generation else {
            throw FixtureError("no render after \(generation) within \(seconds) s: \(latest); stderr: \(stderr)")
        }
        return latest
    }
}

/// Replaces a file's bytes in place, as `cp` over an existing file does (opened, truncated, written, closed).
func overwrite(_ url: URL, with data: Data) throws {
    let handle = try FileHandle(forWritingTo: url)
    defer { try? handle.close() }
    try handle.truncate(atOffset: 0)
    try handle.write(contentsOf: data)
}

/// Writes a file by renaming a complete new one over it, as editors save.
func replaceFile(_ url: URL, with text: String) throws {
    let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).new")
    try text.write(to: temporary, atomically: false, encoding: .utf8)
    guard rename(temporary.path, url.path) == 0 else { throw FixtureError("rename: \(String(cString: strerror(errno)))") }
}
