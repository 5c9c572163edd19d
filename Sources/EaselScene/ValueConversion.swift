import EaselABI
import EaselEncoding
import EaselGeometry
import EaselRuntime
import EaselViews

/// JSON values → typed values and property bytes, through the value codec.
///
/// ``ValueCodec`` does the encoding; what is left here is what only scenes
/// have: objects made from `{"class": …}`, transforms written as
/// `{"scale", "rotate", "translate"}`, autoresizing masks by flag name, the
/// checks a scene adds (sizes not negative, colour components in 0...1,
/// transforms invertible), and how a property's errors name it.
enum ValueConversion {
    /// The value of `node` as a `T` encoded as `type` (a geometry struct or a colour), errors at their own path.
    private static func decode<T: BitwiseCopyable>(_ node: Node, as type: TypeEncoding, _: T.Type) throws(SceneError) -> T {
        let bytes: [UInt8]
        do { bytes = try ValueCodec.encode(node.value, as: type, storage: ValueArena()) } catch { throw node.error(error) }
        return bytes.withUnsafeBytes { $0.loadUnaligned(as: T.self) }
    }

    /// `#rrggbb`, `#rrggbbaa`, or [r, g, b] / [r, g, b, a] with components in 0...1.
    static func color(_ node: Node) throws(SceneError) -> easel_color {
        let color = try decode(node, as: .colour, easel_color.self)
        guard [color.red, color.green, color.blue, color.alpha].allSatisfy({ (0...1).contains($0) }) else {
            throw node.error("colour components must be between 0 and 1")
        }
        return color
    }

    static func rect(_ node: Node) throws(SceneError) -> easel_rect {
        let rect = try decode(node, as: .rect, easel_rect.self)
        guard rect.size.width >= 0, rect.size.height >= 0 else { throw node.error("a rect's width and height must not be negative") }
        guard (rect.origin.x + rect.size.width).isFinite, (rect.origin.y + rect.size.height).isFinite else {
            throw node.error("a rect's x + width and y + height must be finite numbers")
        }
        return rect
    }

    static func point(_ node: Node) throws(SceneError) -> easel_point {
        try decode(node, as: .point, easel_point.self)
    }

    static func size(_ node: Node) throws(SceneError) -> easel_size {
        let size = try decode(node, as: .size, easel_size.self)
        guard size.width >= 0, size.height >= 0 else { throw node.error("a size must not be negative") }
        return size
    }

