import EaselGraphicsCore
import EaselTestSupport
import Foundation
import Testing

@Suite("Fonts a plugin ships in its resource folder")
struct PluginFontTests {
    /// The columns holding dark ink in rows `rows` of `image`.
    func inkWidth(_ image: RasterImage, rows: Range<Int>) -> Int {
        var columns = Set<Int>()
        for y in rows { for x in 0..<image.width where image.pixel(x: x, y: y).r < 128 { columns.insert(x) } }
        guard let low = columns.min(), let high = columns.max() else { return 0 }
        return high - low + 1
    }

    @Test("a font file in <Name>.resources is registered when the plugin loads: its family draws monospaced; a broken one is a note")
    func shippedFont() throws {
        let mono = try #require(FileManager.default.contents(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"),
                                "fonts-dejavu-core is not installed")
        let folder = try Fixtures.makeTemporaryDirectory("plugin-font")
        chmod(folder.path, 0o755)
        let resources = folder.appendingPathComponent("lettering.resources")
        try FileManager.default.createDirectory(at: resources, withIntermediateDirectories: true)
        chmod(resources.path, 0o755)
        try Data(fontRenamingFamily(Array(mono), "DejaVu Sans Mono", "Easelplug Mono Y")).write(to: resources.appendingPathComponent("Lettering.ttf"))
        try Data("not a font".utf8).write(to: resources.appendingPathComponent("broken.otf"))
        let source = folder.appendingPathComponent("lettering.c")
        try Data("""
            #include "easel.h"
            #include "easel_util.h"
            #include <stddef.h>
            static const easel_host_api *g_host;
            static void draw(const char *text) {
                const easel_text_api *t = g_host->get_extension(EASEL_TEXT_EXTENSION_ID);
                easel_context *ctx = g_host->graphics->current_context();
                if (t == NULL || ctx == NULL) return;
                easel_font_desc font = { EASEL_ABI_VERSION, sizeof(easel_font_desc), NULL, "Easelplug Mono Y", 30, 0, 0, 0, 0 };
                g_host->graphics->set_fill_color(ctx, (easel_color){0, 0, 0, 1});
                t->set_font(ctx, &font);
                t->draw_text_at(ctx, text, -1, 4, 34, NULL, 0);
            }
            static void narrow(easel_object *s, easel_sel c, easel_rect r) { (void)s; (void)c; (void)r; draw("iiii"); }
            static void wide(easel_object *s, easel_sel c, easel_rect r) { (void)s; (void)c; (void)r; draw("mmmm"); }
            static const easel_method_desc narrowMethods[] = { EASEL_METHOD("drawRect:", "v@:" EASEL_ENCODE_RECT, narrow) };
            static const easel_method_desc wideMethods[] = { EASEL_METHOD("drawRect:", "v@:" EASEL_ENCODE_RECT, wide) };
            static const easel_class_desc classes[] = {
                EASEL_CLASS_WITHOUT_PROPERTIES("Narrow", "View", 0, narrowMethods),
                EASEL_CLASS_WITHOUT_PROPERTIES("Wide", "View", 0, wideMethods),
            };
            EASEL_DEFINE_PLUGIN(plugin, "lettering", classes);
            EASEL_PLUGIN_ENTRY(host) { g_host = host; return &plugin; }
            """.utf8).write(to: source)
        let library = try Fixtures.compileC(source, into: folder.appendingPathComponent("lettering.so"))
        chmod(library.path, 0o755)
        let scene = folder.appendingPathComponent("scene.json")
        try Data(##"""
            { "canvas": { "size": [200, 100], "scale": 1, "background": "#ffffff" },
              "root": { "subviews": [
                { "class": "Narrow", "frame": [0, 0, 200, 50], "opaque": false },
                { "class": "Wide", "frame": [0, 50, 200, 50], "opaque": false } ] } }
            """##.utf8).write(to: scene)
        let output = folder.appendingPathComponent("out.png")
        let result = try easel(["render", scene.path, "--plugins", folder.path, "-o", output.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("note: plugin lettering: cannot register font \(resources.path)/broken.otf: not a font file FreeType can read"),
                "\(result.stderr)")
        let image = try RasterImage(contentsOfPNG: output.path)
        let narrowInk = inkWidth(image, rows: 0..<50), wideInk = inkWidth(image, rows: 50..<100)
        // Monospaced: four i's span nearly the advance of four m's (the i's ink starts and ends inside its cell).
        #expect(narrowInk > 45 && wideInk > 60, "\(narrowInk) \(wideInk)")
        #expect(Double(narrowInk) > Double(wideInk) * 0.75, "iiii \(narrowInk) px, mmmm \(wideInk) px: not monospaced")
    }
}
