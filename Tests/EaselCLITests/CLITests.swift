import EaselGraphicsCore
import EaselCanvas
import EaselTestSupport
import Foundation
import Testing

@Suite("The easel command line")
struct CLITests {
    @Test("list with no flags finds the sample plugins next to the executable")
    func listDefault() throws {
        let result = try easel(["list"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let folder = try Fixtures.samplePluginsDirectory().path
        #expect(lines.prefix(4) == ["Plugin folders:", "  \(folder)", "", "9 plugins loaded"])
        for expected in [
            "  plugin Bubble, ABI 2.0",
            "  class BubbleView : View",
            "    property tailWidth: double  d",
            "    -[BubbleView drawTail:(CGRect)]  v@:{CGRect={CGPoint=dd}{CGSize=dd}}",
            "  plugin Charts, ABI 2.0",
            "  class Chart : Swatch",
            "    property lineWidth: double  d",
            "    -[Chart drawCurve:(CGRect) inContext:(void *)]  v@:{CGRect={CGPoint=dd}{CGSize=dd}}^v",
            "  class ChartCoordinator : Object",
            "    -[ChartCoordinator drawView:(id) inRect:(CGRect) inContext:(void *)]  v@:@{CGRect={CGPoint=dd}{CGSize=dd}}^v",
            "  plugin Graph, ABI 2.0",
            "  class GraphView : RHView",
            "    property curve: EaselPointArray  {EaselPointArray=^{CGPoint=dd}Q}",
            "    -[GraphView drawCurve:(CGRect) inContext:(void *)]  v@:{CGRect={CGPoint=dd}{CGSize=dd}}^v",
            "    -[GraphView drawBorder:(CGRect) inContext:(void *)]  v@:{CGRect={CGPoint=dd}{CGSize=dd}}^v",
            "  plugin GraphControl, ABI 2.0",
            "  class GraphController : ViewController",
            "    -[GraphController viewDidLoad]  v@:",
            "    -[GraphController drawView:(id) inRect:(CGRect) inContext:(void *)]  v@:@{CGRect={CGPoint=dd}{CGSize=dd}}^v",
            "  plugin Shapes, ABI 2.0",
            "    property color: EaselColor  {EaselColor=dddd}",
            "    -[Swatch drawRect:(CGRect)]  v@:{CGRect={CGPoint=dd}{CGSize=dd}}",
            "    -[Swatch drawBadgeAt:(CGPoint) count:(int32_t) filled:(BOOL) label:(char *)]  v@:{CGPoint=dd}iB*",
            "    -[Swatch sizeThatFits:(CGSize)] -> CGSize  {CGSize=dd}@:{CGSize=dd}",
            "    -[Tally addInt:(int32_t) toDouble:(double)] -> double  d@:id",
            "  class Tile : View",
            "    property borderColor: EaselColor  {EaselColor=dddd}",
            "    property tailColor: EaselColor  {EaselColor=dddd}",
            "    -[Tile init]  v@:",
            "    -[Tile drawTail:(CGRect)]  v@:{CGRect={CGPoint=dd}{CGSize=dd}}",
            "  plugin MiniPicker, ABI 2.0",
            "  class Label : View",
            "    property text: char *  *",
            "  class MiniPicker : View",
            "    property values: EaselStringArray  {EaselStringArray=^*Q}",
            "    -[MiniPicker drawArrows:(CGRect)]  v@:{CGRect={CGPoint=dd}{CGSize=dd}}",
            "  plugin CalendarPicker, ABI 2.0",
            "  class CalendarPicker : View",
            "    -[CalendarPicker pickerDidChange:(id)]  v@:@",
        ] {
            #expect(lines.contains(expected), "missing line: \(expected)")
        }
        #expect(!result.stdout.contains("failed to load"))
    }

    @Test("list --json describes plugins, classes, selectors and failures")
    func listJSON() throws {
        let zoo = try PluginZoo.folder()
        let samples = try Fixtures.samplePluginsDirectory()
        let result = try easel(["list", "--json", "--plugins", samples.path, "--plugins", zoo.path])
        #expect(result.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(json["folders"] as? [String] == [samples.path, zoo.path])
        let plugins = try #require(json["plugins"] as? [[String: Any]])
        #expect(plugins.compactMap { $0["name"] as? String } == ["Bubble", "CalendarPicker", "Charts", "Graph", "GraphControl", "ListView", "MiniPicker", "PhotoCard", "Shapes", "crash_draw", "good_extra", "hang_draw"])
        let shapes = try #require(plugins.first { $0["name"] as? String == "Shapes" })
        #expect(shapes["abiVersion"] as? String == "2.0")
        let classes = try #require(shapes["classes"] as? [[String: Any]])
        let swatch = try #require(classes.first { $0["name"] as? String == "Swatch" })
        #expect(swatch["superclass"] as? String == "View")
        let methods = try #require(swatch["methods"] as? [[String: String]])
        #expect(methods.first == ["selector": "drawRect:", "encoding": "v@:{CGRect={CGPoint=dd}{CGSize=dd}}",
                                  "signature": "-[Swatch drawRect:(CGRect)]"])
        let failures = try #require(json["failures"] as? [[String: Any]])
        #expect(failures.count == PluginZoo.brokenFiles.count)
        let arity = try #require(failures.first { $0["reason"] as? String == "arity-mismatch" })
        #expect(arity["path"] as? String == zoo.appendingPathComponent("bad_arity.so").path)
        #expect(arity["className"] as? String == "BadArity")
        #expect(arity["selector"] as? String == "drawRect:")
    }

