import EaselGraphicsCore
import EaselTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A MiniPicker (values A to E, index 0) at 10, 10, 180 × 34 and a blue View, on a white canvas at scale 1.
func pickerScene(index: Int = 0) -> String {
    ##"""
    { "canvas": { "size": [200, 60], "scale": 1, "background": "#ffffff" },
      "root": { "subviews": [
        { "class": "MiniPicker", "id": "picker", "frame": [10, 10, 180, 34],
          "properties": { "values": ["A", "B", "C", "D", "E"], "index": \##(index) } },
        { "class": "View", "frame": [10, 50, 20, 8], "backgroundColor": "#0000ff" } ] } }
    """##
}

/// A red 10 × 10 box moving linearly from x 0 to x 80 during the first second of the timeline.
let animationScene = ##"""
    { "canvas": { "size": [100, 20], "scale": 1, "background": "#ffffff" },
      "root": { "subviews": [ { "class": "View", "id": "box", "frame": [0, 0, 10, 10], "backgroundColor": "#ff0000" } ] },
      "steps": [ { "at": 0, "animate": { "view": "box", "duration": 1, "curve": "linear", "set": { "center": [85, 5] } } } ] }
    """##

/// The page's state as the tests read it.
struct Page {
    let browser: WebDriver

    func pixel(_ x: Int, _ y: Int) throws -> [Int]? {
        (try browser.run("""
            const canvas = document.getElementById('frame');
            if (!canvas || !canvas.width) return null;
            return Array.from(canvas.getContext('2d').getImageData(arguments[0], arguments[1], 1, 1).data);
            """, [x, y]) as? [Any])?.compactMap { ($0 as? NSNumber)?.intValue }
    }

    func waitForPixel(_ x: Int, _ y: Int, _ rgba: [Int], seconds: Double = 20) throws -> Bool {
        try waitUntil(seconds) { try pixel(x, y) == rgba }
    }

    /// A number from the page's `window.easelPreview` (a JavaScript expression over `p`).
    func number(_ expression: String) throws -> Double? {
        (try browser.run("const p = window.easelPreview; return \(expression);") as? NSNumber)?.doubleValue
    }

    /// The viewport point of a scene point (through the canvas's displayed size).
    func viewport(_ x: Double, _ y: Double) throws -> (Double, Double) {
        let values = try browser.run("""
            const box = document.getElementById('frame').getBoundingClientRect(), s = window.easelPreview.status;
            return [box.left + arguments[0] * box.width / s.width, box.top + arguments[1] * box.height / s.height];
            """, [x, y]) as? [Any] ?? []
        let numbers = values.compactMap { ($0 as? NSNumber)?.doubleValue }
        guard numbers.count == 2 else { throw FixtureError("no canvas on the page") }
        return (numbers[0], numbers[1])
    }

    /// A tap at a scene point.
    func tap(_ x: Double, _ y: Double) throws {
        let (vx, vy) = try viewport(x, y)
        try browser.pointerActions([[.move(x: vx, y: vy), .down, .pause(milliseconds: 30), .up]])
    }

    /// A drag between scene points in `steps` moves.
    func drag(from: (Double, Double), to: (Double, Double), steps: Int = 6) throws {
        let (ax, ay) = try viewport(from.0, from.1)
        let (bx, by) = try viewport(to.0, to.1)
        var actions: [WebDriver.PointerStep] = [.move(x: ax, y: ay), .down]
        for step in 1...steps {
            let f = Double(step) / Double(steps)
            actions.append(.move(x: ax + (bx - ax) * f, y: ay + (by - ay) * f, milliseconds: 20))
        }
        actions.append(.up)
        try browser.pointerActions([actions])
    }

    /// The inspector's value of a property of the view at a JSON path (selecting it).
    func inspected(_ path: String, _ property: String) throws -> String? {
        try browser.run("""
            const label = document.querySelector(`#tree span[data-path="${arguments[0]}"]`);
            if (!label) return null;
            if (!label.classList.contains('selected')) label.click();
            const input = document.querySelector(`#properties input[data-property="${arguments[1]}"]`);
            if (input) return input.value;
            for (const dt of document.querySelectorAll('#properties dt')) if (dt.textContent === arguments[1]) return dt.nextElementSibling.textContent;
            return null;
            """, [path, property]) as? String
    }

    /// Waits until the inspector shows `value`.
    func waitForInspected(_ path: String, _ property: String, _ value: String, seconds: Double = 15) throws -> Bool {
        try waitUntil(seconds) { try inspected(path, property) == value }
    }

    /// The canvas's pixels in a rectangle, as one array.
    func pixels(x: Int, y: Int, width: Int, height: Int) throws -> [Int] {
        (try browser.run("""
            return Array.from(document.getElementById('frame').getContext('2d').getImageData(arguments[0], arguments[1], arguments[2], arguments[3]).data);
            """, [x, y, width, height]) as? [Any] ?? []).compactMap { ($0 as? NSNumber)?.intValue }
    }
}

@Suite("easel preview live: touches, tiles, the clock, the inspector's edits (headless Chromium)", .serialized)
struct LiveBrowserTests {
    @Test("""
        a tap on the MiniPicker's right arrow (pointer events → touches through hit testing and the responder chain) \
        moves it to the next value; only the changed tiles are sent; a drag of 45 points to the left moves two values
        """)
    func touches() throws {
        let scene = try writeScene(pickerScene())
        let preview = try PreviewProcess(scene: scene)
        let browser = try WebDriver()
        defer { browser.quit() }
        let page = Page(browser: browser)
        try browser.open(preview.url)
        #expect(try page.waitForPixel(15, 53, [0, 0, 255, 255]), "stderr: \(preview.stderr)")
        #expect(try page.waitForInspected("root.subviews[0]", "index", "0"))
        let label = try page.pixels(x: 40, y: 12, width: 120, height: 30)
        let tilesBefore = try page.number("p.tilesDrawn") ?? 0
        let framesBefore = try page.number("p.framesDrawn") ?? 0

        // The right arrow: the outer 22 points of the right end.
        try page.tap(182, 27)
        #expect(try page.waitForInspected("root.subviews[0]", "index", "1"), "stderr: \(preview.stderr)")
        #expect(try waitUntil(10) { try page.pixels(x: 40, y: 12, width: 120, height: 30) != label })
        // Only tiles inside the picker came (the blue view below it was not sent again).
        let frames = (try page.number("p.framesDrawn") ?? 0) - framesBefore
        let tiles = (try page.number("p.tilesDrawn") ?? 0) - tilesBefore
        #expect(frames >= 1 && tiles >= 1)
        let lastTile = try browser.run("return window.easelPreview.lastTiles") as? [[Any]] ?? []
        for tile in lastTile {
            let r = tile.compactMap { ($0 as? NSNumber)?.intValue }
            #expect(r.count == 4 && r[0] >= 10 && r[1] >= 10 && r[0] + r[2] <= 190 && r[1] + r[3] <= 44, "tile \(r)")
        }
        #expect(try page.pixel(15, 53) == [0, 0, 255, 255])

        // A drag of 45 points to the left: one value per 20 points.
        try page.drag(from: (150, 27), to: (105, 27))
        #expect(try page.waitForInspected("root.subviews[0]", "index", "3"), "stderr: \(preview.stderr)")
        #expect(try page.number("p.inputLatencies.length") ?? 0 >= 2)
    }

    @Test("""
        two touch pointers are two fingers: a two-finger tap recognizer (its action makes the Tally pale) \
        ignores a one-finger tap and recognizes two fingers tapping together
        """)
    func twoFingers() throws {
        let scene = try writeScene(##"""
            { "canvas": { "size": [200, 100], "scale": 1, "background": "#ffffff" },
              "root": { "subviews": [
                { "class": "Tally", "frame": [10, 10, 180, 80], "backgroundColor": "#ff0000", "multipleTouchEnabled": true,
                  "gestureRecognizers": [ { "class": "TapGestureRecognizer", "numberOfTouchesRequired": 2,
                                            "target": "self", "action": "prepareForInterfaceBuilder" } ] } ] } }
            """##)
        let preview = try PreviewProcess(scene: scene)
        let browser = try WebDriver()
        defer { browser.quit() }
        let page = Page(browser: browser)
        try browser.open(preview.url)
        #expect(try page.waitForPixel(100, 50, [255, 0, 0, 255]), "stderr: \(preview.stderr)")
        #expect(try browser.wait(until: "return !!(window.easelPreview.status && window.easelPreview.status.live)"))

        try page.tap(100, 50)
        _ = try waitUntil(1) { false }
        #expect(try page.pixel(100, 50) == [255, 0, 0, 255])

        let (ax, ay) = try page.viewport(60, 50), (bx, by) = try page.viewport(140, 50)
        try browser.pointerActions([
            [.move(x: ax, y: ay), .down, .pause(milliseconds: 50), .up],
            [.move(x: bx, y: by), .down, .pause(milliseconds: 50), .up],
        ], type: "touch")
        // Tally's prepareForInterfaceBuilder sets its background to (0.88, 0.92, 0.98): cairo keeps colours
        // in 16 bits (0.88 × 65535 = 57671) and stores the top 8 (225), 0.92 → 60292 → 235, 0.98 → 64224 → 250.
        #expect(try page.waitForPixel(100, 50, [225, 235, 250, 255]), "stderr: \(preview.stderr)")
    }

    @Test("""
        the time slider goes back on the timeline (a new worker at that time) and forward; pause and step one frame; \
        play runs the animation to its end
        """)
    func clock() throws {
        let scene = try writeScene(animationScene)
        let preview = try PreviewProcess(scene: scene)
        let browser = try WebDriver()
        defer { browser.quit() }
        let page = Page(browser: browser)
        try browser.open(preview.url)
        // The preview starts at the end of the timeline (1 s): the box is at x 80...90.
        #expect(try page.waitForPixel(85, 5, [255, 0, 0, 255]), "stderr: \(preview.stderr)")
        #expect(try page.pixel(45, 5) == [255, 255, 255, 255])
        #expect(try page.number("p.frame.duration") == 1)

        _ = try browser.run("document.getElementById('play').click(); return true")   // pause
        #expect(try browser.wait(until: "return window.easelPreview.frame && window.easelPreview.frame.playing === false"))
        _ = try browser.run("""
            const slider = document.getElementById('timeline'); slider.value = '0.5';
            slider.dispatchEvent(new Event('input')); slider.dispatchEvent(new Event('change')); return true;
            """)
        // At 0.5 s the box's center is at 5 + 80 × 0.5 = 45: x 40...50.
        #expect(try page.waitForPixel(45, 5, [255, 0, 0, 255]))
        #expect(try page.pixel(85, 5) == [255, 255, 255, 255])
        #expect(try page.pixel(38, 5) == [255, 255, 255, 255])
        #expect(try page.pixel(50, 5) == [255, 255, 255, 255])
        #expect(try page.number("p.frame.time") == 0.5)

        _ = try browser.run("document.getElementById('step').click(); return true")
        #expect(try browser.wait(until: "return Math.abs(window.easelPreview.frame.time - (0.5 + 1 / 60)) < 1e-9"))
        // 80 / 60 = 1.33 points further: x 41.33...51.33 covers the pixel at 50 whole.
        #expect(try page.waitForPixel(50, 5, [255, 0, 0, 255]))

        _ = try browser.run("document.getElementById('play').click(); return true")
        #expect(try page.waitForPixel(85, 5, [255, 0, 0, 255]))
        #expect(try page.pixel(45, 5) == [255, 255, 255, 255])
    }

    @Test("""
        an edited property is set in the worker and re-rendered; "save as scene" writes the scene with the edit \
        next to it under a new name and leaves the scene file alone
        """)
    func edits() throws {
        let text = previewScene()
        let scene = try writeScene(text)
        let preview = try PreviewProcess(scene: scene)
        let browser = try WebDriver()
        defer { browser.quit() }
        let page = Page(browser: browser)
        try browser.open(preview.url)
        #expect(try page.waitForPixel(20, 20, [255, 0, 0, 255]), "stderr: \(preview.stderr)")
        // Values as a scene file writes them.
        #expect(try page.waitForInspected("root.subviews[0]", "color", ##""#ff0000""##))
        #expect(try page.inspected("root.subviews[0]", "cornerRadius") == "0")
        #expect(try page.inspected("root.subviews[0]", "frame") == "[10, 10, 30, 30]")
        _ = try browser.run("""
            const input = document.querySelector('#properties input[data-property="color"]');
            input.value = '"#00ff00"';
            input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' })); return true;
            """)
        #expect(try page.waitForPixel(20, 20, [0, 255, 0, 255]), "stderr: \(preview.stderr)")
        #expect(try page.waitForInspected("root.subviews[0]", "color", ##""#00ff00""##))
        // A value of the wrong type is refused with the property's name.
        _ = try browser.run("""
            const input = document.querySelector('#properties input[data-property="cornerRadius"]');
            input.value = '[1, 2]';
            input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' })); return true;
            """)
        #expect(try browser.wait(until: "return (window.easelPreview.status.editError || '').startsWith('cornerRadius: ')"))

        _ = try browser.run("document.getElementById('save').click(); return true")
        #expect(try browser.wait(until: "return !!window.easelPreview.status.saved"))
        let saved = scene.deletingLastPathComponent().appendingPathComponent("scene.edited.json")
        #expect(try browser.run("return window.easelPreview.status.saved") as? String == saved.path)
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: saved)) as? [String: Any]
        let root = object?["root"] as? [String: Any]
        let swatch = (root?["subviews"] as? [[String: Any]])?.first
        #expect((swatch?["properties"] as? [String: Any])?["color"] as? String == "#00ff00")
        #expect(try String(contentsOf: scene, encoding: .utf8) == text)
        // A second save never overwrites the first.
        _ = try browser.run("document.getElementById('save').click(); return true")
        let second = scene.deletingLastPathComponent().appendingPathComponent("scene.edited-2.json")
        #expect(try browser.wait(until: "return window.easelPreview.status.saved === arguments[0]".replacingOccurrences(of: "arguments[0]", with: "'\(second.path)'")))
    }

    @Test("at devicePixelRatio 2 the frame is rendered at 2 pixels per point, and a tap still lands on the point under it")
    func devicePixelRatio() throws {
        let scene = try writeScene(pickerScene())
        let preview = try PreviewProcess(scene: scene)
        let browser = try WebDriver(deviceScaleFactor: 2)
        defer { browser.quit() }
        let page = Page(browser: browser)
        try browser.open(preview.url)
        #expect(try browser.wait(20, until: "const c = document.getElementById('frame'); return c.width === 400 && c.height === 120"),
                "stderr: \(preview.stderr)")
        #expect(try page.waitForPixel(30, 106, [0, 0, 255, 255]))
        #expect(try page.number("p.status.scale") == 2)
        try page.tap(182, 27)
        #expect(try page.waitForInspected("root.subviews[0]", "index", "1"), "stderr: \(preview.stderr)")
    }

    @Test("two tabs watch one preview: a tap in one shows in both; a client that never reads blocks neither the renders nor the other page")
    func twoPagesAndAStalledClient() throws {
        let scene = try writeScene(pickerScene())
        let preview = try PreviewProcess(scene: scene)
        // A WebSocket client with a tiny receive buffer that never reads after the handshake.
        let stalled = try StalledSocket(port: preview.port, token: preview.token)
        defer { stalled.close() }
        let first = try WebDriver(), second = try WebDriver()
        defer { first.quit(); second.quit() }
        try first.open(preview.url)
        try second.open(preview.url)
        let a = Page(browser: first), b = Page(browser: second)
        #expect(try a.waitForInspected("root.subviews[0]", "index", "0"), "stderr: \(preview.stderr)")
        #expect(try b.waitForInspected("root.subviews[0]", "index", "0"))
        for expected in 1...4 {
            try a.tap(182, 27)
            #expect(try a.waitForInspected("root.subviews[0]", "index", "\(expected)"), "stderr: \(preview.stderr)")
            #expect(try b.waitForInspected("root.subviews[0]", "index", "\(expected)"))
        }
        // Many whole frames for the stalled client: edits of the scene file.
        for round in 0..<6 {
            try replaceFile(scene, with: pickerScene(index: round % 2))
            #expect(try b.waitForInspected("root.subviews[0]", "index", "\(round % 2)"))
        }
        #expect(try b.waitForPixel(15, 53, [0, 0, 255, 255]))
    }

    @Test("an image the scene names, edited on disk, is drawn again; a plugin added to the folder renders, rebuilt and copied over it draws anew, removed it is missing again")
    func imagesAndPluginFolders() throws {
        let folder = try Fixtures.makeTemporaryDirectory("preview-image")
        let image = folder.appendingPathComponent("dot.png")
        try RasterImage(width: 4, height: 4, pixels: Array(repeating: RGBA(r: 255, g: 0, b: 0), count: 16)).write(to: image.path)
        let plugins = try Fixtures.makeTemporaryDirectory("preview-added")
        let scene = folder.appendingPathComponent("scene.json")
        try Data(##"""
            { "canvas": { "size": [60, 30], "scale": 1, "background": "#ffffff" },
              "root": { "subviews": [ { "class": "ImageView", "frame": [0, 0, 20, 20], "image": "dot.png" },
                                      { "class": "TintView", "frame": [30, 0, 20, 20] } ] } }
            """##.utf8).write(to: scene)
        let preview = try PreviewProcess(scene: scene, plugins: [plugins])
        let browser = try WebDriver()
        defer { browser.quit() }
        let page = Page(browser: browser)
        try browser.open(preview.url)
        // TintView is not there yet: the panel names it.
        #expect(try browser.wait(20, until: "return !document.getElementById('panel').hidden"), "stderr: \(preview.stderr)")
        #expect((try browser.run("return document.getElementById('panel-message').textContent") as? String ?? "").contains("TintView"))

        let staging = try Fixtures.makeTemporaryDirectory("preview-added-build")
        let built = try Fixtures.buildFixture("preview_tint", into: staging)
        try FileManager.default.copyItem(at: built, to: plugins.appendingPathComponent("preview_tint.so"))
        #expect(try page.waitForPixel(40, 10, [255, 0, 0, 255]), "stderr: \(preview.stderr)")
        #expect(try page.pixel(10, 10) == [255, 0, 0, 255])
        // Rebuilt with another colour and copied over the loaded file, as `cp` does: the new code draws.
        let rebuilt = try Fixtures.buildFixture("preview_tint", into: try Fixtures.makeTemporaryDirectory("preview-rebuilt"),
                                                linkArguments: ["-DTINT_R=0", "-DTINT_B=1"])
        try Data(contentsOf: rebuilt).write(to: plugins.appendingPathComponent("preview_tint.so"))
        #expect(try page.waitForPixel(40, 10, [0, 0, 255, 255]), "stderr: \(preview.stderr)")
        #expect(try page.pixel(10, 10) == [255, 0, 0, 255])
        #expect(try browser.run("return document.getElementById('panel').hidden") as? Bool == true)

        try RasterImage(width: 4, height: 4, pixels: Array(repeating: RGBA(r: 0, g: 0, b: 255), count: 16)).write(to: image.path)
        #expect(try page.waitForPixel(10, 10, [0, 0, 255, 255]))

        try FileManager.default.removeItem(at: plugins.appendingPathComponent("preview_tint.so"))
        #expect(try browser.wait(20, until: "return !document.getElementById('panel').hidden"))
        #expect(try page.pixel(10, 10) == [0, 0, 255, 255])   // the last good frame stays
    }

    @Test("""
        the inspector shows a view placed by constraints at its solved frame with the constraints its superview holds, \
        its class's selectors with their signatures, its drawRect: time, and the pointer in its own coordinates
        """)
    func inspectorDetails() throws {
        let scene = try writeScene(##"""
            { "canvas": { "size": [100, 60], "scale": 1, "background": "#ffffff" },
              "root": { "subviews": [
                { "class": "Swatch", "id": "box", "opaque": false, "properties": { "color": "#ff0000", "cornerRadius": 0 },
                  "constraints": [ "self.centerX == superview.centerX", "self.centerY == superview.centerY",
                                   "self.width == 40", "self.height == 20" ] } ] } }
            """##)
        let preview = try PreviewProcess(scene: scene)
        let browser = try WebDriver()
        defer { browser.quit() }
        let page = Page(browser: browser)
        try browser.open(preview.url)
        #expect(try page.waitForPixel(31, 21, [255, 0, 0, 255]), "stderr: \(preview.stderr)")
        #expect(try page.pixel(29, 21) == [255, 255, 255, 255] && page.pixel(69, 39) == [255, 0, 0, 255])
        // (100 - 40) / 2 and (60 - 20) / 2: the frame the solver gave.
        #expect(try page.waitForInspected("root.subviews[0]", "frame", "[30, 20, 40, 20]"))
        let drawTime = try page.inspected("root.subviews[0]", "drawRect:") ?? ""
        #expect(drawTime.hasSuffix(" ms") && Double(drawTime.dropLast(3)).map { $0 >= 0 && $0 < 10_000 } == true, "\(drawTime)")
        let selectors = try browser.run("""
            return Array.from(document.querySelectorAll('#selectors li')).map((item) => [item.textContent, item.title]);
            """) as? [[String]] ?? []
        #expect(selectors.contains(["-[Swatch drawRect:(CGRect)]", "v@:{CGRect={CGPoint=dd}{CGSize=dd}}"]))
        #expect(selectors.contains(["-[Swatch sizeThatFits:(CGSize)] -> CGSize", "{CGSize=dd}@:{CGSize=dd}"]))
        #expect(selectors.contains(["-[Swatch drawBadgeAt:(CGPoint) count:(int32_t) filled:(BOOL) label:(char *)]", "v@:{CGPoint=dd}iB*"]))
        // Hovering: the pointer at scene point (35, 27) is (5, 7) in the swatch's coordinates.
        let (x, y) = try page.viewport(35, 27)
        try browser.pointerActions([[.move(x: x, y: y)]])
        #expect(try browser.wait(until: "return document.getElementById('pointer').textContent.startsWith('pointer in Swatch: ')"))
        // (WebDriver moves to whole viewport pixels: within half a point of 5, 7 at any zoom of at least 1.)
        let shown = try browser.run("return document.getElementById('pointer').textContent") as? String ?? ""
        let numbers = shown.dropFirst("pointer in Swatch: ".count).split(separator: ", ").compactMap { Double($0) }
        #expect(numbers.count == 2 && abs(numbers[0] - 5) <= 0.5 && abs(numbers[1] - 7) <= 0.5, "\(shown)")
        // The constraints, as the views that hold them list them: the centring ones by the superview, the sizes by the swatch.
        let own = try page.inspected("root.subviews[0]", "constraints") ?? ""
        let held = try page.inspected("root", "constraints") ?? ""
        let lines = (own + "\n" + held).split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(lines)")
        #expect(lines.filter { $0.hasPrefix("<LayoutConstraint Swatch:") }.count == 4, "\(lines)")
        #expect(lines.contains { $0.contains(".centerX == Window:") && $0.hasSuffix(".centerX>") }, "\(lines)")  // a scene's root is its window
        #expect(lines.contains { $0.contains(".width == 40") }, "\(lines)")
    }

    @Test("without a scene the page shows the gallery of every view class; --host prints its warning")
    func galleryAndHostWarning() throws {
        let preview = try PreviewProcess(scene: nil, extraArguments: ["--host", "0.0.0.0"])
        #expect(preview.stderr.contains("warning: --host 0.0.0.0: the preview is reachable from other machines on that address; "
                                        + "anyone who has the URL (its token) can see the scene and make it render"))
        #expect(preview.url.hasPrefix("http://127.0.0.1:"))
        let browser = try WebDriver()
        defer { browser.quit() }
        let page = Page(browser: browser)
        try browser.open(preview.url)
        #expect(try browser.wait(60, until: "return window.easelPreview.framesDrawn > 0"), "stderr: \(preview.stderr)")
        #expect(try browser.run("return document.getElementById('scene').textContent") as? String == "gallery of every view class")
        #expect(try page.number("document.getElementById('frame').width") ?? 0 > 100)
        // The gallery is a picture, not a live scene: no clock.
        #expect(try browser.run("return document.getElementById('play').disabled") as? Bool == true)
    }
}

/// A WebSocket client that does the handshake and then never reads (a receive buffer of 4 KB fills at once).
final class StalledSocket {
    let fd: Int32

    init(port: Int, token: String) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw FixtureError("socket: \(String(cString: strerror(errno)))") }
        var size: Int32 = 4096
        setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw FixtureError("connect: \(String(cString: strerror(errno)))") }
        let request = Array(RawHTTP.handshake("/ws?token=\(token)", host: "127.0.0.1:\(port)", origin: "http://127.0.0.1:\(port)").utf8)
        guard request.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) == request.count else {
            throw FixtureError("write: \(String(cString: strerror(errno)))")
        }
        var buffer = [UInt8](repeating: 0, count: 256)
        guard read(fd, &buffer, buffer.count) > 12, String(decoding: buffer[9..<12], as: UTF8.self) == "101" else {
            throw FixtureError("the stalled client's handshake was not accepted")
        }
    }

    func close() { Glibc.close(fd) }
}
