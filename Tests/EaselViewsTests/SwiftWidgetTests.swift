// The Swift widgets written with EaselPluginKit (Plugins/Graph,
// Plugins/GraphControl, Plugins/Bubble), rendered and read pixel by pixel,
// and the kit itself: what it declares compared with the same classes
// declared by hand in C (Tests/Fixtures/kit_twin.c), and its
// plumbing seen from the host (Tests/Fixtures/kit_probe.swift).

import EaselGraphicsCore
import EaselABI
import EaselCanvas
import EaselDiscovery
import EaselRuntime
import EaselViews
import EaselTestSupport
import Foundation
import Testing

// MARK: - Helpers

private func pixel(of c: easel_color) -> RGBA {
    RGBA(r: UInt8((c.red * 255).rounded()), g: UInt8((c.green * 255).rounded()), b: UInt8((c.blue * 255).rounded()),
         a: UInt8((c.alpha * 255).rounded()))
}

/// Keeps points alive for a point-array property (the storer owns them, easel.h).
private final class PointStore {
    let buffer: UnsafeMutableBufferPointer<easel_point>
    init(_ points: [easel_point]) {
        buffer = .allocate(capacity: max(points.count, 1))
        _ = buffer.initialize(from: points)
    }
    var array: easel_point_array { easel_point_array(points: UnsafePointer(buffer.baseAddress), count: UInt64(buffer.count)) }
    deinit { buffer.deallocate() }
}

/// Renders the tree at `scale`, writes the PNG to /tmp/easel-swift-widgets-<name>.png for a look, and returns the pixels.
private func render(_ root: View, scale: Double = 2, name: String) throws -> RasterImage {
    let image = try fullImage(root, scale: scale)
    try? image.write(to: "/tmp/easel-swift-widgets-\(name).png")
    return image
}

/// The pixel at a point (root coordinates) of an image rendered at `scale`.
private func sample(_ image: RasterImage, _ x: Double, _ y: Double, scale: Double = 2) -> RGBA {
    image.pixel(x: Int(x * scale), y: Int(y * scale))
}

/// The pixels (in points) whose colour is close to `target`.
private func points(of target: RGBA, in image: RasterImage, scale: Double = 2, tolerance: Int = 24) -> [(x: Double, y: Double)] {
    var found: [(Double, Double)] = []
    for y in 0..<image.height {
        for x in 0..<image.width where image.pixel(x: x, y: y).isClose(to: target, tolerance: tolerance) {
            found.append((Double(x) / scale, Double(y) / scale))
        }
    }
    return found
}

// MARK: - GraphView and GraphController

@Suite("Swift widgets: GraphView (Graph) and GraphController (GraphControl)")
struct GraphWidgetTests {
    /// A 160x100 graph at (20, 10) of a 200x120 white root, drawing `curve` in
    /// red, 3 pt wide, without a border.
    private func graphTree(_ registry: Registry, curve: PointStore) throws -> (root: View, graph: View) {
        let root = try whiteRoot(registry, width: 200, height: 120)
        let graph = try registry.makeView(ofClass: "GraphView", frame: easel_rect(x: 20, y: 10, width: 160, height: 100))
        try graph.setValue(curve.array, forProperty: "curve")
        try graph.setValue(color(1, 0, 0), forProperty: "lineColor")
        try graph.setValue(3.0, forProperty: "lineWidth")
        try graph.setValue(0.0, forProperty: "borderWidth")
        try root.addSubview(graph)
        return (root, graph)
    }

    /// A curve whose highest point (y = 90 of 100) is at x = 80 and lowest (y = 10) at x = 0.
    private static let peak = [
        easel_point(x: 0, y: 10), easel_point(x: 40, y: 30), easel_point(x: 80, y: 90),
        easel_point(x: 120, y: 40), easel_point(x: 160, y: 20),
    ]

