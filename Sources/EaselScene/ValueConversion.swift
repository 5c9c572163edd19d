import EaselABI
import EaselEncoding
import EaselGeometry
import EaselRuntime
import EaselViews
import Foundation

/// JSON values → the bytes of a typed property, by its type encoding.
enum ValueConversion {
    /// `#rrggbb`, `#rrggbbaa`, or [r, g, b] / [r, g, b, a] with components in 0...1.
    static func color(_ node: Node) throws(SceneError) -> easel_color {
        if case .string(let text) = node.value {
            let hex = text.hasPrefix("#") ? String(text.dropFirst()) : ""
            guard hex.count == 6 || hex.count == 8, let value = UInt64(hex, radix: 16) else {
                throw node.error("expected a colour \"#rrggbb\" or \"#rrggbbaa\", got \"\(text)\"")
            }
            let full = hex.count == 6 ? value << 8 | 0xff : value
            func component(_ shift: UInt64) -> Double { Double((full >> shift) & 0xff) / 255 }
            return easel_color(red: component(24), green: component(16), blue: component(8), alpha: component(0))
        }
        guard case .array(let items) = node.value, items.count == 3 || items.count == 4 else {
            throw node.expect("a colour (\"#rrggbb\", \"#rrggbbaa\" or [r, g, b, a] in 0...1)")
        }
        let parts = try node.numbers(items.count, "a colour [r, g, b, a] with components in 0...1")
        guard parts.allSatisfy({ (0...1).contains($0) }) else {
            throw node.error("colour components must be between 0 and 1")
        }
        return easel_color(red: parts[0], green: parts[1], blue: parts[2], alpha: parts.count == 4 ? parts[3] : 1)
    }

    static func rect(_ node: Node) throws(SceneError) -> easel_rect {
        let v = try node.numbers(4, "a rect [x, y, width, height]")
        guard v[2] >= 0, v[3] >= 0 else { throw node.error("a rect's width and height must not be negative") }
        return easel_rect(x: v[0], y: v[1], width: v[2], height: v[3])
    }

    static func point(_ node: Node) throws(SceneError) -> easel_point {
        let v = try node.numbers(2, "a point [x, y]")
        return easel_point(x: v[0], y: v[1])
    }

    static func size(_ node: Node) throws(SceneError) -> easel_size {
        let v = try node.numbers(2, "a size [width, height]")
        guard v[0] >= 0, v[1] >= 0 else { throw node.error("a size must not be negative") }
        return easel_size(width: v[0], height: v[1])
    }

