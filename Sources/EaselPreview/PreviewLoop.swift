import EaselSession
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The status message a page gets before each frame (JSON text on the WebSocket).
struct StatusMessage: Encodable {
    var type = "status"
    /// `ok`, or `failed` (the page keeps the last good frame, dimmed, and shows the panel).
    var state: String
    /// Counts the renders.
    var generation: Int
    /// The generation of the frame the page should show (the last good one).
    var frame: Int
    /// The scene file; `nil` for the gallery.
    var scene: String?
    /// The scene's size in points and pixels per point.
    var width: Double, height: Double, scale: Double
    /// Milliseconds the render took (scan, worker, PNG).
    var milliseconds: Double
    /// Why there is no new frame.
    var failure: PreviewFailure?
    /// Plugin files that failed to load, and plugin code's diagnostics.
    var warnings: [String], diagnostics: [String]
    /// The laid-out view tree.
    var tree: ViewTreeNode?
    /// What changed on disk to cause this render (empty for the first).
    var changed: [String]
}

/// Renders the scene in isolated workers whenever its files settle, and publishes each result to the hub.
///
/// One thread: it waits in `poll()` on the inotify descriptor and a wake-up
/// pipe; a change starts a quiet period (``settle``), and the render runs when
/// nothing changed for that long (or at the latest ``longestWait`` after the
/// first change), so a file is rendered once it is completely written.
final class PreviewLoop: @unchecked Sendable {
    /// Seconds without a change after which a file counts as settled.
    static let settle = 0.04
    /// Seconds after the first change of a burst after which it renders anyway.
    static let longestWait = 0.5

    let session: Session
    let scene: String?
    let scale: Double?
    let timeLimit: Double
    let hub: PreviewHub
    /// Where progress lines go (standard error).
    let log: @Sendable (String) -> Void
    private var wake: [Int32] = [-1, -1]
    private var generation = 0
    private var frameGeneration = 0
    private var lastPNG: [UInt8]?

    init(session: Session, scene: String?, scale: Double?, timeLimit: Double, hub: PreviewHub,
         log: @escaping @Sendable (String) -> Void) {
        self.session = session
        self.scene = scene
        self.scale = scale
        self.timeLimit = timeLimit
        self.hub = hub
        self.log = log
        if pipe(&wake) == 0 {
            for fd in wake {
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            }
        } else {
            wake = [-1, -1]
        }
    }

    /// Starts the loop on a thread of its own (it runs as long as the process).
    func start() {
        let thread = Thread { [self] in run() }
        thread.name = "easel-preview-render"
        thread.start()
    }

    /// Asks for a render now (a page's reload button).
    func requestRender() {
        guard wake[1] >= 0 else { return }
        var byte: UInt8 = 1
        _ = write(wake[1], &byte, 1)
    }

    private func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    private func run() {
        let watcher = FileWatcher()
        if watcher.descriptor < 0 { log("warning: cannot watch files (inotify: \(String(cString: strerror(errno)))); the preview renders once") }
        var pending = true
        var lastChange = 0.0, firstChange: Double? = nil
        var changed: [String] = []
        while true {
            let time = now()
            if pending && (time - lastChange >= Self.settle || time - (firstChange ?? time) >= Self.longestWait) {
                pending = false
                firstChange = nil
                let problems = watcher.watch(interests())
                for problem in problems { log("warning: cannot watch \(problem)") }
                render(changed: changed)
                changed = []
                continue
            }
            var fds = [pollfd(fd: watcher.descriptor, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: wake[0], events: Int16(POLLIN), revents: 0)]
            let timeout = pending ? Int32(max(1, (Self.settle - (time - lastChange)) * 1000 + 1)) : -1
            let ready = poll(&fds, nfds_t(fds.count), timeout)
            if ready < 0 && errno != EINTR { usleep(100_000) }
            let changes = watcher.readChanges()
            var woken = false
            if wake[0] >= 0 {
                var bytes = [UInt8](repeating: 0, count: 64)
                while read(wake[0], &bytes, bytes.count) > 0 { woken = true }
            }
            if !changes.isEmpty || woken {
                pending = true
                lastChange = woken ? 0 : now()
                if firstChange == nil { firstChange = now() }
                for path in changes where !changed.contains(path) && changed.count < 32 { changed.append(path) }
            }
        }
    }

    /// Renders once and publishes the result.
    private func render(changed: [String]) {
        generation += 1
        let frame: PreviewFrame
        if let scene {
            frame = session.renderPreview(scene: scene, scale: scale, timeLimit: timeLimit)
        } else {
            frame = session.renderGalleryPreview(scale: scale ?? 2, timeLimit: timeLimit)
        }
        if let png = frame.png {
            lastPNG = png
            frameGeneration = generation
        }
        let status = StatusMessage(
            state: frame.failure == nil ? "ok" : "failed", generation: generation, frame: frameGeneration, scene: scene,
            width: frame.width, height: frame.height, scale: frame.scale, milliseconds: (frame.milliseconds * 10).rounded() / 10,
            failure: frame.failure, warnings: frame.warnings, diagnostics: frame.diagnostics, tree: frame.tree, changed: changed)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let text = (try? encoder.encode(status)).map { String(decoding: $0, as: UTF8.self) }
            ?? #"{"type":"status","state":"failed","failure":{"kind":"setup","message":"cannot encode the status"}}"#
        hub.publish(PreviewUpdate(status: text, png: lastPNG, frame: frameGeneration))
        if let failure = frame.failure {
            log("preview: render \(generation) failed: \(failure.message)")
        }
    }

    /// The folders to watch and the names that matter in each: the scene
    /// file and the files it names, and every plugin folder (all names).
    func interests() -> [String: Set<String>?] {
        var result: [String: Set<String>?] = [:]
        func add(_ path: String) {
            let url = URL(fileURLWithPath: path).standardizedFileURL
            let folder = url.deletingLastPathComponent().path
            if case .some(.none) = result[folder] { return }
            var names = result[folder].flatMap { $0 } ?? []
            names.insert(url.lastPathComponent)
            result[folder] = .some(names)
        }
        if let scene {
            add(scene)
            for file in Self.referencedFiles(scene: scene) { add(file) }
        }
        for folder in session.plugins.folders {
            result[URL(fileURLWithPath: folder).standardizedFileURL.path] = .some(nil)
        }
        return result
    }

    /// The existing files a scene names in its string values (images), resolved against its folder; at most 256.
    static func referencedFiles(scene: String) -> [String] {
        guard let data = FileManager.default.contents(atPath: scene), data.count < 16 << 20,
              let json = try? JSONSerialization.jsonObject(with: data) else { return [] }
        let folder = URL(fileURLWithPath: scene).deletingLastPathComponent()
        var files: [String] = []
        var stack: [(Any, Int)] = [(json, 0)]
        var visited = 0
        while let (value, depth) = stack.popLast(), visited < 100_000, files.count < 256 {
            visited += 1
            switch value {
            case let object as [String: Any] where depth < 64: stack += object.values.map { ($0, depth + 1) }
            case let array as [Any] where depth < 64: stack += array.map { ($0, depth + 1) }
            case let text as String where !text.isEmpty && text.count < 4096 && !text.hasPrefix("#") && text.contains("."):
                let path = text.hasPrefix("/") ? text : folder.appendingPathComponent(text).path
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
                    files.append(path)
                }
            default: break
            }
        }
        return files
    }
}
