import CFFI
#if canImport(Glibc)
import Glibc
#endif
import EaselABI
import EaselEncoding

/// Process-wide switches for how invocations call.
public enum InvocationOptions {
    /// The environment variable that, set to `1`, sends every call through libffi.
    public static let forceLibffiEnvironmentVariable = "EASEL_FORCE_LIBFFI"

    nonisolated(unsafe) private static var _forceLibffi: Bool = {
        guard let value = getenv(forceLibffiEnvironmentVariable) else { return false }
        let text = String(cString: value)
        return text == "1" || text.lowercased() == "true" || text.lowercased() == "yes"
    }()

    /// When `true`, invocations created afterwards skip the typed direct
    /// calls and always use `ffi_call`. Starts from `EASEL_FORCE_LIBFFI`.
    /// Set it at start-up, before any invocation is created.
    public static var forceLibffi: Bool {
        get { _forceLibffi }
        set { _forceLibffi = newValue }
    }
}

/// One call site of a function with a run-time signature, mirroring
/// NSInvocation: a target (argument 0), a selector (argument 1), the declared
/// arguments by index, an implementation to call, and the return value.
///
/// An invocation owns its argument and return buffers, allocated once when it
/// is created; ``invoke()`` copies nothing but calls straight from them, so a
/// call allocates no memory. Struct arguments and struct returns are passed by
/// value. Integer returns narrower than `ffi_arg` are narrowed after the call.
///
/// An invocation is not thread-safe: use one per thread.
public final class Invocation {
    /// The prepared frame describing the signature.
    public let frame: CallFrame
    /// The function to call (a method implementation); `nil` makes ``invoke()`` a no-op.
    /// Fixed at creation, like the frame, so a call reads only immutable state.
    public let implementation: UnsafeRawPointer?
    /// Whether ``invoke()`` uses a typed direct call instead of libffi.
    public let usesFastPath: Bool

    private let arguments: UnsafeMutableRawPointer
    private let argumentPointers: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    private let returnBuffer: UnsafeMutableRawPointer
    private let fastPath: FastPath?
    /// The frame's prepared cif (kept here so a call touches no other object).
    private let cif: UnsafeMutablePointer<ffi_cif>
    /// Byte width of an integer return narrower than `ffi_arg` (1, 2 or 4), or 0.
    private let narrowWidth: Int
    /// Whether an argument is a struct (or a `long double` or complex value,
    /// which libffi may also pass in memory), whose entry in `argumentPointers` `ffi_call` may replace.
    ///
    /// libffi 3.4 copies a struct argument too large for registers (a CGRect on
    /// x86-64) to its own stack frame and stores the copy's address into the
    /// caller's argument array; after the call that address is dead, so
    /// `argumentPointers` is rewritten before every call that may have changed it.
    private let hasStructArgument: Bool

    /// Creates an invocation for a prepared frame.
    ///
    /// - Parameters:
    ///   - frame: The frame of the signature to call.
    ///   - implementation: The function to call.
    ///   - forceLibffi: Always use `ffi_call`, even where a direct call exists.
    public init(frame: CallFrame, implementation: UnsafeRawPointer? = nil,
                forceLibffi: Bool = InvocationOptions.forceLibffi) {
        self.frame = frame
        self.implementation = implementation
        fastPath = forceLibffi ? nil : frame.fastPath
        usesFastPath = fastPath != nil
        cif = frame.cif
        arguments = .allocate(byteCount: frame.argumentBufferSize, alignment: 16)
        arguments.initializeMemory(as: UInt8.self, repeating: 0, count: frame.argumentBufferSize)
        returnBuffer = .allocate(byteCount: frame.returnBufferSize, alignment: 16)
        returnBuffer.initializeMemory(as: UInt8.self, repeating: 0, count: frame.returnBufferSize)
        let count = frame.signature.numberOfArguments
        argumentPointers = .allocate(capacity: max(count, 1))
        for index in 0..<count {
            argumentPointers[index] = arguments + frame.argumentOffsets[index]
        }
        hasStructArgument = (0..<count).contains { index in
            switch frame.signature.argumentType(at: index) {
            case .structure, .longDouble, .complexFloat, .complexDouble, .complexLongDouble: return true
            default: return false
            }
        }
        switch frame.signature.returnType {
        case .char, .unsignedChar, .bool, .short, .unsignedShort, .int, .unsignedInt, .long, .unsignedLong:
            narrowWidth = frame.signature.returnType.size
        default:
            narrowWidth = 0
        }
    }

    deinit {
        arguments.deallocate()
        returnBuffer.deallocate()
        argumentPointers.deallocate()
    }

    /// The signature being called.
    public var signature: MethodSignature { frame.signature }

    /// The receiver (argument 0).
    public var target: UnsafeMutableRawPointer? {
        get { arguments.load(as: UnsafeMutableRawPointer?.self) }
        set { arguments.storeBytes(of: newValue, as: UnsafeMutableRawPointer?.self) }
    }

    /// The selector (argument 1).
    public var selector: UnsafeRawPointer? {
        get { (arguments + frame.argumentOffsets[1]).load(as: UnsafeRawPointer?.self) }
        set { (arguments + frame.argumentOffsets[1]).storeBytes(of: newValue, as: UnsafeRawPointer?.self) }
    }

