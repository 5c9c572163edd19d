// Text: the host's easel.text.v1 extension as Swift values, UIFont- and
// NSAttributedString-lite.

import EaselABI
import Synchronization

extension Host {
    /// The address of the text table, once found (0: not yet).
    private static let textTable = Atomic<UInt>(0)

    /// The host's easel.text.v1 table, or nil when the host has none (an
    /// older host, or the scanner, where drawing does nothing anyway).
    static var text: easel_text_api? {
        var address = textTable.load(ordering: .acquiring)
        if address == 0 {
            guard table != nil, let found = api.get_extension(EASEL_TEXT_EXTENSION_ID) else { return nil }
            address = UInt(bitPattern: Int(bitPattern: found))
            textTable.store(address, ordering: .releasing)
        }
        guard let pointer = UnsafePointer<easel_text_api>(bitPattern: address),
              pointer.pointee.struct_size >= UInt32(MemoryLayout<easel_text_api>.size) else { return nil }
        return pointer.pointee
    }
}

/// A font by description (UIFont-lite): the system's fonts through fontconfig,
/// with Pango's fallback for characters the font lacks.
///
/// Either Pango's string form, `Font("DejaVu Sans Bold 12")`, or the
/// structured form, `Font(family: "DejaVu Sans", size: 12, weight: .bold)`;
/// the structured fields, when set, replace what the string says. Sizes are
/// in points (user-space units).
public struct Font: Sendable, Hashable {
    /// Weights from thin to black, as UIFont.Weight and CSS.
    public enum Weight: Int32, Sendable {
        case thin = 100, ultraLight = 200, light = 300, regular = 400, medium = 500
        case semibold = 600, bold = 700, heavy = 800, black = 900
    }

    /// Widths from ultra-condensed to ultra-expanded.
    public enum Stretch: Int32, Sendable {
        case ultraCondensed = 1, extraCondensed, condensed, semiCondensed, normal
        case semiExpanded, expanded, extraExpanded, ultraExpanded
    }

    /// Pango's string form, or nil.
    public var descriptionString: String?
    /// A fontconfig family or comma-separated list, or nil: as the string says (or the context's).
    public var family: String?
    /// The size in points; 0: as the string says (or the context's).
    public var size: Double
    /// The weight, or nil: as the string says.
    public var weight: Weight?
    /// Italic (true) or upright (false), or nil: as the string says.
    public var italic: Bool?
    /// The width, or nil: as the string says.
    public var stretch: Stretch?

    /// A font from Pango's string form, such as "DejaVu Sans Bold Italic 12" or "Serif 14".
    public init(_ description: String) {
        descriptionString = description
        size = 0
    }

    /// A font from its parts.
    public init(family: String, size: Double, weight: Weight = .regular, italic: Bool = false, stretch: Stretch = .normal) {
        self.family = family
        self.size = size
        self.weight = weight
        self.italic = italic
        self.stretch = stretch
    }

    /// The default sans-serif font at `size` (UIFont.systemFont(ofSize:weight:)).
    public static func system(size: Double, weight: Weight = .regular) -> Font {
        Font(family: "Sans", size: size, weight: weight)
    }

    /// This font with another weight.
    public func withWeight(_ weight: Weight) -> Font {
        var font = self
        font.weight = weight
        return font
    }

    /// The font's ascent, descent and line height in points (UIFont's
    /// ascender, descender, lineHeight); zeros without a host text table.
    public var metrics: FontMetrics {
        guard let text = Host.text else { return FontMetrics(ascent: 0, descent: 0, lineHeight: 0) }
        let m = withDescriptor { text.font_metrics(nil, $0) }
        return FontMetrics(ascent: m.ascent, descent: m.descent, lineHeight: m.line_height)
    }

