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
    /// Scalars are their ``readableName`` (`int32_t`, `BOOL`, `Class`); a
    /// struct, complex number or colour is its name and an example of the text
    /// `easel invoke` reads (`CGRect {{10, 20}, {100, 50}}`, `{ID=id} {3, 0.25}`
    /// for an anonymous or unknown-named one spelt by its encoding when
    /// anonymous, `EaselColor {1, 0.5, 0, 1}`); references say what they
    /// take: `id (nil, self or a class name)`, `Class (a class name or nil)`,
    /// `SEL (a selector name or NULL)`, `void * (context or NULL)` for the
    /// context pointer `^v`, `int32_t * (NULL)` for any other pointer.
    public var textForm: String {
        switch self {
        case .structure(let name, _):
            guard let example else { return readableName }
            return "\(name == nil ? encoding : readableName) \(example)"
        case .complexFloat, .complexDouble, .complexLongDouble:
            return "\(readableName) \(example ?? "")"
        case .pointer(.void): return "void * (context or NULL)"
        case .pointer: return "\(readableName) (NULL)"
        case .object: return "id (nil, self or a class name)"
        case .class: return "Class (a class name or nil)"
        case .selector: return "SEL (a selector name or NULL)"
        default: return readableName
        }
    }

    /// How a value of the type may be written for `easel invoke`, for messages:
    /// `{3, 0.25}` and `[3, 0.25]` for a struct, also `{"x": 10, "y": 20}`
    /// when its field names are known; empty for a type without a text form.
    public var writtenForms: [String] {
        switch self {
        case .complexFloat, .complexDouble, .complexLongDouble: return ["1.5+2i", "{1.5, 2}"]
        case .structure:
            guard let example else { return [] }
            var forms = isColour ? ["#ff8000", "#ff8000cc"] : []
            forms += [example, "[" + example.dropFirst().dropLast() + "]"]
            if var names = fieldNames, case .list(var items)? = try? ArgumentSyntax.parse(example) {
                if self == .rect {
                    // A rect's JSON form is flat: {"x", "y", "width", "height"}.
                    names = ["x", "y", "width", "height"]
                    items = items.flatMap { item -> [Value] in if case .list(let inner) = item { inner } else { [item] } }
                }
                let pairs = zip(names, items).map { name, item in "\"\(name)\": \(Self.json(item))" }
                forms.append("{" + pairs.joined(separator: ", ") + "}")
            }
            return forms
        default: return []
        }
    }

    /// What a text that does not read should have been, for messages:
    /// `a CGPoint ({10, 20}, [10, 20] or {"x": 10, "y": 20})`, `a EaselPointArray`.
    var unreadableForm: String {
        let name = { if case .structure(nil, _) = self { encoding } else { readableName } }()
        return writtenForms.isEmpty ? "a \(name)" : "a \(name) (\(writtenFormsText))"
    }

    /// The forms of ``writtenForms`` in words: `{3, 0.25} or [3, 0.25]`, `a, b or c`.
    public var writtenFormsText: String {
        let forms = writtenForms
        guard forms.count > 1 else { return forms.first ?? readableName }
        return forms.dropLast().joined(separator: ", ") + " or " + forms[forms.count - 1]
    }

    /// An example item as JSON: a scalar as it is, a nested struct as an array.
    private static func json(_ item: Value) -> String {
        switch item {
        case .text(let text): text
        case .string(let text): "\"\(text)\""
        case .list(let items): "[" + items.map(json).joined(separator: ", ") + "]"
        default: ""
        }
    }

    /// An example value in `invoke`'s text: `3`, `0.25`, `{10, 20}`; `nil` for a type with no text form.
    var example: String? {
        switch self {
        case .char, .unsignedChar, .short, .unsignedShort, .int, .long, .unsignedInt, .unsignedLong, .longLong, .unsignedLongLong:
            return "3"
        case .float, .double, .longDouble: return "0.25"
        case .complexFloat, .complexDouble, .complexLongDouble: return "1.5+2i"
        case .bool: return "true"
        case .cString: return "\"text\""
        case .object: return "nil"
        case .class: return "Object"
        case .selector: return "init"
        case .pointer, .void, .unknown: return nil
        case .structure("CGPoint", _) where self == .point: return "{10, 20}"
        case .structure("CGSize", _) where self == .size: return "{100, 50}"
        case .structure("CGRect", _) where self == .rect: return "{{10, 20}, {100, 50}}"
        case .structure("CGAffineTransform", _) where self == .affineTransform: return "{1, 0, 0, 1, 0, 0}"
        case .structure("EaselColor", _) where isColour: return "{1, 0.5, 0, 1}"
        case .structure:
            guard countedArrayElement == nil, let members, !members.isEmpty else { return nil }
            var items: [String] = []
            for member in members.prefix(4) {
                guard let item = member.type.example else { return nil }
                items.append(item)
            }
            if members.count > 4 { items.append("…") }
            return "{" + items.joined(separator: ", ") + "}"
        case .array(let count, let element):
            guard let item = element.example else { return nil }
            return "[" + Array(repeating: item, count: min(count, 4)).joined(separator: ", ") + (count > 4 ? ", …]" : "]")
        }
    }

    /// The names of a struct's fields when they are known: the geometry
    /// structs (`x`, `y`; `width`, `height`; `origin`, `size`; `a` … `ty`),
    /// `EaselColor` (`red`, `green`, `blue`, `alpha`), `CGVector`,
    /// `UIEdgeInsets`/`NSEdgeInsets` and `NSRange`/`CFRange`. Encodings carry
    /// no field names (clang's `@encode` writes none), so other structs have none.
    public var fieldNames: [String]? {
        guard case .structure(let name?, let fields) = self else { return nil }
        let names: [String]
        switch name {
        case "CGPoint": names = ["x", "y"]
        case "CGSize": names = ["width", "height"]
        case "CGVector": names = ["dx", "dy"]
        case "CGRect": names = ["origin", "size"]
        case "CGAffineTransform": names = ["a", "b", "c", "d", "tx", "ty"]
        case "EaselColor": names = ["red", "green", "blue", "alpha"]
        case "UIEdgeInsets", "NSEdgeInsets": names = ["top", "left", "bottom", "right"]
        case "NSRange", "_NSRange", "CFRange": names = ["location", "length"]
        default: return nil
        }
        guard names.count == fields.count else { return nil }
        if name == "CGRect", self != .rect { return nil }
        return names
    }

    /// Whether a value of the type is a reference the front end reads: an object, class, selector or pointer.
    var isReference: Bool {
        switch self {
        case .object, .class, .selector, .pointer: true
        default: false
        }
    }

    /// For a complex type, the type of its real and imaginary parts.
    var complexPart: TypeEncoding? {
        switch self {
        case .complexFloat: .float
        case .complexDouble: .double
        case .complexLongDouble: .longDouble
        default: nil
        }
    }

    /// The fields of a struct or the elements of an array, with their byte offsets.
    var members: [(offset: Int, type: TypeEncoding)]? {
        switch self {
        case .structure(_, let fields):
            var result: [(offset: Int, type: TypeEncoding)] = []
            var offset = 0
            for field in fields {
                let alignment = max(field.alignment, 1)
                offset = (offset + alignment - 1) / alignment * alignment
                result.append((offset, field))
                offset += field.size
            }
            return result
        case .array(let count, let element):
            guard count <= Self.maximumValueSize else { return nil }
            return (0..<count).map { ($0 * element.size, element) }
        default:
            return nil
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
    /// `nil` when there are none. (Objects, classes, selectors and pointers are
    /// leaves too: the front end that gives ``ValueCodec/References`` reads them.)
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
                guard result.count + count <= Self.maximumValueSize else { return false }
                for index in 0..<count where !collect(element, at: offset + index * element.size) { return false }
                return count > 0
            case .char, .unsignedChar, .short, .unsignedShort, .int, .long, .unsignedInt, .unsignedLong, .longLong,
                 .unsignedLongLong, .float, .double, .longDouble, .complexFloat, .complexDouble, .complexLongDouble,
                 .bool, .cString, .object, .class, .selector, .pointer:
                result.append((offset, type))
                return true
            case .void, .unknown:
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
    /// Whether `value` fits this integer type (`char` … `unsigned long long`); `nil`
    /// when the type is not an integer (what an enumeration's value names may be given for).
    public func fitsInteger(_ value: Int64) -> Bool? {
        guard let integerType else { return nil }
        return integerType.init(exactly: value) != nil
    }

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
