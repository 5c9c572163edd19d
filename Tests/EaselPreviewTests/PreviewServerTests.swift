import EaselGraphicsCore
import EaselPreview
import EaselTestSupport
import Foundation
import Testing

/// A red swatch and a blue view on white, 100x50 points at scale 1.
func previewScene(swatch: String = "#ff0000", extra: String = "") -> String {
    ##"""
    { "canvas": { "size": [100, 50], "scale": 1, "background": "#ffffff" },
      "root": { "subviews": [
        { "class": "Swatch", "frame": [10, 10, 30, 30], "opaque": false, "properties": { "color": "\##(swatch)", "cornerRadius": 0 } },
        \##(extra)
        { "class": "View", "frame": [60, 10, 30, 30], "backgroundColor": "#0000ff" } ] } }
    """##
}

@Suite("AccessPolicy: token, Host and Origin")
struct AccessPolicyTests {
    @Test("a request needs the token, a Host naming this server and, when it has one, this server's Origin")
    func checks() {
        let policy = AccessPolicy(bindHost: "127.0.0.1", token: "abc123")
        policy.setPort(8080)
        #expect(policy.check(token: "abc123", host: "127.0.0.1:8080", origin: nil) == nil)
        #expect(policy.check(token: "abc123", host: "localhost:8080", origin: "http://localhost:8080") == nil)
        #expect(policy.check(token: "abc123", host: "[::1]:8080", origin: "http://127.0.0.1:8080") == nil)
        #expect(policy.check(token: nil, host: "127.0.0.1:8080", origin: nil) == .missingToken)
        #expect(policy.check(token: "abc124", host: "127.0.0.1:8080", origin: nil) == .wrongToken)
        #expect(policy.check(token: "abc12", host: "127.0.0.1:8080", origin: nil) == .wrongToken)
        // DNS rebinding: another site's name resolved to 127.0.0.1 still arrives with its own name.
        #expect(policy.check(token: "abc123", host: "evil.example:8080", origin: nil) == .host("evil.example:8080"))
        #expect(policy.check(token: "abc123", host: "127.0.0.1:9999", origin: nil) == .host("127.0.0.1:9999"))
        #expect(policy.check(token: "abc123", host: nil, origin: nil) == .host(""))
        #expect(policy.check(token: "abc123", host: "127.0.0.1:8080", origin: "http://evil.example") == .origin("http://evil.example"))
        #expect(policy.check(token: "abc123", host: "127.0.0.1:8080", origin: "null") == .origin("null"))
        #expect(policy.check(token: "abc123", host: "127.0.0.1:8080", origin: "https://127.0.0.1:8080") == .origin("https://127.0.0.1:8080"))
        #expect(policy.check(token: "abc123", host: "127.0.0.1:8080", origin: nil, requireOrigin: true) == .origin(""))
        #expect(AccessPolicy.Denial.wrongToken.description == "forbidden: wrong token (open the URL easel preview printed)")
    }

    @Test("--host 0.0.0.0 accepts IP literals as Host (no DNS name can rebind to them) but still not other names")
    func anyAddress() {
        let policy = AccessPolicy(bindHost: "0.0.0.0", token: "t")
        #expect(policy.check(token: "t", host: "192.168.1.20:7000", origin: "http://192.168.1.20:7000") == nil)
        #expect(policy.check(token: "t", host: "evil.example", origin: nil) == .host("evil.example"))
        #expect(AccessPolicy(bindHost: "127.0.0.1", token: "t").check(token: "t", host: "192.168.1.20", origin: nil) == .host("192.168.1.20"))
    }

    @Test("tokens are 32 hexadecimal digits and differ")
    func tokens() {
        let tokens = (0..<8).map { _ in AccessPolicy.randomToken() }
        #expect(Set(tokens).count == 8)
        #expect(tokens.allSatisfy { $0.count == 32 && $0.allSatisfy(\.isHexDigit) })
    }
}

@Suite("easel preview over HTTP: 403 without the token, Host and Origin checked, only its own resources")
struct PreviewServerTests {
    @Test("the page, its resources and the frame need the token; a wrong Host or Origin is refused; nothing else is served")
    func access() throws {
        let scene = try writeScene(previewScene())
        let preview = try PreviewProcess(scene: scene)
        #expect(preview.url == "http://127.0.0.1:\(preview.port)/?token=\(preview.token)")
        #expect(preview.token.count == 32)

        let page = try preview.get("/?token=\(preview.token)")
        #expect(page.status == 200)
        #expect(page.text.contains(#"<script src="preview.js?token=\#(preview.token)" defer></script>"#))
        #expect(page.head.lowercased().contains("content-security-policy: default-src 'none'; script-src 'self'"))
        #expect(try preview.get("/preview.js?token=\(preview.token)").text.contains("new WebSocket("))

        for target in ["/", "/preview.js", "/frame.png", "/status.json", "/ws"] {
            let denied = try preview.get(target)
            #expect(denied.status == 403, "\(target)")
            #expect(denied.text == "forbidden: the URL has no token (open the URL easel preview printed)\n")
        }
        let wrong = try preview.get("/?token=0123456789abcdef0123456789abcdef")
        #expect(wrong.status == 403)
        #expect(wrong.text == "forbidden: wrong token (open the URL easel preview printed)\n")
        let rebound = try RawHTTP.send(port: preview.port, RawHTTP.get("/?token=\(preview.token)", host: "evil.example:\(preview.port)"))
        #expect(rebound.status == 403)
        #expect(rebound.text == "forbidden: Host 'evil.example:\(preview.port)' is not this preview's\n")
        let crossSite = try preview.get("/frame.png?token=\(preview.token)", headers: ["Origin: http://evil.example"])
        #expect(crossSite.status == 403)
        // Only its own resources: no file by path.
        #expect(try preview.get("/\(scene.path)?token=\(preview.token)").status == 404)
        #expect(try preview.get("/../../etc/passwd?token=\(preview.token)").status == 404)

        // The frame: the scene rendered in the worker.
        _ = try waitUntil { try preview.get("/frame.png?token=\(preview.token)").status == 200 }
        let frame = try preview.get("/frame.png?token=\(preview.token)")
        #expect(frame.status == 200)
        let image = try RasterImage(pngData: frame.body)
        #expect(image.width == 100 && image.height == 50)
        #expect(image.pixel(x: 20, y: 20) == RGBA(r: 255, g: 0, b: 0))
        #expect(image.pixel(x: 70, y: 20) == RGBA(r: 0, g: 0, b: 255))
        #expect(image.pixel(x: 50, y: 45) == RGBA(r: 255, g: 255, b: 255))
    }

    /// A refused handshake is answered 400 by Hummingbird's upgrade handler (it writes that status
    /// itself for every upgrade it declines; a plain GET of /ws without the token is a 403).
    @Test("the WebSocket handshake upgrades only with the token and this server's Origin (refused: 400, never 101)")
    func webSocket() throws {
        let scene = try writeScene(previewScene())
        let preview = try PreviewProcess(scene: scene)
        let host = "127.0.0.1:\(preview.port)"
        let good = try RawHTTP.send(port: preview.port, RawHTTP.handshake("/ws?token=\(preview.token)", host: host,
                                                                        origin: "http://\(host)"), untilHead: true)
        #expect(good.status == 101)
        #expect(good.head.contains("s3pPLMBiTxaQ9kYGzzhZRbK+xOo="))   // RFC 6455's accept key for the sample nonce
        let foreign = try RawHTTP.send(port: preview.port, RawHTTP.handshake("/ws?token=\(preview.token)", host: host,
                                                                           origin: "http://evil.example"), untilHead: true)
        #expect(foreign.status == 400)
        let opaque = try RawHTTP.send(port: preview.port, RawHTTP.handshake("/ws?token=\(preview.token)", host: host, origin: "null"),
                                      untilHead: true)
        #expect(opaque.status == 400)
        let tokenless = try RawHTTP.send(port: preview.port, RawHTTP.handshake("/ws", host: host, origin: "http://\(host)"),
                                         untilHead: true)
        #expect(tokenless.status == 400)
    }

    @Test("saving the scene renders it again; a syntax error reports its line and column and keeps the last frame")
    func hotReload() throws {
        let scene = try writeScene(previewScene())
        let preview = try PreviewProcess(scene: scene)
        let first = try preview.status(after: 0)
        #expect(first["state"] as? String == "ok")
        let generation = first["generation"] as? Int ?? 0
        try replaceFile(scene, with: previewScene(swatch: "#00ff00"))
        let second = try preview.status(after: generation)
        #expect(second["state"] as? String == "ok")
        #expect(second["changed"] as? [String] == [scene.standardizedFileURL.path])
        let frame = try RasterImage(pngData: try preview.get("/frame.png?token=\(preview.token)").body)
        #expect(frame.pixel(x: 20, y: 20) == RGBA(r: 0, g: 255, b: 0))

        try replaceFile(scene, with: "{ \"canvas\": { \"size\": [100, 50] },\n  \"root\": { \"subviews\": [ }\n")
        let broken = try preview.status(after: second["generation"] as? Int ?? 0)
        #expect(broken["state"] as? String == "failed")
        #expect(broken["frame"] as? Int == second["generation"] as? Int)   // the last good frame stays
        let failure = try #require(broken["failure"] as? [String: Any])
        #expect(failure["kind"] as? String == "scene")
        #expect(failure["line"] as? Int == 2)
        #expect(failure["column"] as? Int != nil)
        #expect((failure["message"] as? String ?? "").hasPrefix("\(scene.path): line 2, column "))
        let kept = try RasterImage(pngData: try preview.get("/frame.png?token=\(preview.token)").body)
        #expect(kept.pixel(x: 20, y: 20) == RGBA(r: 0, g: 255, b: 0))
    }

    @Test("a rebuilt plugin copied over the old file is what draws the next frame (a new worker; nothing dlclosed)")
    func rebuiltPlugin() throws {
        let plugins = try Fixtures.makeTemporaryDirectory("preview-tint")
        let staging = try Fixtures.makeTemporaryDirectory("preview-tint-build")
        _ = try Fixtures.buildFixture("preview_tint", into: plugins)
        let scene = try writeScene(##"""
            { "canvas": { "size": [60, 40], "scale": 1, "background": "#ffffff" },
              "root": { "subviews": [ { "class": "TintView", "frame": [10, 10, 20, 20] } ] } }
            """##)
        let preview = try PreviewProcess(scene: scene, plugins: [plugins])
        let first = try preview.status(after: 0)
        #expect(first["state"] as? String == "ok", "\(first)")
        let red = try RasterImage(pngData: try preview.get("/frame.png?token=\(preview.token)").body)
        #expect(red.pixel(x: 15, y: 15) == RGBA(r: 255, g: 0, b: 0))

        // Rebuild with another colour, then copy it over the loaded file in place, as `cp` does.
        let rebuilt = try Fixtures.buildFixture("preview_tint", into: staging, linkArguments: ["-DTINT_R=0", "-DTINT_B=1"])
        try Data(contentsOf: rebuilt).write(to: plugins.appendingPathComponent("preview_tint.so"))
        let second = try preview.status(after: first["generation"] as? Int ?? 0)
        #expect(second["state"] as? String == "ok", "\(second)")
        let blue = try RasterImage(pngData: try preview.get("/frame.png?token=\(preview.token)").body)
        #expect(blue.pixel(x: 15, y: 15) == RGBA(r: 0, g: 0, b: 255))
        #expect(blue.pixel(x: 5, y: 5) == RGBA(r: 255, g: 255, b: 255))
    }
}
