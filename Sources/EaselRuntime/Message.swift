import CEaselSupport
import EaselABI
import EaselEncoding
import EaselInvocation

/// A message to an object, ready to send: the host-level NSInvocation.
///
/// Created by ``Registry/message(_:_:)``, which looks the method up once.
/// Arguments 0 (the receiver) and 1 (the selector) are set already; set the
/// declared arguments from index 2, call ``invoke()`` as often as needed, and
/// read the return value. Invoking allocates nothing.
public final class Message {
    /// The receiver.
    public let target: EaselObject
    /// The selector.
    public let selector: Selector
    /// The method that will run.
    public let method: Method
    /// The underlying invocation.
    public let invocation: Invocation

    /// The target's registry, unretained (the target keeps it alive).
    private let registryPointer: UnsafeMutableRawPointer

    init(target: EaselObject, selector: Selector, method: Method, forceLibffi: Bool) {
        self.target = target
        registryPointer = Unmanaged.passUnretained(target.registry).toOpaque()
        self.selector = selector
        self.method = method
        invocation = Invocation(frame: method.frame, implementation: method.implementation, forceLibffi: forceLibffi)
        invocation.target = UnsafeMutableRawPointer(target.handle)
        invocation.selector = UnsafeRawPointer(selector.pointer)
    }

    /// The method's signature.
    public var signature: MethodSignature { method.signature }

    /// Sets a declared argument.
    ///
    /// - Parameters:
    ///   - value: A value of exactly the argument's size (e.g. `easel_rect` for a CGRect).
    ///   - index: The argument index, 2 or more.
    /// - Throws: ``RuntimeError`` for a wrong index or size.
    public func setArgument<T: BitwiseCopyable>(_ value: T, at index: Int) throws(RuntimeError) {
        try checkDeclared(index)
        do { try invocation.setArgument(value, at: index) } catch {
            throw RuntimeError(.typeMismatch, "\(readableSignature): \(error.message)")
        }
    }

    /// Sets a declared argument from raw bytes.
    ///
    /// - Throws: ``RuntimeError`` for a wrong index or byte count.
    public func setArgument(bytes: [UInt8], at index: Int) throws(RuntimeError) {
        try checkDeclared(index)
        guard bytes.count == invocation.frame.argumentSizes[index] else {
            throw RuntimeError(.typeMismatch,
                "\(readableSignature): argument \(index) takes \(invocation.frame.argumentSizes[index]) bytes, not \(bytes.count)")
        }
        bytes.withUnsafeBytes { invocation.setArgument(bytes: $0.baseAddress!, at: index) }
    }

    private func checkDeclared(_ index: Int) throws(RuntimeError) {
        guard index >= 2, index < signature.numberOfArguments else {
            throw RuntimeError(.argumentCount,
                "\(readableSignature) has declared arguments at indexes 2..<\(signature.numberOfArguments), not \(index)")
        }
    }

    /// Sends the message.
    ///
    /// Makes the target's registry the active one on this thread for the
    /// duration of the call (so host functions find it), then calls.
    public func invoke() {
        let previous = easel_support_get_active_registry()
        easel_support_set_active_registry(registryPointer)
        PluginCalls.observe(target, selector, method) { invocation.invoke() }
        easel_support_set_active_registry(previous)
    }

    /// The return value's bytes after ``invoke()``.
    public var returnBytes: [UInt8] { Array(invocation.returnBytes) }

    /// The typed return value after ``invoke()``.
    ///
    /// - Throws: ``RuntimeError`` when `T`'s size differs from the return type's.
    public func returnValue<T: BitwiseCopyable>(as type: T.Type = T.self) throws(RuntimeError) -> T {
        do { return try invocation.returnValue(as: T.self) } catch {
            throw RuntimeError(.typeMismatch, "\(readableSignature): \(error.message)")
        }
    }

    /// The method's readable signature, e.g. `-[Swatch drawRect:(CGRect)]`.
    public var readableSignature: String { method.readableSignature(className: target.objectClass.name) }
}
