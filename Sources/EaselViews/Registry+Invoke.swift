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
    /// A struct is `{3, 0.25}`, `[3, 0.25]`, its leaves comma-separated, or
    /// (with known field names) a JSON object; an object argument (`@`) is
    /// `nil`, `self` (the receiver), a class name (a new instance of that
    /// class), optionally with properties as JSON (`Chart{"lineWidth": 3}`);
    /// a class (`#`) and a selector (`:`) are names; the context pointer
    /// (`^v`) is `context` or `NULL`, any other pointer only `NULL`.
    /// The result prints through ``ValueCodec/format(_:as:names:)``, objects
    /// the call knows as `<Chart: 0x…; lineWidth = 3>`, classes and selectors by name.
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
            let names = classes.map(\.name)
            let hint = NameSuggestion.closest(to: className, among: names).map { "; did you mean '\($0)'?" }
                ?? " (registered classes: \(names.joined(separator: ", ")))"
            throw InvokeError(isUsageError: false, message: "\(error.message)\(hint)", usage: nil)
        }
        let selector = Selector(selectorName)
        let message: Message
        do { message = try self.message(target, selector) } catch {
            var selectors: [String] = []
            var current: ObjectClass? = target.objectClass
            while let cls = current, selectors.count < 100_000 {
                selectors += cls.methods.map(\.selector.name)
                current = cls.superclass
            }
            throw InvokeError(isUsageError: false,
                              message: error.message + NameSuggestion.clause(for: selectorName, among: selectors), usage: nil)
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

        let reader = InvokeArguments(registry: self, target: target, canvas: canvas)
        // A setter of a property with value names (setStyle: of "style") takes a name too.
        let setterEnumeration = declared == 1 ? Self.setterProperty(selectorName).flatMap {
            target.objectClass.propertyMetadata($0) }.flatMap { $0.enumCases.isEmpty ? nil : $0 } : nil
        for (offset, given) in arguments.enumerated() {
            let index = offset + 2
            let type = signature.argumentType(at: index)
            var text = given
            if let setterEnumeration, type.fitsInteger(0) != nil,
               let first = given.trimmingSpaces.unicodeScalars.first, first.properties.isAlphabetic {
                do {
                    text = try setterEnumeration.enumValueText(given.trimmingSpaces,
                                                               what: "property '\(setterEnumeration.name)' (\(type.readableName))")
                } catch {
                    throw InvokeError(isUsageError: true, message: "argument 1 of \(message.readableSignature): \(error.message)",
                                      usage: usage)
                }
            }
            let bytes: [UInt8]
            do { bytes = try reader.bytes(text, as: type) } catch {
                throw InvokeError(isUsageError: true,
                    message: Self.argumentMessage(offset + 1, of: message.readableSignature, type: type, error), usage: usage)
            }
            do { try message.setArgument(bytes: bytes, at: index) } catch {
                throw InvokeError(isUsageError: true,
                    message: "argument \(offset + 1) of \(message.readableSignature): \(error.message)", usage: usage)
            }
        }

        canvas.withCurrentContext { message.invoke() }
        let diagnostics = takeDiagnostics()
        if let error = canvas.takeError() {
            throw InvokeError(isUsageError: false,
                message: "drawing failed in \(message.readableSignature): \(error)", usage: nil)
        }
        let returned: String? = signature.returnType == .void ? nil
            : message.returnBytes.withUnsafeBytes { ValueCodec.format($0, as: signature.returnType, names: reader.name) }
        withExtendedLifetime(reader) {}
        return InvokeResult(signature: message.readableSignature, returnValue: returned, diagnostics: diagnostics)
    }

    /// The property a setter sets: `setStyle:` → `style`, `setURL:` → `URL`; `nil` for another selector.
    static func setterProperty(_ selector: String) -> String? {
        guard selector.hasPrefix("set"), selector.hasSuffix(":"), selector.count > 4 else { return nil }
        let name = selector.dropFirst(3).dropLast()
        guard !name.contains(":"), let first = name.first, first.isUppercase else { return nil }
        let second = name.dropFirst().first
        return second?.isUppercase == true ? String(name) : first.lowercased() + name.dropFirst()
    }

    /// Why an argument was refused, with the form it takes:
    /// `argument 1 of -[Types idSum:(ID)] is {ID=id}: write it as {3, 0.25} or [3, 0.25]`, then what was
    /// wrong inside it when that is one field's value; a scalar's message is the codec's
    /// (`argument 2 of …: 'many' is not int32_t (an integer from -2147483648 to 2147483647)`).
    static func argumentMessage(_ number: Int, of signature: String, type: TypeEncoding, _ error: ValueError) -> String {
        let forms = type.writtenForms
        guard !forms.isEmpty else { return "argument \(number) of \(signature): \(error.message)" }
        let head = "argument \(number) of \(signature) is \(type.encoding): write it as \(type.writtenFormsText)"
        switch error.reason {
        case .unreadable(_, _) where error.path.isEmpty, .expected where error.path.isEmpty:
            return head
        case .malformed(_, _, let detail) where error.path.isEmpty:
            return head + "; " + detail
        default:
            var inner = error
            inner.enclosingForm = nil
            return head + "; " + (error.path.isEmpty ? inner.message : "at \(error.pathText): \(inner.message)")
        }
    }
}
