import EaselEncoding
import EaselTestSupport
import Testing

/// Tests for EaselEncoding: single types, method signatures, malformed input,
/// selectors and the signature cache.
@Suite("EaselEncoding")
struct EncodingTests {

    // MARK: - Fixtures

    static let rect = TypeEncoding.structure(
        name: "CGRect",
        fields: [
            .structure(name: "CGPoint", fields: [.double, .double]),
            .structure(name: "CGSize", fields: [.double, .double]),
        ])
    static let point = TypeEncoding.structure(name: "CGPoint", fields: [.double, .double])
    static let size = TypeEncoding.structure(name: "CGSize", fields: [.double, .double])

    /// Parses `text` as a single type or a method and returns the error, if any.
    static func parseError(_ text: String, method: Bool) -> EncodingError? {
        do {
            if method {
                _ = try MethodSignature(parsing: text)
            } else {
                _ = try TypeEncoding(parsing: text)
            }
            return nil
        } catch {
            return error
        }
    }

    // MARK: - Valid single types

    struct ValidType: Sendable, CustomTestStringConvertible {
        let text: String
        let size: Int
        let alignment: Int
        let canonical: String
        let readable: String
        var testDescription: String { text }

        init(_ text: String, _ size: Int, _ alignment: Int, _ canonical: String, _ readable: String) {
            (self.text, self.size, self.alignment, self.canonical, self.readable) =
                (text, size, alignment, canonical, readable)
        }
    }