    /// [a, b, c, d, tx, ty] or {"scale": s | [sx, sy], "rotate": degrees, "translate": [tx, ty]} (applied in that order).
    static func transform(_ node: Node) throws(SceneError) -> easel_affine_transform {
        if case .array = node.value {
            let v = try node.numbers(6, "a transform [a, b, c, d, tx, ty] or {\"scale\", \"rotate\", \"translate\"}")
            let t = easel_affine_transform(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5])
            guard t.inverted() != nil else { throw node.error("the transform is singular (it cannot be inverted)") }
            return t
        }
        guard node.object != nil else { throw node.expect("a transform [a, b, c, d, tx, ty] or {\"scale\", \"rotate\", \"translate\"}") }
        try node.checkKeys(["scale", "rotate", "translate"])
        var result = easel_affine_transform.identity
        if let scale = node.child("scale") {
            if case .number(let s) = scale.value {
                result = result.concatenating(easel_affine_transform(scaleX: s, y: s))
            } else {
                let v = try scale.numbers(2, "a scale s or [sx, sy]")
                result = result.concatenating(easel_affine_transform(scaleX: v[0], y: v[1]))
            }
        }
        if let rotate = node.child("rotate") {
            result = result.concatenating(easel_affine_transform(rotationAngle: try rotate.number() * .pi / 180))
        }
        if let translate = node.child("translate") {
            let v = try translate.numbers(2, "a translation [tx, ty]")
            result = result.concatenating(easel_affine_transform(translationX: v[0], y: v[1]))
        }
        guard result.inverted() != nil else { throw node.error("the transform is singular (it cannot be inverted)") }
        return result
    }

    static let autoresizingNames: [(String, AutoresizingMask)] = [
        ("flexibleLeftMargin", .flexibleLeftMargin), ("flexibleWidth", .flexibleWidth),
        ("flexibleRightMargin", .flexibleRightMargin), ("flexibleTopMargin", .flexibleTopMargin),
        ("flexibleHeight", .flexibleHeight), ("flexibleBottomMargin", .flexibleBottomMargin),
    ]

    /// ["flexibleWidth", …] or the UIKit bit mask as a number.
    static func autoresizingMask(_ node: Node) throws(SceneError) -> AutoresizingMask {
        if case .number(let value) = node.value {
            guard value >= 0, value <= 63, value == value.rounded() else { throw node.error("an autoresizing mask number is 0...63") }
            return AutoresizingMask(rawValue: UInt64(value))
        }
        var mask: AutoresizingMask = []
        for item in try node.elements() {
            let name = try item.string()
            guard let flag = autoresizingNames.first(where: { $0.0 == name })?.1 else {
                throw item.error("unknown autoresizing flag '\(name)'; expected one of: \(autoresizingNames.map(\.0).joined(separator: ", "))")
            }
            mask.insert(flag)
        }
        return mask
    }

    /// The bytes of a value of `type` for a property, from JSON.
    ///
    /// - Parameters:
    ///   - what: How the property reads in messages ("property 'tailWidth' (double)").
    ///   - arena: Memory for strings and arrays, alive as long as the registry.
    ///   - makeObject: Builds an object for an `@` property.
    static func bytes(_ node: Node, as type: TypeEncoding, what: String, arena: StringArena,
                      makeObject: (Node) throws(SceneError) -> EaselObject) throws(SceneError) -> [UInt8] {
        func pack<T>(_ value: T) -> [UInt8] { withUnsafeBytes(of: value) { Array($0) } }
        func integer<T: FixedWidthInteger>(_: T.Type) throws(SceneError) -> [UInt8] {
            let number = try wrap(node.number())
            guard number == number.rounded(), let value = T(exactly: number) else {
                throw node.error("\(what) takes an integer from \(T.min) to \(T.max), not \(number)")
            }
            return pack(value)
        }
        func wrap<T>(_ body: @autoclosure () throws(SceneError) -> T) throws(SceneError) -> T {
            do { return try body() } catch { throw node.error("\(error.message) for \(what)") }
        }
        switch type {
        case .char: return try integer(Int8.self)
        case .unsignedChar: return try integer(UInt8.self)
        case .short: return try integer(Int16.self)
        case .unsignedShort: return try integer(UInt16.self)
        case .int, .long: return try integer(Int32.self)
        case .unsignedInt, .unsignedLong: return try integer(UInt32.self)
        case .longLong: return try integer(Int64.self)
        case .unsignedLongLong: return try integer(UInt64.self)
        case .float: return pack(Float(try wrap(node.number())))
        case .double: return pack(try wrap(node.number()))
        case .bool: return [try wrap(node.bool()) ? 1 : 0]
        case .cString:
            return pack(UnsafePointer(arena.make(try wrap(node.string()))))
        case .object:
            return pack(UnsafeRawPointer(Unmanaged.passUnretained(try makeObject(node)).toOpaque()))
        case .structure(let name, _):
            switch name {
            case "EaselColor": return pack(try wrap(color(node)))
            case "CGPoint": return pack(try wrap(point(node)))
            case "CGSize": return pack(try wrap(size(node)))
            case "CGRect": return pack(try wrap(rect(node)))
            case "CGAffineTransform": return pack(try wrap(transform(node)))
            case "EaselPointArray":
                var points: [easel_point] = []
                for item in try wrap(node.elements()) { points.append(try point(item)) }
                return pack(easel_point_array(points: arena.copy(points), count: UInt64(points.count)))
            case "EaselStringArray":
                var strings: [UnsafePointer<CChar>?] = []
                for item in try wrap(node.elements()) { strings.append(UnsafePointer(arena.make(try item.string()))) }
                return pack(easel_string_array(strings: arena.copy(strings), count: UInt64(strings.count)))
            default:
                if let count = type.doubleLeafCount {
                    let values = try node.numbers(count, "\(count) numbers for \(what)")
                    return values.flatMap { pack($0) }
                }
            }
        default:
            break
        }
        throw node.error("\(what) has the type \(type.readableName) (\(type.encoding)), which scene files cannot set")
    }
}
