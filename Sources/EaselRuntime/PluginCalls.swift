import CEaselSupport

/// Told about every call the host makes into a method of a loaded class:
/// what an isolated render records, so that when plugin code crashes or
/// hangs, the process watching it knows which class and selector were running.
///
/// Calls nest (a plugin's method sends messages that run other methods);
/// ``willCall(_:_:_:)`` and ``didCall()`` pair up like brackets. The
/// observer is process-wide (``PluginCalls/observer``) and called on the
/// thread that makes the call, which for plugin code is the main thread.
public protocol PluginCallObserver: AnyObject {
    /// A call is about to start.
    ///
    /// - Parameters:
    ///   - receiver: The object the method runs on.
    ///   - selector: The selector sent.
    ///   - method: The method that runs (maybe inherited, maybe a host built-in).
    func willCall(_ receiver: EaselObject, _ selector: Selector, _ method: Method)
    /// The innermost call in progress has returned.
    func didCall()
}

/// The process-wide ``PluginCallObserver``.
public enum PluginCalls {
    /// The observer told about every call into plugin methods, or `nil` (the
    /// default, which costs one load per call).
    ///
    /// Set it before plugin code runs, on the thread that runs plugin code.
    /// The observer is kept alive while it is set.
    public static var observer: PluginCallObserver? {
        get {
            guard let raw = easel_support_get_call_observer() else { return nil }
            return Unmanaged<ObserverBox>.fromOpaque(raw).takeUnretainedValue().observer
        }
        set {
            if let raw = easel_support_get_call_observer() {
                Unmanaged<ObserverBox>.fromOpaque(raw).release()
            }
            easel_support_set_call_observer(newValue.map { Unmanaged.passRetained(ObserverBox($0)).toOpaque() })
        }
    }

    /// Runs `body`, which calls `method` on `receiver`, between the observer's
    /// ``PluginCallObserver/willCall(_:_:_:)`` and ``PluginCallObserver/didCall()``.
    @inlinable @inline(__always)
    package static func observe<R>(_ receiver: EaselObject, _ selector: Selector, _ method: Method,
                           _ body: () throws -> R) rethrows -> R {
        guard let raw = easel_support_get_call_observer() else { return try body() }
        let observer = Unmanaged<ObserverBox>.fromOpaque(raw).takeUnretainedValue().observer
        observer.willCall(receiver, selector, method)
        defer { observer.didCall() }
        return try body()
    }
}

/// Holds the observer behind the C global (an existential does not fit in a pointer).
@usableFromInline
final class ObserverBox {
    @usableFromInline let observer: PluginCallObserver
    init(_ observer: PluginCallObserver) { self.observer = observer }
}

extension ObjectClass {
    /// The class of this class's chain that declares `method` (this class, a
    /// superclass, or `nil` when none does).
    public func declaringClass(of method: Method) -> ObjectClass? {
        var current: ObjectClass? = self
        while let cls = current {
            if cls.methods.contains(where: { $0 === method }) { return cls }
            current = cls.superclass
        }
        return nil
    }
}
