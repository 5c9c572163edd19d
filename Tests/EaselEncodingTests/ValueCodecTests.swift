import EaselEncoding
import Foundation
import Testing

/// A storage that counts what it keeps, to check who owns the memory.
final class CountingStorage: ValueStorage {
    let arena = ValueArena()
    private(set) var kept: [[UInt8]] = []
    func keep(_ bytes: [UInt8], alignment: Int) -> UnsafeRawPointer {
        kept.append(bytes)
        return arena.keep(bytes, alignment: alignment)
    }
}

func type(_ encoding: String) throws -> TypeEncoding { try TypeEncoding(parsing: encoding) }

/// Encodes and formats back: what `easel invoke` prints for a value it was given.
func roundTrip(_ value: Value, _ encoding: String, storage: some ValueStorage = ValueArena()) throws -> String {
    let type = try type(encoding)
    let bytes = try ValueCodec.encode(value, as: type, storage: storage)
    #expect(bytes.count == type.size)
    return bytes.withUnsafeBytes { ValueCodec.format($0, as: type) }
}

/// The error encoding `value` as `encoding` throws.
func failure(_ value: Value, _ encoding: String) throws -> ValueError {
    let type = try type(encoding)
    do {
        _ = try ValueCodec.encode(value, as: type, storage: ValueArena())
    } catch {
        return error
    }
    Issue.record("\(value) encoded as \(encoding)")
    throw CancellationError()
}

@Suite("The value codec: scalars")
struct ValueCodecScalarTests {
    @Test("text reads every scalar type up to its limits", arguments: [
        ("c", "127", "127"), ("c", "-128", "-128"), ("c", "0x7f", "127"), ("c", " 5 ", "5"),
        ("C", "255", "255"), ("C", "0", "0"), ("s", "32767", "32767"), ("s", "-32768", "-32768"), ("S", "65535", "65535"),
        ("i", "2147483647", "2147483647"), ("i", "-2147483648", "-2147483648"), ("i", "0X10", "16"), ("i", "0x7fffffff", "2147483647"),
        ("I", "4294967295", "4294967295"), ("l", "-5", "-5"), ("L", "4294967295", "4294967295"),
        ("q", "9223372036854775807", "9223372036854775807"), ("q", "-9223372036854775808", "-9223372036854775808"),
        ("q", "9007199254740993", "9007199254740993"), ("Q", "18446744073709551615", "18446744073709551615"),
        ("f", "1.5", "1.5"), ("f", " 2 ", "2"), ("f", "1e40", "inf"), ("d", "0.1", "0.1"), ("d", "-0.5", "-0.5"),
        ("d", "1e400", "inf"), ("d", "nan", "nan"), ("d", "1e15", "1000000000000000.0"),
        ("B", "true", "true"), ("B", "YES", "true"), ("B", "1", "true"), ("B", " no ", "false"), ("B", "False", "false"), ("B", "0", "false"),
        ("*", "Hello, wörld", "\"Hello, wörld\""), ("*", "", "\"\""),
    ])
    func text(_ encoding: String, _ text: String, _ printed: String) throws {
        #expect(try roundTrip(.text(text), encoding) == printed)
    }

    @Test("text that is no value of the type names the type and its range", arguments: [
        ("c", "128", "'128' is not int8_t (an integer from -128 to 127)"),
        ("c", "-129", "'-129' is not int8_t (an integer from -128 to 127)"),
        ("c", "0x80", "'0x80' is not int8_t (an integer from -128 to 127)"),
        ("c", "", "'' is not int8_t (an integer from -128 to 127)"),
        ("C", "-1", "'-1' is not uint8_t (an integer from 0 to 255)"),
        ("S", "65536", "'65536' is not uint16_t (an integer from 0 to 65535)"),
        ("i", "many", "'many' is not int32_t (an integer from -2147483648 to 2147483647)"),
        ("i", "1.5", "'1.5' is not int32_t (an integer from -2147483648 to 2147483647)"),
        ("i", "-0x10", "'-0x10' is not int32_t (an integer from -2147483648 to 2147483647)"),
        ("I", "-1", "'-1' is not uint32_t (an integer from 0 to 4294967295)"),
        ("q", "9223372036854775808", "'9223372036854775808' is not int64_t (an integer from -9223372036854775808 to 9223372036854775807)"),
        ("Q", "18446744073709551616", "'18446744073709551616' is not uint64_t (an integer from 0 to 18446744073709551615)"),
        ("f", "x", "'x' is not a float"), ("d", "x", "'x' is not a double"),
        ("B", "2", "'2' is not a boolean (true or false)"), ("B", "maybe", "'maybe' is not a boolean (true or false)"),
    ])
    func badText(_ encoding: String, _ text: String, _ message: String) throws {
        let error = try failure(.text(text), encoding)
        #expect(error.message == message)
        #expect(error.path == [])
    }