    @Test("list reports every broken file with its path and reason and keeps the good plugins")
    func listFailures() throws {
        let zoo = try PluginZoo.folder()
        let samples = try Fixtures.samplePluginsDirectory()
        let result = try easel(["list", "--plugins", samples.path], environment: ["EASEL_PLUGIN_PATH": zoo.path])
        #expect(result.status == 0)
        #expect(result.stdout.contains("\n12 plugins loaded\n"))
        #expect(result.stdout.contains("  class Dot : View\n"))
        #expect(result.stdout.contains("\n\(PluginZoo.brokenFiles.count) files failed to load\n"))
        #expect(result.stdout.contains("  \(zoo.path)/no_entry.so: no entry point: the library does not export 'easel_plugin_entry_v2'\n"))
        #expect(result.stdout.contains("  \(zoo.path)/not_elf.so: not a shared object (no ELF header)\n"))
        #expect(result.stdout.contains("  \(zoo.path)/abi_minor.so: plugin ABI 2.1 is newer than the host's ABI 2.0; update Easel to load it\n"))
    }

    @Test("invoke prints a struct return value")
    func invokeReturn() throws {
        let result = try easel(["invoke", "Swatch", "sizeThatFits:", "120,40"])
        #expect(result.status == 0)
        #expect(result.stdout == "{width: 40, height: 40}\n")
        #expect(result.stderr == "")
        #expect(try easel(["invoke", "Tally", "addInt:toDouble:", "3", "0.5"]).stdout == "3.5\n")
        #expect(try easel(["invoke", "Swatch", "isRounded"]).stdout == "false\n")
    }

    @Test("negative numbers are arguments, not options")
    func negativeArguments() throws {
        #expect(try easel(["invoke", "Tally", "addInt:toDouble:", "-3", "0.5"]).stdout == "-2.5\n")
        #expect(try easel(["invoke", "Swatch", "sizeThatFits:", "-10,40"]).stdout == "{width: -10, height: -10}\n")
    }