    @Test("the y axis points up: the curve's highest point is drawn nearest the top of the view")
    func yAxisPointsUp() throws {
        let registry = try sampleRegistry()
        let curve = PointStore(Self.peak)
        let (root, _) = try graphTree(registry, curve: curve)
        let image = try render(root, name: "graph")
        let red = points(of: RGBA(r: 255, g: 0, b: 0), in: image)
        let top = try #require(red.min { $0.y < $1.y })
        let bottom = try #require(red.max { $0.y < $1.y })
        // (80, 90) of the graph is (20 + 80, 10 + 100 - 90) = (100, 20) of the root.
        #expect(abs(top.x - 100) <= 2 && abs(top.y - 20) <= 2, "topmost curve pixel at \(top)")
        // (0, 10) is (20, 100): the lowest point is nearest the bottom.
        #expect(abs(bottom.x - 20) <= 2 && abs(bottom.y - 100) <= 2, "lowest curve pixel at \(bottom)")
        #expect(sample(image, 100, 20).isClose(to: RGBA(r: 255, g: 0, b: 0), tolerance: 8))
        // Where a y-down graph would have put the peak, there is only the white root.
        #expect(sample(image, 100, 100) == RGBA(r: 255, g: 255, b: 255))
        #expect(registry.takeDiagnostics() == [])
        withExtendedLifetime(curve) {}
    }

    @Test("GraphController, from another plugin, draws through the view's methods: its fill, then the view's curve and border")
    func controllerCoordinates() throws {
        let registry = try sampleRegistry()
        let curve = PointStore(Self.peak)
        let (root, graph) = try graphTree(registry, curve: curve)
        try graph.setValue(color(0, 0.5, 0), forProperty: "lineColor")
        try graph.setValue(2.0, forProperty: "borderWidth")
        try graph.setValue(color(0, 0, 1), forProperty: "borderColor")
        let controller = try registry.makeObject(ofClass: "GraphController")
        try controller.setValue(color(1, 1, 0.8), forProperty: "fillColor")
        let rh = try #require(graph as? RightHandedView)
        rh.delegate = controller

        let image = try render(root, name: "graph-controller")
        let fill = RGBA(r: 255, g: 255, b: 204), green = RGBA(r: 0, g: 128, b: 0), blue = RGBA(r: 0, g: 0, b: 255)
        #expect(sample(image, 60, 60).isClose(to: fill, tolerance: 2))    // the controller's fill, inside the graph
        #expect(sample(image, 10, 60) == RGBA(r: 255, g: 255, b: 255))    // the root, outside it
        #expect(sample(image, 100, 20).isClose(to: green, tolerance: 8))  // the view's curve, y up, over the fill
        #expect(sample(image, 20.5, 60).isClose(to: blue, tolerance: 8))  // the view's border, over the fill
        #expect(sample(image, 179.5, 60).isClose(to: blue, tolerance: 8))
        #expect(sample(image, 60, 10.5).isClose(to: blue, tolerance: 8))

        // The controller decides what the view draws: no border.
        try controller.setValue(false, forProperty: "drawsBorder")
        graph.setNeedsDisplay()   // the view keeps what it drew (its backing store) until it is marked, as in UIKit
        let borderless = try render(root, name: "graph-controller-borderless")
        #expect(sample(borderless, 20.5, 60).isClose(to: fill, tolerance: 2))
        #expect(sample(borderless, 100, 20).isClose(to: green, tolerance: 8))
        #expect(registry.takeDiagnostics() == [])
        withExtendedLifetime(curve) {}
    }