    @Test("JSON numbers are integers when they are integral and in range", arguments: [
        (Value.number(127), "c", "127"), (.number(-128), "c", "-128"), (.number(255), "C", "255"),
        (.number(-2147483648), "i", "-2147483648"), (.number(4294967295), "I", "4294967295"),
        (.number(9007199254740993), "q", "9007199254740992"), (.number(0.25), "f", "0.25"), (.number(60), "d", "60"),
        (.bool(true), "B", "true"), (.bool(false), "B", "false"), (.string("Hi"), "*", "\"Hi\""),
    ])
    func json(_ value: Value, _ encoding: String, _ printed: String) throws {
        #expect(try roundTrip(value, encoding) == printed)
    }

    @Test("a JSON number that is no integer of the type names the range, and the property when given", arguments: [
        (2.5, "i", "expected an integer from -2147483648 to 2147483647, not 2.5",
         "property 'count' (int32_t) takes an integer from -2147483648 to 2147483647, not 2.5"),
        (3_000_000_000, "i", "expected an integer from -2147483648 to 2147483647, not 3000000000.0",
         "property 'count' (int32_t) takes an integer from -2147483648 to 2147483647, not 3000000000.0"),
        (1e19, "q", "expected an integer from -9223372036854775808 to 9223372036854775807, not 1e+19",
         "property 'count' (int32_t) takes an integer from -9223372036854775808 to 9223372036854775807, not 1e+19"),
        (-1, "C", "expected an integer from 0 to 255, not -1.0", "property 'count' (int32_t) takes an integer from 0 to 255, not -1.0"),
        (256, "C", "expected an integer from 0 to 255, not 256.0", "property 'count' (int32_t) takes an integer from 0 to 255, not 256.0"),
    ])
    func notAnInteger(_ number: Double, _ encoding: String, _ message: String, _ named: String) throws {
        let error = try failure(.number(number), encoding)
        #expect(error.message == message)
        #expect(error.message(for: "property 'count' (int32_t)") == named)
    }

    @Test("a JSON value of the wrong kind says what was expected and what came", arguments: [
        (Value.string("x"), "i", "expected a number, got a string"), (.bool(true), "d", "expected a number, got a boolean"),
        (.null, "f", "expected a number, got null"), (.list([.number(1)]), "q", "expected a number, got an array"),
        (.number(1), "B", "expected a boolean (true or false), got a number"), (.string("true"), "B", "expected a boolean (true or false), got a string"),
        (.number(5), "*", "expected a string, got a number"), (.object([:]), "*", "expected a string, got an object"),
    ])
    func wrongKind(_ value: Value, _ encoding: String, _ message: String) throws {
        let error = try failure(value, encoding)
        #expect(error.message == message)
        #expect(error.message(for: "'alpha' (double)") == message + " for 'alpha' (double)")
    }

    @Test("objects, classes, selectors and pointers have no value form", arguments: ["@", "#", ":", "^v", "^{CGContext=}"])
    func unsupported(_ encoding: String) throws {
        let error = try failure(.text("x"), encoding)
        #expect(error.reason == .unsupported(try type(encoding)))
    }

    @Test("a C string is kept by the storage it is given")
    func storage() throws {
        let storage = CountingStorage()
        let bytes = try ValueCodec.encode(.string("Jan"), as: .cString, storage: storage)
        #expect(storage.kept == [Array("Jan".utf8) + [0]])
        let pointer = bytes.withUnsafeBytes { $0.loadUnaligned(as: UnsafePointer<CChar>.self) }
        #expect(String(cString: pointer) == "Jan")
    }
}

