// Text: Pango behind the canvas.
//
// Every piece of text a plugin draws or measures, through the graphics
// table's set_font/show_text/measure_text or the easel.text.v1 extension,
// is laid out by Pango (HarfBuzz shaping, bidirectional reordering,
// fontconfig fonts with fallback for characters a font lacks) and drawn
// into the canvas's cairo context by pangocairo, or, for plain text on a
// raster target, by the same cairo_show_glyphs calls made directly
// (TextEngine+Glyphs.swift).
//
// Threads. Pango's objects are not thread-safe, and since Pango 1.32.6 the
// default pangocairo font map is one per thread. The engine follows that
// model: each thread that draws or measures text gets its own `TextEngine`
// (a PangoContext on the thread's font map and one reused PangoLayout), kept
// in a pthread key and released when the thread ends. A canvas holds no
// Pango object at all, only font descriptions (plain data), so canvases may
// be drawn on any thread, and two threads drawing text at once share no
// Pango state (fontconfig and cairo's font caches lock internally).
//
// Units. Font sizes are absolute, in user-space units, as cairo's toy text
// had them: a 12 pt font is 12 units tall whatever the transform. Metrics
// are not hinted and glyph positions are not rounded, so a layout measured
// without a canvas (sizeThatFits:) has exactly the size of the same layout
// drawn at any scale, in PNG, SVG or PDF.

import CCairo
import CPango
import EaselABI
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// One thread's Pango contexts, its layouts and its caches.
package final class TextEngine {
    /// The PangoContext text is drawn with, matched to the cairo context of
    /// the canvas being drawn (`prepare(for:)`).
    package let context: OpaquePointer
    /// The layout reused for drawn text that is not cached.
    let drawingLayout: OpaquePointer
    /// The PangoContext text is measured with, in plain user space: never
    /// matched to a canvas, so measuring leaves the drawing context (and the
    /// layouts cached for it) alone.
    package let measuringContext: OpaquePointer
    /// The layout reused for every measurement.
    let measuringLayout: OpaquePointer
    /// Contexts and reused layouts for text aligned explicitly left or
    /// right: their base direction is neutral, so Pango does not swap left
    /// and right for a right-to-left paragraph (it swaps them where a
    /// paragraph's direction is the opposite of its context's). Natural,
    /// centred and justified text uses the left-to-right pair above, whose
    /// swap is what natural alignment means. Each paragraph still takes its
    /// direction from its first strong character (auto-dir).
    package let explicitContext: OpaquePointer
    let explicitDrawingLayout: OpaquePointer
    let explicitMeasuringContext: OpaquePointer
    let explicitMeasuringLayout: OpaquePointer
    /// What `context` was last matched to: the linear part of cairo's matrix
    /// and the type of the target surface (whose font options Pango merges).
    private var preparedFor: (xx: Double, yx: Double, xy: Double, yy: Double, surface: UInt32)?
    // The caches below are read and written on the engine's own thread
    // only, never reentrantly: their accesses need no dynamic exclusivity
    // checks (which cost more than the lookups on the text path).

    /// Font metrics by font (Pango's string form), see `metrics(of:)`.
    @exclusivity(unchecked)
    package var metricsCache: [String: easel_font_metrics] = [:]
    /// Fonts resolved from plugin descriptors (see `resolve(_:base:in:)`).
    @exclusivity(unchecked)
    var resolvedFonts: [ByteKey: FontDescription] = [:]
    /// Laid-out drawing layouts by everything that shapes them (see `LayoutCache`).
    @exclusivity(unchecked)
    var layouts = LayoutCache()
    /// Scratch bytes for building cache keys without allocating.
    @exclusivity(unchecked)
    var scratchKey = ByteKey()

    /// Where the last configured layout's text differs in length from the
    /// plugin's: a paragraph break of `removed` bytes at `at` (the plugin's
    /// offset) became a 3-byte line separator (see `cutToVisibleLines`).
    @exclusivity(unchecked)
    package private(set) var rewrittenIndexShifts: [(at: Int32, removed: Int32)] = []
    /// The last font resolved (see `resolve(_:base:in:)`).
    @exclusivity(unchecked)
    var lastResolved: ResolvedFont?
    /// The last font measured and its metrics (see `metrics(of:)`).
    @exclusivity(unchecked)
    var lastMetrics: (font: FontDescription, metrics: easel_font_metrics)?
    /// The font registrations this thread's font map has seen (see `registerFonts(inFolder:)`).
    var seenFontGeneration = 0
    /// Scratch glyphs of `showGlyphs(of:in:)`, `glyphCapacity` of them.
    @exclusivity(unchecked)
    var glyphs = UnsafeMutablePointer<cairo_glyph_t>.allocate(capacity: 0)
    @exclusivity(unchecked)
    var glyphCapacity = 0
    /// The runs of `glyphs` (see `showGlyphs(of:in:)`).
    @exclusivity(unchecked)
    var glyphRuns: [GlyphRun] = []
    /// Whether `showGlyphs(of:in:)` may draw (false: Pango's renderer draws everything; for tests).
    package var drawsGlyphsDirectly = true
    /// The layouts `showGlyphs(of:in:)` drew on this thread.
    package internal(set) var directGlyphDraws = 0

    private init() {
        let fontMap = pango_cairo_font_map_get_default()
        func makeContext() -> OpaquePointer {
            let context = pango_font_map_create_context(fontMap)!
            // Unhinted metrics and unrounded positions: layout independent of the
            // device, so measuring without a canvas equals drawing.
            let options = cairo_font_options_create()
            cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
            pango_cairo_context_set_font_options(context, options)
            cairo_font_options_destroy(options)
            pango_context_set_round_glyph_positions(context, 0)
            return context
        }
        context = makeContext()
        drawingLayout = pango_layout_new(context)
        measuringContext = makeContext()
        measuringLayout = pango_layout_new(measuringContext)
        explicitContext = makeContext()
        pango_context_set_base_dir(explicitContext, PANGO_DIRECTION_NEUTRAL)
        explicitDrawingLayout = pango_layout_new(explicitContext)
        explicitMeasuringContext = makeContext()
        pango_context_set_base_dir(explicitMeasuringContext, PANGO_DIRECTION_NEUTRAL)
        explicitMeasuringLayout = pango_layout_new(explicitMeasuringContext)
    }

    deinit {
        glyphs.deallocate()
        layouts.removeAll()
        g_object_unref(UnsafeMutableRawPointer(drawingLayout))
        g_object_unref(UnsafeMutableRawPointer(measuringLayout))
        g_object_unref(UnsafeMutableRawPointer(explicitDrawingLayout))
        g_object_unref(UnsafeMutableRawPointer(explicitMeasuringLayout))
        g_object_unref(UnsafeMutableRawPointer(context))
        g_object_unref(UnsafeMutableRawPointer(measuringContext))
        g_object_unref(UnsafeMutableRawPointer(explicitContext))
        g_object_unref(UnsafeMutableRawPointer(explicitMeasuringContext))
    }

    /// The key of each thread's engine; its destructor releases the engine when the thread ends.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { pointer in
            guard let pointer else { return }
            Unmanaged<TextEngine>.fromOpaque(pointer).release()
        }
        return key
    }()

    /// The calling thread's engine, created on first use.
    package static var current: TextEngine {
        if let pointer = pthread_getspecific(key) {
            let engine = Unmanaged<TextEngine>.fromOpaque(pointer).takeUnretainedValue()
            engine.syncFonts()
            return engine
        }
        let engine = TextEngine()
        pthread_setspecific(key, Unmanaged.passRetained(engine).toOpaque())
        engine.syncFonts()
        return engine
    }

    /// Makes the drawing contexts lay out for `cr` (its transform and surface font options).
    ///
    /// pango_cairo_update_context marks the context changed on every call,
    /// which makes every layout made with it lay out again; so it is called
    /// only when what it reads has changed: the linear part of the matrix
    /// (Pango ignores the translation) or the kind of target surface.
    package func prepare(for cr: OpaquePointer) {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        let surface = cairo_surface_get_type(cairo_get_target(cr)).rawValue
        if let last = preparedFor, last.xx == matrix.xx, last.yx == matrix.yx, last.xy == matrix.xy,
           last.yy == matrix.yy, last.surface == surface {
            return
        }
        pango_cairo_update_context(cr, context)
        pango_cairo_update_context(cr, explicitContext)
        preparedFor = (matrix.xx, matrix.yx, matrix.xy, matrix.yy, surface)
    }
}