    static let validTypes: [ValidType] = [
        // Every scalar code that can hold a value.
        .init("c", 1, 1, "c", "int8_t"),
        .init("C", 1, 1, "C", "uint8_t"),
        .init("s", 2, 2, "s", "int16_t"),
        .init("S", 2, 2, "S", "uint16_t"),
        .init("i", 4, 4, "i", "int32_t"),
        .init("I", 4, 4, "I", "uint32_t"),
        .init("l", 4, 4, "l", "int32_t"),
        .init("L", 4, 4, "L", "uint32_t"),
        .init("q", 8, 8, "q", "int64_t"),
        .init("Q", 8, 8, "Q", "uint64_t"),
        .init("f", 4, 4, "f", "float"),
        .init("d", 8, 8, "d", "double"),
        .init("D", 16, 16, "D", "long double"),
        .init("jf", 8, 4, "jf", "float _Complex"),
        .init("jd", 16, 8, "jd", "double _Complex"),
        .init("jD", 32, 16, "jD", "long double _Complex"),
        .init("{S=cD}", 32, 16, "{S=cD}", "S"),
        .init("B", 1, 1, "B", "BOOL"),
        .init("*", 8, 8, "*", "char *"),
        .init("@", 8, 8, "@", "id"),
        .init("#", 8, 8, "#", "Class"),
        .init(":", 8, 8, ":", "SEL"),
        // Pointers, including to things only allowed behind one.
        .init("^v", 8, 8, "^v", "void *"),
        .init("^{CGContext=}", 8, 8, "^{CGContext=}", "CGContext *"),
        .init("^{CGContext}", 8, 8, "^{CGContext=}", "CGContext *"),
        .init("^?", 8, 8, "^?", "? *"),
        .init("^^i", 8, 8, "^^i", "int32_t **"),
        .init("^*", 8, 8, "^*", "char **"),
        .init("^{CGRect={CGPoint=dd}{CGSize=dd}}", 8, 8, "^{CGRect={CGPoint=dd}{CGSize=dd}}", "CGRect *"),
        // Structures.
        .init("{CGPoint=dd}", 16, 8, "{CGPoint=dd}", "CGPoint"),
        .init("{CGRect={CGPoint=dd}{CGSize=dd}}", 32, 8, "{CGRect={CGPoint=dd}{CGSize=dd}}", "CGRect"),
        .init("{CGAffineTransform=dddddd}", 48, 8, "{CGAffineTransform=dddddd}", "CGAffineTransform"),
        .init("{EaselColor=dddd}", 32, 8, "{EaselColor=dddd}", "EaselColor"),
        .init("{?=dd}", 16, 8, "{?=dd}", "struct {double, double}"),
        .init("{?=ci^v}", 16, 8, "{?=ci^v}", "struct {int8_t, int32_t, void *}"),
        // Padding.
        .init("{S=cd}", 16, 8, "{S=cd}", "S"),
        .init("{S=ci}", 8, 4, "{S=ci}", "S"),
        .init("{S=dc}", 16, 8, "{S=dc}", "S"),
        .init("{S=cs}", 4, 2, "{S=cs}", "S"),
        .init("{S=csi}", 8, 4, "{S=csi}", "S"),
        .init("{S=sc}", 4, 2, "{S=sc}", "S"),
        .init("{S=ccc}", 3, 1, "{S=ccc}", "S"),
        .init("{S=lq}", 16, 8, "{S=lq}", "S"),
        .init("{S=fc}", 8, 4, "{S=fc}", "S"),
        .init("{S=B@}", 16, 8, "{S=B@}", "S"),
        .init("{Outer=c{Inner=cd}}", 24, 8, "{Outer=c{Inner=cd}}", "Outer"),
        // Nested three deep: C is 8/4, B is 12/4, A is 24/8.
        .init("{A={B={C=ci}c}d}", 24, 8, "{A={B={C=ci}c}d}", "A"),
        // Arrays.
        .init("[4d]", 32, 8, "[4d]", "double[4]"),
        .init("[2[3i]]", 24, 4, "[2[3i]]", "int32_t[2][3]"),
        .init("[4^d]", 32, 8, "[4^d]", "double *[4]"),
        .init("{A=[4d]c}", 40, 8, "{A=[4d]c}", "A"),
        .init("{S=c[3c]}", 4, 1, "{S=c[3c]}", "S"),
        .init("{S=c[2s]}", 6, 2, "{S=c[2s]}", "S"),
        // Qualifiers are dropped.
        .init("rn*", 8, 8, "*", "char *"),
        .init("r^v", 8, 8, "^v", "void *"),
        .init("^r*", 8, 8, "^*", "char **"),
        .init("Vi", 4, 4, "i", "int32_t"),
        .init("{S=r*}", 8, 8, "{S=*}", "S"),
        // Quoted field names and class names are dropped.
        .init("{CGPoint=\"x\"d\"y\"d}", 16, 8, "{CGPoint=dd}", "CGPoint"),
        .init("{S=\"flag\"c\"value\"d}", 16, 8, "{S=cd}", "S"),
        .init("@\"NSString\"", 8, 8, "@", "id"),
        .init("{S=\"o\"@\"NSView\"\"n\"i}", 16, 8, "{S=@i}", "S"),
        // A trailing offset is allowed.
        .init("d8", 8, 8, "d", "double"),
        .init("{CGPoint=dd}16", 16, 8, "{CGPoint=dd}", "CGPoint"),
        .init("i-4", 4, 4, "i", "int32_t"),
    ]

    @Test("a valid single type has the expected layout and names", arguments: validTypes)
    func validType(_ expected: ValidType) throws {
        let type = try TypeEncoding(parsing: expected.text)
        #expect(type.size == expected.size)
        #expect(type.alignment == expected.alignment)
        #expect(type.encoding == expected.canonical)
        #expect(type.readableName == expected.readable)
        // The canonical encoding parses back to the same value.
        #expect(try TypeEncoding(parsing: type.encoding) == type)
    }

