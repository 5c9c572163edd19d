// EaselPreview: `easel preview`, the live workbench in the browser.
//
// An HTTP and WebSocket server (Hummingbird) that serves one page (its own
// resources: Page/index.html, preview.css, preview.js) and the rendered
// frames of one scene. Plugin code never runs in this process: every render
// is a new isolated worker (EaselIsolation, through the session's
// renderPreview), so a rebuilt plugin's new code is what draws and a crash
// is a failure panel, not a dead server. PreviewLoop watches the files with
// inotify and renders when they settle; PreviewHub hands each result to the
// pages; AccessPolicy decides who may ask.

import EaselSession
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore

/// Why the preview cannot start.
public struct PreviewError: Error, CustomStringConvertible {
    /// What went wrong.
    public let message: String
    public var description: String { message }
}

/// The preview server: the page, the frames, the WebSocket.
public final class PreviewServer: @unchecked Sendable {
    /// What it serves.
    public let configuration: PreviewConfiguration
    /// Who may talk to it.
    public let policy: AccessPolicy
    let hub = PreviewHub()
    let loop: PreviewLoop
    let page: PreviewPage

    /// A server for a configuration.
    ///
    /// - Parameters:
    ///   - configuration: The scene, address and render settings.
    ///   - session: The session whose plugin environment renders (its folders are watched).
    ///   - log: Where progress and warnings go (standard error).
    /// - Throws: ``PreviewError`` when the page's resources are missing.
    public init(configuration: PreviewConfiguration, session: Session,
                log: @escaping @Sendable (String) -> Void) throws(PreviewError) {
        self.configuration = configuration
        policy = AccessPolicy(bindHost: configuration.host)
        page = try PreviewPage.load()
        loop = PreviewLoop(session: session, scene: configuration.scene, scale: configuration.scale,
                           timeLimit: configuration.timeLimit, hub: hub, log: log)
    }

    /// The URL to open, once the port is known.
    public var url: String {
        var host = configuration.host
        if ["0.0.0.0", "::", "[::]"].contains(host) { host = "127.0.0.1" }
        if host.contains(":") && !host.hasPrefix("[") { host = "[\(host)]" }
        return "http://\(host):\(policy.currentPort)/?token=\(policy.token)"
    }