    @Test("GraphController is a view controller: given the graph as its view, viewDidLoad makes it the view's delegate, held weakly; it is next in the responder chain")
    func controllerOfItsView() throws {
        let registry = try sampleRegistry()
        let curve = PointStore(Self.peak)
        let (root, graph) = try graphTree(registry, curve: curve)
        let rh = try #require(graph as? RightHandedView)
        let controller = try #require(try registry.makeObject(ofClass: "GraphController") as? ViewController)
        try controller.setValue(color(1, 1, 0.8), forProperty: "fillColor")
        controller.setView(graph)
        controller.viewDidLoad()
        #expect(rh.delegate === controller && graph.viewController === controller)
        #expect(graph.nextResponder === controller && controller.nextResponder === root)
        let image = try render(root, name: "graph-view-controller")
        #expect(sample(image, 60, 60).isClose(to: RGBA(r: 255, g: 255, b: 204), tolerance: 2))   // the controller's fill
        // The view does not keep its own controller alive (the controller keeps the view).
        let other = try #require(try registry.makeView(ofClass: "GraphView", frame: easel_rect(x: 0, y: 0, width: 10, height: 10)) as? RightHandedView)
        try root.addSubview(other)
        weak var released: ViewController?
        do {
            let shortLived = try #require(try registry.makeObject(ofClass: "GraphController") as? ViewController)
            shortLived.setView(other)
            shortLived.viewDidLoad()
            #expect(other.delegate === shortLived)
            released = shortLived
        }
        #expect(released == nil && other.delegate == nil && other.viewController == nil)
        #expect(registry.takeDiagnostics() == [])
        withExtendedLifetime(curve) {}
    }

    @Test("without a delegate GraphView draws grid, curve and border itself")
    func drawsItself() throws {
        let registry = try sampleRegistry()
        let curve = PointStore(Self.peak)
        let (root, graph) = try graphTree(registry, curve: curve)
        try graph.setValue(20.0, forProperty: "gridSpacing")
        try graph.setValue(color(0.5, 0.5, 0.5), forProperty: "gridColor")
        try graph.setValue(1.0, forProperty: "borderWidth")
        try graph.setValue(color(0, 0, 1), forProperty: "borderColor")
        let image = try render(root, name: "graph-grid")
        let grey = RGBA(r: 128, g: 128, b: 128), blue = RGBA(r: 0, g: 0, b: 255)
        // Grid lines at x = 20, 40, … and y = 20, 40, … of the graph, y up: graph y 20 is root y 10 + 100 - 20 = 90.
        #expect(sample(image, 20 + 40, 50).isClose(to: grey, tolerance: 40))
        #expect(sample(image, 30, 90).isClose(to: grey, tolerance: 40))
        #expect(sample(image, 30, 80) == RGBA(r: 255, g: 255, b: 255))  // between two grid lines
        #expect(sample(image, 20.2, 50).isClose(to: blue, tolerance: 8))
        #expect(sample(image, 100, 20).isClose(to: RGBA(r: 255, g: 0, b: 0), tolerance: 8))
        #expect(registry.takeDiagnostics() == [])
        withExtendedLifetime(curve) {}
    }

    @Test("a GraphController asked to draw a view without the drawing methods says so")
    func controllerWithPlainView() throws {
        let registry = try sampleRegistry()
        let root = try whiteRoot(registry, width: 40, height: 40)
        let plain = try #require(try registry.makeView(ofClass: "RHView", frame: easel_rect(x: 0, y: 0, width: 40, height: 40)) as? RightHandedView)
        try root.addSubview(plain)
        plain.delegate = try registry.makeObject(ofClass: "GraphController")
        _ = try render(root, name: "graph-controller-plain")
        let diagnostics = registry.takeDiagnostics().map(\.message)
        #expect(diagnostics == [
            "an instance of 'RHView' does not respond to selector 'drawCurve:inContext:' (message sent by plugin code)",
            "[GraphControl] GraphController: could not send drawCurve:inContext: to a RHView (does not respond)",
        ])
    }
}

// MARK: - BubbleView

@Suite("Swift widgets: BubbleView (Bubble)")
struct BubbleWidgetTests {
    private static let contentColor = color(0.8, 0.9, 1.0)
    private static let borderColor = color(0.2, 0.2, 0.2)

