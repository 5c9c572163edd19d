import EaselABI
import EaselEncoding
import EaselScene
import EaselViews
import FoundationEssentials

/// One view of a laid-out tree, as `easel render --dump-tree` prints it and
/// the preview's inspector shows it: what can be diffed and tested without a browser.
public struct ViewTreeNode: Codable, Sendable, Equatable {
    /// A rectangle in points.
    public struct Rect: Codable, Sendable, Equatable {
        public var x, y, width, height: Double
    }

    /// An affine transform, CGAffineTransform's fields.
    public struct Transform: Codable, Sendable, Equatable {
        public var a, b, c, d, tx, ty: Double
    }

    /// The view's class.
    public var `class`: String
    /// The plugin that defines the class; `nil` for the host's built-in classes.
    public var plugin: String?
    /// The scene's `id` of the view, if it has one.
    public var id: String?
    /// The JSON path the view was declared at (`root.subviews[1]`); `nil` for views plugin code made.
    public var path: String?
    /// The frame in the superview's coordinates.
    public var frame: Rect
    /// The bounds, in the view's own coordinates.
    public var bounds: Rect
    /// The transform about the center.
    public var transform: Transform
    /// The opacity, 0...1.
    public var alpha: Double
    /// Whether the view is hidden.
    public var hidden: Bool
    /// The view's flags that are set, by name: `clipsToBounds`, `opaque`,
    /// `userInteractionEnabled`, `rightHanded`, `autoresizesSubviews`.
    public var flags: [String]
    /// The autoresizing mask, by UIKit's names (`flexibleWidth`, …); empty for none.
    public var autoresizingMask: [String]
    /// The subviews, back to front.
    public var subviews: [ViewTreeNode]
    /// The values of the properties the view's class and its superclasses declare, as text
    /// (`easel preview`'s inspector; `nil` in `--dump-tree`).
    public var properties: [String: String]? = nil
    /// The types of those properties, readable (`double`, `EaselColor`).
    public var propertyTypes: [String: String]? = nil
    /// The layout constraints the view holds, described (`easel preview`; `nil` without any).
    public var constraints: [String]? = nil
    /// Milliseconds the view's last `drawRect:` took (`easel preview`; `nil` before it drew).
    public var drawMilliseconds: Double? = nil

    /// The node of `view` and its subtree, with the ids and JSON paths `tree` knows.
    ///
    /// - Parameters:
    ///   - view: The view.
    ///   - tree: The scene tree it belongs to, for ids and JSON paths.
    ///   - depthLimit: Deeper subtrees are cut (a plugin can nest views without end).
    public init(_ view: View, in tree: SceneTree?, depthLimit: Int = 256) {
        let ids = tree.map { Dictionary($0.viewsByID.map { (ObjectIdentifier($0.value), $0.key) }, uniquingKeysWith: min) } ?? [:]
        self.init(view, tree: tree, ids: ids, depth: depthLimit)
    }

    private init(_ view: View, tree: SceneTree?, ids: [ObjectIdentifier: String], depth: Int) {
        `class` = view.objectClass.name
        plugin = view.objectClass.plugin?.name
        id = ids[ObjectIdentifier(view)]
        path = tree?.path(of: view)
        frame = Rect(view.frame)
        bounds = Rect(view.bounds)
        let t = view.transform
        let f = Rect.finite
        transform = Transform(a: f(t.a), b: f(t.b), c: f(t.c), d: f(t.d), tx: f(t.tx), ty: f(t.ty))
        alpha = Rect.finite(view.alpha)
        hidden = view.isHidden
        var flags: [String] = []
        if view.clipsToBounds { flags.append("clipsToBounds") }
        if view.isOpaque { flags.append("opaque") }
        if view.isUserInteractionEnabled { flags.append("userInteractionEnabled") }
        if view.isRightHanded { flags.append("rightHanded") }
        if view.autoresizesSubviews { flags.append("autoresizesSubviews") }
        self.flags = flags
        let names: [(AutoresizingMask, String)] = [
            (.flexibleLeftMargin, "flexibleLeftMargin"), (.flexibleWidth, "flexibleWidth"),
            (.flexibleRightMargin, "flexibleRightMargin"), (.flexibleTopMargin, "flexibleTopMargin"),
            (.flexibleHeight, "flexibleHeight"), (.flexibleBottomMargin, "flexibleBottomMargin"),
        ]
        autoresizingMask = names.filter { view.autoresizingMask.contains($0.0) }.map(\.1)
        subviews = depth > 0 ? view.subviews.map { ViewTreeNode($0, tree: tree, ids: ids, depth: depth - 1) } : []
    }