    @Test("-o - writes the PNG to standard output")
    func pngToStandardOutput() throws {
        let (data, status) = try easelStandardOutput(["invoke", "Swatch", "drawRect:", "0,0,20,10", "--size", "20x10", "-o", "-"])
        #expect(status == 0)
        let image = try RasterImage(pngData: Array(data))
        #expect(image.width == 20 && image.height == 10)
        #expect(image.pixel(x: 10, y: 5).isClose(to: RGBA(r: 255, g: 0, b: 0), tolerance: 2))
    }

    @Test("invoke draws into the canvas and writes a PNG: pixels at known coordinates")
    func invokePNG() throws {
        let folder = try Fixtures.makeTemporaryDirectory("cli-png")
        let png = folder.appendingPathComponent("chart.png").path
        let result = try easel(["invoke", "Chart", "drawRect:", "10,10,180,100", "--size", "200x120", "-o", png])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "")
        let image = try RasterImage(contentsOfPNG: png)
        #expect(image.width == 200 && image.height == 120)
        #expect(image.pixel(x: 5, y: 5) == RGBA(r: 0, g: 0, b: 0, a: 0))
        #expect(image.pixel(x: 40, y: 100).isClose(to: RGBA(r: 255, g: 0, b: 0), tolerance: 8))
        #expect(image.pixel(x: 11, y: 60).isClose(to: RGBA(r: 0, g: 0, b: 255), tolerance: 8))