    /// A bubble (border 2, padding 4, corner radius 8, tail 24 x 10) around a
    /// plain View of 100 x 40 with a light blue background, sized to fit, at
    /// (20, 20) of a 160 x 110 white root.
    private func bubbleTree(_ registry: Registry) throws -> (root: View, bubble: View, content: View) {
        let root = try whiteRoot(registry, width: 160, height: 110)
        let bubble = try registry.makeView(ofClass: "BubbleView", frame: easel_rect(x: 20, y: 20, width: 50, height: 50))
        try bubble.setValue(2.0, forProperty: "borderWidth")
        try bubble.setValue(4.0, forProperty: "padding")
        try bubble.setValue(8.0, forProperty: "cornerRadius")
        try bubble.setValue(24.0, forProperty: "tailWidth")
        try bubble.setValue(10.0, forProperty: "tailHeight")
        try bubble.setValue(Self.borderColor, forProperty: "borderColor")
        let content = try registry.makeView(ofClass: "View", frame: easel_rect(x: 0, y: 0, width: 100, height: 40))
        content.backgroundColor = Self.contentColor
        try bubble.addSubview(content)
        try root.addSubview(bubble)
        return (root, bubble, content)
    }

    @Test("sizeThatFits: is the content's size plus the border, the padding, the tail and the shadow's room; layoutSubviews puts the content inside")
    func fitsContent() throws {
        let registry = try sampleRegistry()
        let (_, bubble, content) = try bubbleTree(registry)
        // 100 x 40 content, 2 + 4 on every side, 10 of tail, and the default shadow's room
        // (blur 4, offset 0 x 2): 4 left and right, 4 - 2 above, 4 + 2 below.
        #expect(bubble.sizeThatFits(easel_size(width: 500, height: 500)) == easel_size(width: 120, height: 70))
        bubble.sizeToFit()
        #expect(bubble.frame == easel_rect(x: 20, y: 20, width: 120, height: 70))
        bubble.layoutIfNeeded()
        #expect(content.frame == easel_rect(x: 10, y: 8, width: 100, height: 40))
        // Without a shadow there is no room for it.
        try bubble.setValue(color(0, 0, 0, 0), forProperty: "shadowColor")
        #expect(bubble.sizeThatFits(easel_size(width: 500, height: 500)) == easel_size(width: 112, height: 62))
        // The overlay that draws the tail stays above the content.
        #expect(bubble.subviews.first === content)
        #expect(bubble.subviews.last is OverlayView)
        #expect(registry.takeDiagnostics() == [])
    }

    @Test("the content's own sizeThatFits: is asked with the room left inside the bubble")
    func asksContent() throws {
        let registry = try sampleRegistry()
        let bubble = try registry.makeView(ofClass: "BubbleView", frame: easel_rect(x: 0, y: 0, width: 10, height: 10))
        try bubble.setValue(8.0, forProperty: "cornerRadius")
        try bubble.setValue(10.0, forProperty: "tailHeight")
        // Swatch (the C sample plugin) fits the largest square.
        try bubble.addSubview(try registry.makeView(ofClass: "Swatch", frame: easel_rect(x: 0, y: 0, width: 5, height: 5)))
        // 200 x 100 leaves 188 x 78 inside: the square is 78, the bubble 90 x 100.
        #expect(bubble.sizeThatFits(easel_size(width: 200, height: 100)) == easel_size(width: 90, height: 100))
    }

