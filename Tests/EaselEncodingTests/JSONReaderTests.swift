import EaselEncoding
import Testing

@Suite("JSONReader: JSON text through Jansson into values")
struct JSONReaderTests {
    @Test("objects, arrays, strings, numbers as doubles, booleans and null")
    func values() throws {
        let value = try JSONReader.read(#"{"a": [1, 2.5, -3e2], "b": "caf\u00e9 \ud83d\ude00", "c": true, "d": false, "e": null, "f": {}}"#)
        #expect(value == .object([
            "a": .list([.number(1), .number(2.5), .number(-300)]),
            "b": .string("café 😀"),
            "c": .bool(true), "d": .bool(false), "e": .null, "f": .object([:]),
        ]))
        // Any value at the top level; a key given twice: the last counts.
        #expect(try JSONReader.read("42") == .number(42))
        #expect(try JSONReader.read(#"{"k": 1, "k": 2}"#) == .object(["k": .number(2)]))
        // \u0000 inside a string is kept (the length is Jansson's, not a C string's); Jansson refuses it in a key.
        #expect(try JSONReader.read(#"{"a": "x\u0000y"}"#) == .object(["a": .string("x\u{0}y")]))
        #expect(throws: JSONSyntaxError(reason: #"NUL byte in object key not supported near '"a\u0000b"'"#, line: 1, column: 11, offset: 11)) {
            try JSONReader.read(#"{"a\u0000b": 1}"#)
        }
        // A number below a double's range reads as 0, as JavaScript reads it.
        #expect(try JSONReader.read("1e-400") == .number(0))
    }

    @Test("integers as text keep all 64 bits; fractions and exponents stay numbers")
    func integersAsText() throws {
        #expect(try JSONReader.read("[9223372036854775807, -9223372036854775808, 1.5, 1e3]", integersAsText: true)
                == .list([.text("9223372036854775807"), .text("-9223372036854775808"), .number(1.5), .number(1000)]))
        #expect(try JSONReader.read("9007199254740993") == .number(9007199254740992))  // as a double
        #expect(throws: JSONSyntaxError(reason: "too big integer near '18446744073709551615'", line: 1, column: 20, offset: 20)) {
            try JSONReader.read("18446744073709551615", integersAsText: true)
        }
    }

    @Test("errors give Jansson's reason, the line and the column", arguments: [
        ("{\n  \"a\": [1, 2,, 3]\n}", "unexpected token near ','", 2, 14),
        (#"{"a": tru}"#, "invalid token near 'tru'", 1, 9),
        (#"[1e400]"#, "real number overflow near '1e400'", 1, 6),
        (#"["\ud800"]"#, #"invalid Unicode '\uD800' near '"\ud800"'"#, 1, 9),
        ("[1, 2] x", "end of file expected near 'x'", 1, 8),
    ])
    func errors(_ text: String, _ reason: String, _ line: Int, _ column: Int) {
        do {
            let value = try JSONReader.read(text)
            Issue.record("read \(value)")
        } catch {
            #expect(error.reason == reason)
            #expect([error.line, error.column] == [line, column])
        }
    }

    @Test("a UTF-8 byte order mark at the start is skipped; its bytes count in an error's offset, not its column")
    func byteOrderMark() throws {
        #expect(try JSONReader.read([0xEF, 0xBB, 0xBF] + Array(#"{"a": 1}"#.utf8)) == .object(["a": .number(1)]))
        #expect(throws: JSONSyntaxError(reason: "invalid token near 'x'", line: 1, column: 7, offset: 10)) {
            try JSONReader.read([0xEF, 0xBB, 0xBF] + Array(#"{"a": x}"#.utf8))
        }
    }

    @Test("invalid UTF-8 is an error, not a replacement character")
    func invalidUTF8() {
        #expect(throws: JSONSyntaxError.self) { try JSONReader.read([0x22, 0x63, 0xC3, 0x22]) }
    }

    @Test("more than 512 levels of arrays and objects: an error at the bracket that opens the 513th")
    func depth() throws {
        let deepest = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        var value = try JSONReader.read(deepest)
        var levels = 0
        while case .list(let values) = value { levels += 1; value = values.first ?? .null }
        #expect(levels == 512)
        let tooDeep = "{\"a\": \"[[\",\n \"b\": " + String(repeating: "[", count: 513) + String(repeating: "]", count: 513) + "}"
        #expect(throws: JSONSyntaxError(reason: "more than 512 levels of nested arrays and objects", line: 2, column: 6 + 512,
                                        offset: 18 + 511)) {
            try JSONReader.read(tooDeep)
        }
    }
}
