import EaselTestSupport
import Foundation
import Testing

/// A Swatch (red) and a view of a plugin class at 30, 0, 20 × 20, on a white 60 × 30 canvas at scale 1.
private func pluginScene(_ className: String) -> String {
    ##"""
    { "canvas": { "size": [60, 30], "scale": 1, "background": "#ffffff" },
      "root": { "subviews": [
        { "class": "Swatch", "frame": [0, 0, 20, 20], "opaque": false, "properties": { "color": "#ff0000", "cornerRadius": 0 } },
        { "class": "\##(className)", "frame": [30, 0, 20, 20] } ] } }
    """##
}

/// The failure panel's fields (`class`, `selector`, `plugin`, `plugin file`, `reason`, `JSON path`, …) as the page shows them.
private func panelFields(_ browser: WebDriver) throws -> [String: String] {
    let fields = try browser.run("""
        const list = {}; for (const dt of document.querySelectorAll('#panel-fields dt')) list[dt.textContent] = dt.nextElementSibling.textContent;
        return list;
        """) as? [String: Any] ?? [:]
    return fields.compactMapValues { $0 as? String }
}

@Suite("easel preview's failure panel for plugins that cannot be loaded or raise an error while drawing (headless Chromium)", .serialized)
struct FailurePanelTests {
    @Test("""
        a plugin file rebuilt into one that cannot be loaded (not an ELF file, then an entry point that returns NULL) shows \
        the panel naming the file and the reason while the last good frame stays, dimmed; the next good build clears it and draws
        """)
    func pluginThatCannotBeLoaded() throws {
        let plugins = try Fixtures.makeTemporaryDirectory("preview-load-failure")
        let plugin = plugins.appendingPathComponent("preview_tint.so")
        try FileManager.default.copyItem(
            at: try Fixtures.buildFixture("preview_tint", into: try Fixtures.makeTemporaryDirectory("preview-load-red")), to: plugin)
        let broken = try Fixtures.buildFixture("entry_null", into: try Fixtures.makeTemporaryDirectory("preview-load-null"))
        let blue = try Fixtures.buildFixture("preview_tint", into: try Fixtures.makeTemporaryDirectory("preview-load-blue"),
                                             linkArguments: ["-DTINT_R=0", "-DTINT_B=1"])
        let scene = try writeScene(pluginScene("TintView"))
        let preview = try PreviewProcess(scene: scene, plugins: [plugins])
        let browser = try WebDriver()
        defer { browser.quit() }
        let page = Page(browser: browser)
        try browser.open(preview.url)
        #expect(try page.waitForPixel(40, 10, [255, 0, 0, 255]), "stderr: \(preview.stderr)")
        #expect(try browser.run("return document.getElementById('panel').hidden") as? Bool == true)

        // The build went wrong and wrote text where the shared object should be.
        try overwrite(plugin, with: Data("this is not a shared object\n".utf8))
        #expect(try browser.wait(20, until: "return !document.getElementById('panel').hidden"), "stderr: \(preview.stderr)")
        var fields = try panelFields(browser)
        #expect(try browser.run("return document.getElementById('panel-title').textContent") as? String == "A plugin cannot be loaded")
        #expect(fields["plugin file"] == plugin.path)
        #expect(fields["reason"] == "not a shared object (no ELF header)")
        #expect(fields["plugin"] == "preview_tint")
        #expect(try browser.run("return document.getElementById('panel-message').textContent") as? String
                == "\(plugin.path): not a shared object (no ELF header)")
        // The last good frame stays, dimmed.
        #expect(try page.pixel(40, 10) == [255, 0, 0, 255])
        #expect(try page.pixel(10, 10) == [255, 0, 0, 255])
        #expect(try browser.run("return document.getElementById('frame').classList.contains('stale')") as? Bool == true)

        // A shared object whose entry point refuses to load.
        try overwrite(plugin, with: try Data(contentsOf: broken))
        #expect(try browser.wait(20, until: """
            const dt = [...document.querySelectorAll('#panel-fields dt')].find((item) => item.textContent === 'reason');
            return !!dt && dt.nextElementSibling.textContent.includes('returned NULL');
            """), "stderr: \(preview.stderr)")
        fields = try panelFields(browser)
        #expect(fields["reason"] == "the entry point 'easel_plugin_entry_v2' returned NULL")
        #expect(fields["plugin file"] == plugin.path)
        #expect(try page.pixel(40, 10) == [255, 0, 0, 255])

        // The next good build: the panel goes and the new code draws.
        try overwrite(plugin, with: try Data(contentsOf: blue))
        #expect(try page.waitForPixel(40, 10, [0, 0, 255, 255]), "stderr: \(preview.stderr)")
        #expect(try browser.run("return document.getElementById('panel').hidden") as? Bool == true)
        #expect(try browser.run("return document.getElementById('frame').classList.contains('stale')") as? Bool == false)
        #expect(try page.pixel(10, 10) == [255, 0, 0, 255])
    }

    @Test("""
        a plugin whose drawRect: raises an error (a negative line width) shows the panel with the class, selector, plugin, \
        its file, the reason and the view's JSON path while the last good frame stays; the next good build clears it
        """)
    func drawingError() throws {
        let plugins = try Fixtures.makeTemporaryDirectory("preview-draw-error")
        let plugin = plugins.appendingPathComponent("draw_error.so")
        let fixed = try Fixtures.buildFixture("draw_error", into: try Fixtures.makeTemporaryDirectory("preview-draw-fixed"),
                                              linkArguments: ["-DFIXED"])
        let faulty = try Fixtures.buildFixture("draw_error", into: try Fixtures.makeTemporaryDirectory("preview-draw-faulty"))
        try FileManager.default.copyItem(at: fixed, to: plugin)
        let scene = try writeScene(pluginScene("FaultyView"))
        let preview = try PreviewProcess(scene: scene, plugins: [plugins])
        let browser = try WebDriver()
        defer { browser.quit() }
        let page = Page(browser: browser)
        try browser.open(preview.url)
        #expect(try page.waitForPixel(40, 10, [0, 255, 0, 255]), "stderr: \(preview.stderr)")

        try overwrite(plugin, with: try Data(contentsOf: faulty))
        #expect(try browser.wait(20, until: "return !document.getElementById('panel').hidden"), "stderr: \(preview.stderr)")
        let fields = try panelFields(browser)
        #expect(try browser.run("return document.getElementById('panel-title').textContent") as? String == "Plugin code failed")
        #expect(fields["class"] == "FaultyView")
        #expect(fields["selector"] == "drawRect:")
        #expect(fields["plugin"] == "draw_error")
        #expect(fields["plugin file"] == plugin.path)
        #expect(fields["reason"] == "set_line_width: negative width -1.0")
        #expect(fields["JSON path"] == "root.subviews[1]")
        #expect(try browser.run("return document.getElementById('panel-message').textContent") as? String
                == "\(scene.path): root.subviews[1]: -[FaultyView drawRect:] failed: set_line_width: negative width -1.0 (plugin draw_error, \(plugin.path))")
        #expect(try page.pixel(40, 10) == [0, 255, 0, 255])
        #expect(try browser.run("return document.getElementById('frame').classList.contains('stale')") as? Bool == true)

        try overwrite(plugin, with: try Data(contentsOf: fixed))
        #expect(try browser.wait(20, until: "return document.getElementById('panel').hidden"), "stderr: \(preview.stderr)")
        #expect(try page.pixel(40, 10) == [0, 255, 0, 255])
        #expect(try browser.run("return document.getElementById('frame').classList.contains('stale')") as? Bool == false)
    }
}
