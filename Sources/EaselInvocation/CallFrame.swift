// Calling a C function whose shape is known only at run time.
//
// Easel calls plugin methods the way NSInvocation does: a method's type
// encoding is parsed once into a `MethodSignature` (EaselEncoding), and this
// file turns a signature into a `CallFrame`: the libffi type descriptors of
// every argument and of the return value, an `ffi_cif` prepared once with
// `ffi_prep_cif`, and the byte layout of an argument buffer. Frames are cached
// by encoding string in an `EncodingCache` (EaselEncoding: bounded, failures
// not cached), so preparing a frame is a one-time cost per distinct signature
// (as GNUstep's cifframe.m does).
//
// An `Invocation` (Invocation.swift) owns the buffers for one call site and
// only copies arguments into place and calls: no parsing, no preparation and
// no heap allocation per call. For the commonest drawing shapes the frame
// also records a `FastPath`, which calls through a typed C function pointer
// instead of `ffi_call` (libffi re-classifies the arguments on every call,
// which costs far more than the call itself).

import CFFI
import EaselABI
import EaselEncoding

/// A libffi status code, kept open like swift-system's `Errno`: a code newer
/// than this wrapper still reads as an error.
public struct FFIStatus: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The raw `ffi_status` value.
    public let rawValue: UInt32
    /// Wraps a raw `ffi_status` value.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// `FFI_OK`.
    public static let ok = FFIStatus(rawValue: FFI_OK.rawValue)
    /// `FFI_BAD_TYPEDEF`: a type descriptor libffi could not use.
    public static let badTypedef = FFIStatus(rawValue: FFI_BAD_TYPEDEF.rawValue)
    /// `FFI_BAD_ABI`: the calling convention is not supported.
    public static let badABI = FFIStatus(rawValue: FFI_BAD_ABI.rawValue)
    /// A readable name of the status.
    public var description: String {
        switch self {
        case .ok: "FFI_OK"
        case .badTypedef: "FFI_BAD_TYPEDEF"
        case .badABI: "FFI_BAD_ABI"
        default: "ffi_status \(rawValue)"
        }
    }
}

/// Why a call frame could not be prepared.
public struct CallFrameError: Error, Sendable, CustomStringConvertible {
    /// The method encoding whose frame failed.
    public let encoding: String
    /// What went wrong.
    public let reason: String
    /// A one-line message quoting the encoding.
    public var description: String { "cannot prepare a call for \"\(encoding)\": \(reason)" }
}

/// A typed direct call used instead of libffi for the commonest signatures.
public enum FastPath: Sendable, Hashable {
    /// `v@:` — `void (*)(id, SEL)`.
    case voidReceiverSelector
    /// `v@:{CGRect=...}` — `void (*)(id, SEL, CGRect)`: `drawRect:`.
    case voidRect
    /// `v@:@{CGRect=...}^v` — `void (*)(id, SEL, id, CGRect, void *)`: the drawing delegate.
    case voidObjectRectPointer
}

/// The prepared, immutable description of how to call functions of one
/// signature: libffi types, the prepared `ffi_cif`, and the argument layout.
///
/// Obtain frames through ``CallFrame/cached(for:)``; a cached frame lives for
/// the rest of the process, and every frame is safe to share between threads
/// (it is never mutated after preparation).
public final class CallFrame: @unchecked Sendable {
    /// The signature this frame calls.
    public let signature: MethodSignature
    /// The direct-call shape, when the signature has one.
    public let fastPath: FastPath?
    /// Byte offset of each argument inside an invocation's argument buffer.
    public let argumentOffsets: [Int]
    /// Byte size of each argument.
    public let argumentSizes: [Int]
    /// Total bytes of the argument buffer (16-byte aligned).
    public let argumentBufferSize: Int
    /// Bytes of the return buffer: at least `sizeof(ffi_arg)`, as libffi requires.
    public let returnBufferSize: Int

    let cif: UnsafeMutablePointer<ffi_cif>
    private let argumentTypes: UnsafeMutablePointer<UnsafeMutablePointer<ffi_type>?>
    /// Struct type descriptors and their element arrays, owned by this frame.
    private var ownedTypes: [UnsafeMutablePointer<ffi_type>] = []
    private var ownedElements: [UnsafeMutablePointer<UnsafeMutablePointer<ffi_type>?>] = []