    @Test("parsing builds the expected values")
    func parsedValues() throws {
        #expect(try TypeEncoding(parsing: "{CGRect={CGPoint=dd}{CGSize=dd}}") == Self.rect)
        #expect(try TypeEncoding(parsing: "^{CGContext}") == .pointer(.structure(name: "CGContext", fields: [])))
        #expect(try TypeEncoding(parsing: "^{CGContext=}") == .pointer(.structure(name: "CGContext", fields: [])))
        #expect(try TypeEncoding(parsing: "{?=dd}") == .structure(name: nil, fields: [.double, .double]))
        #expect(try TypeEncoding(parsing: "[4d]") == .array(count: 4, element: .double))
        #expect(try TypeEncoding(parsing: "^?") == .pointer(.unknown))
        #expect(try TypeEncoding(parsing: "rn*") == .cString)
        #expect(try TypeEncoding(parsing: "{CGPoint=\"x\"d\"y\"d}") == Self.point)
    }

    @Test("values built by hand have names and layouts too")
    func handBuiltValues() {
        #expect(TypeEncoding.void.readableName == "void")
        #expect(TypeEncoding.void.size == 0)
        #expect(TypeEncoding.void.encoding == "v")
        #expect(TypeEncoding.unknown.readableName == "?")
        #expect(TypeEncoding.unknown.encoding == "?")
        let empty = TypeEncoding.structure(name: "Empty", fields: [])
        #expect(empty.size == 0)
        #expect(empty.alignment == 1)
        #expect(empty.encoding == "{Empty=}")
        #expect(TypeEncoding.structure(name: nil, fields: []).readableName == "struct {}")
        #expect(TypeEncoding.pointer(.pointer(.void)).readableName == "void **")
    }

    @Test("nesting up to 64 levels is accepted")
    func deepestNesting() throws {
        let pointers = String(repeating: "^", count: 64) + "i"
        #expect(try TypeEncoding(parsing: pointers).size == 8)
        let structs = String(repeating: "{S=", count: 64) + "i" + String(repeating: "}", count: 64)
        #expect(try TypeEncoding(parsing: structs).size == 4)
        let arrays = String(repeating: "[1", count: 64) + "i" + String(repeating: "]", count: 64)
        #expect(try TypeEncoding(parsing: arrays).size == 4)
    }

    @Test("an encoding of exactly 4096 bytes is accepted")
    func longestEncoding() throws {
        let fields = String(repeating: "c", count: 4096 - "{S=}".count)
        let type = try TypeEncoding(parsing: "{S=" + fields + "}")
        #expect(type.size == 4092)
    }

    // MARK: - Method signatures

    struct ValidMethod: Sendable, CustomTestStringConvertible {
        let text: String
        let returnType: TypeEncoding
        let arguments: [TypeEncoding]
        let returnLength: Int
        var testDescription: String { text }
    }

    static let validMethods: [ValidMethod] = [
        .init(text: "v@:", returnType: .void, arguments: [.object, .selector], returnLength: 0),
        .init(
            text: "v@:{CGRect={CGPoint=dd}{CGSize=dd}}", returnType: .void,
            arguments: [.object, .selector, rect], returnLength: 0),
        .init(
            text: "v@:@{CGRect={CGPoint=dd}{CGSize=dd}}^v", returnType: .void,
            arguments: [.object, .selector, .object, rect, .pointer(.void)], returnLength: 0),
        .init(
            text: "{CGSize=dd}@:{CGSize=dd}", returnType: size,
            arguments: [.object, .selector, size], returnLength: 16),
        .init(
            text: "v@:{CGPoint=dd}iB*", returnType: .void,
            arguments: [.object, .selector, point, .int, .bool, .cString], returnLength: 0),
        .init(
            text: "v24@0:8{CGRect={CGPoint=dd}{CGSize=dd}}16", returnType: .void,
            arguments: [.object, .selector, rect], returnLength: 0),
        .init(
            text: "{CGRect={CGPoint=dd}{CGSize=dd}}16@0:8", returnType: rect,
            arguments: [.object, .selector], returnLength: 32),
        .init(text: "Vv@:", returnType: .void, arguments: [.object, .selector], returnLength: 0),
        .init(text: "v#:", returnType: .void, arguments: [.class, .selector], returnLength: 0),
        .init(text: "c@:", returnType: .char, arguments: [.object, .selector], returnLength: 1),
        .init(text: "d@:", returnType: .double, arguments: [.object, .selector], returnLength: 8),
        .init(
            text: "^{CGContext=}@:", returnType: .pointer(.structure(name: "CGContext", fields: [])),
            arguments: [.object, .selector], returnLength: 8),
        .init(
            text: "@@:r*^?", returnType: .object,
            arguments: [.object, .selector, .cString, .pointer(.unknown)], returnLength: 8),
        .init(
            text: "v@\"NSView\":@\"NSString\"", returnType: .void,
            arguments: [.object, .selector, .object], returnLength: 0),
        .init(text: "v16@-8:0", returnType: .void, arguments: [.object, .selector], returnLength: 0),
        .init(
            text: "v@:{CGPoint=\"x\"d\"y\"d}", returnType: .void,
            arguments: [.object, .selector, point], returnLength: 0),
    ]

