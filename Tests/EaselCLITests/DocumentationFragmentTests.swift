import EaselABI
import EaselDiscovery
import EaselGeometry
import EaselGraphicsCore
import EaselRuntime
import EaselTestSupport
import EaselViews
import Foundation
import Testing

/// The articles' EaselPluginKit fragments, each completed into a plugin around it (the variables it
/// uses declared before it, what it made drawn after it), built with swiftc against the kit and
/// rendered; and the command-line article's transcript, run command by command.
@Suite("The articles' fragments and transcripts run as written")
struct DocumentationFragmentTests {
    /// `fragment` (the documentation's block) placed between `before` and `after`, indented to fit.
    static func complete(_ before: String, _ fragment: String, _ after: String) -> String {
        before + fragment.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            .map { $0.isEmpty ? "" : "        " + $0 }.joined(separator: "\n") + "\n" + after
    }

    @Test("Images.md: a tile from pixel data, tiled without interpolation; a fill through an image mask; an ImageRenderer's image")
    func imageDrawing() throws {
        let folder = try Fixtures.makeTemporaryDirectory("doc-image-drawing")
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("DocImages.swift")
        try Self.complete("""
            import EaselPluginKit

            @_cdecl("easel_plugin_entry_v2")
            public func easelPluginEntry(_ host: UnsafeRawPointer?) -> UnsafeRawPointer? {
                Plugin.entry(host, name: "DocImages", classes: [DocImages.self])
            }

            struct DocImages: ViewClass {
                static var methods: [Method<DocImages>] {
                    [.drawRect { view, _, g in
                        do { try draw(view, g) } catch { view.log("\\(error)") }
                    }]
                }
            }

            func draw(_ view: Instance<DocImages>, _ g: Graphics) throws {
                let bounds = Rect(x: 0, y: 0, width: 40, height: 40)
                // A 2 x 2 checker, red and blue (premultiplied ARGB words); the mask: its top-left pixel opaque.
                let pixels: [UInt32] = [0xFFFF_0000, 0xFF00_00FF, 0xFF00_00FF, 0xFFFF_0000]
                let maskPixels: [UInt32] = [0xFF00_0000, 0, 0, 0]
                let mask = try maskPixels.withUnsafeBytes { try Image(pixels: $0, width: 2, height: 2, bytesPerRow: 8) }
                g.setFillColor(Color(red: 0, green: 1, blue: 0, alpha: 1))

            """, try readmeExample("image-drawing.swift"), """
                g.draw(badge, in: Rect(x: 50, y: 0, width: 10, height: 10))
            }

            """).write(to: source, atomically: true, encoding: .utf8)
        try KitFixtures.buildSwiftPlugin(source: source, moduleName: "DocImages", into: folder)
        let output = folder.appendingPathComponent("out.png")
        let result = try easel(["invoke", "DocImages", "drawRect:", "0,0,60,40", "--plugins", folder.path,
                                "--size", "60x40", "-o", output.path])
        #expect(result.status == 0 && result.stderr == "", "\(result.stderr)")
        let image = try RasterImage(contentsOfPNG: output.path)
        let red = RGBA(r: 255, g: 0, b: 0), blue = RGBA(r: 0, g: 0, b: 255), green = RGBA(r: 0, g: 255, b: 0)
        // The tile: 4 x 4 points, 2 points a pixel, repeated from the origin, with sharp edges.
        for (x, y, expected) in [(21, 21, red), (23, 21, blue), (21, 23, blue), (23, 23, red), (37, 39, blue), (39, 37, blue), (25, 35, blue), (24, 20, red)] {
            #expect(image.pixel(x: x, y: y) == expected, "(\(x), \(y))")
        }
        // The green fill through the mask: only where the mask's opaque pixel covers, the top-left quarter.
        for (x, y) in [(1, 1), (10, 10), (18, 18), (3, 17)] { #expect(image.pixel(x: x, y: y) == green, "(\(x), \(y))") }
        // The badge: 10 x 10 points, its left half filled with the bitmap context's default black.
        #expect(image.pixel(x: 52, y: 5) == RGBA(r: 0, g: 0, b: 0))
        #expect(image.pixel(x: 57, y: 5).a == 0)
        #expect(image.pixel(x: 52, y: 15).a == 0)
    }

    @Test("Views.md: a layer with an image and a delegate, an image view showing its highlighted image, the view's content mode")
    func kitLayers() throws {
        let folder = try Fixtures.makeTemporaryDirectory("doc-kit-layers")
        defer { try? FileManager.default.removeItem(at: folder) }
        let plugins = folder.appendingPathComponent("plugins")
        let resources = plugins.appendingPathComponent("DocLayers.resources")
        try FileManager.default.createDirectory(at: resources, withIntermediateDirectories: true)
        // badge.png: 48 x 28 orange; photo.png: 20 x 10 red; other.png: 20 x 2 green (an image view fits it as a band).
        func solid(_ width: Int, _ height: Int, _ color: RGBA) -> RasterImage {
            RasterImage(width: width, height: height, pixels: Array(repeating: color, count: width * height))
        }
        try solid(48, 28, RGBA(r: 255, g: 128, b: 0)).write(to: resources.appendingPathComponent("badge.png").path)
        try solid(20, 10, RGBA(r: 255, g: 0, b: 0)).write(to: resources.appendingPathComponent("photo.png").path)
        try solid(20, 2, RGBA(r: 0, g: 255, b: 0)).write(to: resources.appendingPathComponent("other.png").path)

        let source = folder.appendingPathComponent("DocLayers.swift")
        try Self.complete("""
            import EaselPluginKit

            @_cdecl("easel_plugin_entry_v2")
            public func easelPluginEntry(_ host: UnsafeRawPointer?) -> UnsafeRawPointer? {
                Plugin.entry(host, name: "DocLayers", classes: [DocLayers.self, RingPainter.self])
            }

            /// The badge layer's delegate: a blue ring 4 points wide inside the layer's bounds.
            struct RingPainter: PluginClass {
                static var methods: [Method<RingPainter>] {
                    [.drawLayer { _, layer, g in
                        let b = layer.bounds
                        g.setStrokeColor(Color(red: 0, green: 0, blue: 1, alpha: 1))
                        g.setLineWidth(4)
                        g.addEllipse(in: Rect(x: b.minX + 2, y: b.minY + 2, width: b.width - 4, height: b.height - 4))
                        g.strokePath()
                    }]
                }
            }

            struct DocLayers: ViewClass {
                static var methods: [Method<DocLayers>] {
                    [.initialize { view in
                        do { try arrange(view) } catch { view.log("\\(error)") }
                    }]
                }
            }

            func arrange(_ view: Instance<DocLayers>) throws {
                let image = try Image(named: "photo", for: view)
                let other = try Image(named: "other", for: view)

            """, try readmeExample("kit-layers.swift"), """
                let origin = badge.frame.origin, size = badge.bounds.size
                view.log("badge \\(origin.x),\\(origin.y) \\(size.width)x\\(size.height) delegate \\(badge.delegate?.className ?? "none"); "
                         + "photo highlighted \\(photo.isHighlighted); mode \\(view.contentMode == .redraw) stretch \\(view.contentStretch.origin.x)")
            }

            """).write(to: source, atomically: true, encoding: .utf8)
        try KitFixtures.buildSwiftPlugin(source: source, moduleName: "DocLayers", into: plugins)
        let scene = folder.appendingPathComponent("scene.json")
        try Data(##"{"canvas": {"size": [100, 60], "background": "#ffffff"}, "root": {"subviews": [{"class": "DocLayers", "frame": [0, 0, 100, 60]}]}}"##.utf8)
            .write(to: scene)
        let output = folder.appendingPathComponent("out.png")
        let result = try easel(["render", scene.path, "--plugins", plugins.path, "-o", output.path])
        #expect(result.status == 0, "\(result.stderr)")
        // What the fragment set, read back through the kit.
        #expect(result.stderr.contains("badge 26.0,16.0 48.0x28.0 delegate RingPainter; photo highlighted true; mode true stretch 0.4"),
                "\(result.stderr)")
        let image = try RasterImage(contentsOfPNG: output.path)
        let white = RGBA(r: 255, g: 255, b: 255), green = RGBA(r: 0, g: 255, b: 0)
        // The image view over the whole view shows its highlighted image (20 x 2), fitted: a band y 25...35.
        for x in [2, 50, 97] { #expect(image.pixel(x: x, y: 30) == green, "x \(x)") }
        #expect(image.pixel(x: 5, y: 10) == white)
        #expect(image.pixel(x: 5, y: 50) == white)
        // The badge layer, 48 x 28 centred (26...74, 16...44), under the image view: seen above and below the band,
        // its image (orange) with its delegate's blue ring over it (Layers.md: contents, then the delegate's drawing).
        let orange = RGBA(r: 255, g: 128, b: 0), ringBlue = RGBA(r: 0, g: 0, b: 255)
        for (x, y) in [(28, 18), (72, 42), (50, 22), (50, 38)] { #expect(image.pixel(x: x, y: y) == orange, "(\(x), \(y))") }
        for (x, y) in [(50, 18), (50, 42)] { #expect(image.pixel(x: x, y: y) == ringBlue, "(\(x), \(y))") }
        #expect(image.pixel(x: 20, y: 20) == white)
        #expect(image.pixel(x: 80, y: 40) == white)
    }

    /// Builds `source` (C) into `lib<name>.so` in a fresh folder; the folder.
    static func buildC(_ source: String, name: String) throws -> URL {
        let folder = try Fixtures.makeTemporaryDirectory("doc-\(name)")
        let file = folder.appendingPathComponent("\(name).c")
        try source.write(to: file, atomically: true, encoding: .utf8)
        let build = try Fixtures.run(URL(fileURLWithPath: "/usr/bin/env"),
            ["cc", "-std=c99", "-shared", "-fPIC", "-I", Fixtures.abiIncludeDirectory.path, file.path,
             "-o", folder.appendingPathComponent("lib\(name).so").path])
        #expect(build.status == 0, "\(build.stderr)")
        return folder
    }

    @Test("Animation.md: the C animation block slides the view to (80, 0) on the media clock, with a spring")
    func animationSlide() throws {
        let folder = try Self.buildC("""
            #include "easel.h"
            #include "easel_util.h"

            static const easel_host_api *g_host;

            \(try readmeExample("animation-slide.c"))
            static void Mover_drawRect(easel_object *self, easel_sel _cmd, easel_rect rect) {
                (void)self; (void)_cmd;
                easel_context *ctx = g_host->graphics->current_context();
                g_host->graphics->set_fill_color(ctx, (easel_color){1, 0, 0, 1});
                g_host->graphics->fill_rect(ctx, rect);
            }
            static const easel_method_desc methods[] = {
                EASEL_METHOD("go", "v@:", Mover_go),
                EASEL_METHOD("drawRect:", "v@:" EASEL_ENCODE_RECT, Mover_drawRect),
            };
            static const easel_class_desc classes[] = {
                EASEL_CLASS_WITHOUT_PROPERTIES("Mover", "View", 8, methods),
            };
            EASEL_DEFINE_PLUGIN(plugin, "DocMover", classes);
            EASEL_PLUGIN_ENTRY(h) {
                g_host = h;
                return &plugin;
            }

            """, name: "DocMover")
        defer { try? FileManager.default.removeItem(at: folder) }
        let registry = Registry()
        registry.loadPlugins(from: [folder.path])
        #expect(registry.failures.map(\.description) == [])
        let root = try whiteRoot(registry, width: 100, height: 10)
        let mover = try registry.makeView(ofClass: "Mover", frame: rect(0, 0, 10, 10))
        try root.addSubview(mover)
        try registry.message(mover, "go").invoke()
        #expect(mover.frame == rect(80, 0, 10, 10))              // the model: at once
        #expect(mover.presentedCenter == easel_point(x: 5, y: 5))  // what is drawn: not yet
        registry.mediaClock.advance(to: 0.1)
        let moving = mover.presentedCenter.x
        #expect(moving > 5 && moving < 110, "x \(moving)")
        registry.mediaClock.advance(to: 0.3)                      // the 0.3 s spring is over
        #expect(mover.presentedCenter == easel_point(x: 85, y: 5))
        #expect(!mover.hasAnimations)
        let image = try fullImage(root)
        expectPixel(image, 85, 5, RGBA(r: 255, g: 0, b: 0))
        expectPixel(image, 5, 5, RGBA(r: 255, g: 255, b: 255))
    }

    @Test("Text.md: the C text block draws a caption of two lines at most, cut with an ellipsis, inside its box")
    func textTruncate() throws {
        let folder = try Self.buildC("""
            #include "easel.h"
            #include "easel_util.h"

            static const easel_host_api *host;

            static void Caption_drawRect(easel_object *self, easel_sel _cmd, easel_rect rect) {
                (void)self; (void)_cmd; (void)rect;
                easel_context *ctx = host->graphics->current_context();
                const char *caption = "A caption far too long for two lines of this narrow box, so the end of it is cut off";
                easel_rect box = {{10, 10}, {120, 60}};
                host->graphics->set_fill_color(ctx, (easel_color){0, 0, 0, 1});
            \(try readmeExample("text-truncate.c").split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
            }
            static const easel_method_desc methods[] = {
                EASEL_METHOD("drawRect:", "v@:" EASEL_ENCODE_RECT, Caption_drawRect),
            };
            static const easel_class_desc classes[] = {
                EASEL_CLASS_WITHOUT_PROPERTIES("Caption", "View", 8, methods),
            };
            EASEL_DEFINE_PLUGIN(plugin, "DocCaption", classes);
            EASEL_PLUGIN_ENTRY(h) {
                host = h;
                return &plugin;
            }

            """, name: "DocCaption")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("caption.png")
        let result = try easel(["invoke", "Caption", "drawRect:", "0,0,140,80", "--plugins", folder.path,
                                "--size", "140x80", "-o", output.path])
        #expect(result.status == 0 && result.stderr == "", "\(result.stderr)")
        let image = try RasterImage(contentsOfPNG: output.path)
        // Ink rows: two lines of 14-point text from the box's top, nothing below them or outside the box.
        var rows = Set<Int>(), outside = 0
        for y in 0..<80 {
            for x in 0..<140 where image.pixel(x: x, y: y).a > 100 {
                rows.insert(y)
                if x < 10 || x >= 130 || y < 10 || y >= 70 { outside += 1 }
            }
        }
        #expect(outside == 0)
        let first = rows.min() ?? 0, last = rows.max() ?? 0
        #expect(first >= 10 && first < 16, "ink from y \(first)")
        #expect(last > 30 && last < 50, "ink to y \(last): two lines, not three")   // a line of DejaVu Sans 14 is about 17 points
        #expect(rows.count > 20, "\(rows.count) rows with ink")
    }

    @Test("Images.md: the C image block loads /res/arrow@2x.png (2 pixels a point), draws it and its left half; a corrupt file is logged")
    func imagesLoad() throws {
        // The block names an absolute path; the plugin around it reads it under a folder of the test's
        // ($DOC_ROOT/res/arrow@2x.png), through a macro over the table's slot, and leaves the block as written.
        let folder = try Self.buildC("""
            #include <stdio.h>
            #include <stdlib.h>
            #include "easel.h"
            #include "easel_util.h"

            static const easel_host_api *host;

            static char doc_path[4096];
            static const char *doc_image_path(const char *path) {
                const char *root = getenv("DOC_ROOT");
                snprintf(doc_path, sizeof doc_path, "%s%s", root ? root : "", path);
                return doc_path;
            }
            #define load_image(path, ...) load_image(doc_image_path(path), __VA_ARGS__)

            static void Arrow_drawRect(easel_object *self, easel_sel _cmd, easel_rect rect) {
                (void)_cmd; (void)rect;
                easel_context *ctx = host->graphics->current_context();
            \(try readmeExample("images-load.c").split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
            }
            static const easel_method_desc methods[] = {
                EASEL_METHOD("drawRect:", "v@:" EASEL_ENCODE_RECT, Arrow_drawRect),
            };
            static const easel_class_desc classes[] = {
                EASEL_CLASS_WITHOUT_PROPERTIES("Arrow", "View", 8, methods),
            };
            EASEL_DEFINE_PLUGIN(plugin, "DocArrow", classes);
            EASEL_PLUGIN_ENTRY(h) {
                host = h;
                return &plugin;
            }

            """, name: "DocArrow")
        defer { try? FileManager.default.removeItem(at: folder) }
        let root = folder.appendingPathComponent("root")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("res"), withIntermediateDirectories: true)
        let file = root.appendingPathComponent("res/arrow@2x.png")
        // 40 x 20 pixels: 20 x 10 points, red on the left half, blue on the right.
        var pixels: [RGBA] = []
        for _ in 0..<20 { for x in 0..<40 { pixels.append(x < 20 ? RGBA(r: 255, g: 0, b: 0) : RGBA(r: 0, g: 0, b: 255)) } }
        try RasterImage(width: 40, height: 20, pixels: pixels).write(to: file.path)
        let output = folder.appendingPathComponent("arrow.png")
        let arguments = ["invoke", "Arrow", "drawRect:", "0,0,60,30", "--plugins", folder.path, "--size", "60x30", "-o", output.path]
        let result = try easel(arguments, environment: ["EASEL_PLUGIN_PATH": "", "DOC_ROOT": root.path])
        #expect(result.status == 0 && result.stderr == "", "\(result.stderr)")
        let image = try RasterImage(contentsOfPNG: output.path)
        let red = RGBA(r: 255, g: 0, b: 0), blue = RGBA(r: 0, g: 0, b: 255)
        #expect(image.pixel(x: 10, y: 12) == red)       // the image at (8, 8), 20 x 10 points
        #expect(image.pixel(x: 25, y: 12) == blue)
        #expect(image.pixel(x: 29, y: 12).a == 0)
        #expect(image.pixel(x: 45, y: 12) == red)       // its left half at (40, 8), 10 x 10 points
        #expect(image.pixel(x: 51, y: 12).a == 0)
        #expect(image.pixel(x: 10, y: 20).a == 0)       // below both

        // A corrupt PNG (its first 40 bytes): nothing drawn, the host's message logged as the block's comment shows.
        let bytes = try Data(contentsOf: file)
        try bytes.prefix(40).write(to: file)
        let corrupt = try easel(arguments, environment: ["EASEL_PLUGIN_PATH": "", "DOC_ROOT": root.path])
        #expect(corrupt.status == 0)
        #expect(corrupt.stderr.contains("cannot read \(file.path): corrupt PNG image: "), "\(corrupt.stderr)")
        let blank = try RasterImage(contentsOfPNG: output.path)
        #expect(blank.pixels.allSatisfy { $0.a == 0 })
    }

    @Test("PluginMetadata.md: both C blocks, each after a plugin declaring the classes they describe, show in easel inspect")
    func metadata() throws {
        let plugin = """
            #include "easel.h"
            #include "easel_util.h"

            static const easel_host_api *host;

            typedef struct { easel_color color; int32_t style; int32_t weight; } Storage;

            static void drawRect(easel_object *self, easel_sel _cmd, easel_rect rect) {
                (void)_cmd;
                Storage *s = host->object_storage(self, host->object_class(self));
                easel_context *ctx = host->graphics->current_context();
                host->graphics->set_fill_color(ctx, s->color);
                host->graphics->fill_rect(ctx, rect);
            }
            static const easel_property_desc properties[] = {
                EASEL_PROPERTY("color", EASEL_ENCODE_COLOR, Storage, color, NULL),
                EASEL_PROPERTY("style", "i", Storage, style, NULL),
                EASEL_PROPERTY("weight", "i", Storage, weight, NULL),
            };
            static const easel_method_desc methods[] = {
                EASEL_METHOD("drawRect:", "v@:" EASEL_ENCODE_RECT, drawRect),
            };
            static const easel_class_desc classes[] = {
                EASEL_CLASS(CLASS_NAME, "View", sizeof(Storage), properties, methods),
            };
            EASEL_DEFINE_PLUGIN(plugin, PLUGIN_NAME, classes);
            EASEL_PLUGIN_ENTRY(h) {
                host = h;
                return &plugin;
            }

            """
        let dots = try Self.buildC("#define CLASS_NAME \"Dot\"\n#define PLUGIN_NAME \"Dots\"\n" + plugin + (try readmeExample("metadata.c")), name: "Dots")
        let swatches = try Self.buildC("#define CLASS_NAME \"Swatch\"\n#define PLUGIN_NAME \"Swatches\"\n" + plugin + (try readmeExample("property-metadata.c")), name: "Swatches")
        defer { for folder in [dots, swatches] { try? FileManager.default.removeItem(at: folder) } }

        let dot = try easel(["inspect", "Dot", "--plugins", dots.path])
        #expect(dot.status == 0 && dot.stderr == "", "\(dot.stderr)")
        #expect(dot.stdout.hasPrefix("""
            class Dot : View : Object
              A dot of colour
              plugin Dots, \(dots.path)/libDots.so
                description: Dots for tests
                version: 1.2.0
                author: Ada Lovelace
                license: MIT
                url: https://example.org/dots
              preview: {"color": "#ff8800"}

            """), "\(dot.stdout)")
        let swatch = try easel(["inspect", "Swatch", "--plugins", swatches.path])
        #expect(swatch.status == 0 && swatch.stderr == "", "\(swatch.stderr)")
        #expect(swatch.stdout.hasPrefix("""
            class Swatch : View : Object
              A rectangle, pill or circle
              plugin Swatches, \(swatches.path)/libSwatches.so
                description: Swatches
                version: 1.0.0
                author: Ada
                license: MIT

            """), "\(swatch.stdout)")
        #expect(swatch.stdout.contains("""
              color: EaselColor = {red: 0, green: 0, blue: 0, alpha: 0}
                  The fill colour
              style: int32_t = rounded
                  The shape filled
                  values: rounded (0), pill (1), circle (2)
              weight: int32_t = 0
                  values: light (300), bold (700)

            """), "\(swatch.stdout)")
    }

    @Test("CommandLine.md: each command of the invoke transcript prints what the article shows, with the sample plugins")
    func invokeTranscript() throws {
        let transcript = try readmeExample("invoke-transcript.sh")
        var steps: [(command: String, output: [String])] = []
        for line in transcript.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            if line.hasPrefix("$ ") {
                steps.append((String(line.dropFirst(2)), []))
            } else {
                try #require(!steps.isEmpty, "the transcript starts with output: \(line)")
                steps[steps.count - 1].output.append(String(line))
            }
        }
        #expect(steps.count == 3)
        let workspace = try DocumentationWorkspace("doc-invoke-transcript")
        defer { try? FileManager.default.removeItem(at: workspace.root) }
        for step in steps {
            // No --plugins and no EASEL_PLUGIN_PATH: easel uses the folder it is in, the sample plugins'.
            let result = try workspace.run(step.command + " 2>&1")
            let printed = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
            #expect(printed == step.output, "$ \(step.command)")
            let refused = step.output.contains { $0.hasPrefix("error: ") }
            #expect(result.status == (refused ? 2 : 0), "$ \(step.command): status \(result.status)")
        }
        // The chart the second command drew: 200 x 200, with ink inside 10,10,180,100 and none below it.
        let chart = try RasterImage(contentsOfPNG: workspace.url("chart.png").path)
        #expect(chart.width == 200 && chart.height == 200)
        var inside = 0, below = 0
        for y in 0..<200 {
            for x in 0..<200 where chart.pixel(x: x, y: y).a > 0 {
                if (10..<190).contains(x) && (10..<110).contains(y) { inside += 1 } else if y >= 112 { below += 1 }
            }
        }
        #expect(inside > 100 && below == 0, "inside \(inside), below \(below)")
    }
}
