import EaselGraphicsCore
import EaselABI
import EaselCanvas
import EaselDiscovery
import EaselRuntime
import EaselViews
import EaselInvocation
import EaselTestSupport
import Foundation
import Testing

@Suite("Loading the sample plugins")
struct SamplePluginTests {
    @Test("both sample plugins load, classes subclass across plugins whatever the load order")
    func loads() throws {
        let registry = try sampleRegistry()
        #expect(registry.failures.map(\.description) == [])
        #expect(registry.plugins.map(\.name).sorted() == ["Bubble", "CalendarPicker", "Charts", "Graph", "GraphControl", "ListView", "MiniPicker", "PhotoCard", "Shapes"])
        // Charts (a Swift plugin) is found before Shapes (C) yet subclasses Swatch.
        let names = registry.plugins.map(\.name)
        #expect(try #require(names.firstIndex(of: "Charts")) < #require(names.firstIndex(of: "Shapes")))
        let chart = try #require(registry.objectClass(named: "Chart"))
        #expect(chart.ancestry.map(\.name) == ["Chart", "Swatch", "View", "Object"])
        #expect(registry.objectClass(named: "ChartCoordinator")?.superclass?.name == "Object")
        #expect(registry.plugins.allSatisfy { $0.abiMajor == 2 && $0.abiMinor == 0 })
    }