/// Bytes compared and hashed as one block: the key of the engine's caches.
struct ByteKey: Hashable {
    var bytes: [UInt8] = []

    /// A digest of the bytes, eight at a time (see `Digest`): cheaper than
    /// hashing them all with `Hasher` (keys are a few dozen bytes, looked up
    /// on every text call).
    var digest: UInt64 {
        bytes.withUnsafeBytes(Digest.of)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(digest)
    }

    static func == (a: ByteKey, b: ByteKey) -> Bool {
        a.bytes.count == b.bytes.count && a.bytes.withUnsafeBytes { x in
            b.bytes.withUnsafeBytes { y in x.count == 0 || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 }
        }
    }

    mutating func append<T: BitwiseCopyable>(_ value: T) {
        withUnsafeBytes(of: value) { bytes.append(contentsOf: $0) }
    }

    /// Appends a C string's bytes and its length (or a marker for NULL).
    mutating func append(cString: UnsafePointer<CChar>?) {
        guard let cString else {
            append(Int64(-1))
            return
        }
        let count = strlen(cString)
        append(Int64(count))
        cString.withMemoryRebound(to: UInt8.self, capacity: count) {
            bytes.append(contentsOf: UnsafeBufferPointer(start: $0, count: count))
        }
    }

    mutating func append(_ string: String) {
        append(Int64(string.utf8.count))
        bytes.append(contentsOf: string.utf8)
    }
}

/// A 64-bit digest built from words: the layout cache's first look at a
/// text call (see `LayoutCache`), and `ByteKey`'s hash.
///
/// Each word is mixed in with a multiply and a shift (the finaliser of
/// splitmix64): a few instructions per eight bytes, against a few per byte
/// for FNV. Not a defence against chosen collisions: a collision only
/// costs a key comparison, or a layout laid out anyway.
struct Digest {
    private(set) var value: UInt64 = 0x9e37_79b9_7f4a_7c15

    @inline(__always)
    mutating func mix(_ word: UInt64) {
        var z = (value ^ word) &* 0xbf58_476d_1ce4_e5b9
        z ^= z >> 31
        value = z &* 0x94d0_49bb_1331_11eb
    }

    @inline(__always)
    mutating func mix(_ number: Double) { mix(number.bitPattern) }

    @inline(__always)
    mutating func mix(_ a: Int32, _ b: Int32) {
        mix(UInt64(UInt32(bitPattern: a)) << 32 | UInt64(UInt32(bitPattern: b)))
    }

    /// Mixes in `count` bytes at `start`, and their count.
    mutating func mix(bytes start: UnsafeRawPointer, count: Int) {
        mix(UInt64(count))
        var offset = 0
        while offset + 8 <= count {
            mix(start.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        guard offset < count else { return }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while offset < count {
            tail |= UInt64(start.load(fromByteOffset: offset, as: UInt8.self)) << shift
            shift += 8
            offset += 1
        }
        mix(tail)
    }

    /// The digest of `bytes` alone.
    static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var digest = Digest()
        if let start = bytes.baseAddress { digest.mix(bytes: start, count: bytes.count) }
        return digest.value
    }

    /// Mixes in a C string's bytes, or a marker for NULL.
    mutating func mix(cString: UnsafePointer<CChar>?) {
        guard let cString else { return mix(UInt64.max) }
        mix(bytes: cString, count: strlen(cString))
    }
}

/// Laid-out layouts of the drawing context, each with its own PangoLayout,
/// by everything that shapes them: the text, the paragraph font, the
/// width, height and style, the attributed runs and the global alpha.
///
/// A label redrawn with the same text then costs only the drawing of its
/// glyphs. Pango lays a cached layout out again by itself when the context
/// has changed since (another transform, or new fonts in the font map).
///
/// A text call is first looked up by its `Digest`, computed from the same
/// inputs without building a key; only a call whose digest is known pays
/// for the full key (its bytes), which is compared before a layout is used.
/// A layout enters the cache the second time its digest is drawn within
/// the last `maximumSeen` digests drawn once (a filter of bits: see
/// `admits`): text drawn once (a frame of new strings) is laid out in the
/// engine's one reused layout, as a program calling Pango directly would,
/// at the cost of a digest, and keeps no memory.
/// Bounded: at most `maximumEntries` layouts and `maximumTextBytes` bytes
/// of text; text longer than `maximumTextLength` is not cached. When a bound
/// is reached the cache is emptied (its layout objects kept for reuse).
struct LayoutCache {
    static let maximumEntries = 2048
    static let maximumTextBytes = 512 * 1024
    static let maximumTextLength = 4096
    /// The bits of the filter of digests drawn once (a power of two).
    static let seenBits = 1 << 16
    /// The digests marked in the filter before it is cleared.
    static let maximumSeen = 4096

    /// A cached layout and the full key it was laid out for.
    struct Entry {
        let key: ByteKey
        let layout: OpaquePointer
        /// The bytes of its text, counted against `maximumTextBytes`.
        let textLength: Int
    }

    private(set) var entries: [UInt64: Entry] = [:]
    private var textBytes = 0
    /// Layout objects of emptied entries, reused for new ones.
    private var spare: [OpaquePointer] = []
    /// Digests drawn once and not cached: one bit each (chosen by the
    /// digest's top bits) in a filter cleared after `maximumSeen` marks. Two
    /// digests can share a bit: the second is then cached on its first
    /// draw, which costs memory, never a layout.
    private var seen = [UInt64](repeating: 0, count: seenBits / 64)
    private var seenCount = 0

    func entry(for digest: UInt64) -> Entry? { entries[digest] }

    /// Whether `digest`, not in the cache, was drawn before (since the
    /// filter was last cleared): it enters the cache now. Otherwise it is
    /// marked.
    mutating func admits(_ digest: UInt64) -> Bool {
        let bit = Int(truncatingIfNeeded: digest >> 48) & (Self.seenBits - 1)
        let mask: UInt64 = 1 << UInt64(bit & 63)
        if seen[bit >> 6] & mask != 0 { return true }
        if seenCount >= Self.maximumSeen {
            for index in seen.indices { seen[index] = 0 }
            seenCount = 0
        }
        seen[bit >> 6] |= mask
        seenCount += 1
        return false
    }

