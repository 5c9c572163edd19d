import EaselGraphicsCore
import EaselTestSupport
import Foundation
import Testing

@Suite("easel list cannot be made to lie")
struct ListingNamesTests {
    @Test("a class name with a newline and a forged line is refused: the listing shows it escaped on one line and no forged class")
    func forgedClassLine() throws {
        let folder = try Fixtures.makeTemporaryDirectory("list-forged")
        chmod(folder.path, 0o755)
        let file = try Fixtures.buildFixture("bad_names", into: folder, linkArguments: ["-DFORGED_LINE"])
        chmod(file.path, 0o755)
        for arguments in [["list"], ["list", "--no-cache"]] {
            let result = try easel(arguments + ["--plugins", folder.path])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(!result.stdout.split(separator: "\n").contains { $0.hasPrefix("  class ") })
            #expect(!result.stdout.contains("\u{1B}"))
            #expect(result.stdout.contains(
                "\n  \(file.path): class #1: class name \"Evil\\x0a  class Forged : View\" has a control character at byte 4\n"))
        }
    }

    @Test("what a plugin printed before it crashed its scan is shown with its escapes written out")
    func escapedOutput() throws {
        let folder = try Fixtures.makeTemporaryDirectory("list-output")
        chmod(folder.path, 0o755)
        let file = try Fixtures.buildFixture("crash_entry", into: folder, linkArguments: ["-DEASEL_COLOURED_OUTPUT"])
        chmod(file.path, 0o755)
        let result = try easel(["list", "--plugins", folder.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.contains("\u{1B}"))
        #expect(result.stdout.contains("      | \\x1b[31mcrash_entry: about to write through a NULL pointer\n"))
    }

    @Test("a plugin file whose name is not UTF-8 is listed with the byte escaped and draws, in process and isolated")
    func nonUTF8FileName() throws {
        let folder = try Fixtures.makeTemporaryDirectory("list-bytes")
        chmod(folder.path, 0o755)
        let built = try Fixtures.buildFixture("good_extra", into: folder)
        let raw = Array(folder.path.utf8) + Array("/dot".utf8) + [0xFF] + Array(".so".utf8)
        let renamed = raw.withUnsafeBufferPointer { buffer -> Bool in
            let path = buffer.map { CChar(bitPattern: $0) } + [0]
            return rename(built.path, path) == 0 && chmod(path, 0o755) == 0
        }
        try #require(renamed)
        let shown = folder.path + "/dot\\xff.so"
        let listing = try easel(["list", "--no-cache", "--plugins", folder.path])
        #expect(listing.status == 0, "\(listing.stderr)")
        #expect(listing.stdout.contains("1 plugin loaded\n\n\(shown)\n"), "\(listing.stdout)")
        let json = try easel(["list", "--json", "--plugins", folder.path])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect((object?["plugins"] as? [[String: Any]])?.compactMap { $0["path"] as? String } == [shown])
        let scene = folder.appendingPathComponent("scene.json")
        try Data(##"{"canvas": {"size": [20, 20], "scale": 1, "background": "#ffffff"}, "root": {"class": "Dot", "frame": [0, 0, 20, 20], "opaque": false}}"##.utf8).write(to: scene)
        for extra in [[], ["--isolate"]] {
            let output = folder.appendingPathComponent("out\(extra.count).png")
            let result = try easel(["render", scene.path, "--plugins", folder.path, "-o", output.path] + extra)
            #expect(result.status == 0, "\(result.stderr)")
            let image = try decodePNGWithSpng(Array(Data(contentsOf: output)))
            expectPixel(image, 10, 10, black)  // the Dot's centre
            expectPixel(image, 1, 1, white)  // outside the circle, the canvas background
        }
    }
}

@Suite("easel list warns about view callbacks the host will not call")
struct ListingCallbackWarningTests {
    @Test("a view's drawRect:, layoutSubviews and touch method with the wrong encoding are warned about; a non-view's and a right one are not")
    func wrongCallbackEncodings() throws {
        let folder = try Fixtures.makeTemporaryDirectory("list-callbacks")
        chmod(folder.path, 0o755)
        let source = folder.appendingPathComponent("callbacks.c")
        try Data("""
            #include "easel.h"
            #include "easel_util.h"
            static void takesInt(easel_object *self, easel_sel cmd, int32_t n) { (void)self; (void)cmd; (void)n; }
            static void draw(easel_object *self, easel_sel cmd, easel_rect r) { (void)self; (void)cmd; (void)r; }
            static int32_t layout(easel_object *self, easel_sel cmd) { (void)self; (void)cmd; return 0; }
            static int32_t touchOne(easel_object *self, easel_sel cmd, easel_object *t, double e) { (void)self; (void)cmd; (void)t; (void)e; return 0; }
            static void touches(easel_object *self, easel_sel cmd, easel_object *t, easel_object *e) { (void)self; (void)cmd; (void)t; (void)e; }
            static const easel_method_desc wrong[] = {
                EASEL_METHOD("drawRect:", "v@:i", takesInt),
                EASEL_METHOD("layoutSubviews", "i@:", layout),
                EASEL_METHOD("touchesBegan:withEvent:", "i@:@d", touchOne),
            };
            static const easel_method_desc right[] = {
                EASEL_METHOD("drawRect:", "v@:" EASEL_ENCODE_RECT, draw),
                EASEL_METHOD("touchesEnded:withEvent:", "v@:@@", touches),
            };
            static const easel_method_desc model[] = { EASEL_METHOD("drawRect:", "v@:i", takesInt) };
            static const easel_class_desc classes[] = {
                EASEL_CLASS_WITHOUT_PROPERTIES("WrongView", "View", 0, wrong),
                EASEL_CLASS_WITHOUT_PROPERTIES("BelowWrong", "WrongView", 0, right),
                EASEL_CLASS_WITHOUT_PROPERTIES("Model", "Object", 0, model),
            };
            EASEL_DEFINE_PLUGIN(plugin, "callbacks", classes);
            EASEL_PLUGIN_ENTRY(host) { (void)host; return &plugin; }
            """.utf8).write(to: source)
        let library = try Fixtures.compileC(source, into: folder.appendingPathComponent("callbacks.so"))
        chmod(library.path, 0o755)
        let rect = "v@:{CGRect={CGPoint=dd}{CGSize=dd}}"
        let result = try easel(["list", "--plugins", folder.path])
        #expect(result.status == 0, "\(result.stderr)")
        let warnings = result.stdout.split(separator: "\n").filter { $0.hasPrefix("    warning: ") }
        #expect(warnings == [
            "    warning: -[WrongView drawRect:] is declared \"v@:i\", but views are sent drawRect: as \"\(rect)\": it will not be called",
            "    warning: -[WrongView layoutSubviews] is declared \"i@:\", but views are sent layoutSubviews as \"v@:\": it will not be called",
            "    warning: -[WrongView touchesBegan:withEvent:] is declared \"i@:@d\", but views are sent touchesBegan:withEvent: as \"v@:@@\": it will not be called",
        ])
        let json = try easel(["list", "--json", "--plugins", folder.path])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let classes = ((object?["plugins"] as? [[String: Any]])?.first?["classes"] as? [[String: Any]]) ?? []
        #expect(classes.map { ($0["warnings"] as? [String])?.count ?? 0 } == [3, 0, 0])
    }
}
