import EaselRuntime
import EaselABI
import EaselCanvas
import EaselEncoding

/// The outcome of ``Registry/invoke(className:selector:arguments:canvas:)``.
public struct InvokeResult: Sendable {
    /// The method's readable signature.
    public let signature: String
    /// The return value formatted as text, or `nil` for a `void` method.
    public let returnValue: String?
    /// What plugin code reported during the call.
    public let diagnostics: [Diagnostic]
}

/// Why ``Registry/invoke(className:selector:arguments:canvas:)`` failed.
public struct InvokeError: Error, Sendable, CustomStringConvertible {
    /// Whether the caller got the arguments wrong (a usage error) or the call failed.
    public let isUsageError: Bool
    /// The message, naming the class, selector and argument involved.
    public let message: String
    /// The expected form of the call, when the arguments were wrong.
    public let usage: String?
    /// The message.
    public var description: String { message }
}

extension Registry {
    /// Creates an instance of a class and sends it a selector whose arguments
    /// are given as text, drawing into `canvas` (as `easel invoke` does).
    ///
    /// Arguments are read by the method's signature, as ``Value/text(_:)``
    /// through ``ValueCodec``.
    /// The receiver is a new instance; a view's frame is the whole canvas.
    /// An object argument (`@`) is `nil`, `self` (the receiver) or a class
    /// name (a new instance of that class); a pointer argument (`^v`) is
    /// `context` (the canvas's drawing context) or `NULL`.
    ///
    /// - Parameters:
    ///   - className: A registered class.
    ///   - selector: A selector the class responds to.
    ///   - arguments: One text per declared argument.
    ///   - canvas: The canvas that is current during the call.
    /// - Returns: The formatted return value and what plugin code reported.
    /// - Throws: ``InvokeError``: a usage error for a wrong argument count or
    ///   form, a runtime error for an unknown class, a selector the class does
    ///   not respond to, or a drawing error.
    public func invoke(className: String, selector selectorName: String, arguments: [String],
                       canvas: Canvas) throws(InvokeError) -> InvokeResult {
        let target: EaselObject
        do throws(RuntimeError) {
            // A view gets the canvas as its frame, so that its bounds are the canvas.
            if let cls = objectClass(named: className), cls.instanceType is View.Type {
                target = try makeView(ofClass: className, frame: easel_rect(x: 0, y: 0, width: canvas.width, height: canvas.height))
            } else {
                target = try makeObject(ofClass: className)
            }
        } catch {
            let known = classes.map(\.name).joined(separator: ", ")
            throw InvokeError(isUsageError: false, message: "\(error.message) (registered classes: \(known))", usage: nil)
        }
        let selector = Selector(selectorName)
        let message: Message
        do { message = try self.message(target, selector) } catch {
            throw InvokeError(isUsageError: false, message: error.message, usage: nil)
        }
        let signature = message.signature
        let usage = "easel invoke \(className) \(selectorName)" + (2..<signature.numberOfArguments).map {
            " <\(signature.argumentType(at: $0).textForm)>"
        }.joined()
        let declared = signature.numberOfArguments - 2
        guard arguments.count == declared else {
            throw InvokeError(isUsageError: true,
                message: "\(message.readableSignature) takes \(declared) argument\(declared == 1 ? "" : "s"), \(arguments.count) given",
                usage: usage)
        }

        let storage = ValueArena()
        var keepAlive: [EaselObject] = [target]
        /// An object (`nil`, `self` or a class name) or a pointer (`context` or `NULL`).
        func pointer(_ text: String, _ type: TypeEncoding) throws(RuntimeError) -> UnsafeMutableRawPointer? {
            switch (type, text) {
            case (_, "nil"), (_, "NULL"), (_, "null"): return nil
            case (.object, "self"): return UnsafeMutableRawPointer(target.handle)
            case (.object, _):
                let object = try self.makeObject(ofClass: text)
                keepAlive.append(object)
                return UnsafeMutableRawPointer(object.handle)
            case (.pointer, "context"), (.pointer, "ctx"):
                return UnsafeMutableRawPointer(canvas.context)
            default:
                throw RuntimeError(.badArgument,
                    "'\(text)' is not a \(type.readableName) (use \(type == .object ? "nil, self or a class name" : "context or NULL"))")
            }
        }
        for (offset, text) in arguments.enumerated() {
            let index = offset + 2
            let type = signature.argumentType(at: index)
            do throws(RuntimeError) {
                let bytes: [UInt8]
                switch type {
                case .object, .class, .selector, .pointer:
                    bytes = withUnsafeBytes(of: try pointer(text, type), Array.init)
                case .void, .unknown, .array:
                    throw RuntimeError(.badArgument, "arguments of type \(type.readableName) cannot be given as text")
                default:
                    do { bytes = try ValueCodec.encode(.text(text), as: type, storage: storage) } catch {
                        throw RuntimeError(.badArgument, error.message)
                    }
                }
                try message.setArgument(bytes: bytes, at: index)
            } catch {
                throw InvokeError(isUsageError: true,
                    message: "argument \(offset + 1) of \(message.readableSignature): \(error.message)", usage: usage)
            }
        }

        canvas.withCurrentContext { message.invoke() }
        withExtendedLifetime((keepAlive, storage)) {}
        let diagnostics = takeDiagnostics()
        if let error = canvas.takeError() {
            throw InvokeError(isUsageError: false,
                message: "drawing failed in \(message.readableSignature): \(error)", usage: nil)
        }
        let returned: String? = signature.returnType == .void ? nil
            : message.returnBytes.withUnsafeBytes { ValueCodec.format($0, as: signature.returnType) }
        return InvokeResult(signature: message.readableSignature, returnValue: returned, diagnostics: diagnostics)
    }
}