    /// A layout of `context` for a new entry of `key` (with `length` bytes of text), to be laid out by the caller.
    mutating func insert(_ key: ByteKey, digest: UInt64, length: Int, context: OpaquePointer) -> OpaquePointer {
        if entries.count >= Self.maximumEntries || textBytes + length > Self.maximumTextBytes {
            for (_, entry) in entries {
                if spare.count < Self.maximumEntries {
                    pango_layout_set_text(entry.layout, "", 0)  // frees its lines now
                    spare.append(entry.layout)
                } else {
                    g_object_unref(UnsafeMutableRawPointer(entry.layout))
                }
            }
            entries.removeAll(keepingCapacity: true)
            textBytes = 0
        }
        let layout: OpaquePointer
        if let last = spare.last, pango_layout_get_context(last) == context {
            layout = last
            spare.removeLast()
        } else {
            layout = pango_layout_new(context)!
        }
        if let replaced = entries.updateValue(Entry(key: key, layout: layout, textLength: length), forKey: digest) {
            // (Another key with the same digest: its layout is spare now.)
            spare.append(replaced.layout)
            textBytes -= replaced.textLength
        }
        textBytes += length
        return layout
    }

    /// Releases every layout.
    mutating func removeAll() {
        for (_, entry) in entries { g_object_unref(UnsafeMutableRawPointer(entry.layout)) }
        for layout in spare { g_object_unref(UnsafeMutableRawPointer(layout)) }
        entries.removeAll()
        spare.removeAll()
        for index in seen.indices { seen[index] = 0 }
        seenCount = 0
        textBytes = 0
    }
}

// MARK: - Fonts

/// An owned `PangoFontDescription`.
///
/// Changed only while it is being made (`apply`); `key`, computed once by
/// `sealed()`, is what caches and canvases compare.
package final class FontDescription {
    /// The `PangoFontDescription *`, freed with the object.
    package let pointer: OpaquePointer
    private var storedKey: String?
    private var storedKeyDigest: UInt64?

    /// Takes ownership of `pointer`.
    package init(owning pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        pango_font_description_free(pointer)
    }

    /// The font a canvas starts with and measuring without a canvas uses: "Sans", 12 units.
    package static func makeDefault() -> FontDescription {
        let font = FontDescription(owning: pango_font_description_new())
        pango_font_description_set_family(font.pointer, CanvasLimits.defaultFontFamily)
        pango_font_description_set_absolute_size(font.pointer, CanvasLimits.defaultFontSize * Double(PANGO_SCALE))
        return font.sealed()
    }

    /// A copy of this description (not sealed).
    package func copy() -> FontDescription {
        FontDescription(owning: pango_font_description_copy(pointer))
    }

    /// This description with its key computed: call before sharing it, and
    /// do not change it afterwards.
    @discardableResult
    package func sealed() -> FontDescription {
        if storedKey == nil {
            let key = Self.string(of: pointer)
            storedKey = key
            storedKeyDigest = Self.digest(of: key)
        }
        return self
    }

    /// A digest of ``key`` (computed once when sealed).
    var keyDigest: UInt64 {
        storedKeyDigest ?? Self.digest(of: key)
    }

    private static func digest(of key: String) -> UInt64 {
        var key = key
        return key.withUTF8 { Digest.of(UnsafeRawBufferPointer($0)) }
    }

    /// Pango's string form ("DejaVu Sans Bold 12px"), used to share equal fonts.
    package var key: String {
        storedKey ?? Self.string(of: pointer)
    }

    private static func string(of pointer: OpaquePointer) -> String {
        guard let text = pango_font_description_to_string(pointer) else { return "" }
        defer { g_free(text) }
        return String(cString: text)
    }

    /// The largest font size accepted, in user-space units.
    package static let maximumSize: Double = 10000

    /// Checks a size from a plugin.
    package static func validateSize(_ size: Double, in operation: String) throws(CanvasError) {
        try CanvasLimits.requireFinite(operation, size)
        guard size >= 0 else { throw .invalidArgument(operation, "negative size \(size)") }
        guard size <= maximumSize else {
            throw .invalidArgument(operation, "font size \(size) is larger than \(Int(maximumSize))")
        }
    }

    /// Checks a plugin's `easel_font_desc` (sizes, ranges, reserved fields).
    package static func validate(_ desc: UnsafePointer<easel_font_desc>, in operation: String) throws(CanvasError) {
        let minimumSize = UInt32(MemoryLayout<easel_font_desc>.size)
        guard desc.pointee.struct_size >= minimumSize else {
            throw .invalidArgument(
                operation, "easel_font_desc.struct_size \(desc.pointee.struct_size) is smaller than \(minimumSize)")
        }
        let d = desc.pointee
        guard d.reserved == 0 else { throw .invalidArgument(operation, "easel_font_desc.reserved is \(d.reserved), not 0") }
        try validateSize(d.size, in: operation)
        guard d.weight == 0 || (100...1000).contains(d.weight) else {
            throw .invalidArgument(operation, "font weight \(d.weight) is not 0 or 100...1000")
        }
        guard (0...3).contains(d.style) else { throw .invalidArgument(operation, "unknown font style \(d.style)") }
        guard (0...9).contains(d.stretch) else { throw .invalidArgument(operation, "font stretch \(d.stretch) is not 0...9") }
    }

    /// Applies the set fields of a plugin's `easel_font_desc` to this description.
    ///
    /// The string form first (merged over what is there), then family, size,
    /// weight, style and stretch when set (see easel.h).
    package func apply(_ desc: UnsafePointer<easel_font_desc>, in operation: String) throws(CanvasError) {
        try Self.validate(desc, in: operation)
        applyValidated(desc)
    }

    fileprivate func applyValidated(_ desc: UnsafePointer<easel_font_desc>) {
        let d = desc.pointee
        if let string = d.description, let parsed = pango_font_description_from_string(string) {
            // A size in the string form is in user-space units, as the structured size.
            if pango_font_description_get_set_fields(parsed).rawValue & PANGO_FONT_MASK_SIZE.rawValue != 0,
               pango_font_description_get_size_is_absolute(parsed) == 0 {
                let size = Double(pango_font_description_get_size(parsed))
                pango_font_description_set_absolute_size(parsed, size)
            }
            pango_font_description_merge(pointer, parsed, 1)
            pango_font_description_free(parsed)
        }
        if let family = d.family {
            pango_font_description_set_family(pointer, family)
        }
        if d.size > 0 {
            pango_font_description_set_absolute_size(pointer, d.size * Double(PANGO_SCALE))
        }
        if d.weight != 0 {
            pango_font_description_set_weight(pointer, PangoWeight(rawValue: UInt32(d.weight)))
        }
        switch d.style {
        case 1: pango_font_description_set_style(pointer, PANGO_STYLE_NORMAL)
        case 2: pango_font_description_set_style(pointer, PANGO_STYLE_ITALIC)
        case 3: pango_font_description_set_style(pointer, PANGO_STYLE_OBLIQUE)
        default: break
        }
        if d.stretch != 0 {
            pango_font_description_set_stretch(pointer, PangoStretch(rawValue: UInt32(d.stretch - 1)))
        }
    }

    /// An empty description: what a font attribute's descriptor is applied to.
    nonisolated(unsafe) static let empty = FontDescription(owning: pango_font_description_new()).sealed()
}

extension TextEngine {
    /// How many resolved fonts a thread keeps.
    static let maximumResolvedFonts = 1024