    /// Calls `body` with the C descriptor of this font, valid during the call.
    func withDescriptor<R>(_ body: (UnsafePointer<easel_font_desc>) -> R) -> R {
        func make(_ d: UnsafePointer<CChar>?, _ f: UnsafePointer<CChar>?) -> R {
            var desc = easel_font_desc()
            desc.abi_version = abiVersion
            desc.struct_size = UInt32(MemoryLayout<easel_font_desc>.size)
            desc.description = d
            desc.family = f
            desc.size = size
            desc.weight = weight?.rawValue ?? 0
            desc.style = italic.map { $0 ? Int32(EASEL_FONT_STYLE_ITALIC) : Int32(EASEL_FONT_STYLE_NORMAL) } ?? 0
            desc.stretch = stretch?.rawValue ?? 0
            return body(&desc)
        }
        return withOptionalCString(descriptionString) { d in withOptionalCString(family) { f in make(d, f) } }
    }
}

/// Vertical metrics of a font, in points.
public struct FontMetrics: Sendable, Hashable {
    /// From the baseline up to the top of a line.
    public var ascent: Double
    /// From the baseline down to the bottom of a line.
    public var descent: Double
    /// The distance between two baselines.
    public var lineHeight: Double
}

/// How a paragraph is laid out (NSParagraphStyle-lite).
public struct ParagraphStyle: Sendable, Hashable {
    /// Horizontal alignment, as NSTextAlignment.
    public enum Alignment: Int32, Sendable {
        case natural = 0, left, center, right, justified
    }
    /// Where lines break.
    public enum LineBreak: Int32, Sendable {
        /// At word boundaries, and inside a word wider than the line.
        case word = 0
        /// At any character.
        case character
    }
    /// Where an ellipsis replaces text that does not fit.
    public enum Truncation: Int32, Sendable {
        case none = 0, head, middle, tail
    }

    public var alignment: Alignment
    public var lineBreak: LineBreak
    public var truncation: Truncation
    /// The most lines shown; 0: no limit.
    public var maximumLines: Int
    /// Extra space between lines, in points.
    public var lineSpacing: Double

    /// A style; the defaults are UILabel-like for many lines: natural, word breaks, no truncation, no limit.
    public init(
        alignment: Alignment = .natural, lineBreak: LineBreak = .word, truncation: Truncation = .none,
        maximumLines: Int = 0, lineSpacing: Double = 0
    ) {
        self.alignment = alignment
        self.lineBreak = lineBreak
        self.truncation = truncation
        self.maximumLines = maximumLines
        self.lineSpacing = lineSpacing
    }

    func withStyle<R>(font: Font?, _ body: (UnsafePointer<easel_text_style>) -> R) -> R {
        var style = easel_text_style()
        style.abi_version = abiVersion
        style.struct_size = UInt32(MemoryLayout<easel_text_style>.size)
        style.alignment = alignment.rawValue
        style.line_break = lineBreak.rawValue
        style.truncation = truncation.rawValue
        style.max_lines = Int32(clamping: maximumLines)
        style.line_spacing = lineSpacing
        guard let font else { return body(&style) }
        return font.withDescriptor { desc in
            style.font = desc
            return body(&style)
        }
    }
}

/// An attribute of a run of text.
public enum TextAttribute: Sendable, Hashable {
    /// The run's colour.
    case color(Color)
    /// The run's font: its set fields replace the paragraph font's.
    case font(Font)
    /// An underline, single (1) or double (2), in `color` (nil: the text's colour).
    case underline(Int32 = 1, color: Color? = nil)
    /// A line through the run, in `color` (nil: the text's colour).
    case strikethrough(color: Color? = nil)
    /// Moves the run's baseline up by this many points (down when negative).
    case baselineOffset(Double)
}

/// Text with attributes over ranges of it (NSAttributedString-lite).
public struct AttributedText: Sendable, Hashable {
    /// The text.
    public var string: String
    /// The attributes, each over a range of UTF-8 byte offsets of `string`; later ones win.
    public private(set) var runs: [(range: Range<Int>, attribute: TextAttribute)] = []

