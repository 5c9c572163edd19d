// libFuzzer target: one method or property encoding per input, through what
// loading a plugin does with it (parse, then prepare the call frame with
// ffi_prep_cif) and, for a void method, a call through libffi.
import EaselEncoding
@testable import EaselInvocation

private let nothing: @convention(c) () -> Void = {}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEncoding(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: count), as: UTF8.self)
    if let type = try? TypeEncoding(parsing: text) {
        // What parses prints canonically and parses back to the same type.
        guard let again = try? TypeEncoding(parsing: type.encoding), again == type else {
            fatalError("\(text.debugDescription) does not round-trip through \(type.encoding.debugDescription)")
        }
        precondition(type.size <= TypeEncoding.maximumValueSize, "\(text.debugDescription) is \(type.size) bytes")
    }
    guard let signature = try? MethodSignature(parsing: text),
          let frame = try? CallFrame(signature: signature) else { return 0 }
    precondition(frame.argumentSizes == signature.argumentTypes.map(\.size))
    precondition(frame.describedElementCount <= 4 * count + 64, "\(frame.describedElementCount) libffi elements")
    if signature.returnType == .void {
        Invocation(frame: frame, implementation: unsafeBitCast(nothing, to: UnsafeRawPointer.self), forceLibffi: true).invoke()
    }
    return 0
}
