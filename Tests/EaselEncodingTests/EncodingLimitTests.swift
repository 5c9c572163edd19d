import EaselEncoding
import EaselInvocation
import EaselTestSupport
import Testing

/// A declaration's cost is bounded: no value above 64 KiB is passed,
/// returned or stored by value, and any encoding up to the length limit
/// parses and prepares its call frame in milliseconds.
@Suite("Encoding size limits and cost")
struct EncodingLimitTests {
    /// The error that parsing `text` as a method (or a single type) throws.
    static func error(_ text: String, method: Bool = true) throws -> EncodingError {
        do {
            if method { _ = try MethodSignature(parsing: text) } else { _ = try TypeEncoding(parsing: text) }
        } catch {
            return error
        }
        throw FixtureError("\(text) parsed")
    }

    @Test("the 18-byte encoding of a 100 MiB argument is refused with the encoding and the limit")
    func hugeArgument() throws {
        #expect(try Self.error("v@:{A=[26843545i]}").description ==
            #"malformed type encoding "v@:{A=[26843545i]}" at position 3: argument 2 is 107374180 bytes; by value the limit is 65536 bytes (64 KiB)"#)
        #expect(try Self.error("v@:{A=QI[268435455S][268435455C]}").description ==
            #"malformed type encoding "v@:{A=QI[268435455S][268435455C]}" at position 3: argument 2 is 805306384 bytes; by value the limit is 65536 bytes (64 KiB)"#)
    }

    @Test("a return type, a property type and arguments together are limited too")
    func otherPlaces() throws {
        #expect(try Self.error("{A=[65537C]}@:").description ==
            #"malformed type encoding "{A=[65537C]}@:" at position 0: the return type is 65537 bytes; by value the limit is 65536 bytes (64 KiB)"#)
        #expect(try Self.error("r{A=[8193d]}", method: false).description ==
            #"malformed type encoding "r{A=[8193d]}" at position 0: the type is 65544 bytes; by value the limit is 65536 bytes (64 KiB)"#)
        #expect(try Self.error("v@:i{A=[40000C]}8{B=[30000C]}").description ==
            #"malformed type encoding "v@:i{A=[40000C]}8{B=[30000C]}" at position 17: arguments 2 to 4 take 70004 bytes; by value the limit is 65536 bytes (64 KiB)"#)
    }

    @Test("64 KiB exactly, and anything behind a pointer, is accepted")
    func atTheLimit() throws {
        #expect(TypeEncoding.maximumValueSize == 65536)
        #expect(try MethodSignature(parsing: "v@:{A=[65536C]}").argumentType(at: 2).size == 65536)
        #expect(try MethodSignature(parsing: "{A=[8192d]}@:{B=[32768S]}").methodReturnLength == 65536)
        #expect(try TypeEncoding(parsing: "{A=[16384f]}").size == 65536)
        #expect(try MethodSignature(parsing: "v@:^{A=[26843545i]}").argumentType(at: 2).size == 8)
        #expect(try TypeEncoding(parsing: "^{A=QI[268435455S][268435455C]}").size == 8)
    }

    /// Encodings at or near the 4,096-byte limit shaped to cost the most:
    /// deep nesting, many fields, large counts, many arguments.
    static let costly: [String] = {
        let deepArrays = String(repeating: "[2", count: 16) + "C" + String(repeating: "]", count: 16)
        let deepStructs = String(repeating: "{S=c", count: 63) + "d" + String(repeating: "}", count: 63)
        let manyFields = "{M=" + String(repeating: "c[3s]", count: 800) + "}"
        let manyArguments = "v@:" + String(repeating: "{A=[64C]}", count: 450)
        let wideAndDeep = "v@:" + String(repeating: "{A=" + String(repeating: "[2", count: 12) + "i" + String(repeating: "]", count: 12) + "}", count: 1)
        let nestedPointers = "v@:{P=" + String(repeating: "^{Q=[2147483C]}", count: 250) + "}"
        return ["v@:{A=" + deepArrays + "}", "v@:{D=" + deepStructs + "}", "v@:" + manyFields, manyArguments, wideAndDeep,
                nestedPointers, "{R=" + String(repeating: "[2", count: 11) + "{X=cdcd}" + String(repeating: "]", count: 11) + "}@:"]
            .map { String($0.utf8.prefix(4096))! }
    }()

    @Test("the costliest encodings up to 4096 bytes parse and prepare a frame in milliseconds", arguments: 0..<7)
    func costliest(index: Int) throws {
        let text = Self.costly[index]
        let clock = ContinuousClock()
        let start = clock.now
        let frame = try CallFrame(signature: MethodSignature(parsing: text))
        let elapsed = clock.now - start
        // libffi is told about a number of elements proportional to the text, not to the counts in it.
        #expect(frame.describedElementCount <= 2 * text.utf8.count)
        // Typically under 5 ms; the bound leaves room for a loaded machine
        // (the 18-byte encoding above took 19 s before).
        #expect(elapsed < .milliseconds(500), "\(text.prefix(60))… took \(elapsed)")
    }
}

extension EncodingLimitTests {
    @Test("names and canonical forms of the deepest nesting cost time linear in the depth")
    func deepNames() throws {
        // Found by the value codec fuzzer: each pointer level asked its
        // pointee's name twice, so 60 levels never finished.
        let clock = ContinuousClock()
        let start = clock.now
        let pointers = try TypeEncoding(parsing: String(repeating: "^", count: 64) + "S")
        #expect(pointers.readableName == "uint16_t " + String(repeating: "*", count: 64))
        #expect(pointers.encoding == String(repeating: "^", count: 64) + "S")
        #expect(pointers.textForm == pointers.readableName + " (NULL)")
        let arrays = try TypeEncoding(parsing: String(repeating: "[1", count: 63) + "^S" + String(repeating: "]", count: 63))
        #expect(arrays.readableName == "uint16_t *" + String(repeating: "[1]", count: 63))
        let structs = try TypeEncoding(parsing: String(repeating: "{?=^", count: 32) + "S" + String(repeating: "}", count: 32))
        #expect(structs.readableName.count == 32 * "struct {".count + "uint16_t".count + 32 * " *}".count)
        #expect(clock.now - start < .milliseconds(200))
    }
}
