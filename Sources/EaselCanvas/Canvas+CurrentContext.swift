/// The canvases made current by `withCurrentContext`, innermost last, as handles.
///
/// Everything runs on the main thread (easel.h, "Threads"), so an unguarded
/// global is enough; `nonisolated(unsafe)` records that promise.
nonisolated(unsafe) private var currentContextStack: [OpaquePointer] = []

extension Canvas {
    /// Runs `body` with this canvas as the current drawing context.
    ///
    /// Like `UIGraphicsPushContext` and `UIGraphicsPopContext` around a block:
    /// while `body` runs, the `current_context()` function of the graphics
    /// table returns this canvas's handle, so plugin code can draw without
    /// being handed a context. Calls nest; the previous context is current
    /// again afterwards, also when `body` throws.
    ///
    /// - Parameters:
    ///   - body: The code to run, typically a call into a plugin.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    public func withCurrentContext<R>(_ body: () throws -> R) rethrows -> R {
        currentContextStack.append(context)
        defer { currentContextStack.removeLast() }
        return try body()
    }

    /// The handle of the innermost canvas made current by ``withCurrentContext(_:)``, if any.
    package static var currentContext: OpaquePointer? {
        currentContextStack.last
    }
}