@Suite("The value codec: colours")
struct ValueCodecColourTests {
    @Test("a colour is #rrggbb, #rrggbbaa, three or four JSON numbers, or four numbers as text", arguments: [
        (Value.string("#ff8000"), "{1, 0.5019607843137255, 0, 1}"), (.string("#FF8000"), "{1, 0.5019607843137255, 0, 1}"),
        (.string("#ff800080"), "{1, 0.5019607843137255, 0, 0.5019607843137255}"), (.string("#00000000"), "{0, 0, 0, 0}"),
        (.text("#ff8000"), "{1, 0.5019607843137255, 0, 1}"), (.text("#ff800080"), "{1, 0.5019607843137255, 0, 0.5019607843137255}"),
        (.list([.number(1), .number(0), .number(0.5)]), "{1, 0, 0.5, 1}"),
        (.list([.number(1), .number(0), .number(0.5), .number(0.25)]), "{1, 0, 0.5, 0.25}"),
        (.text("1,0,0,1"), "{1, 0, 0, 1}"), (.text("2, 0, 0, 1"), "{2, 0, 0, 1}"),
    ])
    func forms(_ value: Value, _ printed: String) throws {
        #expect(try roundTrip(value, "{EaselColor=dddd}") == printed)
    }

    @Test("a colour that does not read says which forms a colour takes", arguments: [
        (Value.string("#12345"), [Int](), "expected a colour (\"#rrggbb\", \"#rgb\", \"#rrggbbaa\", a CSS name such as \"red\", \"rgb(…)\", \"rgba(…)\" or \"hsl(…)\"), got \"#12345\""),
        (.string("rouge"), [], "expected a colour (\"#rrggbb\", \"#rgb\", \"#rrggbbaa\", a CSS name such as \"red\", \"rgb(…)\", \"rgba(…)\" or \"hsl(…)\"), got \"rouge\""),
        (.string("rgb(1, 2)"), [], "expected a colour (\"#rrggbb\", \"#rgb\", \"#rrggbbaa\", a CSS name such as \"red\", \"rgb(…)\", \"rgba(…)\" or \"hsl(…)\"), got \"rgb(1, 2)\""),
        (.text("#12345"), [], "'#12345' is not a colour (#rrggbb or #rrggbbaa)"),
        (.text("#gggggg"), [], "'#gggggg' is not a colour (#rrggbb or #rrggbbaa)"),
        (.text("1,0,0"), [], "'1,0,0' is not a colour (#rrggbb, #rrggbbaa or r,g,b,a)"),
        (.text(" #ff0000"), [], "' #ff0000' is not a colour (#rrggbb, #rrggbbaa or r,g,b,a)"),
        (.list([.number(1), .number(0)]), [], "expected a colour (\"#rrggbb\", \"#rrggbbaa\" or [r, g, b, a] in 0...1), got an array"),
        (.number(5), [], "expected a colour (\"#rrggbb\", \"#rrggbbaa\" or [r, g, b, a] in 0...1), got a number"),
        (.object([:]), [], "expected a colour (\"#rrggbb\", \"#rrggbbaa\" or [r, g, b, a] in 0...1), got an object"),
        (.list([.number(1), .string("x"), .number(0)]), [1],
         "expected a number, got a string (in a colour [r, g, b, a] with components in 0...1)"),
    ])
    func bad(_ value: Value, _ path: [Int], _ message: String) throws {
        let error = try failure(value, "{EaselColor=dddd}")
        #expect(error.message == message)
        #expect(error.path == path)
    }

    @Test("the one hex parser", arguments: [
        ("#000000", [0, 0, 0, 1]), ("#ffffff80", [1, 1, 1, 128.0 / 255]), ("#336699", [0.2, 0.4, 0.6, 1]),
    ])
    func hex(_ text: String, _ components: [Double]) {
        #expect(ValueCodec.colour(hex: text) == components)
    }

    @Test("not a hex colour", arguments: ["", "#", "ff0000", "#ff00", "#ff00000", "#ff0000000", "#xyzxyz"])
    func notHex(_ text: String) {
        #expect(ValueCodec.colour(hex: text) == nil)
    }
}

