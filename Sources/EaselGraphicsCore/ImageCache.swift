// The decoded-image cache behind `load_image` and `image_named`.
//
// Decoding is the expensive part of an image (a 1000 x 1000 PNG takes
// milliseconds and 4 MB), and a widget typically loads the same icon every
// time it draws. So decoded images are kept by the identity of the file they
// came from, as the system reports it when the file is opened: device, inode,
// size and modification time (with nanoseconds). A file rewritten or replaced
// has a new identity and is decoded again; an unchanged one is not even read.
// The key also holds the scale its name says (`@2x`) and the scale an SVG is
// rendered at, since those change the decoded image.
//
// Memory is bounded by a budget on decoded bytes (width x height x 4): when
// it is exceeded, the least recently used images are dropped until the rest
// fit. An image larger than the whole budget is decoded and returned but not
// kept. An image dropped from the cache lives on while a plugin holds it.
// Images are immutable once decoded, so one object serves every holder.

import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Decoded images by file identity, with a memory budget (least recently used out first).
///
/// ``shared`` serves the image extension (`load_image`, `image_named`). Its
/// budget, ``defaultBudget`` (128 MB of decoded pixels), can be changed from
/// Swift at any time (`ImageCache.shared.budget = 32 << 20`); images over a
/// new budget are dropped at once.
public final class ImageCache: Sendable {
    /// The cache the image extension uses.
    public static let shared = ImageCache()

    /// The budget a cache starts with: 128 MB of decoded pixels.
    public static let defaultBudget = 128 * 1024 * 1024

    /// What identifies one decoded image.
    private struct Key: Hashable {
        var file: CanvasImage.FileIdentity
        var nameScale: Double
        var svgScale: Double
    }

    private struct Entry {
        var image: CanvasImage
        var bytes: Int
        var lastUse: UInt64
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        var bytes = 0
        var budget: Int
        var clock: UInt64 = 0
        var decodes = 0
        var hits = 0
    }

    private let state: Mutex<State>

    /// A cache with a budget of decoded bytes.
    ///
    /// - Parameter budget: The most bytes of decoded pixels kept (negative counts as 0).
    public init(budget: Int = ImageCache.defaultBudget) {
        state = Mutex(State(budget: max(0, budget)))
    }

    /// The most bytes of decoded pixels (width x height x 4 per image) kept;
    /// setting it drops the least recently used images over it.
    public var budget: Int {
        get { state.withLock { $0.budget } }
        set {
            state.withLock { state in
                state.budget = max(0, newValue)
                Self.evict(&state)
            }
        }
    }

    /// What the cache holds and has done.
    public struct Statistics: Sendable, Equatable {
        /// Images kept.
        public var count: Int
        /// Bytes of decoded pixels kept.
        public var bytes: Int
        /// Files decoded since the cache was made.
        public var decodes: Int
        /// Loads answered without decoding.
        public var hits: Int

        /// Counts, e.g. to compare with ``ImageCache/statistics``.
        public init(count: Int, bytes: Int, decodes: Int, hits: Int) {
            self.count = count
            self.bytes = bytes
            self.decodes = decodes
            self.hits = hits
        }
    }

    /// The cache's counts now.
    public var statistics: Statistics {
        state.withLock { Statistics(count: $0.entries.count, bytes: $0.bytes, decodes: $0.decodes, hits: $0.hits) }
    }

    /// Drops every image.
    public func removeAll() {
        state.withLock { state in
            state.entries = [:]
            state.bytes = 0
        }
    }

    /// The decoded image of a file: from the cache when the file is unchanged, else read and decoded (and kept).
    ///
    /// - Parameters:
    ///   - path: A PNG, JPEG, WebP, GIF or SVG file; only a regular file is read.
    ///   - defaultSVGScale: Pixels per point of an SVG whose name says no scale.
    /// - Throws: ``CanvasError`` as ``CanvasImage/init(contentsOf:)`` (`cannot read <path>: …`).
    public func image(contentsOf path: String, defaultSVGScale: Double = 2) throws(CanvasError) -> CanvasImage {
        let (descriptor, identity) = try CanvasImage.openFile(path)
        defer { close(descriptor) }
        let key = Key(file: identity, nameScale: CanvasImage.scale(ofFileNamed: path), svgScale: defaultSVGScale)
        let cached = state.withLock { state -> CanvasImage? in
            guard var entry = state.entries[key] else { return nil }
            state.clock += 1
            entry.lastUse = state.clock
            state.entries[key] = entry
            state.hits += 1
            return entry.image
        }
        if let cached { return cached }
        let bytes = try CanvasImage.readAll(descriptor, path: path)
        let image = try CanvasImage(file: path, bytes: bytes, defaultSVGScale: defaultSVGScale)
        let cost = image.pixelWidth * image.pixelHeight * 4
        state.withLock { state in
            state.decodes += 1
            guard cost <= state.budget else { return }
            state.clock += 1
            if let old = state.entries.updateValue(Entry(image: image, bytes: cost, lastUse: state.clock), forKey: key) {
                state.bytes -= old.bytes
            }
            state.bytes += cost
            Self.evict(&state)
        }
        return image
    }

    /// Drops the least recently used images until the rest fit the budget.
    private static func evict(_ state: inout State) {
        while state.bytes > state.budget, let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            state.entries[oldest.key] = nil
            state.bytes -= oldest.value.bytes
        }
    }
}
