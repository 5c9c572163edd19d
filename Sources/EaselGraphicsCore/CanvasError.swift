/// An error from drawing on a ``Canvas``, writing its output, or reading an image.
///
/// The message is complete on its own: it names the operation (the C function
/// a plugin called, such as `show_text`), the file involved, and cairo's own
/// description of its status, as appropriate. The other properties carry the
/// same facts for code that wants to inspect them.
///
/// A drawing error is sticky, as in cairo: the first one is kept by the
/// canvas and handed out once by ``Canvas/takeError()``.
public struct CanvasError: Error, Sendable, CustomStringConvertible {
    /// A full, human-readable description of what went wrong.
    public let message: String
    /// The drawing operation that failed, e.g. `"restore_state"`; `nil` for file errors.
    public let operation: String?
    /// The file that could not be read or written; `nil` for drawing errors.
    public let path: String?
    /// cairo's status when cairo reported the error; `nil` when the canvas
    /// rejected an argument itself.
    public let status: CairoStatus?

    /// The message.
    public var description: String { message }

    package init(message: String, operation: String? = nil, path: String? = nil, status: CairoStatus? = nil) {
        self.message = message
        self.operation = operation
        self.path = path
        self.status = status
    }
}

extension CanvasError {
    /// cairo put the drawing context into an error state during `operation`.
    package static func cairo(_ status: CairoStatus, in operation: String) -> CanvasError {
        CanvasError(message: "cairo: \(status) (in \(operation))", operation: operation, status: status)
    }

    /// The canvas rejected an argument of `operation` before it reached cairo.
    package static func invalidArgument(_ operation: String, _ problem: String) -> CanvasError {
        CanvasError(message: "\(operation): \(problem)", operation: operation)
    }

    /// A canvas or image size that cairo cannot hold.
    package static func invalidSize(_ what: String, width: Double, height: Double) -> CanvasError {
        CanvasError(
            message: "invalid \(what) size \(width) x \(height): "
                + "width and height must be finite, greater than 0 and at most \(Int(CanvasLimits.maximumDimension))")
    }

    /// `path` could not be written; `problem` says why.
    package static func cannotWrite(_ path: String, _ problem: String, status: CairoStatus? = nil) -> CanvasError {
        CanvasError(message: "cannot write \(path): \(problem)", path: path, status: status)
    }

    /// `path` could not be read; `problem` says why.
    package static func cannotRead(_ path: String, _ problem: String, status: CairoStatus? = nil) -> CanvasError {
        CanvasError(message: "cannot read \(path): \(problem)", path: path, status: status)
    }
}

extension String {
    /// The NUL-terminated message a C codec wrote into `message` (UTF-8;
    /// a buffer without a NUL is read to its end).
    package init(codecMessage message: [CChar]) {
        self.init(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