    @Test("a valid method encoding parses into its return and argument types", arguments: validMethods)
    func validMethod(_ expected: ValidMethod) throws {
        let signature = try MethodSignature(parsing: expected.text)
        #expect(signature.encoding == expected.text)
        #expect(signature.returnType == expected.returnType)
        #expect(signature.argumentTypes == expected.arguments)
        #expect(signature.numberOfArguments == expected.arguments.count)
        #expect(signature.methodReturnLength == expected.returnLength)
        for (index, type) in expected.arguments.enumerated() {
            #expect(signature.argumentType(at: index) == type)
        }
    }

    @Test("offsets and qualifiers do not change the parsed types")
    func offsetsAreIgnored() throws {
        let plain = try MethodSignature(parsing: "v@:{CGRect={CGPoint=dd}{CGSize=dd}}")
        let framed = try MethodSignature(parsing: "v24@0:8{CGRect={CGPoint=dd}{CGSize=dd}}16")
        #expect(plain.returnType == framed.returnType)
        #expect(plain.argumentTypes == framed.argumentTypes)
        // Signatures remember the exact string, so these two differ.
        #expect(plain != framed)
        #expect(framed.argumentType(at: 2).size == 32)
    }

    @Test("the argument count matches the selector", arguments: [
        ("drawRect:", "v@:{CGRect={CGPoint=dd}{CGSize=dd}}"),
        ("layoutSubviews", "v@:"),
        ("drawView:inRect:inContext:", "v@:@{CGRect={CGPoint=dd}{CGSize=dd}}^v"),
    ])
    func argumentCountMatches(selector: String, encoding: String) throws {
        let signature = try MethodSignature(parsing: encoding)
        #expect(MethodSignature.argumentCount(forSelector: selector) == signature.numberOfArguments)
    }

    @Test("a selector's colons imply its argument count", arguments: [
        ("drawRect:", 3),
        ("layoutSubviews", 2),
        ("drawView:inRect:inContext:", 5),
        ("setX:y:", 4),
        ("", 2),
    ])
    func argumentCount(selector: String, count: Int) {
        #expect(MethodSignature.argumentCount(forSelector: selector) == count)
    }

    // MARK: - Malformed encodings

    struct Malformed: Sendable, CustomTestStringConvertible {
        let text: String
        let method: Bool
        let position: Int
        let reason: String
        var testDescription: String {
            let shown = text.count > 40 ? String(text.prefix(40)) + "… (\(text.utf8.count) bytes)" : text
            return (method ? "method " : "type ") + shown.debugDescription
        }

        static func type(_ text: String, _ position: Int, _ reason: String) -> Malformed {
            Malformed(text: text, method: false, position: position, reason: reason)
        }

        static func method(_ text: String, _ position: Int, _ reason: String) -> Malformed {
            Malformed(text: text, method: true, position: position, reason: reason)
        }
    }