    /// `desc` applied to `base`, sealed: from the thread's cache when the
    /// same descriptor (by content) was applied to an equal base before.
    ///
    /// Plugins describe a font on every call (a label draws with its font
    /// each time); the cache spares parsing the string form and printing
    /// the result for each of them.
    package func resolve(
        _ desc: UnsafePointer<easel_font_desc>, base: FontDescription, in operation: String
    ) throws(CanvasError) -> FontDescription {
        try FontDescription.validate(desc, in: operation)
        let d = desc.pointee
        if let last = lastResolved, last.base === base, last.matches(d) { return last.font }
        scratchKey.bytes.removeAll(keepingCapacity: true)
        scratchKey.append(base.key)
        scratchKey.append(cString: d.description)
        scratchKey.append(cString: d.family)
        scratchKey.append(d.size)
        scratchKey.append(d.weight)
        scratchKey.append(d.style)
        scratchKey.append(d.stretch)
        let font: FontDescription
        if let known = resolvedFonts[scratchKey] {
            font = known
        } else {
            font = base.copy()
            font.applyValidated(desc)
            // A size in the string form ("DejaVu Sans 20000") is bounded as the structured size is.
            let size = Double(pango_font_description_get_size(font.pointer)) / Double(PANGO_SCALE)
            guard size <= FontDescription.maximumSize else {
                let string = d.description.map { String(String(cString: $0).prefix(80)) } ?? ""
                throw .invalidArgument(
                    operation, "font size \(size) in \"\(string)\" is larger than \(Int(FontDescription.maximumSize))")
            }
            font.sealed()
            if resolvedFonts.count >= Self.maximumResolvedFonts { resolvedFonts.removeAll(keepingCapacity: true) }
            resolvedFonts[scratchKey] = font
        }
        lastResolved = ResolvedFont(base: base, desc: d, font: font)
        return font
    }
}

/// The last font `resolve` returned and what it was resolved from, compared
/// field by field before the cache is asked (a plugin tends to describe the
/// same font call after call).
struct ResolvedFont {
    let base: FontDescription
    let description: [CChar]?
    let family: [CChar]?
    let size: Double
    let weight: Int32, style: Int32, stretch: Int32
    let font: FontDescription

    init(base: FontDescription, desc d: easel_font_desc, font: FontDescription) {
        self.base = base
        description = d.description.map { Self.copy($0) }
        family = d.family.map { Self.copy($0) }
        size = d.size
        weight = d.weight
        style = d.style
        stretch = d.stretch
        self.font = font
    }

    private static func copy(_ string: UnsafePointer<CChar>) -> [CChar] {
        Array(UnsafeBufferPointer(start: string, count: strlen(string) + 1))
    }

    private static func equal(_ stored: [CChar]?, _ string: UnsafePointer<CChar>?) -> Bool {
        switch (stored, string) {
        case (nil, nil): return true
        case let (stored?, string?): return stored.withUnsafeBufferPointer { strcmp($0.baseAddress!, string) == 0 }
        default: return false
        }
    }