    /// Text without attributes.
    public init(_ string: String) {
        self.string = string
    }

    /// Adds `attribute` over `range` of the string.
    public mutating func add(_ attribute: TextAttribute, range: Range<String.Index>) {
        let utf8 = string.utf8
        let start = utf8.distance(from: utf8.startIndex, to: range.lowerBound)
        let end = utf8.distance(from: utf8.startIndex, to: range.upperBound)
        runs.append((start..<end, attribute))
    }

    /// Adds `attribute` over the whole string.
    public mutating func add(_ attribute: TextAttribute) {
        runs.append((0..<string.utf8.count, attribute))
    }

    public static func == (a: AttributedText, b: AttributedText) -> Bool {
        a.string == b.string && a.runs.elementsEqual(b.runs) { $0.range == $1.range && $0.attribute == $1.attribute }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(string)
        hasher.combine(runs.count)
    }

    /// Calls `body` with the string, its C attributes and their count, valid during the call.
    func withC<R>(_ body: (UnsafePointer<CChar>, UnsafePointer<easel_text_attribute>?, UInt32) -> R) -> R {
        // Fonts of font runs need C descriptors that live during the call: nest one per font run.
        var attributes: [easel_text_attribute] = []
        var fonts: [(index: Int, font: Font)] = []
        for (range, attribute) in runs {
            var c = easel_text_attribute()
            c.start = UInt32(clamping: range.lowerBound)
            c.end = UInt32(clamping: range.upperBound)
            switch attribute {
            case .color(let color):
                c.kind = Int32(EASEL_TEXT_ATTR_COLOR)
                c.color = color
            case .font(let font):
                c.kind = Int32(EASEL_TEXT_ATTR_FONT)
                fonts.append((attributes.count, font))
            case .underline(let style, let color):
                c.kind = Int32(EASEL_TEXT_ATTR_UNDERLINE)
                c.value = style
                c.color = color ?? Color(red: 0, green: 0, blue: 0, alpha: 0)
            case .strikethrough(let color):
                c.kind = Int32(EASEL_TEXT_ATTR_STRIKETHROUGH)
                c.value = 1
                c.color = color ?? Color(red: 0, green: 0, blue: 0, alpha: 0)
            case .baselineOffset(let offset):
                c.kind = Int32(EASEL_TEXT_ATTR_BASELINE_OFFSET)
                c.number = offset
            }
            attributes.append(c)
        }
        func attach(_ next: Int) -> R {
            guard next < fonts.count else {
                return string.withCString { text in
                    attributes.withUnsafeBufferPointer { body(text, $0.baseAddress, UInt32($0.count)) }
                }
            }
            return fonts[next].font.withDescriptor { desc in
                attributes[fonts[next].index].font = desc
                return attach(next + 1)
            }
        }
        return attach(0)
    }

    /// The size the text needs laid out `width` points wide (0 or infinity:
    /// one line per paragraph) in `font` with `style`, as `sizeThatFits:`
    /// needs it; measured without a context, exactly as it is drawn. Zero
    /// without a host text table.
    ///
    /// - Parameters:
    ///   - font: The font the text is laid out in.
    ///   - width: The width to wrap at; 0 or infinity for one line per paragraph.
    ///   - maximumHeight: When positive, only the lines that fit
    ///     this height count (the first line always does), as when the text is
    ///     drawn in a rect that tall.
    ///   - style: Alignment, line breaking, spacing and the line limit.
    public func size(
        font: Font, width: Double = 0, maximumHeight: Double = 0, style: ParagraphStyle = ParagraphStyle()
    ) -> Size {
        guard let text = Host.text else { return Size(width: 0, height: 0) }
        return style.withStyle(font: font) { paragraph in
            withC { string, attributes, count in
                text.measure_text(nil, string, -1, width, maximumHeight, paragraph, attributes, count)
            }
        }
    }
}

