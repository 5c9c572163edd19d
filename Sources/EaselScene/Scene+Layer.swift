import EaselABI
import EaselEncoding
import EaselGeometry
import EaselViews

// A view's geometry and its layer in a scene file.
//
// Geometry (`frame`, `bounds`, `center`, `anchorPoint`, `transform`, and the
// layer's `position` and `anchorPoint`) is resolved before the view is made,
// in one documented order, so that a plugin's `init` sees the final size
// and position:
//   1. the anchor point (`anchorPoint`, or `layer.anchorPoint`; default
//      (0.5, 0.5));
//   2. the size: the frame's, else the bounds', else zero (the root: the
//      canvas's);
//   3. the position (the view's `center`): from the frame, `origin +
//      anchorPoint * size`; else `center` (or `layer.position`); else as if
//      the frame's origin were (0, 0) (the root: the canvas's origin);
//   4. the bounds' origin (which scrolls the content);
//   5. the transform, about the anchor point.
// The frame describes the view before its transform, as in the rest of the
// scene format. Where two of these say different things about one value,
// which a UIKit view cannot hold at once, the scene is refused naming both:
// a frame and bounds of different sizes, a frame and a center (or position)
// that do not agree through the anchor point, and the view's and the
// layer's names of one property (`center`/`position`, `alpha`/`opacity`,
// `hidden`, `backgroundColor`, `clipsToBounds`/`masksToBounds`,
// `anchorPoint`) with different values.

/// A view's geometry as a scene gives it, resolved (see the top of this file).
struct SceneGeometry {
    var anchorPoint: easel_point?
    var size: easel_size
    var position: easel_point
    var boundsOrigin: easel_point?

    /// The frame to make the view with: the final size and position, for the default anchor point.
    var initialFrame: easel_rect {
        // The scene's own frame when the anchor point is the default one (the same, without rounding).
        if let frame, anchorPoint == nil { return frame }
        return easel_rect(x: position.x - size.width / 2, y: position.y - size.height / 2, width: size.width, height: size.height)
    }
    /// The frame the scene gives.
    var frame: easel_rect?

    init(_ node: Node, isRoot: Bool, canvas: easel_rect) throws(SceneError) {
        let layer = node.child("layer")
        if let layer { _ = try layer.requireObject() }
        let anchorNode = try Self.same(node.child("anchorPoint"), layer?.child("anchorPoint"), "anchorPoint", "layer.anchorPoint",
                                       ValueConversion.point)
        anchorPoint = try anchorNode.map { (node: Node) throws(SceneError) in
            let point = try ValueConversion.point(node)
            guard abs(point.x) <= 1e6, abs(point.y) <= 1e6 else { throw node.error("an anchor point is at most 1e6 from the origin") }
            return point
        }
        let anchor = anchorPoint ?? easel_point(x: 0.5, y: 0.5)
        let frame = try node.child("frame").map(ValueConversion.rect)
        self.frame = frame
        let bounds = try node.child("bounds").map(ValueConversion.rect)
        let centerNode = try Self.same(node.child("center"), layer?.child("position"), "center", "layer.position", ValueConversion.point)
        let center = try centerNode.map(ValueConversion.point)
        if let frame, let bounds, frame.size != bounds.size {
            throw node.child("bounds")!.error(
                "the bounds' size \(Self.format(bounds.size)) differs from the frame's \(Self.format(frame.size)); "
                + "a view's frame (before its transform) and bounds have one size")
        }
        size = frame?.size ?? bounds?.size ?? (isRoot ? canvas.size : .zero)
        let origin = frame?.origin ?? (isRoot ? canvas.origin : .zero)
        let fromFrame = easel_point(x: origin.x + anchor.x * size.width, y: origin.y + anchor.y * size.height)
        if let frame, let center, let centerNode, center != fromFrame {
            throw centerNode.error(
                "the center \(Self.format(center)) contradicts the frame \(Self.format(frame)), which puts the center "
                + "(the layer's position, where the anchor point \(Self.format(anchor)) lies) at \(Self.format(fromFrame))")
        }
        position = frame == nil ? (center ?? fromFrame) : fromFrame
        guard position.x.isFinite, position.y.isFinite else {
            throw node.error("the view's position (center) must be finite")
        }
        boundsOrigin = bounds?.origin
        if isRoot, frame == nil, bounds == nil, center == nil { self.frame = canvas }
    }

    /// Applies what the frame given to `makeView` could not hold: the anchor point and the bounds' origin.
    func apply(to view: View) {
        if let anchorPoint { view.layer.anchorPoint = anchorPoint }
        if let boundsOrigin { view.bounds = easel_rect(origin: boundsOrigin, size: view.bounds.size) }
    }

