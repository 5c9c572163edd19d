import ArgumentParser
import EaselGraphicsCore
import EaselSession

// MARK: - easel compare

/// `easel compare expected.png actual.png`: the golden-image check, as a command.
struct Compare: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare two images pixel by pixel (for golden-image tests in CI).",
        discussion: """
            Decodes both images (PNG, JPEG, WebP, GIF or SVG) and compares their pixels premultiplied by alpha: a \
            pixel differs when one of its components differs by more than --tolerance (0 to 255). Prints the count \
            and the bounding box of the differing pixels. Exit status: 0 when the images match, 1 when they differ \
            (in size or in pixels), 2 when an image cannot be read or an option is wrong. --diff writes a picture \
            of the differences: differing pixels red over a faded grey copy of the expected image.
            """)

    @Argument(help: "The expected (golden) image.", completion: Completions.rasterImages)
    var expected: String

    @Argument(help: "The image to check.", completion: Completions.rasterImages)
    var actual: String

    @Option(help: "The largest difference per colour component (premultiplied, 0–255) that still counts as the same.")
    var tolerance: Int = 0

    @Option(help: ArgumentHelp("Write a picture of the differences (PNG) to this file.", valueName: "file"),
            completion: .file(extensions: ["png"]))
    var diff: String?

    func validate() throws {
        guard (0...255).contains(tolerance) else {
            throw ValidationError("--tolerance must be between 0 and 255; got \(tolerance)")
        }
        if let diff, !diff.lowercased().hasSuffix(".png") {
            throw ValidationError("--diff writes a PNG: give it a name ending in .png, not '\(diff)'")
        }
    }

    /// Decodes an image; a file that cannot be read is an input error (status 2).
    static func read(_ path: String) throws(CommandFailure) -> RasterImage {
        do { return try RasterImage(contentsOfImageFile: path) } catch {
            throw CommandFailure(status: 2, lines: ["error: \(error.message)"])
        }
    }

    func run() throws {
        let old = try Self.read(expected), new = try Self.read(actual)
        guard let result = ImageComparison.compare(old, new, tolerance: tolerance),
              let picture = ImageComparison.differenceImage(old, new, tolerance: tolerance) else {
            try printOutput("differ: the sizes differ: \(old.width)x\(old.height) pixels (\(expected)) vs "
                            + "\(new.width)x\(new.height) pixels (\(actual))")
            throw CommandFailure(status: 1, lines: [])
        }
        if let diff {
            do {
                let bytes = try picture.pngData()
                try OutputFile.write(bytes, to: diff)
            } catch let error as CanvasError {
                throw CommandFailure(status: 1, lines: ["error: cannot write '\(diff)': \(error.message)"])
            } catch let error as SessionError {
                throw CommandFailure(error)
            }
        }
        let total = result.width * result.height
        guard let box = result.boundingBox else {
            try printOutput("same: \(result.width)x\(result.height) pixels, none differs by more than \(tolerance)"
                            + " (largest difference \(result.largestDifference))")
            return
        }
        try printOutput("differ: \(result.differingPixels) of \(total) pixels differ by more than \(tolerance)"
                        + " (largest difference \(result.largestDifference)), within x \(box.x)–\(box.x + box.width - 1),"
                        + " y \(box.y)–\(box.y + box.height - 1) (\(box.width)x\(box.height) pixels)")
        throw CommandFailure(status: 1, lines: [])
    }
}