    /// The tree as pretty-printed JSON with sorted keys (stable for diffs), ending in a newline.
    public func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain numbers, strings and arrays cannot fail; a non-finite number (none in a laid-out tree) prints as null.
        guard let data = try? encoder.encode(self) else { return "null\n" }
        // Foundation prints an empty array over three lines; a JSON string holds no raw line break, so this touches only those.
        let text = String(decoding: data, as: UTF8.self)
            .replacing(#/\[\n\s*\n\s*\]/#, with: "[]")
        return text + "\n"
    }
}

extension ViewTreeNode {
    /// Adds what `easel preview`'s inspector shows besides `--dump-tree`'s fields: declared
    /// properties with their values, constraints, and the last `drawRect:` time.
    ///
    /// - Parameters:
    ///   - view: The view this node was made from (its subviews are walked with the node's).
    ///   - drawTimes: Milliseconds of the last `drawRect:` per view.
    mutating func addInspectorDetails(of view: View, drawTimes: [ObjectIdentifier: Double]) {
        var values: [String: String] = [:], types: [String: String] = [:]
        for objectClass in view.objectClass.ancestry {
            for property in objectClass.properties where values[property.name] == nil {
                guard let bytes = try? view.propertyBytes(property.name),
                      let text = Self.sceneJSON(bytes, as: property.type) else { continue }
                values[property.name] = text
                types[property.name] = property.type.readableName
            }
        }
        if !values.isEmpty {
            properties = values
            propertyTypes = types
        }
        let held = view.constraints.prefix(64).map(\.description)
        constraints = held.isEmpty ? nil : Array(held)
        drawMilliseconds = drawTimes[ObjectIdentifier(view)].map { ($0 * 1000).rounded() / 1000 }
        let children = view.subviews
        for index in subviews.indices where index < children.count {
            subviews[index].addInspectorDetails(of: children[index], drawTimes: drawTimes)
        }
    }
}

extension ViewTreeNode {
    /// A property's value as a scene file writes it (so the inspector's value can be edited and sent
    /// back as it is): a colour as `"#rrggbb"` (`"#rrggbbaa"` when not opaque), a structure of
    /// numbers as an array, a string quoted; `nil` for pointers and objects, which have no such form.
    static func sceneJSON(_ bytes: [UInt8], as type: TypeEncoding) -> String? {
        if type.encoding.contains("^") || type.encoding.contains("@") || type.encoding.contains("#") { return nil }
        if case .structure(let name, let fields) = type {
            if name == "EaselColor", fields.count == 4, bytes.count == 32 {
                let components = (0..<4).map { index in
                    bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: index * 8, as: Double.self) }
                }
                let hex = components.map { String(printf: "%02x", Int((min(max($0.isFinite ? $0 : 0, 0), 1) * 255).rounded())) }
                return "\"#" + hex[0] + hex[1] + hex[2] + (components[3] < 1 ? hex[3] : "") + "\""
            }
            if fields.allSatisfy({ $0 == .double }) && bytes.count == fields.count * 8 {
                let numbers = (0..<fields.count).map { index in
                    bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: index * 8, as: Double.self) }
                }
                return "[" + numbers.map { ValueCodec.formatReal($0) }.joined(separator: ", ") + "]"
            }
            return nil
        }
        return bytes.withUnsafeBytes { ValueCodec.format($0, as: type) }
    }
}

extension ViewTreeNode.Rect {
    init(_ rect: easel_rect) {
        self.init(x: Self.finite(rect.origin.x), y: Self.finite(rect.origin.y),
                  width: Self.finite(rect.size.width), height: Self.finite(rect.size.height))
    }

    /// JSON has no infinities or NaN: a plugin's non-finite geometry prints as 0.
    static func finite(_ value: Double) -> Double { value.isFinite ? value : 0 }
}