    /// Copies an argument's bytes into place, as `-[NSInvocation setArgument:atIndex:]`.
    ///
    /// - Parameters:
    ///   - bytes: Exactly the argument type's size in bytes.
    ///   - index: The argument index (0 = receiver, 1 = selector).
    /// - Precondition: `index` is in range. Sizes are checked by the typed overload.
    public func setArgument(bytes: UnsafeRawPointer, at index: Int) {
        (arguments + frame.argumentOffsets[index]).copyMemory(from: bytes, byteCount: frame.argumentSizes[index])
    }

    /// Stores a typed argument.
    ///
    /// - Parameters:
    ///   - value: The value; its size must equal the encoded argument's size.
    ///   - index: The argument index.
    /// - Throws: ``InvocationArgumentError`` when the sizes differ or the index is out of range.
    public func setArgument<T: BitwiseCopyable>(_ value: T, at index: Int) throws(InvocationArgumentError) {
        try checkArgument(index, size: MemoryLayout<T>.size)
        (arguments + frame.argumentOffsets[index]).storeBytes(of: value, as: T.self)
    }

    /// Reads a typed argument back.
    ///
    /// - Parameter index: The argument index.
    /// - Throws: ``InvocationArgumentError`` when the sizes differ or the index is out of range.
    public func argument<T: BitwiseCopyable>(at index: Int, as type: T.Type = T.self) throws(InvocationArgumentError) -> T {
        try checkArgument(index, size: MemoryLayout<T>.size)
        return (arguments + frame.argumentOffsets[index]).loadUnaligned(as: T.self)
    }

    /// The raw bytes of an argument.
    public func argumentBytes(at index: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: arguments + frame.argumentOffsets[index], count: frame.argumentSizes[index])
    }

    /// The return value's bytes (exactly the return type's size) after ``invoke()``.
    public var returnBytes: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: returnBuffer, count: frame.signature.methodReturnLength)
    }

    /// The typed return value after ``invoke()``.
    ///
    /// - Throws: ``InvocationArgumentError`` when `T`'s size differs from the return type's.
    public func returnValue<T: BitwiseCopyable>(as type: T.Type = T.self) throws(InvocationArgumentError) -> T {
        guard MemoryLayout<T>.size == frame.signature.methodReturnLength else {
            throw InvocationArgumentError(
                message: "return type \(frame.signature.returnType.readableName) is \(frame.signature.methodReturnLength) bytes, not \(MemoryLayout<T>.size)")
        }
        return returnBuffer.loadUnaligned(as: T.self)
    }

    private func checkArgument(_ index: Int, size: Int) throws(InvocationArgumentError) {
        guard index >= 0, index < frame.signature.numberOfArguments else {
            throw InvocationArgumentError(
                message: "argument index \(index) is out of range 0..<\(frame.signature.numberOfArguments)")
        }
        guard frame.argumentSizes[index] == size else {
            throw InvocationArgumentError(
                message: "argument \(index) is \(frame.signature.argumentType(at: index).readableName) (\(frame.argumentSizes[index]) bytes), not \(size) bytes")
        }
    }

    /// Calls the implementation with the stored arguments and stores the return value.
    @inline(__always)
    public func invoke() {
        guard let implementation else { return }
        if let fastPath {
            let receiver = arguments.load(as: UnsafeMutableRawPointer?.self)
            let selector = arguments.load(fromByteOffset: 8, as: UnsafeRawPointer?.self)
            switch fastPath {
            case .voidReceiverSelector:
                DirectCall.voidReceiverSelector(implementation, receiver, selector)
            case .voidRect:
                DirectCall.voidRect(implementation, receiver, selector, arguments.load(fromByteOffset: 16, as: easel_rect.self))
            case .voidObjectRectPointer:
                DirectCall.voidObjectRectPointer(
                    implementation, receiver, selector, arguments.load(fromByteOffset: 16, as: UnsafeMutableRawPointer?.self),
                    arguments.load(fromByteOffset: 24, as: easel_rect.self),
                    arguments.load(fromByteOffset: 56, as: UnsafeMutableRawPointer?.self))
            }
            return
        }
        let function = unsafeBitCast(implementation, to: (@convention(c) () -> Void).self)
        if hasStructArgument {
            for index in 0..<frame.signature.numberOfArguments {
                argumentPointers[index] = arguments + frame.argumentOffsets[index]
            }
        }
        ffi_call(cif, function, returnBuffer, argumentPointers)
        if narrowWidth != 0 { narrow() }
    }

    /// libffi widens integer returns smaller than `ffi_arg` to a full
    /// `ffi_arg`; keep the declared width at the start of the buffer (a no-op
    /// on little-endian machines, required on big-endian ones).
    private func narrow() {
        let wide = returnBuffer.load(as: UInt64.self)
        switch narrowWidth {
        case 1: returnBuffer.storeBytes(of: UInt8(truncatingIfNeeded: wide), as: UInt8.self)
        case 2: returnBuffer.storeBytes(of: UInt16(truncatingIfNeeded: wide), as: UInt16.self)
        default: returnBuffer.storeBytes(of: UInt32(truncatingIfNeeded: wide), as: UInt32.self)
        }
    }
}

/// A typed argument or return access that does not fit the signature.
public struct InvocationArgumentError: Error, Sendable, CustomStringConvertible {
    /// What did not fit.
    public let message: String
    /// The message.
    public var description: String { message }
}
