import EaselTestSupport
import Foundation
import Testing

/// The crash_draw fixture (CrashingView, whose drawRect: dereferences null), built once.
private let crashingFolder: Result<URL, FixtureError> = {
    do {
        let folder = try Fixtures.makeTemporaryDirectory("preview-crash-plugin")
        _ = try Fixtures.buildFixture("crash_draw", into: folder)
        return .success(folder)
    } catch let error as FixtureError {
        return .failure(error)
    } catch {
        return .failure(FixtureError("cannot build crash_draw: \(error)"))
    }
}()

/// Reads the canvas pixel at (x, y) as [r, g, b, a]; null before the first frame.
private let pixelScript = """
    const canvas = document.getElementById('frame');
    if (!canvas || !canvas.width) return null;
    return Array.from(canvas.getContext('2d').getImageData(arguments[0], arguments[1], 1, 1).data);
    """

/// The hang_draw fixture (HangingView, whose drawRect: never returns), built once.
private let hangingFolder: Result<URL, FixtureError> = {
    do {
        let folder = try Fixtures.makeTemporaryDirectory("preview-hang-plugin")
        _ = try Fixtures.buildFixture("hang_draw", into: folder)
        return .success(folder)
    } catch let error as FixtureError {
        return .failure(error)
    } catch {
        return .failure(FixtureError("cannot build hang_draw: \(error)"))
    }
}()

@Suite("easel preview in headless Chromium (WebDriver through chromium-driver)")
struct BrowserTests {
    func pixel(_ browser: WebDriver, _ x: Int, _ y: Int) throws -> [Int]? {
        (try browser.run(pixelScript, [x, y]) as? [Any])?.compactMap { ($0 as? NSNumber)?.intValue }
    }

    /// Waits until the canvas shows `rgba` at (x, y).
    func waitForPixel(_ browser: WebDriver, _ x: Int, _ y: Int, _ rgba: [Int], seconds: Double = 20) throws -> Bool {
        try waitUntil(seconds) { try pixel(browser, x, y) == rgba }
    }