    private static let cache = EncodingCache<CallFrame>()

    /// Returns the frame for a signature, preparing it on first use.
    ///
    /// Frames are kept by encoding string under the policy of
    /// `EncodingCache`: prepared once, under the cache's lock; a frame libffi
    /// refuses is not kept; once 1024 frames are kept, a new signature gets a
    /// frame of its own on every call, owned by the caller.
    ///
    /// - Parameter signature: A parsed method signature.
    /// - Returns: The shared frame for `signature.encoding`.
    /// - Throws: ``CallFrameError`` when libffi refuses the types.
    public static func cached(for signature: MethodSignature) throws(CallFrameError) -> CallFrame {
        try cache.value(for: signature.encoding) { (_) throws(CallFrameError) in try CallFrame(signature: signature) }
    }

    /// Prepares a frame without caching it. Prefer ``cached(for:)``.
    ///
    /// - Parameter signature: A parsed method signature.
    /// - Throws: ``CallFrameError`` when libffi refuses the types.
    public init(signature: MethodSignature) throws(CallFrameError) {
        self.signature = signature
        let count = signature.numberOfArguments
        cif = .allocate(capacity: 1)
        argumentTypes = .allocate(capacity: max(count, 1))

        var offsets: [Int] = []
        var sizes: [Int] = []
        var cursor = 0
        for index in 0..<count {
            let type = signature.argumentType(at: index)
            let alignment = max(type.alignment, 1)
            cursor = (cursor + alignment - 1) / alignment * alignment
            offsets.append(cursor)
            sizes.append(type.size)
            cursor += type.size
        }
        argumentOffsets = offsets
        argumentSizes = sizes
        argumentBufferSize = max((cursor + 15) / 16 * 16, 16)
        returnBufferSize = max((signature.methodReturnLength + 15) / 16 * 16, 16)
        fastPath = CallFrame.fastPath(for: signature)

        // Every stored property is initialised, so if this throws, deinit
        // runs and releases what was allocated so far.
        for index in 0..<count {
            argumentTypes[index] = try ffiType(for: signature.argumentType(at: index))
        }
        let returnType = try ffiType(for: signature.returnType)
        let status = FFIStatus(rawValue: ffi_prep_cif(
            cif, easel_ffi_default_abi(), UInt32(count), returnType, argumentTypes
        ).rawValue)
        guard status == .ok else {
            throw CallFrameError(encoding: signature.encoding, reason: "ffi_prep_cif returned \(status)")
        }
    }

    deinit {
        for elements in ownedElements { elements.deallocate() }
        for type in ownedTypes { type.deallocate() }
        argumentTypes.deallocate()
        cif.deallocate()
    }

    /// The libffi descriptor of one type; struct descriptors are built here
    /// and owned by the frame.
    private func ffiType(for type: TypeEncoding) throws(CallFrameError) -> UnsafeMutablePointer<ffi_type> {
        switch type {
        case .void: return easel_ffi_type_void()
        case .char: return easel_ffi_type_sint8()
        case .unsignedChar, .bool: return easel_ffi_type_uint8()
        case .short: return easel_ffi_type_sint16()
        case .unsignedShort: return easel_ffi_type_uint16()
        case .int, .long: return easel_ffi_type_sint32()
        case .unsignedInt, .unsignedLong: return easel_ffi_type_uint32()
        case .longLong: return easel_ffi_type_sint64()
        case .unsignedLongLong: return easel_ffi_type_uint64()
        case .float: return easel_ffi_type_float()
        case .double: return easel_ffi_type_double()
        case .cString, .object, .class, .selector, .pointer: return easel_ffi_type_pointer()
        case .unknown:
            throw CallFrameError(encoding: signature.encoding, reason: "'?' cannot be passed by value")
        case .array:
            throw CallFrameError(
                encoding: signature.encoding, reason: "a C array cannot be passed by value (\(type.encoding))")
        case .structure(_, let fields):
            guard !fields.isEmpty else {
                throw CallFrameError(
                    encoding: signature.encoding, reason: "struct \(type.encoding) has no fields")
            }
            // libffi re-classifies struct arguments on every call, recursing
            // into nested structs; when the leaf fields laid out one after the
            // other give the same offsets and size (CGRect's four doubles
            // do), describe the struct flat, which classifies faster and is
            // the same to the calling convention.
            let members = CallFrame.flatLayout(of: type) ?? fields.flatMap { field -> [TypeEncoding] in
                if case .array(let count, let element) = field { return Array(repeating: element, count: count) }
                return [field]
            }
            var leaves: [UnsafeMutablePointer<ffi_type>] = []
            for member in members { leaves.append(try ffiType(for: member)) }
            let elements = UnsafeMutablePointer<UnsafeMutablePointer<ffi_type>?>.allocate(capacity: leaves.count + 1)
            for (index, leaf) in leaves.enumerated() { elements[index] = leaf }
            elements[leaves.count] = nil
            ownedElements.append(elements)
            let descriptor = UnsafeMutablePointer<ffi_type>.allocate(capacity: 1)
            descriptor.initialize(to: ffi_type(
                size: 0, alignment: 0, type: UInt16(FFI_TYPE_STRUCT), elements: elements))
            ownedTypes.append(descriptor)
            return descriptor
        }
    }