    /// Runs the server until the process is interrupted (SIGINT, SIGTERM).
    ///
    /// - Parameter onReady: Called with the URL once the server listens.
    public func run(onReady: @escaping @Sendable (String) -> Void) async throws {
        var logger = Logger(label: "easel-preview")
        logger.logLevel = .critical
        let policy = self.policy, hub = self.hub, loop = self.loop
        let app = Application(
            responder: CallbackResponder<BasicRequestContext> { [self] request, _ in respond(to: request) },
            server: .http1WebSocketUpgrade(configuration: .init(ws: .init(maxFrameSize: 1 << 20))) { request, _, _ in
                // Only a good handshake upgrades; any other is answered by `respond` (403, 400).
                guard Self.pathAndQuery(request.path ?? "").path == "/ws",
                      policy.check(token: Self.pathAndQuery(request.path ?? "").token, host: request.authority,
                                   origin: request.headerFields[.origin]) == nil
                else { return .dontUpgrade }
                return .upgrade([:]) { inbound, outbound, _ in
                    try await Self.serve(inbound: inbound, outbound: outbound, hub: hub, loop: loop)
                }
            },
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: nil),
            onServerRunning: { [self] channel in
                policy.setPort(channel.localAddress?.port ?? 0)
                loop.start()
                onReady(url)
            },
            logger: logger)
        try await app.runService()
    }

    /// One page's WebSocket: the updates out (the status and frame messages as text, the tiles as
    /// binary messages), its messages in (touches, the clock, edits).
    static func serve(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, hub: PreviewHub,
                      loop: PreviewLoop) async throws {
        let (id, updates) = hub.join()
        defer { hub.leave(id) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                let decoder = JSONDecoder()
                for try await message in inbound.messages(maxSize: 1 << 16) {
                    guard case .text(let text) = message,
                          let decoded = try? decoder.decode(PageMessage.self, from: Data(text.utf8)) else { continue }
                    loop.post(decoded)
                }
            }
            group.addTask {
                try await send(updates, to: outbound, hub: hub)
            }
            // The page left (or its socket failed): stop sending to it.
            _ = try await group.next()
            group.cancelAll()
        }
    }

    /// Sends one page its updates: the status when it changed; the tiles when the page has the
    /// frame they apply to, else the whole frame (a page that joins, or that fell behind).
    static func send(_ updates: AsyncStream<PreviewUpdate>, to outbound: WebSocketOutboundWriter, hub: PreviewHub) async throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var sentStatus = -1
        var shown = -1
        for await update in updates {
            let status = hub.latestStatus
            if status.version != sentStatus {
                try await outbound.writeTextMessage(status.text)
                sentStatus = status.version
            }
            var frame = update.frame
            var tiles = update.tiles
            if frame.sequence != shown && (frame.previous != shown || (tiles.isEmpty && !frame.whole)) {
                // The page does not have the frame these tiles change: send it the whole current one.
                guard let whole = hub.pixels.encodeWhole() else { continue }
                frame.sequence = whole.sequence
                frame.previous = shown
                frame.whole = true
                frame.width = whole.rect.width
                frame.height = whole.rect.height
                tiles = [.init(rect: whole.rect, png: whole.png)]
            } else if frame.sequence == shown {
                tiles = []
            }
            frame.tiles = tiles.count
            frame.timings["sent"] = LiveUpdate.wallClock()
            let text = (try? encoder.encode(frame)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
            try await outbound.writeTextMessage(text)
            for (index, tile) in tiles.enumerated() {
                try await outbound.writeBinaryMessage(ByteBuffer(bytes: PreviewHub.tileMessage(
                    tile, sequence: frame.sequence, index: index, count: tiles.count, width: frame.width, height: frame.height)))
            }
            shown = frame.sequence
        }
    }

    /// Answers an HTTP request: the checks first, then the page, its resources and the frame.
    func respond(to request: Request) -> Response {
        let token = request.uri.queryParameters["token"].map(String.init)
        if let denial = policy.check(token: token, host: request.head.authority, origin: request.headers[.origin]) {
            return Self.text(.forbidden, denial.description + "\n")
        }
        guard request.method == .get || request.method == .head else {
            return Self.text(.methodNotAllowed, "only GET\n")
        }
        switch request.uri.path {
        case "/", "/index.html":
            return Self.body(page.html(token: policy.token), type: "text/html; charset=utf-8")
        case "/preview.css":
            return Self.body(page.css, type: "text/css; charset=utf-8")
        case "/preview.js":
            return Self.body(page.javascript, type: "text/javascript; charset=utf-8")
        case "/frame.png":
            guard let png = hub.latestPNG else { return Self.text(.notFound, "no frame yet\n") }
            return Self.body(png, type: "image/png")
        case "/status.json":
            return Self.body(Array(hub.latestStatus.text.utf8), type: "application/json")
        case "/ws":
            return Self.text(.badRequest, "expected a WebSocket handshake\n")
        default:
            return Self.text(.notFound, "not found\n")
        }
    }

    /// The headers of every answer: no caching (the URL holds the token), no sniffing, no referrer, only our own resources.
    static func headers(type: String) -> HTTPFields {
        var fields = HTTPFields()
        fields[.contentType] = type
        fields[.cacheControl] = "no-store"
        fields[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
        fields[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
        fields[HTTPField.Name("X-Frame-Options")!] = "DENY"
        fields[HTTPField.Name("Content-Security-Policy")!] =
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob: data:; connect-src 'self'; frame-ancestors 'none'"
        return fields
    }

    static func body(_ bytes: [UInt8], type: String) -> Response {
        var headers = headers(type: type)
        headers[.contentLength] = String(bytes.count)
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    static func text(_ status: HTTPResponse.Status, _ text: String) -> Response {
        Response(status: status, headers: headers(type: "text/plain; charset=utf-8"), body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// `/ws?token=abc` → (`/ws`, `abc`).
    static func pathAndQuery(_ target: String) -> (path: String, token: String?) {
        guard let components = URLComponents(string: target) else { return (target, nil) }
        return (components.path, components.queryItems?.first(where: { $0.name == "token" })?.value)
    }
}

/// The page's resources, read once from the target's resource bundle.
struct PreviewPage: Sendable {
    let htmlTemplate: String
    let css: [UInt8]
    let javascript: [UInt8]

    /// The page with the token in its links (to the style sheet and the script).
    func html(token: String) -> [UInt8] {
        Array(htmlTemplate.replacingOccurrences(of: "{{TOKEN}}", with: token).utf8)
    }

    static func load() throws(PreviewError) -> PreviewPage {
        func read(_ name: String) throws(PreviewError) -> Data {
            guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Page"),
                  let data = FileManager.default.contents(atPath: url.path) else {
                throw PreviewError(message: "the preview page's \(name) is missing from \(Bundle.module.bundlePath)")
            }
            return data
        }
        return PreviewPage(htmlTemplate: String(decoding: try read("index.html"), as: UTF8.self),
                           css: Array(try read("preview.css")), javascript: Array(try read("preview.js")))
    }
}
