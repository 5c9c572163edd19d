import EaselCanvasOutput
import EaselGraphicsCore
import EaselCanvas
import FoundationEssentials

/// Where a rendered canvas is written: a file, by its extension, or standard output as PNG.
public enum OutputTarget: Sendable, Equatable {
    /// PNG on standard output (`-`).
    case standardOutput
    /// A `.png`, `.jpg`/`.jpeg`, `.webp`, `.svg` or `.pdf` file.
    case file(String)

    /// The extensions a file may have, for messages.
    public static let supportedExtensions = ".png, .jpg, .jpeg, .webp, .svg or .pdf"

    /// The target a command line names: `-` for standard output, else a file.
    public init(_ text: String) { self = text == "-" ? .standardOutput : .file(text) }

    /// What the command line said: `-` or the path.
    public var name: String {
        switch self {
        case .standardOutput: "-"
        case .file(let path): path
        }
    }

    /// Whether the output is raster (PNG, JPEG, WebP) rather than SVG or PDF (vectors).
    public var isPNG: Bool { vectorFormat == nil }

    /// The vector format of an `.svg` or `.pdf` file; `nil` for a raster format.
    public var vectorFormat: Canvas.VectorFormat? {
        guard case .file(let path) = self, case .some(.some(let vector)) = Self.format(of: path) else { return nil }
        return vector
    }

    /// The raster format: PNG for standard output, else the file's by its
    /// extension; `nil` for SVG, PDF and an unsupported extension.
    public var rasterFormat: ImageEncoding.Format? {
        switch self {
        case .standardOutput: .png
        case .file(let path): ImageEncoding.Format(path: path)
        }
    }

    /// Checks that the file's extension names a format, before anything is rendered.
    ///
    /// - Throws: ``SessionError``
    ///   `cannot write 'x.gif': unsupported file extension; use .png, .jpg, .jpeg, .webp, .svg or .pdf`.
    public func checkFormat() throws(SessionError) {
        guard case .file(let path) = self, Self.format(of: path) == nil else { return }
        throw SessionError("cannot write '\(path)': unsupported file extension; use \(Self.supportedExtensions)", file: path,
                           isUsageError: true)
    }

    /// Writes a canvas, at `scale` pixels per point for a raster format (by default the canvas's own).
    ///
    /// A file is written whole or not at all (``OutputFile``); standard
    /// output through the descriptor ``StandardOutput`` keeps from plugin code.
    ///
    /// - Parameters:
    ///   - canvas: The drawing.
    ///   - scale: Pixels per point of a raster image; `nil` for the canvas's own.
    ///   - compression: How hard a PNG is compressed.
    ///   - quality: The quality of a JPEG or WebP, 1 to 100.
    /// - Throws: ``SessionError`` naming the file when it cannot be encoded or
    ///   written, with the system's reason (`cannot write 'x.png': No such file or directory`).
    public func write(_ canvas: Canvas, scale: Double? = nil, compression: ImageEncoding.Compression = .default,
                      quality: Int = ImageEncoding.defaultQuality) throws(SessionError) {
        try checkFormat()
        let bytes: [UInt8]
        do {
            if let vector = vectorFormat {
                bytes = try canvas.vectorData(vector, scale: scale)
            } else {
                let encoding = ImageEncoding(format: rasterFormat ?? .png, compression: compression, quality: quality)
                bytes = try canvas.encodedData(encoding, scale: scale)
            }
        } catch {
            throw SessionError("cannot write '\(name)': \(error)", file: name)
        }
        try write(bytes)
    }

    /// Writes bytes already encoded (by the isolated worker).
    ///
    /// - Throws: ``SessionError`` naming the file, with the system's reason, when it cannot be written.
    func write(_ bytes: [UInt8]) throws(SessionError) {
        try checkFormat()
        switch self {
        case .standardOutput: try StandardOutput.write(bytes)
        case .file(let path): try OutputFile.write(bytes, to: path)
        }
    }

    /// The format a path's extension names: `nil` for a raster format, `.svg`, `.pdf`;
    /// `.none` (no format at all) for another extension.
    static func format(of path: String) -> Canvas.VectorFormat?? {
        if ImageEncoding.Format(path: path) != nil { return .some(nil) }
        switch ImageEncoding.Format.pathExtension(path) {
        case "svg": return .some(.svg)
        case "pdf": return .some(.pdf)
        default: return .none
        }
    }
}
