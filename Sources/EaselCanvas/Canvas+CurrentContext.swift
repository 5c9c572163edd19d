extension Canvas {
    /// The handle (as a bit pattern) of the innermost canvas made current on
    /// this task or thread by ``withCurrentContext(_:)``.
    ///
    /// A task-local value nests like UIKit's context stack and, unlike a
    /// global, keeps independent renders on different threads (parallel tests,
    /// for one) from seeing each other's canvas. Outside any task it falls back
    /// to thread-local storage, so it works in plain synchronous code too.
    @TaskLocal private static var currentHandle: UInt?

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
        try Self.$currentHandle.withValue(UInt(bitPattern: handleAddress), operation: body)
    }

    /// The handle of the innermost canvas made current by ``withCurrentContext(_:)``, if any.
    package static var currentContext: OpaquePointer? {
        currentHandle.flatMap { OpaquePointer(bitPattern: $0) }
    }
}