    /// [a, b, c, d, tx, ty] or {"scale": s | [sx, sy], "rotate": degrees, "translate": [tx, ty]} (applied in that order).
    static func transform(_ node: Node) throws(SceneError) -> easel_affine_transform {
        var result = easel_affine_transform.identity
        if node.object == nil {
            result = try decode(node, as: .affineTransform, easel_affine_transform.self)
        } else {
            try node.checkKeys(["scale", "rotate", "translate"])
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
        }
        let determinant = result.a * result.d - result.b * result.c
        guard [result.a, result.b, result.c, result.d, result.tx, result.ty, determinant].allSatisfy(\.isFinite) else {
            throw node.error("the transform overflows: its components and determinant must be finite numbers")
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
    /// A geometry struct or colour is reported as a whole, at the property,
    /// naming it: `…: expected a number, got a string (in a point [x, y]) for
    /// property 'place' (CGPoint)`. The items of a point or string array are
    /// reported at their own paths.
    ///
    /// - Parameters:
    ///   - what: How the property reads in messages ("property 'tailWidth' (double)").
    ///   - arena: Memory for strings and arrays, alive as long as the registry.
    ///   - makeObject: Builds an object for an `@` property.
    ///   - registry: Reads classes (`#`) by name; selectors (`:`) are read by name too, and
    ///     both may be `null` (also inside structs).
    ///   - enumeration: The property's value names (easel.metadata.v1), when it has any:
    ///     a string is read as one of them.
    static func bytes(_ node: Node, as type: TypeEncoding, what: String, arena: ValueArena, registry: Registry? = nil,
                      enumeration: PropertyMetadata? = nil,
                      makeObject: (Node) throws(SceneError) -> EaselObject) throws(SceneError) -> [UInt8] {
        func pack<T>(_ value: T) -> [UInt8] { withUnsafeBytes(of: value) { Array($0) } }
        func whole<T>(_ body: (Node) throws(SceneError) -> T) throws(SceneError) -> [UInt8] {
            do { return pack(try body(node)) } catch { throw node.error("\(error.message) for \(what)") }
        }
        switch type {
        case .object: return pack(UnsafeRawPointer(Unmanaged.passUnretained(try makeObject(node)).toOpaque()))
        case .colour: return try whole(color)
        case .point: return try whole(point)
        case .size: return try whole(size)
        case .rect: return try whole(rect)
        case .affineTransform: return try whole(transform)
        case .class, .selector:
            if let registry {
                do { return pack(try reference(node.value, as: type, registry: registry)) } catch { throw node.error("\(what): \(error.message)") }
            }
        default: break
        }
        if type == .float, case .number(let number) = node.value, !Float(number).isFinite {
            throw node.error("\(ValueCodec.formatReal(number)) is too large for \(what): a float is at most \(Float.greatestFiniteMagnitude)")
        }
        var value = node.value
        if case .string(let name) = value, let enumeration, !enumeration.enumCases.isEmpty, type.fitsInteger(0) != nil {
            do { value = .text(try enumeration.enumValueText(name, what: what)) } catch { throw node.error(error.message) }
        }
        // Only for a type holding a class or selector: with a reader the codec also takes null for a C
        // string, which scenes refuse ("expected a string, got null").
        var references: ValueCodec.References?
        if let registry, type.encoding.contains(where: { $0 == "#" || $0 == ":" }) { references = referenceReader(registry) }
        do {
            return try ValueCodec.encode(value, as: type, storage: arena, references: references)
        } catch {
            throw propertyError(error, at: node, type: type, what: what)
        }
    }

    /// ``reference(_:as:registry:)`` as the codec's reader of references.
    static func referenceReader(_ registry: Registry) -> ValueCodec.References {
        func read(_ value: Value, _ type: TypeEncoding) throws(ValueError) -> UnsafeRawPointer? {
            try reference(value, as: type, registry: registry)
        }
        return read
    }

    /// A class (`#`) by its registered name or a selector (`:`) by name, or `null` for either; other
    /// references (an object inside a struct, a pointer) scene files cannot set.
    static func reference(_ value: Value, as type: TypeEncoding, registry: Registry) throws(ValueError) -> UnsafeRawPointer? {
        let form = type == .class ? "a class name or null" : "a selector name or null"
        switch (type, value) {
        case (.class, .null), (.selector, .null): return nil
        case (.class, .string(let name)):
            guard let cls = registry.objectClass(named: name) else {
                let known = registry.classes.map(\.name)
                throw ValueError(.invalid("no class named '\(name)' is registered\(NameSuggestion.clause(for: name, among: known))"))
            }
            return UnsafeRawPointer(cls.internedName)
        case (.selector, .string(let name)):
            guard case .success = PluginNames.check(Array(name.utf8), .selector), !name.isEmpty else {
                throw ValueError(.invalid("'\(name)' is not a selector name (\(PluginNames.Role.selector.allowed))"))
            }
            return UnsafeRawPointer(Selector(name).pointer)
        case (.class, _), (.selector, _): throw ValueError(.expected(form, got: value.kind))
        default: throw ValueError(.unsupported(type))
        }
    }

    /// Where a codec error about a property goes and how it names the property.
    private static func propertyError(_ error: ValueError, at node: Node, type: TypeEncoding, what: String) -> SceneError {
        if case .unsupported = error.reason {
            return node.error("\(what) has the type \(type.readableName) (\(type.encoding)), which scene files cannot set")
        }
        let isStruct = switch type {
        case .structure, .array: type.countedArrayElement == nil
        default: false
        }
        guard isStruct else {
            // A scalar, or a point or string array: an item of the array is reported at its own path.
            return error.path.isEmpty ? node.error(error.message(for: what)) : node.error(error)
        }
        // Another struct names the property in its form: "expected 4 numbers for property 'insets' (Insets), got …".
        if error.path.isEmpty, case .expected(let form, let got) = error.reason {
            return node.error("expected \(form) for \(what), got \(got)")
        }
        var named = error
        named.enclosingForm = error.enclosingForm.map { "\($0) for \(what)" }
        return node.error(named)
    }
}
