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
///
/// Only the drawing shapes have one; every other signature, `long double`
/// (`D`) and complex (`jf`, `jd`, `jD`) values among them, is called through
/// libffi (`ffi_type_longdouble`, `ffi_type_complex_*`) whether or not libffi
/// is forced.
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

    /// How many element slots the frame's own struct descriptors list, for
    /// tests: it must not grow with an array's count.
    package var describedElementCount: Int {
        ownedElements.reduce(0) { count, elements in
            var index = 0
            while elements[index] != nil { index += 1 }
            return count + index
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
    ///
    /// `inAggregate` is true for a struct's fields and an array's elements:
    /// only there may a C array appear (C passes no array by value).
    ///
    /// How aggregates are described (the cost of a frame must not grow with
    /// an array's count, since `[65536C]` is 8 bytes of text):
    ///
    /// * A struct whose scalar leaves, laid out one after the other, give the
    ///   struct's own offsets and size, and which has at most
    ///   ``maximumFlatLeaves`` of them (CGRect's four doubles), is described
    ///   flat: libffi classifies a struct of 32 bytes or less on every call,
    ///   and a flat list is the quickest for it.
    /// * Otherwise each field is described on its own; a nested struct
    ///   recursively, and an array field of `count` elements as nested
    ///   structs that halve the count (``arrayDescriptor(count:element:)``):
    ///   up to 8 elements are listed, above that a struct of two halves, plus
    ///   one element when the count is odd. `[65536C]` takes 14 descriptors
    ///   of 2 or 3 elements instead of 65,536 elements.
    ///
    /// Either way the description is exact, not an approximation that
    /// happens to work: C lays out a nested struct like its fields inline
    /// (its size is a multiple of its alignment, so no padding appears), and
    /// the calling conventions libffi implements classify an aggregate by its
    /// scalar leaves at their offsets, looking through nested structs: x86-64
    /// System V merges the eightbyte classes of a nested struct's fields at
    /// their offsets (and passes any aggregate above 16 bytes in memory
    /// whatever its fields), AArch64 finds a homogeneous floating-point
    /// aggregate (at most four floats or doubles) through nested structs and
    /// passes other composites above 16 bytes by reference. The leaves, their
    /// offsets, the size and the alignment are the same as listing every
    /// element, so libffi passes the same bytes in the same places.
    private func ffiType(for type: TypeEncoding, inAggregate: Bool = false) throws(CallFrameError) -> UnsafeMutablePointer<ffi_type> {
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
        case .longDouble: return easel_ffi_type_longdouble()
        case .complexFloat, .complexDouble, .complexLongDouble:
            let complex = type == .complexFloat ? easel_ffi_type_complex_float()
                : type == .complexDouble ? easel_ffi_type_complex_double() : easel_ffi_type_complex_longdouble()
            guard let complex else {
                throw CallFrameError(encoding: signature.encoding, reason: "this platform's libffi has no complex types")
            }
            return complex
        case .cString, .object, .class, .selector, .pointer: return easel_ffi_type_pointer()
        case .unknown:
            throw CallFrameError(encoding: signature.encoding, reason: "'?' cannot be passed by value")
        case .array(let count, let element):
            guard inAggregate, count > 0 else {
                throw CallFrameError(
                    encoding: signature.encoding, reason: "a C array cannot be passed by value (\(type.encoding))")
            }
            return arrayDescriptor(count: count, element: try ffiType(for: element, inAggregate: true))
        case .structure(_, let fields):
            guard !fields.isEmpty else {
                throw CallFrameError(
                    encoding: signature.encoding, reason: "struct \(type.encoding) has no fields")
            }
            var members: [UnsafeMutablePointer<ffi_type>] = []
            for member in CallFrame.flatLayout(of: type) ?? fields {
                members.append(try ffiType(for: member, inAggregate: true))
            }
            return structDescriptor(members)
        }
    }

    /// A struct descriptor listing `members`, owned by the frame; libffi
    /// fills in its size and alignment in `ffi_prep_cif`.
    private func structDescriptor(_ members: [UnsafeMutablePointer<ffi_type>]) -> UnsafeMutablePointer<ffi_type> {
        let elements = UnsafeMutablePointer<UnsafeMutablePointer<ffi_type>?>.allocate(capacity: members.count + 1)
        for (index, member) in members.enumerated() { elements[index] = member }
        elements[members.count] = nil
        ownedElements.append(elements)
        let descriptor = UnsafeMutablePointer<ffi_type>.allocate(capacity: 1)
        descriptor.initialize(to: ffi_type(
            size: 0, alignment: 0, type: UInt16(FFI_TYPE_STRUCT), elements: elements))
        ownedTypes.append(descriptor)
        return descriptor
    }

    /// `count` elements of `element`, as nested structs that halve the count:
    /// at most 8 listed, else two halves (one shared descriptor) and one more
    /// element when `count` is odd. O(log count) descriptors, each of at most
    /// 8 elements.
    private func arrayDescriptor(count: Int, element: UnsafeMutablePointer<ffi_type>) -> UnsafeMutablePointer<ffi_type> {
        if count <= 8 { return structDescriptor(Array(repeating: element, count: count)) }
        let half = arrayDescriptor(count: count / 2, element: element)
        return structDescriptor(count % 2 == 0 ? [half, half] : [half, half, element])
    }

    /// The most scalar leaves a struct may have to be described flat.
    static let maximumFlatLeaves = 16

    /// The scalar leaves of a struct, when it has at most
    /// ``maximumFlatLeaves`` and laying them out in order with C's rules
    /// reproduces the struct's own field offsets and size; otherwise `nil`
    /// (padding inside a nested struct would move a field, or the struct is
    /// large enough that libffi never classifies its fields).
    static func flatLayout(of type: TypeEncoding) -> [TypeEncoding]? {
        var leaves: [(type: TypeEncoding, offset: Int)] = []
        // Walks the leaves in order; false as soon as there are too many, so
        // that an array's count never costs more than maximumFlatLeaves steps.
        func collect(_ type: TypeEncoding, at base: Int) -> Bool {
            switch type {
            case .structure(_, let fields):
                var offset = 0
                for field in fields {
                    let alignment = max(field.alignment, 1)
                    offset = (offset + alignment - 1) / alignment * alignment
                    guard collect(field, at: base + offset) else { return false }
                    offset += field.size
                }
                return true
            case .array(let count, let element):
                guard count <= maximumFlatLeaves else { return false }
                for index in 0..<count where !collect(element, at: base + index * element.size) { return false }
                return true
            default:
                guard leaves.count < maximumFlatLeaves else { return false }
                leaves.append((type, base))
                return true
            }
        }
        guard collect(type, at: 0) else { return nil }
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
