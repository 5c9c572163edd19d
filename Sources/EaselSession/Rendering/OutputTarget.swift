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
    /// - Throws: ``SessionError`` naming the file when it cannot be encoded or written.
    public func write(_ canvas: Canvas, scale: Double? = nil) throws(SessionError) {
        do {
            switch self {
            case .standardOutput: FileHandle.standardOutput.write(Data(try canvas.pngData(scale: scale)))
            case .file(let path): try canvas.write(to: path, scale: scale)
            }
        } catch {
            throw SessionError(describing: error, file: name)
        }
    }

    /// Writes bytes already encoded (by the isolated worker).
    ///
    /// - Throws: ``SessionError`` naming the file when it cannot be written.
    func write(_ bytes: [UInt8]) throws(SessionError) {
        switch self {
        case .standardOutput: FileHandle.standardOutput.write(Data(bytes))
        case .file(let path):
            do { try Data(bytes).write(to: URL(fileURLWithPath: path)) } catch {
                throw SessionError("cannot write \(path): \(error.localizedDescription)", file: path)
            }
        }
    }
}
