import EaselEncoding
import Testing

/// Leak checkers (valgrind's memcheck) find a heap block only through its
/// exact address. A `TypeEncoding` must therefore hold its heap references
/// without enum tag bits, or every parsed structure, which stays in use in the
/// signature cache for the life of the process, is reported "definitely lost".
@Suite("TypeEncoding layout")
struct EncodingLayoutTests {
    /// The 8-byte words of a value's own bytes.
    static func words(of value: TypeEncoding) -> [UInt] {
        withUnsafeBytes(of: value) { bytes in
            stride(from: 0, through: bytes.count - 8, by: 8).map { bytes.loadUnaligned(fromByteOffset: $0, as: UInt.self) }
        }
    }

    @Test("a structure holds its field array by its exact address")
    func structureFieldsUntagged() {
        let fields: [TypeEncoding] = [.double, .double]
        let point = TypeEncoding.structure(name: "CGPoint", fields: fields)
        let address = unsafeBitCast(fields, to: UInt.self)
        #expect(Self.words(of: point).contains(address), "words \(Self.words(of: point)), fields at \(address)")
    }

    @Test("the boxes of pointers and arrays are held by untagged addresses", arguments: [
        TypeEncoding.pointer(.rect), .array(count: 3, element: .rect), .pointer(.int), .array(count: 2, element: .double),
    ])
    func boxesUntagged(_ value: TypeEncoding) throws {
        let first = try #require(Self.words(of: value).first)
        // A heap address: 8-byte aligned, no bits above the 56-bit address space.
        #expect(first != 0 && first & 7 == 0 && first >> 56 == 0, "first word 0x\(String(first, radix: 16))")
    }
}