    @Test("the tail is filled with the content's background colour, with no border line across its base")
    func seamlessTail() throws {
        let registry = try sampleRegistry()
        let (root, bubble, _) = try bubbleTree(registry)
        try bubble.setValue(color(0, 0, 0, 0), forProperty: "shadowColor")  // no shadow: the outline reaches the bounds
        bubble.sizeToFit()
        let image = try render(root, scale: 4, name: "bubble")
        let inside = pixel(of: Self.contentColor), border = pixel(of: Self.borderColor)
        let white = RGBA(r: 255, g: 255, b: 255)
        func at(_ x: Double, _ y: Double) -> RGBA { sample(image, x, y, scale: 4) }
        // The body is 112 x 52 at (20, 20): its bottom border spans y 70...72, centred on 71.
        #expect(at(40, 71).isClose(to: border, tolerance: 8))         // the bottom border, left of the tail
        #expect(at(120, 71).isClose(to: border, tolerance: 8))        // and right of it
        #expect(at(21, 45).isClose(to: border, tolerance: 8))         // the left border
        #expect(at(76, 60).isClose(to: inside, tolerance: 2))         // the content
        // The tail: base 24 wide centred on x = 76, tip at the bottom (y 82).
        #expect(at(76, 75).isClose(to: inside, tolerance: 2))         // inside the tail
        #expect(at(76, 81).isClose(to: border, tolerance: 40))        // its tip is outline, down to the bottom
        #expect(at(76, 82.25) == white)
        #expect(at(64, 78) == white)                                   // beside the tail
        #expect(at(88, 78) == white)
        // Across the tail's base, where the bottom border would run: no line, all the content's colour.
        for x in stride(from: 70.0, through: 82.0, by: 0.25) {
            for y in [69.5, 70.0, 70.5, 71.0, 71.5, 72.0] {
                #expect(at(x, y).isClose(to: inside, tolerance: 2), "(\(x), \(y)) is \(at(x, y))")
            }
        }
        // The tail's edges continue the border: half way down the left edge, from (64, 71) to (76, 81).
        #expect(at(70, 76).isClose(to: border, tolerance: 40))
        #expect(at(82, 76).isClose(to: border, tolerance: 40))
        #expect(registry.takeDiagnostics() == [])
    }

    @Test("the inside is a vertical gradient (its colours computed by hand) and the outline casts a soft shadow that falls down")
    func gradientAndShadow() throws {
        let registry = try sampleRegistry()
        let root = try whiteRoot(registry, width: 180, height: 120)
        let bubble = try registry.makeView(ofClass: "BubbleView", frame: easel_rect(x: 20, y: 20, width: 50, height: 50))
        try bubble.setValue(2.0, forProperty: "borderWidth")
        try bubble.setValue(8.0, forProperty: "cornerRadius")
        try bubble.setValue(10.0, forProperty: "tailHeight")
        try bubble.setValue(color(0.9, 0.95, 1.0), forProperty: "fillColor")
        try bubble.setValue(0.2, forProperty: "shading")
        try bubble.setValue(color(0, 0, 0, 0.5), forProperty: "shadowColor")
        try bubble.setValue(easel_size(width: 0, height: 4), forProperty: "shadowOffset")
        try bubble.setValue(4.0, forProperty: "shadowBlur")
        // A content with no background colour: the bubble's own fill shows through.
        let content = try registry.makeView(ofClass: "View", frame: easel_rect(x: 0, y: 0, width: 100, height: 40))
        content.isOpaque = false
        try bubble.addSubview(content)
        try root.addSubview(bubble)
        bubble.sizeToFit()
        // Room for the shadow: 4 left and right, 4 - 4 = 0 above, 4 + 4 below.
        #expect(bubble.frame == easel_rect(x: 20, y: 20, width: 120, height: 70))
        let image = try render(root, scale: 4, name: "bubble-shadow")
        func at(_ x: Double, _ y: Double) -> RGBA { sample(image, x, y, scale: 4) }

        // The shape runs from y 20 (top) to 82 (the tail's tip), the body from x 24 to 136 and y 20 to 72.
        // The gradient goes from the fill colour at 20 to 0.8 of it at 82.
        func expected(_ y: Double) -> RGBA {
            let keep = 1 - 0.2 * (y - 20) / 62
            return pixel(of: color(0.9 * keep, 0.95 * keep, 1.0 * keep))
        }
        for y in [25.0, 40.0, 55.0, 68.0] {
            #expect(at(80, y).isClose(to: expected(y), tolerance: 3), "inside at y \(y): \(at(80, y)), expected \(expected(y))")
        }
        #expect(at(80, 76).isClose(to: expected(76), tolerance: 3))  // the tail, on the same gradient

        // The shadow: the outline moved 4 down, blurred (standard deviation 2), at half black.
        // Below the body's bottom edge (y 72) it fades out over the next 8 points, darkest nearest the body.
        let below = [73.0, 75.0, 77.0, 79.0].map { Int(at(40, $0).g) }
        #expect(below == below.sorted() && Set(below).count == 4, "shadow below the body: \(below)")
        // 1 point below the body, 3 inside the moved outline: 0.5 x Φ(1.5) = 0.47 black, 255 x 0.53 = 136.
        #expect(abs(below[0] - 136) <= 16, "just below the body: \(below[0])")
        #expect(at(40, 83).g >= 245)                                              // 5.5 standard deviations out
        // Above the body almost nothing shows (the shadow falls down, 4.5 points = 2.25 standard
        // deviations away); beside it, 2 points out, a faint edge, 0.5 x Φ(-1) = 0.08 black (235), the same on both sides.
        #expect(at(80, 19.5).g >= 252)
        // (A sample is the pixel from x to x + 0.25: these two are 1.875 points out on either side.)
        let left = Int(at(22, 45).g), right = Int(at(137.75, 45).g)
        #expect(left < 250 && left > 200 && abs(left - right) <= 2, "beside the body: \(left), \(right)")
        #expect(registry.takeDiagnostics() == [])
    }
}

