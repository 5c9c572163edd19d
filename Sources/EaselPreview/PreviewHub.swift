import EaselSession
import Foundation
import Synchronization

/// What a page is sent after each render or command: the status when it changed (JSON text:
/// failure, tree, warnings), a frame message (JSON text: sequence, clock), then the changed
/// tiles as binary messages (a header, then a PNG).
struct PreviewUpdate: Sendable {
    /// The frame message (JSON text: `{"type":"frame", …}`), without the fields each page's sender adds.
    var frame: FrameMessage
    /// The changed tiles of the frame, with their PNGs.
    var tiles: [Tile] = []

    /// One tile: where, and its PNG.
    struct Tile: Sendable {
        var rect: PixelRect
        var png: [UInt8]
    }
}

/// The frame message: which frame the tiles that follow make, and the clock.
struct FrameMessage: Encodable, Sendable {
    var type = "frame"
    /// The frame's sequence number, and the one the tiles apply to (the page's current frame).
    var sequence: Int, previous: Int
    /// The frame's size in pixels.
    var width: Int, height: Int
    /// The number of binary tile messages that follow.
    var tiles = 0
    /// Whether the tiles replace the whole frame.
    var whole = false
    /// The media clock's time, the scene's length, whether the clock runs.
    var time: Double, duration: Double, playing: Bool
    /// The last input (touch event) the frame includes, as the page numbered it.
    var input: Int
    /// Milliseconds from the command to the encoded tiles.
    var milliseconds: Double
    /// When each stage of the frame ended (wall clock, milliseconds since 1970, as the page's
    /// `Date.now()`): `changed` (a file change read), `settled`, `received` (touches),
    /// `request`, `reply`, `state`, `copied`, `encoded` (LiveUpdate's), `published` (to the pages'
    /// queues), `sent` (by this page's sender).
    var timings: [String: Double] = [:]
}

/// The latest state of the preview and the pages watching it.
///
/// Each page gets its updates through a stream that keeps only the newest
/// one: a slow or stalled page skips frames (and then gets the whole frame
/// once it catches up) and never holds back the render loop or the other pages.
final class PreviewHub: Sendable {
    private struct State {
        var status = #"{"type":"status","state":"starting","generation":0}"#
        var statusVersion = 0
        var latest: PreviewUpdate?
        var clients: [Int: AsyncStream<PreviewUpdate>.Continuation] = [:]
        var nextClient = 0
    }

    private let state = Mutex(State())
    /// The frame the pages show (the whole frame for a page that joins or fell behind).
    let pixels = PreviewPixels()

    /// The status sent last, and its version (it grows with each new status).
    var latestStatus: (text: String, version: Int) { state.withLock { ($0.status, $0.statusVersion) } }

    /// The whole current frame as PNG; `nil` before the first.
    var latestPNG: [UInt8]? { pixels.encodeWhole()?.png }

    /// The number of pages connected.
    var clientCount: Int { state.withLock { $0.clients.count } }

    /// Sets the status the pages are sent next.
    func setStatus(_ text: String) {
        state.withLock { state in
            state.status = text
            state.statusVersion += 1
        }
    }

    /// Publishes an update to every page.
    func publish(_ update: PreviewUpdate) {
        let clients = state.withLock { state in
            state.latest = update
            return Array(state.clients.values)
        }
        for client in clients { client.yield(update) }
    }

    /// A new page's stream, starting with the latest update, and its id for ``leave(_:)``.
    func join() -> (Int, AsyncStream<PreviewUpdate>) {
        let (stream, continuation) = AsyncStream.makeStream(of: PreviewUpdate.self, bufferingPolicy: .bufferingNewest(1))
        let id = state.withLock { state in
            let id = state.nextClient
            state.nextClient += 1
            state.clients[id] = continuation
            if let latest = state.latest { continuation.yield(latest) }
            return id
        }
        return (id, stream)
    }

    /// Forgets a page that left.
    func leave(_ id: Int) {
        let continuation = state.withLock { $0.clients.removeValue(forKey: id) }
        continuation?.finish()
    }

    /// The binary message of a tile: a 32-byte header of little-endian 32-bit words (the frame's
    /// sequence number; the tile's index and the number of tiles, 16 bits each; x, y, width, height;
    /// the frame's width and height in pixels), then the PNG.
    static func tileMessage(_ tile: PreviewUpdate.Tile, sequence: Int, index: Int, count: Int, width: Int, height: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32 + tile.png.count)
        func word(_ value: Int) {
            let v = UInt32(truncatingIfNeeded: value)
            bytes += [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8(v >> 24)]
        }
        word(sequence)
        word(index | count << 16)
        word(tile.rect.x)
        word(tile.rect.y)
        word(tile.rect.width)
        word(tile.rect.height)
        word(width)
        word(height)
        bytes += tile.png
        return bytes
    }
}