        // --scale 2 doubles the pixels; every coordinate the plugin saw stays in points.
        let big = folder.appendingPathComponent("chart@2x.png").path
        #expect(try easel(["invoke", "Chart", "drawRect:", "10,10,180,100", "--size", "200x120", "--scale", "2", "-o", big]).status == 0)
        let doubled = try RasterImage(contentsOfPNG: big)
        #expect(doubled.width == 400 && doubled.height == 240)
        #expect(doubled.pixel(x: 80, y: 200).isClose(to: RGBA(r: 255, g: 0, b: 0), tolerance: 8))
        #expect(doubled.pixel(x: 22, y: 120).isClose(to: RGBA(r: 0, g: 0, b: 255), tolerance: 8))
    }

    @Test("the same drawing as SVG and PDF, chosen by the extension")
    func invokeVector() throws {
        let folder = try Fixtures.makeTemporaryDirectory("cli-vector")
        for ext in ["svg", "pdf"] {
            let path = folder.appendingPathComponent("badge.\(ext)").path
            let result = try easel(["invoke", "Swatch", "drawBadgeAt:count:filled:label:", "40,40", "5", "true", "Hi", "-o", path])
            #expect(result.status == 0, "\(result.stderr)")
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            let text = String(decoding: data.prefix(400), as: UTF8.self)
            if ext == "svg" {
                #expect(text.hasPrefix("<?xml") && text.contains("<svg"))
                #expect(String(decoding: data, as: UTF8.self).contains("</svg>"))
            } else {
                #expect(text.hasPrefix("%PDF-"))
                #expect(String(decoding: data.suffix(32), as: UTF8.self).contains("%%EOF"))
            }
            #expect(data.count > 500)
        }
        let bad = try easel(["invoke", "Swatch", "drawRect:", "0,0,10,10", "-o", folder.appendingPathComponent("x.bmp").path])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("x.bmp"))
    }

    @Test("the delegate shape: an object argument by class name and the context")
    func invokeDelegate() throws {
        let folder = try Fixtures.makeTemporaryDirectory("cli-delegate")
        let png = folder.appendingPathComponent("coordinated.png").path
        let result = try easel(["invoke", "ChartCoordinator", "drawView:inRect:inContext:", "Chart", "10,10,180,100", "context",
                                "--size", "200x120", "-o", png])
        #expect(result.status == 0, "\(result.stderr)")
        let image = try RasterImage(contentsOfPNG: png)
        #expect(image.pixel(x: 11, y: 60).isClose(to: RGBA(r: 0, g: 0, b: 255), tolerance: 8))
        #expect(image.pixel(x: 40, y: 100).a == 0)   // the coordinator never asks for the Swatch fill
    }

    @Test("--force-libffi and EASEL_FORCE_LIBFFI give byte-identical images")
    func forceLibffi() throws {
        let folder = try Fixtures.makeTemporaryDirectory("cli-ffi")
        var images: [Data] = []
        for (flags, environment) in [([], [:]), (["--force-libffi"], [:]), ([], ["EASEL_FORCE_LIBFFI": "1"])] as [([String], [String: String])] {
            let path = folder.appendingPathComponent("\(images.count).png").path
            let result = try easel(["invoke", "Chart", "drawRect:", "5,5,90,60", "--size", "100x70", "-o", path] + flags,
                                   environment: environment.merging(["EASEL_PLUGIN_PATH": ""]) { a, _ in a })
            #expect(result.status == 0)
            images.append(try Data(contentsOf: URL(fileURLWithPath: path)))
        }
        #expect(images[0] == images[1] && images[1] == images[2])
    }

    @Test("usage errors exit 2 and print the expected signature")
    func usageErrors() throws {
        let missing = try easel(["invoke", "Swatch", "drawRect:"])
        #expect(missing.status == 2)
        #expect(missing.stderr == """
            error: -[Swatch drawRect:(CGRect)] takes 1 argument, 0 given
            usage: easel invoke Swatch drawRect: <CGRect {{10, 20}, {100, 50}}>

            """)
        let wrongType = try easel(["invoke", "Swatch", "drawBadgeAt:count:filled:label:", "1,2", "many", "true", "x"])
        #expect(wrongType.status == 2)
        #expect(wrongType.stderr.hasPrefix(
            "error: argument 2 of -[Swatch drawBadgeAt:(CGPoint) count:(int32_t) filled:(BOOL) label:(char *)]: 'many' is not int32_t (an integer from -2147483648 to 2147483647)\n"))
        #expect(wrongType.stderr.contains("usage: easel invoke Swatch drawBadgeAt:count:filled:label: <CGPoint {10, 20}> <int32_t> <BOOL> <char *>"))
        let option = try easel(["list", "--frobnicate"])
        #expect(option.status == 2)
        #expect(option.stderr.contains("--frobnicate"))
        let size = try easel(["invoke", "Swatch", "isRounded", "--size", "big"])
        #expect(size.status == 2)
    }

    @Test("runtime failures exit 1 and name the class and selector")
    func runtimeErrors() throws {
        let selector = try easel(["invoke", "Swatch", "fly:", "1"])
        #expect(selector.status == 1)
        #expect(selector.stderr == "error: an instance of 'Swatch' does not respond to selector 'fly:'\n")
        let cls = try easel(["invoke", "Nope", "drawRect:", "0,0,1,1"])
        #expect(cls.status == 1)
        #expect(cls.stderr.hasPrefix("error: no class named 'Nope' is registered (registered classes: Object, View, "))
        let nested = try easel(["invoke", "ChartCoordinator", "drawView:inRect:inContext:", "Tally", "0,0,10,10", "context"])
        #expect(nested.status == 1)
        #expect(nested.stderr.hasPrefix(
            "error: an instance of 'Tally' does not respond to selector 'drawCurve:inContext:' (message sent by plugin code)\n"))
    }

    @Test("EASEL_PLUGIN_PATH replaces the default folder; load failures are warnings for invoke")
    func environmentPath() throws {
        let zoo = try PluginZoo.folder()
        let result = try easel(["invoke", "Dot", "drawRect:", "0,0,10,10"], environment: ["EASEL_PLUGIN_PATH": zoo.path])
        #expect(result.status == 0)
        #expect(result.stderr.contains("warning: \(zoo.path)/null_imp.so: class 'NullImp': selector 'drawRect:' has a NULL implementation\n"))
        let noSamples = try easel(["invoke", "Swatch", "isRounded"], environment: ["EASEL_PLUGIN_PATH": zoo.path])
        #expect(noSamples.status == 1)
    }
}
