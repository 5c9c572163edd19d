// Calls the host makes into plugin code with a signature it knows in
// advance (init, and the UIKit callbacks the view module names): the check
// that a plugin's method can be called that way, and the call itself.

import EaselABI
import EaselCanvas
import EaselEncoding

/// A selector the host sends to views and delegates, with the signature it calls with.
package struct HostCall: Sendable {
    package let selector: Selector
    package let encoding: String
    package let signature: MethodSignature

    /// `init` (`v@:`), sent to every object after it is created.
    package static let initialize = HostCall("init", "v@:")

    package init(_ name: String, _ encoding: String) {
        selector = Selector(name)
        self.encoding = encoding
        signature = try! MethodSignature.cached(encoding)
    }

    /// Whether a method with `signature` can be called the way the host calls this
    /// selector: the same arguments and return value at the machine level
    /// (struct names, `@`/`^v`/`#` pointers and `B`/`c` may differ).
    package func accepts(_ other: MethodSignature) -> Bool {
        guard other.numberOfArguments == signature.numberOfArguments,
              HostCall.shape(other.returnType) == HostCall.shape(signature.returnType) else { return false }
        for index in 2..<signature.numberOfArguments
        where HostCall.shape(other.argumentType(at: index)) != HostCall.shape(signature.argumentType(at: index)) {
            return false
        }
        return true
    }

    /// The machine-level shape of a type: its scalar leaves, as (class, size).
    private static func shape(_ type: TypeEncoding) -> [String] {
        switch type {
        case .void: return []
        case .float, .double: return ["f\(type.size)"]
        case .structure(_, let fields): return fields.flatMap(shape)
        case .array: return ["a\(type.size)"]
        default:
            switch type.encoding.first {
            case "@", "#", ":", "^", "*": return ["p8"]
            default: return ["i\(type.size)"]
            }
        }
    }
}

extension EaselObject {
    /// The method this object's class implements for a host call, or `nil`
    /// when it has none or when its signature differs from the one the host
    /// calls with (reported once per method as an error diagnostic).
    package final func implementation(of call: HostCall) -> Method? {
        guard let method = objectClass.method(for: call.selector) else { return nil }
        return registry.isCallable(method, as: call, in: objectClass) ? method : nil
    }

    /// Sends a host call that takes no argument or one object, if the class implements it.
    package final func send(_ call: HostCall, object: EaselObject? = nil) {
        guard let method = implementation(of: call) else { return }
        registry.withPluginCall {
            PluginCalls.observe(self, call.selector, method) {
                method.withInvocation { invocation in
                    invocation.target = UnsafeMutableRawPointer(handle)
                    invocation.selector = UnsafeRawPointer(call.selector.pointer)
                    if call.signature.numberOfArguments > 2 {
                        var argument = object.map { UnsafeMutableRawPointer($0.handle) }
                        invocation.setArgument(bytes: &argument, at: 2)
                    }
                    invocation.invoke()
                }
            }
        }
    }
}

extension Registry {
    /// Runs a call into plugin code outside drawing (init, layout, sizeThatFits:,
    /// lifecycle callbacks, touches) with this registry active and, when no
    /// canvas is current, a 1x1 scratch canvas as the current context, so that
    /// `measure_text` works (UIKit can measure text at any time). What is drawn
    /// on the scratch canvas is thrown away.
    package func withPluginCall<R>(_ body: () throws -> R) rethrows -> R {
        try withActive {
            guard Canvas.currentContext == nil else { return try body() }
            if scratchCanvas?.hasError ?? true {
                scratchCanvas = try? Canvas(width: 1, height: 1, backing: .raster(scale: 1))
            }
            guard let canvas = scratchCanvas else { return try body() }
            return try canvas.withCurrentContext(body)
        }
    }

    /// Whether `method` can be called as `call`; reports a mismatch once per method.
    package func isCallable(_ method: Method, as call: HostCall, in cls: ObjectClass) -> Bool {
        let key = ObjectIdentifier(method)
        if let known = callableMethods[key] { return known }
        let ok = call.accepts(method.signature)
        callableMethods[key] = ok
        if !ok {
            report(.error,
                "\(method.readableSignature(className: cls.name)) has the type encoding '\(method.signature.encoding)', but the host sends '\(call.selector.name)' as '\(call.encoding)'; the method is not called")
        }
        return ok
    }
}