    static let malformed: [Malformed] = [
        // Empty.
        .type("", 0, "empty encoding"),
        .method("", 0, "empty encoding"),
        // Truncated or incomplete structures.
        .type("{CGRect", 7, "unterminated struct '{CGRect'"),
        .type("{CGPoint=", 9, "unterminated struct '{CGPoint'; expected a field type or '}'"),
        .type("{CGPoint=d", 10, "unterminated struct '{CGPoint'"),
        .type("{CGRect={CGPoint=dd}", 20, "unterminated struct '{CGRect'"),
        .method("v@:{CGRect={CGPoint=dd}", 23, "unterminated struct '{CGRect'"),
        .type("{CGPoint dd}", 8, "unexpected ' ' in the name of struct '{CGPoint'"),
        .type("{CGPoint=}", 0, "struct 'CGPoint' has no fields"),
        .type("{CGPoint}", 0, "struct 'CGPoint' has no fields"),
        .type("{S={T}}", 3, "struct 'T' has no fields"),
        .type("{S=\"x\"d\"y", 9, "unterminated field name"),
        .type("{S=\"x\"}", 6, "expected a field type after the field name"),
        // Unknown and unsupported codes.
        .type("x", 0, "unknown type code 'x'"),
        .method("v@:x", 3, "unknown type code 'x'"),
        .method("v@:i ", 4, "unknown type code ' '"),
        .type("]", 0, "unexpected ']'"),
        .type("(U=id)", 0, "unsupported type code '('"),
        .type("{S=b3}", 3, "unsupported type code 'b'"),
        .type("ji", 0, "unsupported type code 'ji' (only complex float, double and long double are supported)"),
        .type("j", 1, "expected 'f', 'd' or 'D' after 'j'"),
        .type("t", 0, "unsupported type code 't'"),
        .type("T", 0, "unsupported type code 'T'"),
        .type("@?", 0, "unsupported type code '@?'"),
        .method("v@:@?", 3, "unsupported type code '@?'"),
        .type("@\"NSString", 10, "unterminated class name"),
        .method("v@:é", 3, "unknown type code byte 0xC3"),
        .type("{Sé=d}", 2, "unexpected byte 0xC3 in the name of struct '{S'"),
        .type("\u{0}", 0, "unknown type code byte 0x00"),
        // Pointers and arrays.
        .type("^", 1, "expected a type after '^'"),
        .method("v@:^", 4, "expected a type after '^'"),
        .type("[d]", 1, "array count"),
        .method("v@:[d]", 4, "array count"),
        .type("[0d]", 1, "array count must be greater than 0"),
        .type("[", 1, "expected an element count"),
        .type("[4", 2, "expected an element type"),
        .type("[4d", 3, "expected ']'"),
        .type("[4dd]", 3, "expected ']'"),
        .type("[99999999999d]", 1, "array count is too large"),
        .type("[1000000000i]", 0, "type is too large"),
        .type("[2000000000[2000000000d]]", 11, "type is too large"),
        // Types that only make sense behind a pointer.
        .type("v", 0, "'v' is only allowed as a return type or behind a pointer"),
        .type("{S=v}", 3, "'v' is only allowed as a return type or behind a pointer"),
        .method("v@:v", 3, "'v' is only allowed as a return type or behind a pointer"),
        .method("v@:iv", 4, "'v' is only allowed"),
        .type("?", 0, "'?' is only allowed behind a pointer"),
        .method("?@:", 0, "'?' is only allowed behind a pointer"),
        .method("v@:{CGContext}", 3, "struct 'CGContext' has no fields"),
        .method("v@:{CGContext=}", 3, "struct 'CGContext' has no fields"),
        .method("{CGContext=}@:", 0, "struct 'CGContext' has no fields"),
        // Receiver and selector.
        .method("vi:", 1, "expected '@' or '#' for the receiver (argument 0)"),
        .method("v:@", 1, "expected '@' or '#' for the receiver (argument 0)"),
        .method("v{CGPoint=dd}:", 1, "expected '@' or '#' for the receiver (argument 0)"),
        .method("v@i", 2, "expected ':' for the selector (argument 1)"),
        .method("v@@", 2, "expected ':' for the selector (argument 1)"),
        // Fewer than two arguments.
        .method("v", 1, "expected '@' or '#' for the receiver (argument 0)"),
        .method("v24", 3, "expected '@' or '#' for the receiver (argument 0)"),
        .method("vr", 2, "expected '@' or '#' for the receiver (argument 0)"),
        .method("v@", 2, "expected ':' for the selector (argument 1)"),
        .method("v24@0", 5, "expected ':' for the selector (argument 1)"),
        // Trailing characters, qualifiers and offsets.
        .type("ix", 1, "trailing characters after the type"),
        .type("i8x", 2, "trailing characters after the type"),
        .type("ii", 1, "trailing characters after the type"),
        .type("{CGPoint=dd}}", 12, "trailing characters after the type"),
        .type("rn", 2, "expected a type after qualifier 'n'"),
        .type("i-", 2, "expected frame-offset digits after '-'"),
        .method("v24@0:-", 7, "expected frame-offset digits after '-'"),
        .method("v24@0:8-", 7, "unknown type code '-'"),
        // Nesting 65 deep.
        .type(String(repeating: "^", count: 65) + "i", 64, "nesting deeper than 64"),
        .type(String(repeating: "{S=", count: 65) + "i" + String(repeating: "}", count: 65), 192, "nesting deeper than 64"),
        .type(String(repeating: "[1", count: 65) + "i" + String(repeating: "]", count: 65), 128, "nesting deeper than 64"),
        .method("v@:" + String(repeating: "^", count: 65) + "i", 67, "nesting deeper than 64"),
        // Over-long, checked before parsing (so even a valid prefix fails).
        .type("{S=" + String(repeating: "c", count: 4093) + "}", 4096, "encoding is 4097 bytes; the limit is 4096"),
        .method("v@:" + String(repeating: "i", count: 4997), 4096, "encoding is 5000 bytes; the limit is 4096"),
        .method(String(repeating: "x", count: 5000), 4096, "encoding is 5000 bytes; the limit is 4096"),
    ]

