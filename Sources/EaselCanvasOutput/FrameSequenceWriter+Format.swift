import EaselGraphicsCore

extension FrameSequenceWriter {
    /// The file formats of an animation.
    public enum Format: Sendable, Equatable {
        /// An animated WebP (libwebp's animation encoder), lossless unless a quality below 100 is asked for.
        case webp
        /// An animated GIF (giflib): at most 255 colours a frame, one bit of alpha.
        case gif
        /// One PNG file per frame, named by a `printf`-style pattern with
        /// exactly one `%d` or `%0Nd` (`frames/%04d.png`); `%%` is a `%`.
        case pngSequence(String)

        /// The extensions and patterns an animation can be written as, for error messages.
        public static let supportedNames = ".webp, .gif or a numbered PNG pattern such as frames/%04d.png"

        /// The format of `path`: a numbered PNG sequence when it contains a
        /// `%`, else by its extension, `.webp` or `.gif`, in any case.
        ///
        /// - Throws: ``CanvasError`` naming `path` when the extension is
        ///   neither, or when a pattern does not have exactly one `%d` or
        ///   `%0Nd` (N from 1 to 9), has another `%` sequence, or does not end in `.png`.
        public init(path: String) throws(CanvasError) {
            if path.contains("%") {
                _ = try Self.parsePattern(path)
                guard ImageEncoding.Format.pathExtension(path) == "png" else {
                    throw .cannotWrite(
                        path, "numbered frames are written as PNG files; the pattern must end in .png, "
                            + "such as frames/%04d.png")
                }
                self = .pngSequence(path)
                return
            }
            switch ImageEncoding.Format.pathExtension(path) {
            case "webp": self = .webp
            case "gif": self = .gif
            default:
                throw .cannotWrite(path, "unsupported file extension for an animation; use \(Self.supportedNames)")
            }
        }

        /// The name of frame `number` (0 for the first) in a sequence's `pattern`:
        /// its `%d` replaced by the number, padded with zeros to N digits for `%0Nd`.
        ///
        /// - Throws: ``CanvasError`` when `pattern` is not a valid pattern
        ///   (see ``init(path:)``).
        public static func fileName(pattern: String, frame number: Int) throws(CanvasError) -> String {
            let parts = try parsePattern(pattern)
            var digits = String(number)
            if digits.count < parts.width { digits = String(repeating: "0", count: parts.width - digits.count) + digits }
            return parts.prefix + digits + parts.suffix
        }

        /// Splits a pattern around its one `%d` or `%0Nd`, with each `%%` made a `%`.
        private static func parsePattern(_ pattern: String) throws(CanvasError) -> (prefix: String, width: Int, suffix: String) {
            func invalid() -> CanvasError {
                .cannotWrite(
                    pattern,
                    "a numbered frame pattern needs exactly one %d or %0Nd (N from 1 to 9, such as frames/%04d.png) "
                        + "and no other % sequence (write %% for a %)")
            }
            var prefix = "", suffix = "", width = -1
            let characters = Array(pattern)
            var index = 0
            while index < characters.count {
                let character = characters[index]
                index += 1
                guard character == "%" else {
                    if width < 0 { prefix.append(character) } else { suffix.append(character) }
                    continue
                }
                guard index < characters.count else { throw invalid() }
                if characters[index] == "%" {
                    if width < 0 { prefix.append("%") } else { suffix.append("%") }
                    index += 1
                    continue
                }
                guard width < 0 else { throw invalid() }
                if characters[index] == "d" {
                    width = 0
                    index += 1
                } else if characters[index] == "0", index + 2 < characters.count,
                          let digit = characters[index + 1].wholeNumberValue, (1...9).contains(digit),
                          characters[index + 1].isASCII, characters[index + 2] == "d" {
                    width = digit
                    index += 3
                } else {
                    throw invalid()
                }
            }
            guard width >= 0 else { throw invalid() }
            return (prefix, width, suffix)
        }
    }
}