    func matches(_ d: easel_font_desc) -> Bool {
        d.size == size && d.weight == weight && d.style == style && d.stretch == stretch
            && Self.equal(description, d.description) && Self.equal(family, d.family)
    }
}

// MARK: - Laying out

/// A paragraph style with its values checked (easel_text_style).
package struct TextStyle {
    package var alignment: Int32 = 0
    package var lineBreak: Int32 = 0
    package var truncation: Int32 = 0
    package var maxLines: Int32 = 0
    package var lineSpacing: Double = 0
    /// The font the style names, if any (replacing the canvas's).
    package var font: UnsafePointer<easel_font_desc>?

    /// Aligned left or right whatever the paragraphs' directions (laid out
    /// in the engine's neutral contexts).
    package var isExplicitlyAligned: Bool { alignment == 1 || alignment == 3 }

    package init() {}

    /// Checks a plugin's style; NULL is the default style.
    package init(_ style: UnsafePointer<easel_text_style>?, in operation: String) throws(CanvasError) {
        guard let style else { return }
        let minimumSize = UInt32(MemoryLayout<easel_text_style>.size)
        guard style.pointee.struct_size >= minimumSize else {
            throw .invalidArgument(
                operation, "easel_text_style.struct_size \(style.pointee.struct_size) is smaller than \(minimumSize)")
        }
        let s = style.pointee
        guard (0...4).contains(s.alignment) else { throw .invalidArgument(operation, "unknown text alignment \(s.alignment)") }
        guard (0...1).contains(s.line_break) else { throw .invalidArgument(operation, "unknown line break mode \(s.line_break)") }
        guard (0...3).contains(s.truncation) else { throw .invalidArgument(operation, "unknown truncation \(s.truncation)") }
        guard s.max_lines >= 0 else { throw .invalidArgument(operation, "negative max_lines \(s.max_lines)") }
        guard s.line_spacing.isFinite, abs(s.line_spacing) <= FontDescription.maximumSize else {
            throw .invalidArgument(operation, "line spacing \(s.line_spacing) is not finite or too large")
        }
        alignment = s.alignment
        lineBreak = s.line_break
        truncation = s.truncation
        maxLines = s.max_lines
        lineSpacing = s.line_spacing
        font = s.font
    }
}

/// A piece of UTF-8 text from a plugin, checked for NULL and length; its
/// UTF-8 is checked by `validateUTF8(in:)` (or by laying it out).
package struct TextBytes {
    package let start: UnsafePointer<CChar>
    package let count: Int32

    /// The largest text laid out at once, in bytes: a bound on the time a
    /// plugin can make Pango spend in one call (a megabyte lays out in well
    /// under a second).
    package static let maximumLength = 1 << 20

    /// Checks `utf8` (`length` bytes, or up to the NUL when -1) for NULL and length.
    package init(_ utf8: UnsafePointer<CChar>?, length: Int64, in operation: String) throws(CanvasError) {
        guard let utf8 else { throw .invalidArgument(operation, "NULL string") }
        let count: Int
        if length < 0 {
            guard length == -1 else { throw .invalidArgument(operation, "negative length \(length)") }
            count = strlen(utf8)
        } else {
            count = Int(length)
        }
        guard count <= Self.maximumLength else {
            throw .invalidArgument(operation, "text of \(count) bytes is longer than \(Self.maximumLength)")
        }
        self.start = utf8
        self.count = Int32(count)
    }

    /// Whether the byte at `index` continues a UTF-8 sequence (10xxxxxx).
    @inline(__always)
    func isContinuation(_ index: Int) -> Bool {
        index < Int(count) && UInt8(bitPattern: start[index]) & 0xC0 == 0x80
    }

    /// `index` (0...count) moved back to the first byte of its character.
    package func characterStart(_ index: Int32) -> Int32 {
        var index = Int(index)
        while index > 0 && isContinuation(index) { index -= 1 }
        return Int32(index)
    }

    /// `index` (0...count) moved forward to the first byte of the next character.
    package func characterEnd(_ index: Int32) -> Int32 {
        var index = Int(index)
        while isContinuation(index) { index += 1 }
        return Int32(index)
    }

    /// The length of the paragraph break at `index` (Pango's: a line feed, a
    /// carriage return, both, or U+2029 PARAGRAPH SEPARATOR); 0 if none.
    func paragraphBreakLength(at index: Int) -> Int {
        let byte = UInt8(bitPattern: start[index])
        if byte == 0x0D { return index + 1 < Int(count) && start[index + 1] == 0x0A ? 2 : 1 }
        if byte == 0x0A { return 1 }
        if byte == 0xE2, index + 2 < Int(count), UInt8(bitPattern: start[index + 1]) == 0x80,
           UInt8(bitPattern: start[index + 2]) == 0xA9 { return 3 }
        return 0
    }

    /// Checks that the bytes are valid UTF-8.
    package func validateUTF8(in operation: String) throws(CanvasError) {
        guard g_utf8_validate(start, gssize(count), nil) != 0 else {
            // The error cairo's own text functions gave before Pango.
            throw .cairo(.invalidString, in: operation)
        }
    }
}

extension TextEngine {
    /// Lays out `text` and returns the layout to draw or measure, valid
    /// until the next call.
    ///
    /// Drawn text (`drawing`) is laid out in the drawing context, in a
    /// cached layout when the same text was laid out the same way before
    /// (see `LayoutCache`); measured text in the measuring context's layout.
    ///
    /// - Parameters:
    ///   - font: The paragraph's font (the canvas's, or the default), sealed, before `style.font`.
    ///   - width: The wrapping width in user-space units; nil: no wrapping.
    ///   - height: The height lines must fit in (with truncation); nil: any.
    ///   - singleParagraph: Keep everything on one line (text drawn at a point).
    ///   - alpha: Multiplied into attributed colours (the canvas's global alpha).
    package func layOut(
        _ text: TextBytes, font: FontDescription, style: TextStyle, width: Double?, height: Double?,
        singleParagraph: Bool, attributes: UnsafePointer<easel_text_attribute>?, attributeCount: UInt32,
        alpha: Double, drawing: Bool, in operation: String
    ) throws(CanvasError) -> OpaquePointer {
        let paragraphFont = try style.font.map { (desc) throws(CanvasError) in try resolve(desc, base: font, in: operation) } ?? font
        let width = width.flatMap { $0.isFinite && $0 > 0 ? min($0, 1e6) : nil }
        let height = height.flatMap { $0.isFinite && $0 >= 0 ? min($0, 1e6) : nil }
        /// Lays the text out in the reused layout of its context, uncached.
        func layOutOnce() throws(CanvasError) -> OpaquePointer {
            try text.validateUTF8(in: operation)
            let list = try attributeList(
                attributes, count: attributeCount, text: text, alpha: alpha, in: operation)
            let layout = style.isExplicitlyAligned
                ? (drawing ? explicitDrawingLayout : explicitMeasuringLayout)
                : (drawing ? drawingLayout : measuringLayout)
            configure(layout, text, font: paragraphFont, style: style, width: width, height: height,
                      singleParagraph: singleParagraph, attributes: list)
            return layout
        }
        guard drawing, Int(text.count) <= LayoutCache.maximumTextLength,
              let digest = layoutDigest(text, font: paragraphFont, style: style, width: width, height: height,
                                        singleParagraph: singleParagraph, attributes: attributes,
                                        attributeCount: attributeCount, alpha: alpha)
        else { return try layOutOnce() }
        if let entry = layouts.entry(for: digest) {
            // The full key decides (a digest can collide).
            guard makeLayoutKey(text, font: paragraphFont, style: style, width: width, height: height,
                                singleParagraph: singleParagraph, attributes: attributes,
                                attributeCount: attributeCount, alpha: alpha),
                  entry.key == scratchKey
            else { return try layOutOnce() }
            return entry.layout
        }
        guard layouts.admits(digest),
              makeLayoutKey(text, font: paragraphFont, style: style, width: width, height: height,
                            singleParagraph: singleParagraph, attributes: attributes, attributeCount: attributeCount,
                            alpha: alpha)
        else { return try layOutOnce() }
        let key = scratchKey  // (resolving attribute fonts below reuses the scratch key)
        try text.validateUTF8(in: operation)
        let list = try attributeList(
            attributes, count: attributeCount, text: text, alpha: alpha, in: operation)
        let layout = layouts.insert(
            key, digest: digest, length: Int(text.count), context: style.isExplicitlyAligned ? explicitContext : context)
        configure(layout, text, font: paragraphFont, style: style, width: width, height: height,
                  singleParagraph: singleParagraph, attributes: list)
        return layout
    }

    /// The digest of everything that shapes a drawn layout (what
    /// `makeLayoutKey` writes, with attribute fonts by their descriptors);
    /// nil when the text is not to be cached (more than 64 runs, or a font
    /// run whose descriptor is NULL or invalid).
    private func layoutDigest(
        _ text: TextBytes, font: FontDescription, style: TextStyle, width: Double?, height: Double?,
        singleParagraph: Bool, attributes: UnsafePointer<easel_text_attribute>?, attributeCount: UInt32, alpha: Double
    ) -> UInt64? {
        var digest = Digest()
        digest.mix(font.keyDigest)
        digest.mix(width ?? -1)
        digest.mix(height ?? -1)
        digest.mix(style.alignment, style.lineBreak)
        digest.mix(style.truncation, style.maxLines)
        digest.mix(style.lineSpacing)
        digest.mix(Int32(bitPattern: attributeCount), singleParagraph ? 1 : 0)
        if attributeCount > 0 {
            guard let attributes, attributeCount <= 64 else { return nil }
            digest.mix(alpha)
            for index in 0..<Int(attributeCount) {
                let run = attributes[index]
                digest.mix(Int32(bitPattern: run.start), Int32(bitPattern: run.end))
                digest.mix(run.kind, run.value)
                digest.mix(run.number)
                digest.mix(run.color.red)
                digest.mix(run.color.green)
                digest.mix(run.color.blue)
                digest.mix(run.color.alpha)
                if run.kind == Int32(EASEL_TEXT_ATTR_FONT) {
                    // (A descriptor that does not check out is laid out afresh, which reports it.)
                    guard let desc = run.font, (try? FontDescription.validate(desc, in: "")) != nil else { return nil }
                    let d = desc.pointee
                    digest.mix(cString: d.description)
                    digest.mix(cString: d.family)
                    digest.mix(d.size)
                    digest.mix(d.weight, d.style)
                    digest.mix(d.stretch, 0)
                }
            }
        }
        digest.mix(bytes: text.start, count: Int(text.count))
        return digest.value
    }

