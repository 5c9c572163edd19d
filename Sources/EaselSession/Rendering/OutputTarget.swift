import EaselCanvas
import Foundation

/// Where a rendered canvas is written: a file, by its extension, or standard output as PNG.
public enum OutputTarget: Sendable, Equatable {
    /// PNG on standard output (`-`).
    case standardOutput
    /// A `.png`, `.svg` or `.pdf` file.
    case file(String)

    /// The target a command line names: `-` for standard output, else a file.
    public init(_ text: String) { self = text == "-" ? .standardOutput : .file(text) }

    /// What the command line said: `-` or the path.
    public var name: String {
        switch self {
        case .standardOutput: "-"
        case .file(let path): path
        }
    }

    /// Whether the output is a PNG (raster) rather than SVG or PDF (vectors).
    public var isPNG: Bool { vectorFormat == nil }

    /// The vector format of an `.svg` or `.pdf` file; `nil` for a PNG.
    public var vectorFormat: Canvas.VectorFormat? {
        guard case .file(let path) = self else { return nil }
        let lower = path.lowercased()
        return lower.hasSuffix(".svg") ? .svg : lower.hasSuffix(".pdf") ? .pdf : nil
    }

    /// Writes a canvas, at `scale` pixels per point for a PNG (by default the canvas's own).
    ///
    /// A file is written whole or not at all (``OutputFile``); standard
    /// output through the descriptor ``StandardOutput`` keeps from plugin code.
    ///
    /// - Throws: ``SessionError`` naming the file when it cannot be encoded or
    ///   written, with the system's reason (`cannot write 'x.png': No such file or directory`).
    public func write(_ canvas: Canvas, scale: Double? = nil) throws(SessionError) {
        let bytes: [UInt8]
        do {
            switch self {
            case .standardOutput: bytes = try canvas.pngData(scale: scale)
            case .file(let path):
                guard let format = Self.format(of: path) else {
                    throw SessionError("cannot write '\(path)': unsupported file extension; use .png, .svg or .pdf", file: path)
                }
                bytes = try format.map { try canvas.vectorData($0, scale: scale) } ?? canvas.pngData(scale: scale)
            }
        } catch let error as SessionError {
            throw error
        } catch {
            throw SessionError("cannot write '\(name)': \(error)", file: name)
        }
        try write(bytes)
    }

    /// Writes bytes already encoded (by the isolated worker).
    ///
    /// - Throws: ``SessionError`` naming the file, with the system's reason, when it cannot be written.
    func write(_ bytes: [UInt8]) throws(SessionError) {
        switch self {
        case .standardOutput: try StandardOutput.write(bytes)
        case .file(let path): try OutputFile.write(bytes, to: path)
        }
    }

    /// The format a path's extension names: `nil` for PNG, `.svg`, `.pdf`;
    /// `.none` (no format at all) for another extension.
    static func format(of path: String) -> Canvas.VectorFormat?? {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return .none }
        switch name[name.index(after: dot)...].lowercased() {
        case "png": return .some(nil)
        case "svg": return .some(.svg)
        case "pdf": return .some(.pdf)
        default: return .none
        }
    }
}