@Suite("The value codec: structs and arrays")
struct ValueCodecStructTests {
    @Test("structs are filled field by field, nested structs and arrays flattened", arguments: [
        ("{CGPoint=dd}", Value.text("1,2"), "{1, 2}"), ("{CGPoint=dd}", .text(" 1 , 2 "), "{1, 2}"),
        ("{CGSize=dd}", .text("-10,40"), "{-10, 40}"),
        ("{CGRect={CGPoint=dd}{CGSize=dd}}", .text("0,0,10,20"), "{{0, 0}, {10, 20}}"),
        ("{CGRect={CGPoint=dd}{CGSize=dd}}", .list([.number(1), .number(2), .number(3), .number(4)]), "{{1, 2}, {3, 4}}"),
        ("{CGAffineTransform=dddddd}", .text("1,0,0,1,5,6"), "{1, 0, 0, 1, 5, 6}"),
        ("{?=dd}", .text("1,2"), "{1, 2}"), ("{Foo={Bar=dd}d}", .text("1,2,3"), "{{1, 2}, 3}"),
        ("{Foo={Bar=dd}d}", .list([.number(1), .number(2), .number(3)]), "{{1, 2}, 3}"),
        ("{Mixed=cdB}", .text("-1,2.5,yes"), "{-1, 2.5, true}"), ("{Mixed=cdB}", .list([.number(-1), .number(2.5), .bool(true)]), "{-1, 2.5, true}"),
        ("{Ints=ii}", .text("1, 0x10"), "{1, 16}"), ("{Padded=cq}", .text("1,2"), "{1, 2}"),
        ("{Foo=[2d]}", .text("1,2"), "{[1, 2]}"), ("{Foo=[2i]d}", .list([.number(1), .number(2), .number(0.5)]), "{[1, 2], 0.5}"),
        ("{Grid=[2[2c]]}", .text("1,2,3,4"), "{[[1, 2], [3, 4]]}"), ("{Outer={Inner=c[2s]}i}", .text("1,2,3,4"), "{{1, [2, 3]}, 4}"),
    ])
    func fields(_ encoding: String, _ value: Value, _ printed: String) throws {
        #expect(try roundTrip(value, encoding) == printed)
    }

    @Test("a field sits at its C offset, padding zeroed")
    func offsets() throws {
        let bytes = try ValueCodec.encode(.text("1,2"), as: try type("{Padded=cq}"), storage: ValueArena())
        #expect(bytes == [1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0])
    }

    @Test("a struct that does not read says its form, for text the whole text", arguments: [
        ("{CGPoint=dd}", Value.text("1"), [Int](), "'1' is not a CGPoint (x,y)"),
        ("{CGPoint=dd}", .text("1,x"), [], "'1,x' is not a CGPoint (x,y)"),
        ("{CGPoint=dd}", .text("1,"), [], "'1,' is not a CGPoint (x,y)"),
        ("{CGRect={CGPoint=dd}{CGSize=dd}}", .text("0,0,10"), [], "'0,0,10' is not a CGRect (x,y,w,h)"),
        ("{CGAffineTransform=dddddd}", .text("1,0"), [], "'1,0' is not a CGAffineTransform (a,b,c,d,tx,ty)"),
        ("{Foo=dd}", .text("1,2,3"), [], "'1,2,3' is not a Foo (2 comma-separated numbers)"),
        ("{Ints=ii}", .text("1,2.5"), [], "'1,2.5' is not a Ints (2 comma-separated values)"),
        ("{EaselPointArray=^{CGPoint=dd}Q}", .text("1,2"), [], "'1,2' is not a EaselPointArray"),
        ("{CGPoint=dd}", .string("x"), [], "expected a point [x, y], got a string"),
        ("{CGPoint=dd}", .list([.number(1), .null]), [1], "expected a number, got null (in a point [x, y])"),
        ("{CGSize=dd}", .list([.number(1)]), [], "expected a size [width, height], got an array"),
        ("{CGRect={CGPoint=dd}{CGSize=dd}}", .list([.number(0), .number(0), .number(1), .string("x")]), [3],
         "expected a number, got a string (in a rect [x, y, width, height])"),
        ("{CGAffineTransform=dddddd}", .list([.number(1)]), [],
         "expected a transform [a, b, c, d, tx, ty] or {\"scale\", \"rotate\", \"translate\"}, got an array"),
        ("{Foo=ddd}", .string("x"), [], "expected 3 numbers, got a string"),
        ("{Foo=ddd}", .list([.number(1), .bool(true), .number(3)]), [1], "expected a number, got a boolean (in 3 numbers)"),
        ("{Ints=ii}", .list([.number(1), .number(2.5)]), [1], "expected an integer from -2147483648 to 2147483647, not 2.5 (in 2 values)"),
    ])
    func bad(_ encoding: String, _ value: Value, _ path: [Int], _ message: String) throws {
        let error = try failure(value, encoding)
        #expect(error.message == message)
        #expect(error.path == path)
    }