    /// Writes the layout cache's key for this text into `scratchKey`; false
    /// when the text is not to be cached (an attribute with a font that does
    /// not resolve: laying out reports it).
    private func makeLayoutKey(
        _ text: TextBytes, font: FontDescription, style: TextStyle, width: Double?, height: Double?,
        singleParagraph: Bool, attributes: UnsafePointer<easel_text_attribute>?, attributeCount: UInt32, alpha: Double
    ) -> Bool {
        // Attribute fonts first: resolving one uses the scratch key. (Text
        // with more than 64 runs is laid out afresh each time.)
        var attributeFonts: [FontDescription] = []
        if attributeCount > 0 {
            guard let attributes, attributeCount <= 64 else { return false }
            for index in 0..<Int(attributeCount) where attributes[index].kind == Int32(EASEL_TEXT_ATTR_FONT) {
                guard let desc = attributes[index].font,
                      let font = try? resolve(desc, base: .empty, in: "") else { return false }
                attributeFonts.append(font)
            }
        }
        scratchKey.bytes.removeAll(keepingCapacity: true)
        scratchKey.append(font.key)
        scratchKey.append(width ?? -1)
        scratchKey.append(height ?? -1)
        scratchKey.append(singleParagraph)
        scratchKey.append(style.alignment)
        scratchKey.append(style.lineBreak)
        scratchKey.append(style.truncation)
        scratchKey.append(style.maxLines)
        scratchKey.append(style.lineSpacing)
        scratchKey.append(attributeCount)
        if attributeCount > 0, let attributes {
            scratchKey.append(alpha)
            var fonts = attributeFonts.makeIterator()
            for index in 0..<Int(attributeCount) {
                let run = attributes[index]
                scratchKey.append(run.start)
                scratchKey.append(run.end)
                scratchKey.append(run.kind)
                scratchKey.append(run.value)
                scratchKey.append(run.number)
                scratchKey.append(run.color)
                if run.kind == Int32(EASEL_TEXT_ATTR_FONT), let font = fonts.next() { scratchKey.append(font.key) }
            }
        }
        scratchKey.append(text.count)
        text.start.withMemoryRebound(to: UInt8.self, capacity: Int(text.count)) {
            scratchKey.bytes.append(contentsOf: UnsafeBufferPointer(start: $0, count: Int(text.count)))
        }
        return true
    }

    /// Sets up `layout` for the text (checked) and its paragraph; takes `attributes` (NULL: none).
    private func configure(
        _ layout: OpaquePointer, _ text: TextBytes, font: FontDescription, style: TextStyle, width: Double?,
        height: Double?, singleParagraph: Bool, attributes: OpaquePointer?
    ) {
        pango_layout_set_text(layout, text.start, text.count)
        pango_layout_set_font_description(layout, font.pointer)
        pango_layout_set_attributes(layout, attributes)
        if let attributes { pango_attr_list_unref(attributes) }
        pango_layout_set_single_paragraph_mode(layout, singleParagraph ? 1 : 0)
        pango_layout_set_spacing(layout, Int32(clamping: Int((style.lineSpacing * Double(PANGO_SCALE)).rounded())))

        if let width {
            pango_layout_set_width(layout, Int32(clamping: Int((width * Double(PANGO_SCALE)).rounded())))
        } else {
            pango_layout_set_width(layout, -1)
        }
        pango_layout_set_wrap(layout, style.lineBreak == 1 ? PANGO_WRAP_CHAR : PANGO_WRAP_WORD_CHAR)

        // Alignment: natural follows each paragraph's direction (auto-dir:
        // Pango swaps left for right in a right-to-left paragraph of a
        // left-to-right context); left and right mean left and right in
        // every paragraph (laid out in a neutral context, which swaps none).
        pango_layout_set_auto_dir(layout, 1)
        pango_layout_set_justify(layout, style.alignment == 4 ? 1 : 0)
        let alignment: PangoAlignment
        switch style.alignment {
        case 1: alignment = PANGO_ALIGN_LEFT
        case 2: alignment = PANGO_ALIGN_CENTER
        case 3: alignment = PANGO_ALIGN_RIGHT
        default: alignment = PANGO_ALIGN_LEFT
        }
        pango_layout_set_alignment(layout, alignment)

        // Truncation: Pango ellipsizes the last line that fits `height`
        // (positive, in Pango units) or the given number of lines (negative).
        let mode: PangoEllipsizeMode
        switch style.truncation {
        case 1: mode = PANGO_ELLIPSIZE_START
        case 2: mode = PANGO_ELLIPSIZE_MIDDLE
        case 3: mode = PANGO_ELLIPSIZE_END
        default: mode = PANGO_ELLIPSIZE_NONE
        }
        pango_layout_set_ellipsize(layout, mode)
        if !rewrittenIndexShifts.isEmpty { rewrittenIndexShifts.removeAll(keepingCapacity: true) }
        if mode != PANGO_ELLIPSIZE_NONE {
            if !singleParagraph, style.maxLines > 0 || height != nil, Self.hasParagraphBreak(text) {
                cutToVisibleLines(layout, text, mode: mode, maxLines: style.maxLines, height: height)
            } else if style.maxLines > 0 {
                pango_layout_set_height(layout, -style.maxLines)
                if let height, Double(Self.logicalExtents(of: layout).height) / Double(PANGO_SCALE) > height {
                    pango_layout_set_height(layout, Int32(clamping: Int((height * Double(PANGO_SCALE)).rounded(.down))))
                }
            } else if let height {
                pango_layout_set_height(layout, Int32(clamping: Int((height * Double(PANGO_SCALE)).rounded(.down))))
            } else {
                pango_layout_set_height(layout, Int32.max)
            }
        } else {
            pango_layout_set_height(layout, -1)
        }
    }

    /// Whether `text` has more than one paragraph for Pango (a line feed, a
    /// carriage return or U+2029 PARAGRAPH SEPARATOR).
    static func hasParagraphBreak(_ text: TextBytes) -> Bool {
        (0..<Int(text.count)).contains { text.paragraphBreakLength(at: $0) != 0 }
    }