    @Test("a malformed encoding is rejected at the expected position", arguments: malformed)
    func malformedEncoding(_ expected: Malformed) throws {
        let error = try #require(Self.parseError(expected.text, method: expected.method))
        #expect(error.position == expected.position)
        #expect(error.reason.contains(expected.reason), "reason was \(error.reason.debugDescription)")
        if expected.text.utf8.count <= 4096 {
            #expect(error.encoding == expected.text)
        } else {
            #expect(error.encoding == String(expected.text.prefix(64)) + "…")
        }
        #expect(error.description.contains("at position \(expected.position): "))
        #expect(error.description.hasSuffix(error.reason))
    }

    @Test("the error description quotes the encoding and names the position")
    func errorDescription() throws {
        let error = try #require(Self.parseError("v@:{CGRect={CGPoint=dd}", method: true))
        #expect(error.description.hasPrefix("malformed type encoding \"v@:{CGRect={CGPoint=dd}\" at position 23: "))
        #expect(error.description.contains("unterminated struct '{CGRect'"))

        let quoted = try #require(Self.parseError("v@:@\"NSString", method: true))
        #expect(quoted.description.hasPrefix(#"malformed type encoding "v@:@\"NSString" at position 13: "#))
    }

    @Test("an over-long encoding is refused before it is parsed")
    func overLongErrorIsShort() throws {
        let text = String(repeating: "{", count: 100_000)
        let error = try #require(Self.parseError(text, method: false))
        #expect(error.reason == "encoding is 100000 bytes; the limit is 4096")
        #expect(error.encoding.count == 65)
        #expect(error.encoding.hasSuffix("…"))
    }

