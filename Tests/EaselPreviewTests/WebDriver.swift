import EaselTestSupport
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Debian's headless Chromium driven through chromium-driver's WebDriver
/// protocol (HTTP and JSON), both installed by .ci/run.
final class WebDriver {
    let process = Process()
    let port: Int
    private(set) var session = ""
    let profile: URL

    /// Starts chromedriver and a headless Chromium session.
    ///
    /// - Parameters:
    ///   - deviceScaleFactor: The window's devicePixelRatio.
    ///   - windowSize: The window's size in CSS pixels.
    init(deviceScaleFactor: Int = 1, windowSize: String = "900,700") throws {
        let driver = "/usr/bin/chromedriver"
        guard FileManager.default.isExecutableFile(atPath: driver) else {
            throw FixtureError("\(driver) is missing: the browser tests need Debian's chromium and chromium-driver (apt-get install chromium chromium-driver; .ci/run installs them)")
        }
        let binary = ["/usr/lib/chromium/chromium", "/usr/bin/chromium"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let binary else { throw FixtureError("Chromium is missing: apt-get install chromium chromium-driver") }
        profile = try Fixtures.makeTemporaryDirectory("chromium-profile")
        port = try freePort()
        process.executableURL = URL(fileURLWithPath: driver)
        process.arguments = ["--port=\(port)"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        guard waitUntil(20, { ((try? self.call("GET", "/status")) as? [String: Any])?["ready"] as? Bool == true }) else {
            process.terminate()
            throw FixtureError("chromedriver did not start on port \(port)")
        }
        let capabilities: [String: Any] = ["capabilities": ["alwaysMatch": [
            "browserName": "chrome",
            "goog:chromeOptions": [
                "binary": binary,
                "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=\(windowSize)",
                         "--force-device-scale-factor=\(deviceScaleFactor)", "--user-data-dir=\(profile.path)", "--no-first-run",
                         "--disable-background-networking", "--disable-extensions"],
            ],
        ]]]
        let answer = try call("POST", "/session", capabilities) as? [String: Any]
        guard let id = answer?["sessionId"] as? String else { throw FixtureError("no WebDriver session: \(answer)") }
        session = id
    }

    deinit { quit() }

    /// Ends the session and the driver.
    func quit() {
        if !session.isEmpty { _ = try? call("DELETE", "/session/\(session)"); session = "" }
        if process.isRunning {
            // chromedriver leaves on /shutdown (it does not end on SIGTERM); SIGKILL if it will not.
            _ = try? call("GET", "/shutdown")
            if !waitUntil(5, { !process.isRunning }) { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: profile)
    }

    /// Opens a URL and waits for the page to load.
    func open(_ url: String) throws {
        _ = try call("POST", "/session/\(session)/url", ["url": url])
    }

    /// Runs `script` (a function body) in the page; its return value.
    func run(_ script: String, _ arguments: [Any] = []) throws -> Any? {
        let value = try call("POST", "/session/\(session)/execute/sync", ["script": script, "args": arguments])
        return value is NSNull ? nil : value
    }

    /// Waits until `script` returns true in the page.
    func wait(_ seconds: Double = 15, until script: String) throws -> Bool {
        try waitUntil(seconds) { try run(script) as? Bool == true }
    }

    /// Runs pointer actions (W3C WebDriver "actions"): each source is one pointer (a finger),
    /// each of its steps `down`, `up`, `pause` or `move` to viewport coordinates.
    ///
    /// - Parameters:
    ///   - pointers: Per pointer, its steps in ticks (every pointer has the same number of steps).
    ///   - type: `mouse` or `touch`.
    func pointerActions(_ pointers: [[PointerStep]], type: String = "mouse") throws {
        let sources: [[String: Any]] = pointers.enumerated().map { index, steps in
            ["type": "pointer", "id": "finger\(index)", "parameters": ["pointerType": type],
             "actions": steps.map(\.json)]
        }
        _ = try call("POST", "/session/\(session)/actions", ["actions": sources])
        _ = try call("DELETE", "/session/\(session)/actions")
    }

    /// One step of a pointer action.
    enum PointerStep {
        case move(x: Double, y: Double, milliseconds: Int = 0)
        case down, up
        case pause(milliseconds: Int = 0)

        var json: [String: Any] {
            switch self {
            case .move(let x, let y, let milliseconds):
                ["type": "pointerMove", "x": Int(x.rounded()), "y": Int(y.rounded()), "duration": milliseconds, "origin": "viewport"]
            case .down: ["type": "pointerDown", "button": 0]
            case .up: ["type": "pointerUp", "button": 0]
            case .pause(let milliseconds): ["type": "pause", "duration": milliseconds]
            }
        }
    }

    /// One WebDriver command; the answer's `value`.
    @discardableResult
    func call(_ method: String, _ path: String, _ body: [String: Any]? = nil) throws -> Any {
        let data = try body.map { try JSONSerialization.data(withJSONObject: $0) } ?? Data()
        var request = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        if body != nil { request += "Content-Type: application/json\r\n" }
        request += "Content-Length: \(data.count)\r\n\r\n" + String(decoding: data, as: UTF8.self)
        let answer = try RawHTTP.send(port: port, request, timeout: 60)
        guard let object = try JSONSerialization.jsonObject(with: Data(answer.body), options: [.fragmentsAllowed]) as? [String: Any] else {
            throw FixtureError("WebDriver \(method) \(path): \(answer.status) \(answer.text)")
        }
        if let value = object["value"] as? [String: Any], let error = value["error"] as? String {
            throw FixtureError("WebDriver \(method) \(path): \(error): \(value["message"] as? String ?? "")")
        }
        return object["value"] ?? NSNull()
    }
}