    /// Truncates text of several paragraphs to the lines that fit
    /// `maxLines` (when > 0) and `height`, the last of them cut with an
    /// ellipsis when text remains (configure's part for such text).
    ///
    /// Pango counts a negative height in lines *per paragraph*, shows at
    /// least one line of every paragraph under a positive height, and puts
    /// an ellipsis only where it cuts a paragraph. So the text is laid out
    /// without a limit first; when lines are left over, the layout gets the
    /// text up to the end of the last shown line's paragraph, with the
    /// paragraph breaks before it turned into U+2028 LINE SEPARATOR (the
    /// same line breaks, one paragraph) and "…" after it when more
    /// paragraphs follow, and a limit of that many lines, which Pango
    /// ellipsizes in `mode`. The byte offsets of attributes (and of
    /// ``rewrittenIndexShifts``) follow the separators' longer encoding.
    /// (One paragraph has one base direction: a right-to-left paragraph
    /// after a left-to-right one takes the first's when they are cut.)
    private func cutToVisibleLines(
        _ layout: OpaquePointer, _ text: TextBytes, mode: PangoEllipsizeMode, maxLines: Int32, height: Double?
    ) {
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_NONE)
        pango_layout_set_height(layout, -1)
        let total = Int(pango_layout_get_line_count(layout))
        let shown = Self.visibleLines(of: layout, maxLines: maxLines, height: height).count
        // Everything fits: nothing to cut (and no line is wider than the rect when wrapped).
        guard shown > 0, shown < total, let last = pango_layout_get_line_readonly(layout, Int32(shown - 1)) else { return }
        let lastStart = Int(max(last.pointee.start_index, 0))
        let count = Int(text.count)
        var bytes: [CChar] = []
        bytes.reserveCapacity(min(count, lastStart * 3 / 2 + 256))
        let lineSeparator: [CChar] = [CChar(bitPattern: 0xE2), CChar(bitPattern: 0x80), CChar(bitPattern: 0xA8)]
        var index = 0
        while index < lastStart {
            let length = text.paragraphBreakLength(at: index)
            if length == 0 {
                bytes.append(text.start[index])
                index += 1
            } else {
                bytes.append(contentsOf: lineSeparator)
                if length != 3 { rewrittenIndexShifts.append((at: Int32(index), removed: Int32(length))) }
                index += length
            }
        }
        // The last shown line's paragraph, up to its break.
        var end = lastStart
        while end < count, text.paragraphBreakLength(at: end) == 0 { end += 1 }
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.start + lastStart, count: end - lastStart))
        if end < count, end + text.paragraphBreakLength(at: end) < count {
            bytes.append(contentsOf: [CChar(bitPattern: 0xE2), CChar(bitPattern: 0x80), CChar(bitPattern: 0xA6)])  // …
        }
        // Attributes move with the text (a copy: the list may be shared).
        if !rewrittenIndexShifts.isEmpty, let attributes = pango_layout_get_attributes(layout),
           let moved = pango_attr_list_copy(attributes) {
            for shift in rewrittenIndexShifts.reversed() {
                pango_attr_list_update(moved, shift.at, shift.removed, 3)
            }
            pango_layout_set_attributes(layout, moved)
            pango_attr_list_unref(moved)
        }
        bytes.withUnsafeBufferPointer { pango_layout_set_text(layout, $0.baseAddress, Int32($0.count)) }
        pango_layout_set_ellipsize(layout, mode)
        pango_layout_set_height(layout, -Int32(shown))
    }

    /// The byte offset in the last configured layout's text of the plugin's offset `index`.
    package func layoutIndex(_ index: Int32) -> Int32 {
        var result = index
        for shift in rewrittenIndexShifts where shift.at < index { result += 3 - shift.removed }
        return result
    }

    /// A layout's logical extents, in Pango units.
    package static func logicalExtents(of layout: OpaquePointer) -> PangoRectangle {
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        return logical
    }

    /// How many lines of `layout` are shown, and their logical
    /// extents in user-space units (the union of those lines' boxes).
    ///
    /// Lines after `maxLines` (when > 0) or whose bottom is below `height`
    /// are not shown; the first line always is.
    package static func visibleLines(
        of layout: OpaquePointer, maxLines: Int32, height: Double?
    ) -> (count: Int, extents: easel_rect) {
        let total = Int(pango_layout_get_line_count(layout))
        guard let iter = pango_layout_get_iter(layout) else { return (0, easel_rect()) }
        defer { pango_layout_iter_free(iter) }
        let isEllipsized = pango_layout_is_ellipsized(layout) != 0
        var count = 0
        var minX = Double.infinity, maxX = -Double.infinity, bottom = 0.0
        let scale = Double(PANGO_SCALE)
        repeat {
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iter, nil, &logical)
            let lineBottom = Double(logical.y + logical.height) / scale
            if count > 0 {
                if maxLines > 0, count >= Int(maxLines) { break }
                if let height, lineBottom > height + 1e-6 { break }
            }
            // Pango gives an ellipsized line the whole width as its logical
            // width; what it shows is the advance of its runs.
            var lineWidth = logical.width
            if isEllipsized, let line = pango_layout_iter_get_line_readonly(iter) {
                lineWidth = min(lineWidth, Self.advance(of: line))
            }
            minX = min(minX, Double(logical.x) / scale)
            maxX = max(maxX, Double(logical.x + lineWidth) / scale)
            bottom = lineBottom
            count += 1
        } while count < total && pango_layout_iter_next_line(iter) != 0
        guard count > 0 else { return (0, easel_rect()) }
        return (count, easel_rect(origin: easel_point(x: minX, y: 0), size: easel_size(width: maxX - minX, height: bottom)))
    }

    /// The width a line's glyphs take, in Pango units: the sum of its runs'
    /// advances, less what Pango adds to an ellipsis at the end of the line.
    ///
    /// Pango widens the ellipsis run of an ellipsized line (so that the line
    /// fills its width, or the ellipsis stands where the removed text was);
    /// at the end of a line (tail truncation) that is empty space, in the
    /// middle or at the start the text after it is drawn after that space.
    package static func advance(of line: UnsafeMutablePointer<PangoLayoutLine>) -> Int32 {
        var width: Int32 = 0
        var trailingExtra: Int32 = 0
        var node = line.pointee.runs
        var visited = 0
        while let current = node, visited < TextBytes.maximumLength {
            trailingExtra = 0
            if let run = current.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self),
               let glyphs = run.pointee.glyphs {
                let analysis = run.pointee.item.pointee.analysis
                let runWidth = pango_glyph_string_get_width(glyphs)
                width &+= runWidth
                if analysis.flags & UInt8(PANGO_ANALYSIS_FLAG_IS_ELLIPSIS) != 0, let font = analysis.font {
                    // The glyphs' own advances.
                    var own: Int32 = 0
                    for index in 0..<Int(max(glyphs.pointee.num_glyphs, 0)) {
                        var logical = PangoRectangle()
                        pango_font_get_glyph_extents(font, glyphs.pointee.glyphs[index].glyph, nil, &logical)
                        own &+= logical.width
                    }
                    trailingExtra = max(runWidth &- own, 0)
                }
            }
            node = current.pointee.next
            visited += 1
        }
        return width &- trailingExtra
    }

    /// Metrics of a font, in user-space units, measured without a transform.
    ///
    /// pango_context_get_metrics shapes a sample text to find average
    /// widths, which costs more than laying out a label: the answer is kept
    /// per font (up to ``maximumCachedMetrics`` fonts per thread).
    package func metrics(of font: FontDescription) -> easel_font_metrics {
        if let last = lastMetrics, last.font === font { return last.metrics }
        let key = font.key
        if let known = metricsCache[key] {
            lastMetrics = (font, known)
            return known
        }
        guard let metrics = pango_context_get_metrics(measuringContext, font.pointer, nil) else { return easel_font_metrics() }
        defer { pango_font_metrics_unref(metrics) }
        let scale = Double(PANGO_SCALE)
        let ascent = Double(pango_font_metrics_get_ascent(metrics)) / scale
        let descent = Double(pango_font_metrics_get_descent(metrics)) / scale
        let result = easel_font_metrics(ascent: ascent, descent: descent, line_height: ascent + descent)
        if metricsCache.count >= Self.maximumCachedMetrics { metricsCache.removeAll(keepingCapacity: true) }
        metricsCache[key] = result
        lastMetrics = (font, result)
        return result
    }

    /// How many fonts' metrics a thread keeps.
    package static let maximumCachedMetrics = 256

    /// A Pango attribute list for a plugin's attributed runs; NULL for none.
    ///
    /// A run's byte range is clamped to the text and widened to whole
    /// characters (a range that splits a UTF-8 sequence would make Pango
    /// draw a replacement character).
    package func attributeList(
        _ attributes: UnsafePointer<easel_text_attribute>?, count: UInt32, text: TextBytes, alpha: Double,
        in operation: String
    ) throws(CanvasError) -> OpaquePointer? {
        let textLength = UInt32(text.count)
        guard count > 0 else { return nil }
        guard let attributes else { throw .invalidArgument(operation, "NULL attributes with count \(count)") }
        guard count <= 1 << 20 else { throw .invalidArgument(operation, "too many attributes (\(count))") }
        let list = pango_attr_list_new()!
        do throws(CanvasError) {
            for index in 0..<Int(count) {
                let run = attributes[index]
                guard run.start <= run.end else {
                    throw .invalidArgument(operation, "attribute \(index): start \(run.start) is after end \(run.end)")
                }
                let start = UInt32(text.characterStart(Int32(min(run.start, textLength))))
                let end = UInt32(text.characterEnd(Int32(min(run.end, textLength))))
                func insert(_ attribute: UnsafeMutablePointer<PangoAttribute>?) {
                    guard let attribute else { return }
                    attribute.pointee.start_index = start
                    attribute.pointee.end_index = end
                    pango_attr_list_insert(list, attribute)
                }
                func colorAttributes(_ color: easel_color, _ make: (UInt16, UInt16, UInt16) -> UnsafeMutablePointer<PangoAttribute>?) throws(CanvasError) {
                    try CanvasLimits.validate(color, in: operation)
                    func channel(_ value: Double) -> UInt16 { UInt16((min(max(value, 0), 1) * 65535).rounded()) }
                    insert(make(channel(color.red), channel(color.green), channel(color.blue)))
                }
                switch run.kind {
                case 1:
                    try colorAttributes(run.color) { pango_attr_foreground_new($0, $1, $2) }
                    let a = min(max(run.color.alpha * alpha, 0), 1)
                    insert(pango_attr_foreground_alpha_new(max(1, UInt16((a * 65535).rounded()))))
                case 2:
                    guard let font = run.font else { throw .invalidArgument(operation, "attribute \(index): NULL font") }
                    insert(pango_attr_font_desc_new(try resolve(font, base: .empty, in: operation).pointer))
                case 3, 4:
                    guard (0...2).contains(run.value), run.kind == 3 || run.value <= 1 else {
                        throw .invalidArgument(operation, "attribute \(index): value \(run.value) out of range")
                    }
                    if run.kind == 3 {
                        let style: PangoUnderline = run.value == 2 ? PANGO_UNDERLINE_DOUBLE
                            : run.value == 1 ? PANGO_UNDERLINE_SINGLE : PANGO_UNDERLINE_NONE
                        insert(pango_attr_underline_new(style))
                        if run.color.alpha > 0 { try colorAttributes(run.color) { pango_attr_underline_color_new($0, $1, $2) } }
                    } else {
                        insert(pango_attr_strikethrough_new(run.value != 0 ? 1 : 0))
                        if run.color.alpha > 0 { try colorAttributes(run.color) { pango_attr_strikethrough_color_new($0, $1, $2) } }
                    }
                case 5:
                    guard run.number.isFinite, abs(run.number) <= FontDescription.maximumSize else {
                        throw .invalidArgument(operation, "attribute \(index): baseline offset \(run.number) out of range")
                    }
                    insert(pango_attr_rise_new(Int32((run.number * Double(PANGO_SCALE)).rounded())))
                default:
                    throw .invalidArgument(operation, "attribute \(index): unknown kind \(run.kind)")
                }
            }
        } catch {
            pango_attr_list_unref(list)
            throw error
        }
        return list
    }
}

