// libFuzzer target: the value codec. The input's first line is a type
// encoding, the rest a value: JSON when it parses as JSON, else text as
// `easel invoke` reads it. What encodes must be exactly the type's size and
// format back as text.
import EaselEncoding
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzValueCodec(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: count)
    let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
    let encoding = String(decoding: bytes[..<newline], as: UTF8.self)
    let rest = Array(bytes[min(newline + 1, bytes.endIndex)...])
    guard let type = try? TypeEncoding(parsing: encoding) else { return 0 }
    _ = type.textForm
    let value = (try? JSONDecoder().decode(Value.self, from: Data(rest))) ?? .text(String(decoding: rest, as: UTF8.self))
    let storage = ValueArena()
    guard let encoded = try? ValueCodec.encode(value, as: type, storage: storage) else { return 0 }
    precondition(encoded.count == type.size, "\(encoded.count) bytes for \(type.encoding) of \(type.size)")
    _ = encoded.withUnsafeBytes { ValueCodec.format($0, as: type) }
    return 0
}