    @Test("a point array and a string array are copied into the storage")
    func countedArrays() throws {
        let storage = CountingStorage()
        let points = try ValueCodec.encode(.list([.list([.number(1), .number(2)]), .list([.number(3.5), .number(-4)])]),
                                           as: try type("{EaselPointArray=^{CGPoint=dd}Q}"), storage: storage)
        let (address, count) = points.withUnsafeBytes { ($0.loadUnaligned(as: UnsafePointer<Double>.self), $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self)) }
        #expect(count == 2)
        #expect(Array(UnsafeBufferPointer(start: address, count: 4)) == [1, 2, 3.5, -4])
        #expect(storage.kept.count == 1)

        let names = try ValueCodec.encode(.list([.string("Jan"), .string("Feb")]), as: try type("{EaselStringArray=^*Q}"), storage: storage)
        let strings = names.withUnsafeBytes { $0.loadUnaligned(as: UnsafePointer<UnsafePointer<CChar>>.self) }
        #expect([String(cString: strings[0]), String(cString: strings[1])] == ["Jan", "Feb"])
        #expect(storage.kept.count == 4)   // two strings, then the array of their addresses

        let empty = try ValueCodec.encode(.list([]), as: try type("{EaselStringArray=^*Q}"), storage: storage)
        #expect(empty.withUnsafeBytes { $0.loadUnaligned(as: UInt.self) } != 0)
    }

    @Test("an item of a point or string array is reported at its own path", arguments: [
        ("{EaselPointArray=^{CGPoint=dd}Q}", Value.string("x"), [Int](), "expected an array, got a string"),
        ("{EaselPointArray=^{CGPoint=dd}Q}", .list([.list([.number(1), .number(2)]), .list([.number(3)])]), [1], "expected a point [x, y], got an array"),
        ("{EaselPointArray=^{CGPoint=dd}Q}", .list([.list([.number(1), .string("a")])]), [0, 1], "expected a number, got a string (in a point [x, y])"),
        ("{EaselPointArray=^{CGPoint=dd}Q}", .list([.number(5)]), [0], "expected a point [x, y], got a number"),
        ("{EaselStringArray=^*Q}", .list([.string("a"), .number(1)]), [1], "expected a string, got a number"),
    ])
    func badItems(_ encoding: String, _ value: Value, _ path: [Int], _ message: String) throws {
        let error = try failure(value, encoding)
        #expect(error.message == message)
        #expect(error.path == path)
        #expect(error.description == (path.isEmpty ? message : error.pathText + ": " + message))
    }

    @Test("a struct with a pointer other than a C string has no JSON form")
    func pointerField() throws {
        let encoding = "{Node=^vd}"
        #expect(try failure(.list([.number(1), .number(2)]), encoding).reason == .unsupported(try type(encoding)))
    }
}

@Suite("The value codec: forms and formatting")
struct ValueCodecFormTests {
    @Test("the text form of each type, for usage lines", arguments: [
        ("i", "int32_t"), ("Q", "uint64_t"), ("B", "BOOL"), ("*", "char *"), ("@", "id"), ("^v", "void *"), ("d", "double"),
        ("{CGPoint=dd}", "a CGPoint (x,y)"), ("{CGSize=dd}", "a CGSize (w,h)"), ("{CGRect={CGPoint=dd}{CGSize=dd}}", "a CGRect (x,y,w,h)"),
        ("{CGAffineTransform=dddddd}", "a CGAffineTransform (a,b,c,d,tx,ty)"),
        ("{EaselColor=dddd}", "a colour (#rrggbb, #rrggbbaa or r,g,b,a)"),
        ("{?=dd}", "a struct {double, double} (2 comma-separated numbers)"), ("{Foo={Bar=dd}d}", "a Foo (3 comma-separated numbers)"),
        ("{Foo=ii}", "a Foo (2 comma-separated values)"), ("{Foo=[2d]}", "a Foo (2 comma-separated numbers)"),
        ("{EaselPointArray=^{CGPoint=dd}Q}", "a EaselPointArray"), ("{Node=^vd}", "a Node"), ("[2d]", "double[2]"),
    ])
    func textForm(_ encoding: String, _ form: String) throws {
        #expect(try type(encoding).textForm == form)
    }