    /// The scalar leaves of a struct, when laying them out in order with C's
    /// rules reproduces the struct's own field offsets and size; otherwise
    /// `nil` (padding inside a nested struct would move a field).
    static func flatLayout(of type: TypeEncoding) -> [TypeEncoding]? {
        var leaves: [(type: TypeEncoding, offset: Int)] = []
        func collect(_ type: TypeEncoding, at base: Int) {
            switch type {
            case .structure(_, let fields):
                var offset = 0
                for field in fields {
                    let alignment = max(field.alignment, 1)
                    offset = (offset + alignment - 1) / alignment * alignment
                    collect(field, at: base + offset)
                    offset += field.size
                }
            case .array(let count, let element):
                for index in 0..<count { collect(element, at: base + index * element.size) }
            default:
                leaves.append((type, base))
            }
        }
        collect(type, at: 0)
        var offset = 0, alignment = 1
        for leaf in leaves {
            let leafAlignment = max(leaf.type.alignment, 1)
            offset = (offset + leafAlignment - 1) / leafAlignment * leafAlignment
            guard offset == leaf.offset else { return nil }
            offset += leaf.type.size
            alignment = max(alignment, leafAlignment)
        }
        let size = (offset + alignment - 1) / alignment * alignment
        guard size == type.size, alignment == type.alignment, !leaves.isEmpty else { return nil }
        return leaves.map(\.type)
    }

    /// Whether `type` is passed exactly like `easel_rect`: a struct whose
    /// leaves are four doubles (any nesting, e.g. `{CGRect={CGPoint=dd}{CGSize=dd}}`).
    static func isRectShaped(_ type: TypeEncoding) -> Bool {
        func leaves(_ type: TypeEncoding) -> [TypeEncoding]? {
            switch type {
            case .structure(_, let fields):
                var all: [TypeEncoding] = []
                for field in fields {
                    guard let inner = leaves(field) else { return nil }
                    all += inner
                }
                return all
            case .double: return [.double]
            default: return nil
            }
        }
        guard case .structure = type, let all = leaves(type) else { return false }
        return all == [.double, .double, .double, .double]
    }

    private static func isPointerLike(_ type: TypeEncoding) -> Bool {
        switch type {
        case .object, .class, .selector, .cString, .pointer: true
        default: false
        }
    }

    static func fastPath(for signature: MethodSignature) -> FastPath? {
        guard signature.returnType == .void,
              isPointerLike(signature.argumentType(at: 0)),
              isPointerLike(signature.argumentType(at: 1))
        else { return nil }
        let declared = signature.argumentTypes.dropFirst(2)
        switch declared.count {
        case 0:
            return .voidReceiverSelector
        case 1 where isRectShaped(declared[declared.startIndex]):
            return .voidRect
        case 3:
            let a = declared[declared.startIndex], b = declared[declared.startIndex + 1]
            let c = declared[declared.startIndex + 2]
            if isPointerLike(a), isRectShaped(b), isPointerLike(c) { return .voidObjectRectPointer }
            return nil
        default:
            return nil
        }
    }
}