// MARK: - The kit

/// The sample plugins plus the kit fixtures (libKitProbe.so and kit_twin.so).
private func kitRegistry() throws -> Registry {
    let registry = try sampleRegistry()
    registry.loadPlugins(from: [try KitFixtures.folder().path])
    #expect(registry.failures.map(\.description) == [])
    return registry
}

/// A property's default as a reader sees it: strings and arrays by what they
/// point at (their addresses differ between any two plugins), other values
/// by their bytes; no default (NULL) reads as zero bytes.
private func defaultDescription(_ property: Property) -> String {
    let bytes = property.defaultValue ?? [UInt8](repeating: 0, count: property.type.size)
    return bytes.withUnsafeBytes { raw -> String in
        switch property.type.encoding {
        case EASEL_ENCODE_STRING:
            return raw.load(as: UnsafePointer<CChar>?.self).map { "\"\(String(cString: $0))\"" } ?? "NULL"
        case EASEL_ENCODE_POINT_ARRAY:
            let array = raw.load(as: easel_point_array.self)
            let points = array.points.map { Array(UnsafeBufferPointer(start: $0, count: Int(array.count))) } ?? []
            return "\(array.count) points \(points.map { "(\($0.x), \($0.y))" })"
        case EASEL_ENCODE_STRING_ARRAY:
            let array = raw.load(as: easel_string_array.self)
            let strings = (0..<Int(array.count)).map { array.strings![$0].map { String(cString: $0) } ?? "NULL" }
            return "\(array.count) strings \(strings)"
        default:
            return raw.map { String($0, radix: 16) }.joined(separator: " ")
        }
    }
}

/// Everything the registry knows about a class's declarations, in order.
private func declarations(_ cls: ObjectClass) -> [String] {
    ["superclass \(cls.superclass?.name ?? "-")", "instance size \(cls.instanceSize)"]
        + cls.properties.map { p in
            "property \(p.name) \(p.type.encoding) offset \(p.offset) size \(p.type.size) default \(defaultDescription(p))"
        }
        + cls.methods.map { "method \($0.selector.name) \($0.signature.encoding)" }
}

@Suite("EaselPluginKit: what Swift widgets declare, and the plumbing behind them")
struct PluginKitTests {
    @Test("the kit declares a class exactly as the same class declared by hand in C (kit_twin.c)",
          arguments: ["KitProbe", "KitProbeChild", "Chart", "ChartCoordinator", "GraphView", "GraphController", "BubbleView"])
    func matchesHandWrittenC(className: String) throws {
        let registry = try kitRegistry()
        let swift = try #require(registry.objectClass(named: className))
        let c = try #require(registry.objectClass(named: className + "Twin"))
        #expect(swift.plugin?.name != "kit_twin" && c.plugin?.name == "kit_twin")
        let kit = declarations(swift)
        let handWritten = declarations(c).map { $0.replacingOccurrences(of: "Twin", with: "") }
        let differences = zip(kit, handWritten).filter { $0 != $1 }.map { "kit: \($0)\nC:   \($1)" }
        #expect(kit == handWritten, "\(differences.joined(separator: "\n"))")
    }