extension Graphics {
    /// Sets the font of later text (part of the saved state).
    public func setFont(_ font: Font) {
        guard let text = Host.text else { return }
        font.withDescriptor { text.set_font(context, $0) }
    }

    /// Draws `text` on one line, shaped, its baseline starting at `point`, in the fill colour and the current font.
    public func draw(_ text: AttributedText, at point: Point) {
        guard let api = Host.text else { return }
        text.withC { string, attributes, count in
            api.draw_text_at(context, string, -1, point.x, point.y, attributes, count)
        }
    }

    /// Lays out `text` in `rect` with `style` (and `font`, or the current font) and draws it in the fill colour.
    public func draw(_ text: AttributedText, in rect: Rect, font: Font? = nil, style: ParagraphStyle = ParagraphStyle()) {
        guard let api = Host.text else { return }
        style.withStyle(font: font) { paragraph in
            text.withC { string, attributes, count in
                api.draw_text_in_rect(context, string, -1, rect, paragraph, attributes, count)
            }
        }
    }

    /// Lays out a plain string in `rect`; see ``draw(_:in:font:style:)``.
    public func draw(_ string: String, in rect: Rect, font: Font? = nil, style: ParagraphStyle = ParagraphStyle()) {
        draw(AttributedText(string), in: rect, font: font, style: style)
    }

    /// The size `text` needs `width` points wide with the current font (or `font`) and `style`;
    /// with a positive `maximumHeight`, only the lines that fit it count.
    public func measure(
        _ text: AttributedText, width: Double = 0, maximumHeight: Double = 0, font: Font? = nil,
        style: ParagraphStyle = ParagraphStyle()
    ) -> Size {
        guard let api = Host.text else { return Size(width: 0, height: 0) }
        return style.withStyle(font: font) { paragraph in
            text.withC { string, attributes, count in
                api.measure_text(context, string, -1, width, maximumHeight, paragraph, attributes, count)
            }
        }
    }

    /// The ascent, descent and line height of the current font, or of
    /// `font`'s set fields applied to it, in points (UIFont's ascender,
    /// descender and lineHeight for the font in effect); zeros without a
    /// host text table.
    public func fontMetrics(_ font: Font? = nil) -> FontMetrics {
        guard let api = Host.text else { return FontMetrics(ascent: 0, descent: 0, lineHeight: 0) }
        let m = font.map { $0.withDescriptor { api.font_metrics(context, $0) } } ?? api.font_metrics(context, nil)
        return FontMetrics(ascent: m.ascent, descent: m.descent, lineHeight: m.line_height)
    }

    /// Draws a plain string on one line, shaped, its baseline starting at `point`; see ``draw(_:at:)``.
    public func draw(_ string: String, at point: Point) {
        draw(AttributedText(string), at: point)
    }

    /// The rect of the characters in `range` of `text` laid out in `rect`.
    public func characterRect(
        of range: Range<String.Index>, in text: AttributedText, laidOutIn rect: Rect, font: Font? = nil,
        style: ParagraphStyle = ParagraphStyle()
    ) -> Rect {
        guard let api = Host.text else { return Rect(origin: Point(x: 0, y: 0), size: Size(width: 0, height: 0)) }
        let utf8 = text.string.utf8
        let start = UInt32(clamping: utf8.distance(from: utf8.startIndex, to: range.lowerBound))
        let end = UInt32(clamping: utf8.distance(from: utf8.startIndex, to: range.upperBound))
        return style.withStyle(font: font) { paragraph in
            text.withC { string, attributes, count in
                api.character_rect(context, string, -1, rect, paragraph, attributes, count, start, end)
            }
        }
    }
}

/// Calls `body` with a C copy of `string`, or NULL for nil.
func withOptionalCString<R>(_ string: String?, _ body: (UnsafePointer<CChar>?) -> R) -> R {
    guard let string else { return body(nil) }
    return string.withCString { body($0) }
}
