extension TypeEncoding {
    /// `{CGPoint=dd}`, easel.h's `easel_point`.
    public static let point = TypeEncoding.structure(name: "CGPoint", fields: [.double, .double])
    /// `{CGSize=dd}`, easel.h's `easel_size`.
    public static let size = TypeEncoding.structure(name: "CGSize", fields: [.double, .double])
    /// `{CGRect={CGPoint=dd}{CGSize=dd}}`, easel.h's `easel_rect`.
    public static let rect = TypeEncoding.structure(name: "CGRect", fields: [.point, .size])
    /// `{CGAffineTransform=dddddd}`, easel.h's `easel_affine_transform`.
    public static let affineTransform = TypeEncoding.structure(
        name: "CGAffineTransform", fields: Array(repeating: .double, count: 6))
    /// `{EaselColor=dddd}`, easel.h's `easel_color` (red, green, blue, alpha in 0...1).
    public static let colour = TypeEncoding.structure(name: "EaselColor", fields: Array(repeating: .double, count: 4))

    /// The form a value of the type takes as text, for usage lines and messages.
    ///
    /// Scalars are their ``readableName`` (`int32_t`, `BOOL`); the geometry
    /// structs and colours name their fields (`a CGRect (x,y,w,h)`, `a colour
    /// (#rrggbb, #rrggbbaa or r,g,b,a)`); another struct counts its
    /// comma-separated leaves (`a Insets (4 comma-separated numbers)`, or
    /// `values` when they are not all doubles); one with no text form is
    /// `a Name`.
    public var textForm: String {
        guard case .structure(let name, _) = self else { return readableName }
        switch name {
        case "CGRect": return "a CGRect (x,y,w,h)"
        case "CGPoint": return "a CGPoint (x,y)"
        case "CGSize": return "a CGSize (w,h)"
        case "CGAffineTransform": return "a CGAffineTransform (a,b,c,d,tx,ty)"
        case "EaselColor" where isColour: return "a colour (#rrggbb, #rrggbbaa or r,g,b,a)"
        default:
            guard countedArrayElement == nil, let leaves else { return "a \(readableName)" }
            let numbers = leaves.allSatisfy { $0.type == .double }
            return "a \(readableName) (\(leaves.count) comma-separated \(numbers ? "numbers" : "values"))"
        }
    }

    /// The form a value of the type takes in JSON, for messages: `a point [x, y]`, `3 numbers`.
    var jsonForm: String {
        switch self {
        case .structure("CGPoint", _): return "a point [x, y]"
        case .structure("CGSize", _): return "a size [width, height]"
        case .structure("CGRect", _): return "a rect [x, y, width, height]"
        case .structure("CGAffineTransform", _): return "a transform [a, b, c, d, tx, ty] or {\"scale\", \"rotate\", \"translate\"}"
        case .structure("EaselColor", _) where isColour: return "a colour (\"#rrggbb\", \"#rrggbbaa\" or [r, g, b, a] in 0...1)"
        default:
            guard let leaves else { return "a \(readableName)" }
            return "\(leaves.count) \(leaves.allSatisfy { $0.type == .double } ? "numbers" : "values")"
        }
    }

    /// Whether this is `EaselColor`: four doubles, also written `#rrggbb`.
    var isColour: Bool { self == .colour }

    /// For `EaselPointArray` and `EaselStringArray` (`{Easel…Array=^TQ}`), the element type `T`.
    ///
    /// Such a value is a JSON array of its elements, copied into a
    /// ``ValueStorage``; the struct holds their address and count.
    public var countedArrayElement: TypeEncoding? {
        guard case .structure(let name?, let fields) = self, name.hasPrefix("Easel"), name.hasSuffix("Array"),
              fields.count == 2, case .pointer(let element) = fields[0], fields[1] == .unsignedLongLong,
              element.size > 0, element == .point || element == .cString
        else { return nil }
        return element
    }

    /// The scalars of a struct or array, flattened in order with their byte offsets;
    /// `nil` when one of them has no value form (a pointer other than a C string) or there are none.
    var leaves: [(offset: Int, type: TypeEncoding)]? {
        var result: [(offset: Int, type: TypeEncoding)] = []
        func collect(_ type: TypeEncoding, at offset: Int) -> Bool {
            switch type {
            case .structure(_, let fields):
                var fieldOffset = offset
                for field in fields {
                    let alignment = max(field.alignment, 1)
                    fieldOffset = (fieldOffset - offset + alignment - 1) / alignment * alignment + offset
                    guard collect(field, at: fieldOffset) else { return false }
                    fieldOffset += field.size
                }
                return !fields.isEmpty
            case .array(let count, let element):
                for index in 0..<count where !collect(element, at: offset + index * element.size) { return false }
                return count > 0
            case .char, .unsignedChar, .short, .unsignedShort, .int, .long, .unsignedInt, .unsignedLong, .longLong,
                 .unsignedLongLong, .float, .double, .bool, .cString:
                result.append((offset, type))
                return true
            case .void, .unknown, .object, .class, .selector, .pointer:
                return false
            }
        }
        guard case .structure = self else {
            guard case .array = self, collect(self, at: 0) else { return nil }
            return result
        }
        return collect(self, at: 0) ? result : nil
    }

    /// The Swift type of an integer type's values (`Int32` for `i` and `l`), `nil` for the others.
    var integerType: (any (FixedWidthInteger & BitwiseCopyable).Type)? {
        switch self {
        case .char: Int8.self
        case .unsignedChar: UInt8.self
        case .short: Int16.self
        case .unsignedShort: UInt16.self
        case .int, .long: Int32.self
        case .unsignedInt, .unsignedLong: UInt32.self
        case .longLong: Int64.self
        case .unsignedLongLong: UInt64.self
        default: nil
        }
    }

    /// The smallest and largest values of an integer type, as text.
    var integerRange: (min: String, max: String)? {
        func range<T: FixedWidthInteger>(_: T.Type) -> (min: String, max: String) { ("\(T.min)", "\(T.max)") }
        return integerType.map { range($0) }
    }
}