    /// The one of two nodes naming one property that is given; both only when they decode to the same value.
    static func same<T: Equatable>(_ first: Node?, _ second: Node?, _ firstName: String, _ secondName: String,
                                   _ decode: (Node) throws(SceneError) -> T) throws(SceneError) -> Node? {
        guard let first, let second else { return first ?? second }
        let a = try decode(first), b = try decode(second)
        guard a == b else {
            throw second.error("\(secondName) contradicts \(firstName): they are one property of the view, given two different values")
        }
        return first
    }

    static func format(_ value: Double) -> String { ValueCodec.formatReal(value) }
    static func format(_ point: easel_point) -> String { "[\(format(point.x)), \(format(point.y))]" }
    static func format(_ size: easel_size) -> String { "\(format(size.width)) x \(format(size.height))" }
    static func format(_ rect: easel_rect) -> String {
        "[\(format(rect.origin.x)), \(format(rect.origin.y)), \(format(rect.size.width)), \(format(rect.size.height))]"
    }
}

/// The `layer` object of a view in a scene.
package enum SceneLayer {
    package static let keys: Set<String> = [
        "cornerRadius", "maskedCorners", "masksToBounds", "borderWidth", "borderColor", "shadowColor", "shadowOpacity",
        "shadowOffset", "shadowRadius", "shadowPath", "opacity", "anchorPoint", "position", "zPosition", "hidden",
        "backgroundColor", "allowsGroupOpacity", "sublayers", "contentsRect",
    ]

    static let cornerNames: [(String, CornerMask)] = [
        ("minXMinY", .minXMinY), ("maxXMinY", .maxXMinY), ("minXMaxY", .minXMaxY), ("maxXMaxY", .maxXMaxY),
    ]

    /// Sets the layer's properties (`anchorPoint` and `position` are geometry, applied with it;
    /// `sublayers` are built by the scene's builder, Scene+Images.swift).
    ///
    /// - Parameters:
    ///   - node: The `layer` object.
    ///   - view: The view, its geometry and attributes already set.
    ///   - viewNode: The view's node, for the attributes the layer shares with it.
    static func apply(_ node: Node, to view: View, viewNode: Node) throws(SceneError) {
        for change in try changes(node, viewNode: viewNode) { change(view.layer) }
    }

    /// The changes a `layer` object makes, checked, to apply later (an `animate` step's `set`).
    ///
    /// - Parameter viewNode: The view's node, for the attributes the layer shares with it (`nil` in a step).
    static func changes(_ node: Node, viewNode: Node?) throws(SceneError) -> [(ViewLayer) -> Void] {
        try node.checkKeys(keys)
        var changes: [(ViewLayer) -> Void] = []
        if let value = node.child("cornerRadius") { let value = try length(value, "a corner radius"); changes.append { $0.cornerRadius = value } }
        if let value = node.child("maskedCorners") { let value = try corners(value); changes.append { $0.maskedCorners = value } }
        if let value = node.child("masksToBounds") {
            _ = try SceneGeometry.same(viewNode?.child("clipsToBounds"), value, "clipsToBounds", "layer.masksToBounds",
                                       { (node: Node) throws(SceneError) in try node.bool() })
            let value = try value.bool()
            changes.append { $0.masksToBounds = value }
        }
        if let value = node.child("borderWidth") { let value = try length(value, "a border width"); changes.append { $0.borderWidth = value } }
        if let value = node.child("borderColor") { let value = try ValueConversion.color(value); changes.append { $0.borderColor = value } }
        if let value = node.child("shadowColor") { let value = try ValueConversion.color(value); changes.append { $0.shadowColor = value } }
        if let value = node.child("shadowOpacity") { let value = try unit(value, "a shadow opacity"); changes.append { $0.shadowOpacity = value } }
        if let value = node.child("shadowOffset") {
            let numbers = try value.numbers(2, "an offset [width, height]")
            guard abs(numbers[0]) <= 1e6, abs(numbers[1]) <= 1e6 else { throw value.error("a shadow offset is at most 1e6 each way") }
            let value = easel_size(width: numbers[0], height: numbers[1])
            changes.append { $0.shadowOffset = value }
        }
        if let value = node.child("shadowRadius") {
            let radius = try length(value, "a shadow radius")
            guard radius <= 1000 else { throw value.error("a shadow radius is at most 1000 points, got \(SceneGeometry.format(radius))") }
            let value = radius
            changes.append { $0.shadowRadius = value }
        }
        if let value = node.child("shadowPath") { let value = try shadowPath(value); changes.append { $0.shadowPath = value } }
        if let value = node.child("opacity") {
            _ = try SceneGeometry.same(viewNode?.child("alpha"), value, "alpha", "layer.opacity",
                                       { (node: Node) throws(SceneError) in try node.number() })
            let value = try unit(value, "an opacity")
            changes.append { $0.opacity = value }
        }
        if let value = node.child("zPosition") { let value = try value.number(); changes.append { $0.zPosition = value } }
        if let value = node.child("hidden") {
            _ = try SceneGeometry.same(viewNode?.child("hidden"), value, "hidden", "layer.hidden",
                                       { (node: Node) throws(SceneError) in try node.bool() })
            let value = try value.bool()
            changes.append { $0.isHidden = value }
        }
        if let value = node.child("backgroundColor") {
            _ = try SceneGeometry.same(viewNode?.child("backgroundColor"), value, "backgroundColor", "layer.backgroundColor",
                                       ValueConversion.color)
            let value = try ValueConversion.color(value)
            changes.append { $0.backgroundColor = value }
        }
        if let value = node.child("allowsGroupOpacity") { let value = try value.bool(); changes.append { $0.allowsGroupOpacity = value } }
        if let value = node.child("contentsRect") {
            let rect = try ValueConversion.rect(value)
            guard rect.size.width >= 0, rect.size.height >= 0, rect.minX >= 0, rect.minY >= 0, rect.maxX <= 1, rect.maxY <= 1 else {
                throw value.error("contentsRect is a rect [x, y, w, h] within the unit square [0, 0, 1, 1]")
            }
            changes.append { $0.contentsRect = rect }
        }
        return changes
    }

    private static func length(_ node: Node, _ what: String) throws(SceneError) -> Double {
        let value = try node.number()
        guard value >= 0 else { throw node.error("\(what) must not be negative, got \(SceneGeometry.format(value))") }
        return value
    }

    private static func unit(_ node: Node, _ what: String) throws(SceneError) -> Double {
        let value = try node.number()
        guard (0...1).contains(value) else { throw node.error("\(what) is between 0 and 1, got \(SceneGeometry.format(value))") }
        return value
    }

    /// ["minXMinY", …] or Core Animation's number 0...15.
    private static func corners(_ node: Node) throws(SceneError) -> CornerMask {
        if case .number(let value) = node.value {
            guard value >= 0, value <= 15, value == value.rounded() else { throw node.error("a corner mask number is 0...15") }
            return CornerMask(rawValue: UInt64(value))
        }
        var mask: CornerMask = []
        for item in try node.elements() {
            let name = try item.string()
            guard let corner = cornerNames.first(where: { $0.0 == name })?.1 else {
                throw item.error("unknown corner '\(name)'; expected one of: \(cornerNames.map(\.0).joined(separator: ", "))")
            }
            mask.insert(corner)
        }
        return mask
    }

    /// {"rect": [x, y, w, h]}, {"roundedRect": [x, y, w, h], "cornerRadius": r}, {"ellipse": [x, y, w, h]} or {"polygon": [[x, y], …]}.
    private static func shadowPath(_ node: Node) throws(SceneError) -> ShadowPath {
        _ = try node.requireObject()
        try node.checkKeys(["rect", "roundedRect", "cornerRadius", "ellipse", "polygon"])
        let shapes = ["rect", "roundedRect", "ellipse", "polygon"].filter { node.child($0) != nil }
        guard shapes.count == 1 else {
            throw node.error("a shadow path is one of {\"rect\": [x, y, w, h]}, {\"roundedRect\": [x, y, w, h], \"cornerRadius\": r}, "
                             + "{\"ellipse\": [x, y, w, h]}, {\"polygon\": [[x, y], …]}"
                             + (shapes.isEmpty ? "" : "; it gives \(shapes.joined(separator: " and "))"))
        }
        if let radius = node.child("cornerRadius"), node.child("roundedRect") == nil {
            throw radius.error("'cornerRadius' goes with 'roundedRect'")
        }
        if let rect = node.child("rect") { return .rect(try ValueConversion.rect(rect)) }
        if let ellipse = node.child("ellipse") { return .ellipse(try ValueConversion.rect(ellipse)) }
        if let rounded = node.child("roundedRect") {
            let radius = try node.child("cornerRadius").map { (node: Node) throws(SceneError) in try length(node, "a corner radius") } ?? 0
            return .roundedRect(try ValueConversion.rect(rounded), cornerRadius: radius)
        }
        let items = try node.child("polygon")!.elements()
        guard items.count <= ShadowPath.maximumPoints else {
            throw node.child("polygon")!.error("a shadow polygon has at most \(ShadowPath.maximumPoints) points, got \(items.count)")
        }
        var points: [easel_point] = []
        for item in items { points.append(try ValueConversion.point(item)) }
        return .polygon(points)
    }
}
