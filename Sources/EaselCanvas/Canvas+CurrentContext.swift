import EaselGraphicsCore
import CEaselSupport

extension Canvas {
    /// Runs `body` with this canvas as the current drawing context.
    ///
    /// Like `UIGraphicsPushContext` and `UIGraphicsPopContext` around a block:
    /// while `body` runs, the `current_context()` function of the graphics
    /// table returns this canvas's handle, so plugin code can draw without
    /// being handed a context. Calls nest; the previous context is current
    /// again afterwards, also when `body` throws. The current context is kept
    /// per thread (a thread-local slot), so canvases used on different threads,
    /// as parallel tests do, never see each other's.
    ///
    /// - Parameters:
    ///   - body: The code to run, typically a call into a plugin.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    public func withCurrentContext<R>(_ body: () throws -> R) rethrows -> R {
        let previous = easel_support_get_current_context()
        easel_support_set_current_context(UnsafeMutableRawPointer(context))
        // `Canvas.resolve` trusts the current context without checking the
        // set of live canvases: the canvas must outlive its time as current.
        defer {
            easel_support_set_current_context(previous)
            withExtendedLifetime(self) {}
        }
        return try body()
    }

    /// The handle of the innermost canvas made current by ``withCurrentContext(_:)`` on this thread, if any.
    package static var currentContext: OpaquePointer? {
        easel_support_get_current_context().map(OpaquePointer.init)
    }
}