    @Test("""
        the page draws the frame (canvas pixels at known points); overwriting the scene shows the new frame without a reload; \
        a crashing plugin shows the panel with class, selector, plugin, reason and JSON path over the last frame, dimmed; \
        fixing the scene clears it; the inspector lists the tree and outlines a selected view
        """)
    func liveFrames() throws {
        let scene = try writeScene(previewScene())
        let preview = try PreviewProcess(scene: scene, plugins: [try crashingFolder.get()])
        let browser = try WebDriver()
        defer { browser.quit() }
        try browser.open(preview.url)
        #expect(try waitForPixel(browser, 20, 20, [255, 0, 0, 255]), "stderr: \(preview.stderr)")
        #expect(try pixel(browser, 70, 20) == [0, 0, 255, 255])
        #expect(try pixel(browser, 50, 45) == [255, 255, 255, 255])
        #expect(try browser.run("return document.getElementById('panel').hidden") as? Bool == true)
        // The inspector: selecting the swatch in the tree shows its properties and outlines it on the canvas.
        #expect(try browser.wait(until: #"return !!document.querySelector('#tree span[data-path="root.subviews[0]"]')"#))
        _ = try browser.run(#"document.querySelector('#tree span[data-path="root.subviews[0]"]').click(); return true"#)
        let properties = try browser.run("""
            const list = {};
            for (const dt of document.querySelectorAll('#properties dt')) {
                const input = dt.nextElementSibling.querySelector('input');
                list[dt.textContent] = input ? input.value : dt.nextElementSibling.textContent;
            }
            return list;
            """) as? [String: Any] ?? [:]
        #expect(properties["class"] as? String == "Swatch")
        #expect(properties["plugin"] as? String == "Shapes")
        #expect(properties["frame"] as? String == "[10, 10, 30, 30]")
        #expect(properties["color"] as? String != nil)
        #expect(properties["JSON path"] as? String == "root.subviews[0]")
        let outline = try browser.run("""
            const box = document.getElementById('outline'), factor = parseFloat(document.getElementById('frame').style.width) / 100;
            return [box.hidden, parseFloat(box.style.left) / factor, parseFloat(box.style.top) / factor, parseFloat(box.style.width) / factor];
            """) as? [Any] ?? []
        #expect(outline.first as? Bool == false)
        #expect(outline.dropFirst().compactMap { ($0 as? NSNumber).map { ($0.doubleValue * 1000).rounded() / 1000 } } == [10, 10, 30])
        // Mark the page: a reload would lose it.
        _ = try browser.run("window.marker = 42; return true")

        try replaceFile(scene, with: previewScene(swatch: "#00ff00"))
        #expect(try waitForPixel(browser, 20, 20, [0, 255, 0, 255]))
        #expect(try browser.run("return window.marker") as? Int == 42)

        try replaceFile(scene, with: previewScene(swatch: "#00ff00", extra: #"{ "class": "CrashingView", "frame": [45, 5, 10, 10] },"#))
        #expect(try browser.wait(until: "return !document.getElementById('panel').hidden"))
        let fields = try browser.run("""
            const list = {}; const items = document.querySelectorAll('#panel-fields dt');
            for (const dt of items) list[dt.textContent] = dt.nextElementSibling.textContent;
            return list;
            """) as? [String: Any] ?? [:]
        #expect(fields["class"] as? String == "CrashingView")
        #expect(fields["selector"] as? String == "drawRect:")
        #expect(fields["plugin"] as? String == "crash_draw")
        #expect(fields["plugin file"] as? String == (try crashingFolder.get()).appendingPathComponent("crash_draw.so").path)
        #expect(fields["reason"] as? String == "crashed with SIGSEGV (segmentation fault)")
        #expect(fields["JSON path"] as? String == "root.subviews[1]")
        #expect(try browser.run("return document.getElementById('panel-title').textContent") as? String == "Plugin code failed")
        // The last good frame stays, dimmed.
        #expect(try pixel(browser, 20, 20) == [0, 255, 0, 255])
        #expect(try browser.run("return document.getElementById('frame').classList.contains('stale')") as? Bool == true)
        #expect(try browser.wait(until: "return getComputedStyle(document.getElementById('frame')).opacity === '0.35'"))

        try replaceFile(scene, with: previewScene(swatch: "#ffff00"))
        #expect(try waitForPixel(browser, 20, 20, [255, 255, 0, 255]))
        #expect(try browser.run("return document.getElementById('panel').hidden") as? Bool == true)
        #expect(try browser.run("return document.getElementById('frame').classList.contains('stale')") as? Bool == false)
    }

    @Test("without the token the browser gets 403; a WebSocket from a page of another origin is refused, one from the preview's own page opens")
    func refusals() throws {
        let scene = try writeScene(previewScene())
        let preview = try PreviewProcess(scene: scene)
        let browser = try WebDriver()
        defer { browser.quit() }
        try browser.open("http://127.0.0.1:\(preview.port)/")
        #expect(try browser.run("return document.body.innerText.trim()") as? String
                == "forbidden: the URL has no token (open the URL easel preview printed)")

        let socketURL = "ws://127.0.0.1:\(preview.port)/ws?token=\(preview.token)"
        let probe = """
            window.probe = 'pending';
            const socket = new WebSocket(arguments[0]);
            socket.onopen = () => { window.probe = 'open'; socket.close(); };
            socket.onerror = () => { if (window.probe === 'pending') window.probe = 'refused'; };
            return true;
            """
        // Another origin: a page of its own (its Origin is "null"), which knows the token.
        try browser.open("data:text/html,<title>elsewhere</title>")
        _ = try browser.run(probe, [socketURL])
        #expect(try browser.wait(until: "return window.probe !== 'pending'"))
        #expect(try browser.run("return window.probe") as? String == "refused")

        try browser.open(preview.url)
        _ = try browser.run(probe, [socketURL])
        #expect(try browser.wait(until: "return window.probe !== 'pending'"))
        #expect(try browser.run("return window.probe") as? String == "open")
    }
    @Test("""
        --port serves on that port; 1:1 shows the frame at its size in pixels and fit scales it to the stage; \
        a drawRect: that hangs shows the panel with the time-out as its reason and the last frame stays, dimmed
        """)
    func hangPortAndZoom() throws {
        let port = try freePort()
        let scene = try writeScene(previewScene())
        let preview = try PreviewProcess(scene: scene, plugins: [try hangingFolder.get()], extraArguments: ["--port", "\(port)"])
        #expect(preview.port == port && preview.url.hasPrefix("http://127.0.0.1:\(port)/?token="))
        let browser = try WebDriver()
        defer { browser.quit() }
        try browser.open(preview.url)
        #expect(try waitForPixel(browser, 20, 20, [255, 0, 0, 255]), "stderr: \(preview.stderr)")
        // fit (the default): the 100 x 50 scene fills the stage's width or height (less its 16-pixel padding).
        let fit = try browser.run("""
            const stage = document.querySelector('.stage').getBoundingClientRect(), box = document.getElementById('frame').getBoundingClientRect();
            return [box.width, box.height, Math.min((stage.width - 32) / 100, (stage.height - 32) / 50)];
            """) as? [Any] ?? []
        let numbers = fit.compactMap { ($0 as? NSNumber)?.doubleValue }
        #expect(numbers.count == 3 && numbers[2] > 2 && abs(numbers[0] - 100 * numbers[2]) < 1 && abs(numbers[1] - 50 * numbers[2]) < 1, "\(numbers)")
        _ = try browser.run("document.querySelector('input[name=\"zoom\"][value=\"actual\"]').click(); return true")
        #expect(try browser.wait(until: """
            const box = document.getElementById('frame').getBoundingClientRect(); return box.width === 100 && box.height === 50;
            """))
        // The stage's checkerboard is the canvas's own background, behind its transparent pixels.
        #expect(try browser.run("return getComputedStyle(document.getElementById('frame')).backgroundImage.startsWith('linear-gradient')") as? Bool == true)

        try replaceFile(scene, with: previewScene(extra: #"{ "class": "HangingView", "frame": [45, 5, 10, 10] },"#))
        #expect(try browser.wait(30, until: "return !document.getElementById('panel').hidden"), "stderr: \(preview.stderr)")
        let fields = try browser.run("""
            const list = {}; for (const dt of document.querySelectorAll('#panel-fields dt')) list[dt.textContent] = dt.nextElementSibling.textContent;
            return list;
            """) as? [String: Any] ?? [:]
        #expect(fields["class"] as? String == "HangingView")
        #expect(fields["selector"] as? String == "drawRect:")
        #expect(fields["plugin"] as? String == "hang_draw")
        #expect((fields["reason"] as? String ?? "").hasPrefix("did not return within 2"), "\(fields)")
        #expect(fields["JSON path"] as? String == "root.subviews[1]")
        #expect(try pixel(browser, 20, 20) == [255, 0, 0, 255])
        #expect(try browser.run("return document.getElementById('frame').classList.contains('stale')") as? Bool == true)
    }
}