    @Test("random encodings never crash the parser, and what parses round-trips")
    func randomEncodings() throws {
        // A fixed-seed SplitMix64, so any failure reproduces.
        var random = SplitMix64(state: 0x5EED_E45E_1)
        func next() -> UInt64 { random.next() }
        let alphabet = Array("vcCsSiIlLqQfdB*@#:?^{}[]=\"0123456789-rnNoORVbDtT(x")
        var parsed = 0
        for _ in 0..<20_000 {
            let length = Int(next() % 16) + 1
            let text = String((0..<length).map { _ in alphabet[Int(next() % UInt64(alphabet.count))] })
            if let type = try? TypeEncoding(parsing: text) {
                parsed += 1
                #expect(try TypeEncoding(parsing: type.encoding) == type, "\(text)")
                #expect(type.size >= 0 && type.alignment >= 1)
            } else if let error = Self.parseError(text, method: false) {
                #expect((0...text.utf8.count).contains(error.position), "\(text)")
            }
            if let signature = try? MethodSignature(parsing: text) {
                #expect(signature.numberOfArguments >= 2)
                #expect(signature.argumentType(at: 1) == .selector)
            } else if let error = Self.parseError(text, method: true) {
                #expect((0...text.utf8.count).contains(error.position), "\(text)")
            }
        }
        #expect(parsed > 0)
    }

    // MARK: - Cache

    @Test("the shared cache returns the same signature as parsing")
    func sharedCache() throws {
        let text = "v@:{EncodingTestsSharedCache=dd}i"
        let first = try MethodSignature.cached(text)
        let second = try MethodSignature.cached(text)
        #expect(first == second)
        #expect(first == (try MethodSignature(parsing: text)))
        #expect(throws: EncodingError.self) { try MethodSignature.cached("v@:x") }
    }

    @Test("a cache parses each string once")
    func parsesOnce() throws {
        let cache = SignatureCache()
        let text = "v@:{CGRect={CGPoint=dd}{CGSize=dd}}"
        let first = try cache.signature(for: text)
        let second = try cache.signature(for: text)
        #expect(first == second)
        #expect(cache.parseCount == 1)
        #expect(cache.count == 1)

        _ = try cache.signature(for: "v@:")
        #expect(cache.parseCount == 2)
        #expect(cache.count == 2)
    }

    @Test("a cache does not store failures")
    func failuresAreNotCached() {
        let cache = SignatureCache()
        for _ in 0..<2 {
            #expect(throws: EncodingError.self) { try cache.signature(for: "v@:{CGRect") }
        }
        #expect(cache.parseCount == 2)
        #expect(cache.count == 0)
    }

    @Test("a full cache still parses but stores nothing more")
    func boundedCache() throws {
        let cache = SignatureCache(capacity: 1)
        _ = try cache.signature(for: "v@:")
        _ = try cache.signature(for: "v@:i")
        _ = try cache.signature(for: "v@:i")
        #expect(cache.count == 1)
        #expect(cache.parseCount == 3)
        _ = try cache.signature(for: "v@:")
        #expect(cache.parseCount == 3)
    }

    @Test("concurrent callers share one parse")
    func concurrentCallers() async throws {
        let cache = SignatureCache()
        let text = "v@:@{CGRect={CGPoint=dd}{CGSize=dd}}^v"
        let signatures = try await withThrowingTaskGroup(of: MethodSignature.self) { group in
            for _ in 0..<64 {
                group.addTask { try cache.signature(for: text) }
            }
            var all: [MethodSignature] = []
            for try await signature in group { all.append(signature) }
            return all
        }
        #expect(signatures.count == 64)
        #expect(Set(signatures).count == 1)
        #expect(cache.parseCount == 1)
    }
}
