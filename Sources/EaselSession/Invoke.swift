import EaselABI
import EaselCanvas
import EaselDiscovery
import EaselRuntime
import EaselViews
import EaselInvocation
import EaselIsolation

/// One message to send: `easel invoke CLASS SELECTOR [ARG...]`.
public struct InvokeRequest: Sendable {
    /// The class to instantiate.
    public var className: String
    /// The selector to send, e.g. `drawRect:`.
    public var selector: String
    /// The arguments as the user wrote them, read by the method's signature.
    public var arguments: [String]
    /// The canvas size in points.
    public var width: Double, height: Double
    /// Pixels per point of a written PNG.
    public var scale: Double
    /// Where to write the canvas, if anywhere.
    public var output: OutputTarget?
    /// Send every call through libffi instead of the direct typed calls.
    public var forceLibffi: Bool

    /// Creates a request.
    ///
    /// - Parameters:
    ///   - className: The class to instantiate.
    ///   - selector: The selector to send.
    ///   - arguments: The arguments as text.
    ///   - width: The canvas width in points.
    ///   - height: The canvas height in points.
    ///   - scale: Pixels per point of a written PNG.
    ///   - output: Where to write the canvas, if anywhere.
    ///   - forceLibffi: Whether every call goes through libffi.
    public init(className: String, selector: String, arguments: [String], width: Double = 200, height: Double = 200,
                scale: Double = 1, output: OutputTarget? = nil, forceLibffi: Bool = false) {
        self.className = className
        self.selector = selector
        self.arguments = arguments
        self.width = width
        self.height = height
        self.scale = scale
        self.output = output
        self.forceLibffi = forceLibffi
    }
}

/// What a message produced: its return value, diagnostics and canvas.
public struct InvokeOutcome {
    /// The return value as text (`{width: 40, height: 40}`), `nil` for `void`.
    public var returnValue: String?
    /// The diagnostics of plugin code, as printed.
    public var diagnostics: [String] = []
    /// Notes for the user after the output is written.
    public var notes: [String] = []
    /// Whether the command failed (a diagnostic is an error, or the isolated call crashed or hung).
    public var failed = false
    /// Where the canvas goes.
    let output: OutputTarget?
    /// The canvas to write, or the bytes the worker encoded.
    var image: Image?

    enum Image {
        case canvas(Canvas, scale: Double)
        case encoded(IsolationExchange)
    }

    /// Writes the canvas to the request's output, if it had one: call it after printing the return value.
    ///
    /// - Throws: ``SessionError`` naming the file when it cannot be written.
    public func writeOutput() throws(SessionError) {
        guard let output, let image else { return }
        switch image {
        case .canvas(let canvas, let scale): try output.write(canvas, scale: scale)
        case .encoded(let exchange):
            let bytes: [UInt8]
            do { bytes = try exchange.output() ?? [] } catch {
                throw SessionError("cannot write \(output.name): \(error.message)", file: output.name)
            }
            try output.write(bytes)
        }
    }
}

/// Sends a message with a registry's classes: what `invoke` does in this process and in the isolated worker.
struct Invoker {
    let registry: Registry

    /// A new instance of the class receives the message, with a new canvas as the current context.
    func send(_ className: String, _ selector: String, _ arguments: [String], width: Double,
              height: Double) throws(SessionError) -> (InvokeResult, Canvas) {
        let canvas: Canvas
        do { canvas = try Canvas(width: width, height: height) } catch { throw SessionError(describing: error) }
        do {
            return (try registry.invoke(className: className, selector: selector, arguments: arguments, canvas: canvas), canvas)
        } catch {
            throw SessionError(error, className: className, selector: selector)
        }
    }
}

extension Session {
    /// Loads the plugins, creates an instance of the class and sends it the message.
    ///
    /// - Parameter request: The class, selector, arguments, canvas and output.
    /// - Returns: The return value, diagnostics and canvas; write the canvas with ``InvokeOutcome/writeOutput()``.
    /// - Throws: ``SessionError`` with the class and selector: an unknown
    ///   class, a selector it does not respond to, arguments of the wrong
    ///   count or form (a usage error, with the expected form).
    public func invoke(_ request: InvokeRequest) throws(SessionError) -> InvokeOutcome {
        if request.forceLibffi { InvocationOptions.forceLibffi = true }
        let registry = try plugins.loadRegistry(warn: report)
        PluginExitGuard.setPhase("invoking")
        let (result, canvas) = try Invoker(registry: registry)
            .send(request.className, request.selector, request.arguments, width: request.width, height: request.height)
        var outcome = InvokeOutcome(output: request.output, image: .canvas(canvas, scale: request.scale))
        outcome.returnValue = result.returnValue
        outcome.diagnostics = result.diagnostics.map(\.description)
        outcome.failed = result.diagnostics.contains { $0.severity == .error }
        return outcome
    }

    /// `invoke` in an isolated child process: a crash or a hang in the
    /// method is a failure naming the class, selector and plugin.
    ///
    /// - Parameters:
    ///   - request: The class, selector, arguments, canvas and output.
    ///   - isolation: The time limit, and whether to write the canvas marked as failed when the call fails.
    /// - Returns: As ``invoke(_:)``; a failed call is reported as it happens and the outcome is `failed`.
    /// - Throws: ``SessionError`` when the child cannot be started or the message cannot be sent.
    public func invokeIsolated(_ request: InvokeRequest, isolation: IsolationSettings) throws(SessionError) -> InvokeOutcome {
        let scanned = try plugins.scan(isolated: true, warn: report)
        let printed = reportScanFailures(scanned.scan)
        let format: String? = request.output.map { $0.vectorFormat?.rawValue ?? $0.rasterFormat?.rawValue ?? "png" }
        let exchange: IsolationExchange
        do { exchange = try IsolationExchange(pixelBytes: 0) } catch { throw SessionError(describing: error) }
        let job = WorkerRequest(
            pluginFiles: scanned.scan.map(Isolation.goodFiles), folders: plugins.folders, trust: scanned.trust,
            forceLibffi: request.forceLibffi || InvocationOptions.forceLibffi,
            invoke: .init(className: request.className, selector: request.selector, arguments: request.arguments,
                          width: request.width, height: request.height, scale: request.scale, output: format))
        switch try runWorker(job, exchange: exchange, timeLimit: isolation.timeLimit) {
        case .failure(let failure):
            report("error: \(failure.phase == "invoking" ? failure.detail : failure.message)")
            var outcome = InvokeOutcome(output: request.output)
            outcome.failed = true
            if isolation.keepGoing, let output = request.output {
                outcome.image = .canvas(try failedCanvas(width: request.width, height: request.height), scale: request.scale)
                outcome.notes = ["note: \(output == .standardOutput ? "the image" : output.name) was written with the canvas marked as failed"]
            }
            return outcome
        case .success(let reply):
            try check(reply, printed: printed)
            var outcome = InvokeOutcome(output: request.output, image: .encoded(exchange))
            outcome.returnValue = reply.returnValue
            outcome.diagnostics = reply.diagnostics
            outcome.failed = reply.diagnosticErrors
            return outcome
        }
    }

    /// What is left of a call that crashed or hung: the canvas with the failure mark over it.
    private func failedCanvas(width: Double, height: Double) throws(SessionError) -> Canvas {
        do {
            let canvas = try Canvas(width: width, height: height)
            canvas.withCurrentContext { canvas.drawFailureMark(in: easel_rect(x: 0, y: 0, width: width, height: height)) }
            return canvas
        } catch {
            throw SessionError(describing: error)
        }
    }
}
