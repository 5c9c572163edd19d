import EaselABI

/// The typed direct calls behind ``FastPath``: the one place where a method's
/// implementation is cast to the C function type of its signature.
///
/// ``Invocation/invoke()`` takes these paths for frames that have a
/// ``CallFrame/fastPath``; code that calls one known signature many times
/// (the renderer sending `drawRect:` to every view) calls them directly,
/// after checking the frame's `fastPath`. Each costs what a C call through a
/// function pointer costs; libffi's `ffi_call` re-classifies the arguments on
/// every call.
public enum DirectCall {
    /// Calls a `v@:` implementation: `void (*)(id, SEL)`.
    @inlinable @inline(__always)
    public static func voidReceiverSelector(_ implementation: UnsafeRawPointer, _ receiver: UnsafeMutableRawPointer?,
                                            _ selector: UnsafeRawPointer?) {
        typealias Function = @convention(c) (UnsafeMutableRawPointer?, UnsafeRawPointer?) -> Void
        unsafeBitCast(implementation, to: Function.self)(receiver, selector)
    }

    /// Calls a `v@:{CGRect=...}` implementation: `void (*)(id, SEL, CGRect)`, as `drawRect:`.
    @inlinable @inline(__always)
    public static func voidRect(_ implementation: UnsafeRawPointer, _ receiver: UnsafeMutableRawPointer?,
                                _ selector: UnsafeRawPointer?, _ rect: easel_rect) {
        typealias Function = @convention(c) (UnsafeMutableRawPointer?, UnsafeRawPointer?, easel_rect) -> Void
        unsafeBitCast(implementation, to: Function.self)(receiver, selector, rect)
    }

    /// Calls a `v@:@{CGRect=...}^v` implementation: `void (*)(id, SEL, id, CGRect, void *)`, as a drawing delegate's.
    @inlinable @inline(__always)
    public static func voidObjectRectPointer(_ implementation: UnsafeRawPointer, _ receiver: UnsafeMutableRawPointer?,
                                             _ selector: UnsafeRawPointer?, _ object: UnsafeMutableRawPointer?,
                                             _ rect: easel_rect, _ pointer: UnsafeMutableRawPointer?) {
        typealias Function = @convention(c) (
            UnsafeMutableRawPointer?, UnsafeRawPointer?, UnsafeMutableRawPointer?, easel_rect, UnsafeMutableRawPointer?) -> Void
        unsafeBitCast(implementation, to: Function.self)(receiver, selector, object, rect, pointer)
    }
}