    @Test("reals print without a needless fraction", arguments: [
        (60.0, "60"), (0.5, "0.5"), (-3.25, "-3.25"), (-0.0, "0"), (1e15, "1000000000000000.0"), (123456.75, "123456.75"), (.infinity, "inf"),
    ])
    func reals(_ value: Double, _ text: String) {
        #expect(ValueCodec.formatReal(value) == text)
    }

    @Test("pointers print in hexadecimal or as NULL")
    func pointers() throws {
        let zero = [UInt8](repeating: 0, count: 8)
        for encoding in ["@", "^v", "*"] {
            let pointer = try type(encoding)
            #expect(zero.withUnsafeBytes { ValueCodec.format($0, as: pointer) } == "NULL")
        }
        let address = withUnsafeBytes(of: UInt(0x1234), Array.init)
        #expect(address.withUnsafeBytes { ValueCodec.format($0, as: .object) } == "0x1234")
        #expect([UInt8]().withUnsafeBytes { ValueCodec.format($0, as: .void) } == "")
    }

    @Test("JSON decodes into values, booleans apart from numbers")
    func decoding() throws {
        let value = try JSONDecoder().decode(Value.self, from: Data(#"{"a": [1, true, "x", null, {"b": 2.5}]}"#.utf8))
        #expect(value == .object(["a": .list([.number(1), .bool(true), .string("x"), .null, .object(["b": .number(2.5)])])]))
        #expect(value.kind == "an object")
    }
}

@Suite("CSS colours in scenes")
struct CSSColourTests {
    static let cases: [(String, [Double])] = [
        ("#f00", [1, 0, 0, 1]), ("#f008", [1, 0, 0, 136.0 / 255]), ("#336699", [0.2, 0.4, 0.6, 1]),
        ("#ffffff80", [1, 1, 1, 128.0 / 255]), ("red", [1, 0, 0, 1]), ("RebeccaPurple", [0.4, 0.2, 0.6, 1]),
        ("transparent", [0, 0, 0, 0]), ("rgb(255, 0, 51)", [1, 0, 0.2, 1]), ("rgba(255, 0, 0, 0.5)", [1, 0, 0, 0.5]),
        ("rgb(100% 0% 20% / 50%)", [1, 0, 0.2, 0.5]), ("rgb(300, -5, 0)", [1, 0, 0, 1]),
        ("hsl(0, 100%, 50%)", [1, 0, 0, 1]), ("hsl(120deg 100% 25%)", [0, 0.5, 0, 1]),
        ("hsla(240, 100%, 50%, 0.25)", [0, 0, 1, 0.25]), ("hsl(0.5turn, 100%, 50%)", [0, 1, 1, 1]),
        ("  white ", [1, 1, 1, 1]),
    ]

    @Test("each form gives the components CSS gives", arguments: cases)
    func forms(_ text: String, _ expected: [Double]) throws {
        let components = try #require(CSSColour.parse(text))
        #expect(components.count == 4)
        #expect(zip(components, expected).allSatisfy { abs($0 - $1) < 1e-9 }, "\(text): \(components)")
    }

    @Test("what is not a colour", arguments: ["", "#", "#ff00000", "#ggg", "rouge", "rgb(1, 2)", "rgb(1, 2, 3, 4, 5)",
                                             "rgb(a, b, c)", "hsl(0, 100, 50)", "rgb(1 2 3 / )", "rgb(1, 2, 3",
                                             "rgb(nan, 0, 0)", "url(x)"])
    func refused(_ text: String) {
        #expect(CSSColour.parse(text) == nil)
    }
}