    @Test("methods are looked up through the superclass chain; readable signatures")
    func lookup() throws {
        let registry = try sampleRegistry()
        let chart = try #require(registry.objectClass(named: "Chart"))
        #expect(chart.responds(to: "sizeThatFits:"))
        #expect(chart.method(for: "sizeThatFits:") === registry.objectClass(named: "Swatch")?.method(for: "sizeThatFits:"))
        #expect(chart.method(for: "drawRect:") !== registry.objectClass(named: "Swatch")?.method(for: "drawRect:"))
        #expect(!chart.responds(to: "fly"))
        let swatch = try #require(registry.objectClass(named: "Swatch"))
        #expect(swatch.methods.map { $0.readableSignature(className: "Swatch") } == [
            "-[Swatch drawRect:(CGRect)]",
            "-[Swatch drawBadgeAt:(CGPoint) count:(int32_t) filled:(BOOL) label:(char *)]",
            "-[Swatch sizeThatFits:(CGSize)] -> CGSize",
            "-[Swatch isRounded] -> BOOL",
            "-[Swatch setStyle:(int32_t)]",
        ])
    }

    @Test("a message the class does not understand is an error naming class and selector")
    func doesNotRespond() throws {
        let registry = try sampleRegistry()
        let object = try registry.makeObject(ofClass: "Chart")
        let error = #expect(throws: RuntimeError.self) { try registry.message(object, "fly:") }
        #expect(error?.message == "an instance of 'Chart' does not respond to selector 'fly:'")
        let unknown = #expect(throws: RuntimeError.self) { try registry.makeObject(ofClass: "Nope") }
        #expect(unknown?.message == "no class named 'Nope' is registered")
    }

    @Test("declared properties: defaults, inherited, read and written by name")
    func properties() throws {
        let registry = try sampleRegistry()
        let chart = try registry.makeObject(ofClass: "Chart")
        let color = try chart.value(ofProperty: "color", as: easel_color.self)
        #expect(color.red == 1 && color.green == 0 && color.blue == 0 && color.alpha == 1)
        #expect(try chart.value(ofProperty: "lineWidth", as: Double.self) == 2)
        try chart.setValue(7.5, forProperty: "cornerRadius")
        #expect(try chart.value(ofProperty: "cornerRadius", as: Double.self) == 7.5)
        let missing = #expect(throws: RuntimeError.self) { try chart.value(ofProperty: "tailWidth", as: Double.self) }
        #expect(missing?.message == "class 'Chart' has no property 'tailWidth'")
        let wrong = #expect(throws: RuntimeError.self) { try chart.setValue(Int32(1), forProperty: "lineWidth") }
        #expect(wrong?.message == "property 'lineWidth' of 'Chart' is double, not Int32")
    }

    @Test("struct returns, small integer returns, mixed scalar arguments")
    func returns() throws {
        let registry = try sampleRegistry()
        let swatch = try registry.makeObject(ofClass: "Swatch")
        let fits = try registry.message(swatch, "sizeThatFits:")
        try fits.setArgument(easel_size(width: 120, height: 40), at: 2)
        fits.invoke()
        let size = try fits.returnValue(as: easel_size.self)
        #expect(size.width == 40 && size.height == 40)

        let rounded = try registry.message(swatch, "isRounded")
        rounded.invoke()
        #expect(try rounded.returnValue(as: Bool.self) == false)
        try swatch.setValue(4.0, forProperty: "cornerRadius")
        rounded.invoke()
        #expect(try rounded.returnValue(as: Bool.self) == true)

        let tally = try registry.makeObject(ofClass: "Tally")
        let add = try registry.message(tally, "addInt:toDouble:")
        try add.setArgument(Int32(-3), at: 2)
        try add.setArgument(0.25, at: 3)
        add.invoke()
        #expect(try add.returnValue(as: Double.self) == -2.75)
        let badIndex = #expect(throws: RuntimeError.self) { try add.setArgument(1.0, at: 4) }
        #expect(badIndex?.message == "-[Tally addInt:(int32_t) toDouble:(double)] -> double has declared arguments at indexes 2..<4, not 4")
    }

    @Test("the direct typed path and the libffi path give identical results",
          arguments: ["ping", "drawRect:", "drawView:inRect:inContext:"])
    func fastPathMatchesLibffi(selector: String) throws {
        let registry = try sampleRegistry()
        var results: [(calls: Int64, sum: Double, fast: Bool)] = []
        for force in [false, true] {
            let tally = try registry.makeObject(ofClass: "Tally")
            let view = try registry.makeObject(ofClass: "Tally")
            let message = try registry.message(tally, Selector(selector), forceLibffi: force)
            let arguments: [Any] = switch selector {
            case "drawRect:": [cgRect(1.5, -2, 30, 40.25)]
            case "drawView:inRect:inContext:": [UnsafeMutableRawPointer(bitPattern: 0x99) as Any, cgRect(3, 4, 5, 6), UnsafeMutableRawPointer(bitPattern: 0x77) as Any]
            default: []
            }
            for (offset, argument) in arguments.enumerated() {
                if let value = argument as? easel_rect { try message.setArgument(value, at: offset + 2) }
                if let value = argument as? UnsafeMutableRawPointer { try message.setArgument(Optional(value), at: offset + 2) }
            }
            for _ in 0..<3 { message.invoke() }
            results.append((try tally.value(ofProperty: "calls"), try tally.value(ofProperty: "sum"), message.invocation.usesFastPath))
            withExtendedLifetime(view) {}
        }
        #expect(results[0].fast == true && results[1].fast == false)
        #expect(results[0].calls == 3 && results[1].calls == 3)
        #expect(results[0].sum == results[1].sum)
        let expected: Double = switch selector {
        case "drawRect:": 3.0 * 248.5                           // x + 2y + 3w + 4h of (1.5, -2, 30, 40.25)
        case "drawView:inRect:inContext:": 3.0 * 11_050         // 3 + 8 + 15 + 24, + 1000 (view) + 10000 (context)
        default: 0
        }
        #expect(results[0].sum == expected)
    }

    @Test("drawRect: draws into the current canvas: pixels")
    func drawsPixels() throws {
        let registry = try sampleRegistry()
        let chart = try registry.makeObject(ofClass: "Chart")
        let draw = try registry.message(chart, "drawRect:")
        try draw.setArgument(cgRect(10, 10, 80, 60), at: 2)
        let image = try render { _ in draw.invoke() }
        #expect(image.pixel(x: 5, y: 5) == noPaint)                         // outside the rect
        #expect(image.pixel(x: 30, y: 60).isClose(to: opaqueRed, tolerance: 8))  // Swatch's fill (via super)
        #expect(image.pixel(x: 11, y: 40).isClose(to: opaqueBlue, tolerance: 8)) // Chart's border
        #expect(image.pixel(x: 50, y: 10).isClose(to: opaqueBlue, tolerance: 8))
        // The sine curve crosses the middle at the left edge and peaks near the top at a quarter.
        #expect(image.pixel(x: 30, y: 12).isClose(to: opaqueBlue, tolerance: 60))
        #expect(registry.takeDiagnostics() == [])
    }

    @Test("a delegate coordinates the drawing by messaging the view (GraphView pattern)")
    func delegate() throws {
        let registry = try sampleRegistry()
        let view = try registry.makeObject(ofClass: "Chart")
        let coordinator = try registry.makeObject(ofClass: "ChartCoordinator")
        let canvas = try Canvas(width: 100, height: 100)
        let message = try registry.message(coordinator, "drawView:inRect:inContext:")
        try message.setArgument(Optional(UnsafeMutableRawPointer(view.handle)), at: 2)
        try message.setArgument(cgRect(10, 10, 80, 60), at: 3)
        try message.setArgument(Optional(UnsafeMutableRawPointer(canvas.context)), at: 4)
        message.invoke()   // no current context: the context travels as an argument
        let image = try RasterImage(pngData: canvas.pngData())
        #expect(image.pixel(x: 11, y: 40).isClose(to: opaqueBlue, tolerance: 8))   // border
        #expect(image.pixel(x: 30, y: 60) == noPaint)                          // no Swatch fill: drawRect: was not called
        #expect(registry.takeDiagnostics() == [])
    }

    @Test("plugin code messaging an object that does not respond gets an error, reported by name")
    func nestedDoesNotRespond() throws {
        let registry = try sampleRegistry()
        let coordinator = try registry.makeObject(ofClass: "ChartCoordinator")
        let notAChart = try registry.makeObject(ofClass: "Tally")
        let message = try registry.message(coordinator, "drawView:inRect:inContext:")
        try message.setArgument(Optional(UnsafeMutableRawPointer(notAChart.handle)), at: 2)
        try message.setArgument(cgRect(0, 0, 10, 10), at: 3)
        try message.setArgument(UnsafeMutableRawPointer?.none, at: 4)
        message.invoke()
        let diagnostics = registry.takeDiagnostics()
        #expect(diagnostics.first?.severity == .error)
        #expect(diagnostics.first?.message == "an instance of 'Tally' does not respond to selector 'drawCurve:inContext:' (message sent by plugin code)")
        #expect(diagnostics.count == 2)
        #expect(diagnostics.last?.severity == .note)
        #expect(diagnostics.last?.message.hasPrefix("[Charts] ChartCoordinator: ") == true)
    }
}