    @Test("the probe covers every value type and every method signature the kit offers")
    func probeCoverage() throws {
        let registry = try kitRegistry()
        let probe = try #require(registry.objectClass(named: "KitProbe"))
        #expect(Set(probe.properties.map(\.type.encoding)) == [
            "*", EASEL_ENCODE_STRING_ARRAY, EASEL_ENCODE_POINT_ARRAY, "i", "B", "q", "f", EASEL_ENCODE_POINT,
            EASEL_ENCODE_SIZE, EASEL_ENCODE_RECT, EASEL_ENCODE_COLOR, EASEL_ENCODE_TRANSFORM,
        ])
        #expect(Set(probe.methods.map(\.signature.encoding)).count == 10)
        // Instance variables take storage but are not declared.
        #expect(!probe.properties.contains { $0.name == "calls" || $0.name == "lastEvent" })
        #expect(probe.properties.contains { $0.name == "displayName" } && !probe.properties.contains { $0.name == "renamed" })
    }

    /// The probe's `title` after it summarized itself: names, curve size, count, last event.
    private func summary(_ registry: Registry, _ probe: EaselObject) throws -> String {
        try registry.message(probe, "summarize").invoke()
        let title = try probe.value(ofProperty: "title", as: UnsafePointer<CChar>?.self)
        return title.map { String(cString: $0) } ?? "NULL"
    }

    private func strings(_ object: EaselObject, _ name: String) throws -> [String] {
        let array = try object.value(ofProperty: name, as: easel_string_array.self)
        return (0..<Int(array.count)).map { String(cString: array.strings![$0]!) }
    }

    @Test("properties, instance variables, init and strings and arrays read and written by Swift code")
    func storage() throws {
        let registry = try kitRegistry()
        let probe = try registry.makeObject(ofClass: "KitProbe")
        // Property defaults (the host applied them) and the ivar default "none", replaced by init's record.
        #expect(try probe.value(ofProperty: "count", as: Int32.self) == 7)
        #expect(try probe.value(ofProperty: "flag", as: Bool.self) == true)
        #expect(try probe.value(ofProperty: "ratio", as: Float.self) == 0.5)
        #expect(try summary(registry, probe) == "alpha,beta 2 7 init")

        // Values the host stores (the test owns them) are read by the Swift code.
        let copies: [UnsafeMutablePointer<CChar>?] = ["x", "y", "z"].map { (text: String) in strdup(text) }
        defer { copies.forEach { free($0) } }
        let names: [UnsafePointer<CChar>?] = copies.map { $0.map { UnsafePointer<CChar>($0) } }
        try names.withUnsafeBufferPointer { buffer in
            try probe.setValue(easel_string_array(strings: buffer.baseAddress, count: 3), forProperty: "names")
            try probe.setValue(Int32(9), forProperty: "count")
            #expect(try summary(registry, probe) == "x,y,z 2 9 init")

            // Swift code stores new strings and arrays; storing again frees only the kit's own copies.
            try registry.message(probe, "rename").invoke()
            #expect(try strings(probe, "names") == ["X", "Y", "Z", "gamma"])
            try registry.message(probe, "rename").invoke()
            #expect(try strings(probe, "names") == ["X", "Y", "Z", "GAMMA", "gamma"])
            let curve = try probe.value(ofProperty: "curve", as: easel_point_array.self)
            #expect(curve.count == 4 && curve.points![3] == easel_point(x: 5, y: 6))
            // The instance variable started at 100, and init counted one call.
            let renamed = try probe.value(ofProperty: "displayName", as: UnsafePointer<CChar>?.self)
            #expect(renamed.map { String(cString: $0) } == "renamed 101")
        }
        #expect(registry.takeDiagnostics() == [])
    }

    @Test("a view controller in Swift (ViewControllerClass): loadView, viewDidLoad, appearance, a window resize and a touch its view passes on")
    func controllerClass() throws {
        let registry = try kitRegistry()
        let window = try #require(try registry.makeView(ofClass: "Window", frame: easel_rect(x: 0, y: 0, width: 300, height: 200)) as? Window)
        let controller = try #require(try registry.makeObject(ofClass: "KitProbeController") as? ViewController)
        #expect(controller.objectClass.ancestry.map(\.name).contains("ViewController"))
        window.rootViewController = controller
        window.makeKeyAndVisible()
        window.frame = easel_rect(x: 0, y: 0, width: 320, height: 240)
        let touch = try window.sendTouch(.began, at: easel_point(x: 30, y: 40))
        try window.sendTouch(.ended, at: easel_point(x: 30, y: 40), touch: touch)
        let events = try controller.value(ofProperty: "events", as: UnsafePointer<CChar>?.self).map { String(cString: $0) }
        #expect(events == "loadView, viewDidLoad 10.0, viewWillAppear false, viewDidAppear false, viewWillTransition 320x240, touchesBegan 30,40")
        #expect(registry.takeDiagnostics() == [])
    }

    @Test("view callbacks reach the Swift closures: drawRect:, overlays, super, sizeThatFits:, touches, hit tests")
    func callbacks() throws {
        let registry = try kitRegistry()
        let root = try whiteRoot(registry, width: 60, height: 40)
        let child = try registry.makeView(ofClass: "KitProbeChild", frame: easel_rect(x: 10, y: 10, width: 40, height: 20))
        try root.addSubview(child)
        #expect(try summary(registry, child) == "alpha,beta 2 7 willMoveToSuperview:View child")
        _ = try child.addOverlay(drawing: "drawMark:")

        let image = try render(root, scale: 1, name: "kit-probe")
        #expect(image.pixel(x: 30, y: 20) == RGBA(r: 64, g: 128, b: 191))   // KitProbe's drawRect: (tint), through super
        #expect(image.pixel(x: 10, y: 10) == RGBA(r: 255, g: 0, b: 0))     // the overlay over it
        #expect(image.pixel(x: 5, y: 5) == RGBA(r: 255, g: 255, b: 255))
        #expect(try child.value(ofProperty: "area", as: easel_rect.self) == easel_rect(x: 0, y: 0, width: 40, height: 20))

        #expect(child.sizeThatFits(easel_size(width: 25, height: 99)) == easel_size(width: 25, height: 20))
        #expect(root.hitTest(easel_point(x: 15, y: 15)) === child)
        _ = try root.sendTouch(.began, at: easel_point(x: 13, y: 17))
        #expect(try child.value(ofProperty: "origin", as: easel_point.self) == easel_point(x: 3, y: 7))
        #expect(try summary(registry, child) == "alpha,beta 2 7 touchesBegan child")
        #expect(registry.takeDiagnostics() == [])
    }

    @Test("a delegate method gets the view and the context and messages the view with them")
    func delegateMessaging() throws {
        let registry = try kitRegistry()
        let delegate = try registry.makeObject(ofClass: "KitProbe")
        let view = try registry.makeObject(ofClass: "KitProbe")
        let canvas = try Canvas(width: 20, height: 20, backing: .raster(scale: 1))
        let message = try registry.message(delegate, "drawView:inRect:inContext:")
        try message.setArgument(Optional(UnsafeMutableRawPointer(view.handle)), at: 2)
        try message.setArgument(easel_rect(x: 2, y: 3, width: 5, height: 6), at: 3)
        try message.setArgument(Optional(UnsafeMutableRawPointer(canvas.context)), at: 4)
        message.invoke()
        #expect(try summary(registry, delegate) == "alpha,beta 2 7 drawView:KitProbe")
        #expect(try view.value(ofProperty: "area", as: easel_rect.self) == easel_rect(x: 2, y: 3, width: 5, height: 6))
        let image = try canvas.rasterImage()
        #expect(image.pixel(x: 4, y: 5) == RGBA(r: 0, g: 255, b: 0))
        #expect(image.pixel(x: 1, y: 1).a == 0)
        #expect(registry.takeDiagnostics() == [])
    }
}
