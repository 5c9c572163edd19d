import EaselSession
import Foundation
import Synchronization

/// What a page is sent after each render: the status as JSON text, then the frame as a binary PNG message.
struct PreviewUpdate: Sendable {
    /// The status message (JSON text: `{"type":"status", …}`).
    var status: String
    /// The PNG to show: the new frame, or on a failure the last good one (shown dimmed); `nil` before any.
    var png: [UInt8]?
    /// The generation of that frame: a page is sent a PNG only when it has not had this one.
    var frame = 0
}

/// The latest state of the preview and the pages watching it.
///
/// Each page gets its updates through a stream that keeps only the newest
/// one: a slow or stalled page skips frames and never holds back the render
/// loop or the other pages.
final class PreviewHub: Sendable {
    private struct State {
        var latest = PreviewUpdate(status: #"{"type":"status","state":"starting","generation":0}"#, png: nil)
        var clients: [Int: AsyncStream<PreviewUpdate>.Continuation] = [:]
        var nextClient = 0
    }

    private let state = Mutex(State())

    /// The PNG shown now (the last good frame), if any.
    var latestPNG: [UInt8]? { state.withLock { $0.latest.png } }

    /// The status sent last.
    var latestStatus: String { state.withLock { $0.latest.status } }

    /// The number of pages connected.
    var clientCount: Int { state.withLock { $0.clients.count } }

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
            continuation.yield(state.latest)
            return id
        }
        return (id, stream)
    }

    /// Forgets a page that left.
    func leave(_ id: Int) {
        let continuation = state.withLock { $0.clients.removeValue(forKey: id) }
        continuation?.finish()
    }
}