// MARK: - Font files

/// A font file that ``TextEngine/registerFonts(inFolder:)`` could not register.
package struct FontFileError: Error, Equatable, CustomStringConvertible {
    /// The file (or the folder, when it cannot be read).
    package let path: String
    /// Why, in words.
    package let reason: String

    package var description: String { "cannot register font \(path): \(reason)" }
}

extension TextEngine {
    /// How many font files one folder may register.
    package static let maximumFontFiles = 512

    /// Incremented whenever fonts are registered; each thread's engine
    /// compares it with the generation its font map has seen (`syncFonts`).
    private static let fontGeneration = Synchronization.Atomic<Int>(0)

    /// Registers every `.ttf`, `.otf` and `.ttc` file in `folder` (not its
    /// subfolders) with fontconfig for this process, so that text in any
    /// canvas, on any thread, can name their families.
    ///
    /// Each file is read by fontconfig (FreeType) first; a file it cannot
    /// read as a font is reported and not added. The good files are added
    /// with `FcConfigAppFontAddFile` to the configuration Pango's font maps
    /// use (fontconfig's current one), and every thread's Pango font map
    /// sees them before its next text call (`pango_fc_font_map_config_changed`);
    /// layouts cached before lay out again. Files are taken in name order, at
    /// most ``maximumFontFiles``; other files in the folder are ignored.
    /// Registering the same file twice adds it once more, harmlessly.
    ///
    /// Fonts stay registered for the life of the process (fontconfig cannot
    /// remove one application font). Call it where plugins are loaded,
    /// before their text is drawn: fontconfig changes its configuration in
    /// place, and a thread in the middle of laying text out may or may not
    /// see the new fonts yet.
    ///
    /// - Parameter folder: A folder path, such as a plugin's resource folder.
    /// - Returns: The paths registered, and an error naming each file (or the
    ///   folder) that could not be registered; a folder without font files
    ///   gives two empty lists.
    package static func registerFonts(inFolder folder: String) -> (registered: [String], errors: [FontFileError]) {
        guard let directory = opendir(folder) else {
            return ([], [FontFileError(path: folder, reason: String(cString: strerror(errno)))])
        }
        var names: [String] = []
        var scanned = 0
        while let entry = readdir(directory), scanned < 100_000 {
            scanned += 1
            let name = withUnsafeBytes(of: &entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            let lowered = name.lowercased()
            guard !name.hasPrefix("."), [".ttf", ".otf", ".ttc"].contains(where: { lowered.hasSuffix($0) }) else { continue }
            names.append(name)
        }
        closedir(directory)
        names.sort()
        var errors: [FontFileError] = []
        if names.count > maximumFontFiles {
            for name in names[maximumFontFiles...] {
                errors.append(FontFileError(
                    path: folder + "/" + name, reason: "more than \(maximumFontFiles) font files in the folder"))
            }
            names.removeLast(names.count - maximumFontFiles)
        }
        guard !names.isEmpty else { return ([], errors) }
        guard let config = FcConfigGetCurrent() else {
            return ([], errors + names.map { FontFileError(path: folder + "/" + $0, reason: "fontconfig has no configuration") })
        }
        var registered: [String] = []
        for name in names {
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            var info = stat()
            guard stat(path, &info) == 0 else {
                errors.append(FontFileError(path: path, reason: String(cString: strerror(errno))))
                continue
            }
            guard (info.st_mode & S_IFMT) == S_IFREG else {
                errors.append(FontFileError(path: path, reason: "not a regular file"))
                continue
            }
            // What fontconfig would find in the file: nothing for a file that is not a font.
            var count: Int32 = 0
            guard let pattern = path.withCString({ FcFreeTypeQuery(UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self), 0, nil, &count) }) else {
                errors.append(FontFileError(path: path, reason: "not a font file FreeType can read"))
                continue
            }
            FcPatternDestroy(pattern)
            let added = path.withCString { FcConfigAppFontAddFile(config, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
            guard added != 0 else {
                errors.append(FontFileError(path: path, reason: "fontconfig did not add it"))
                continue
            }
            registered.append(path)
        }
        if !registered.isEmpty { fontGeneration.add(1, ordering: .sequentiallyConsistent) }
        return (registered, errors)
    }

    /// Makes this thread's font map see fonts registered since it last looked.
    func syncFonts() {
        let generation = Self.fontGeneration.load(ordering: .acquiring)
        guard generation != seenFontGeneration else { return }
        seenFontGeneration = generation
        pango_fc_font_map_config_changed(OpaquePointer(pango_cairo_font_map_get_default()))
        // Metrics and layouts may name fonts that now resolve to others.
        metricsCache.removeAll()
        lastMetrics = nil
        layouts.removeAll()
    }
}
