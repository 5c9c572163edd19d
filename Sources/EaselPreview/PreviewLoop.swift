import EaselSession
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The status message a page gets when something besides the pixels changed (JSON text on the WebSocket).
struct StatusMessage: Encodable {
    var type = "status"
    /// `ok`, or `failed` (the page keeps the last good frame, dimmed, and shows the panel).
    var state: String
    /// Counts the renders (each start of a worker, and the gallery's).
    var generation: Int
    /// The generation of the frame the page shows (the last good one).
    var frame: Int
    /// The scene file; `nil` for the gallery.
    var scene: String?
    /// The scene's size in points and pixels per point.
    var width: Double, height: Double, scale: Double
    /// Milliseconds the last render took (scan, worker, tiles).
    var milliseconds: Double
    /// Why there is no new frame.
    var failure: PreviewFailure?
    /// Plugin files that failed to load, and plugin code's diagnostics.
    var warnings: [String], diagnostics: [String]
    /// The laid-out view tree, with the inspector's details.
    var tree: ViewTreeNode?
    /// What changed on disk to cause this render (empty for the first).
    var changed: [String]
    /// The classes of the tree's views, their selectors with signatures.
    var classes: [LiveClassInfo]? = nil
    /// Whether the scene is live (touches, clock, edits): false for the gallery and after a failure.
    var live = false
    /// Notes of the last command (touches a view refused), and the last edit's error.
    var notes: [String] = [], editError: String? = nil
    /// The edits made in the inspector since the scene was loaded (saved with "save as scene").
    var edits = 0
    /// Where "save as scene" wrote the file, once it has.
    var saved: String? = nil
}

/// What a page asks for (JSON text on the WebSocket).
struct PageMessage: Decodable {
    /// `hello` (dpr), `touches`, `play`, `pause`, `step`, `seek` (time), `edit`, `save`, `render`.
    var type: String
    /// The page's devicePixelRatio (`hello`).
    var dpr: Double?
    /// The fingers that changed in one event (`touches`), in points.
    var touches: [LiveTouch]?
    /// The page's number for the event (`touches`), echoed in the frame that includes it.
    var input: Int?
    /// The time to go to (`seek`).
    var time: Double?
    /// The view (`edit`): its index path, its JSON path, the property and the JSON value.
    var indexPath: [Int]?, path: String?, property: String?, value: String?
}

/// Renders the scene whenever its files settle, serves the pages' touches, clock and edits
/// through a live worker, and publishes each result to the hub.
///
/// One thread: it waits in `poll()` on the inotify descriptor and a wake-up
/// pipe (the pages' messages); a change starts a quiet period (``settle``), and
/// a new worker starts when nothing changed for that long (or at the latest
/// ``longestWait`` after the first change), so a file is read once it is
/// completely written. While the clock runs and something moves, it ticks at
/// ``frameInterval``; when nothing moves it sleeps.
final class PreviewLoop: @unchecked Sendable {
    /// Seconds without a change after which a file counts as settled.
    static let settle = 0.04
    /// The same when every file changed was completed (renamed into place or closed after
    /// writing): only long enough to take in the rest of a burst (several files saved at once).
    static let settleComplete = 0.005
    /// Seconds after the first change of a burst after which it renders anyway.
    static let longestWait = 0.5
    /// Seconds between frames while something moves (the display's usual 60 Hz).
    static let frameInterval = 1.0 / 60
    /// The longest a clock tick may jump (after a stall), in seconds.
    static let longestTick = 0.25
    /// Seconds without touches after which the inspector's tree is asked for (it is not in the
    /// way of the frames while a finger moves or taps).
    static let treeDelay = 0.15

    let session: Session
    let scene: String?
    let scale: Double?
    let timeLimit: Double
    let hub: PreviewHub
    /// Where progress lines go (standard error).
    let log: @Sendable (String) -> Void
    private var wake: [Int32] = [-1, -1]

    /// What the pages asked for since the loop last looked.
    private struct Inbox {
        var events: [[LiveTouch]] = []
        var lastInput = 0
        var edits: [PageMessage] = []
        var seek: Double?
        var steps = 0
        var playing: Bool?
        var dpr: Double?
        var render = false
        var save = false
        /// When the first of `events` arrived (wall clock, milliseconds; the frame's timings).
        var eventsReceived: Double?
    }
    private let inbox = Mutex(Inbox())

    // The render thread's own state.
    private var generation = 0
    private var frameGeneration = 0
    private var live: LivePreview?
    private var playing = true
    /// The clock's time at `anchorWall` (seconds of uptime); the clock runs from there while playing.
    private var anchorClock = 0.0, anchorWall = 0.0
    private var idle = false
    /// Touches were delivered without the tree (their frame goes to the pages first): the
    /// inspector's tree is asked for at this time (``treeDelay`` after the last touches), when
    /// the loop has nothing else to do (seconds of uptime).
    private var treeDue: Double?
    /// A spare worker is to be made ready once the loop has nothing else to do.
    private var spareWanted = false
    /// Plugin files that changed under a worker that then failed (``LiveUpdate/superseded``):
    /// the loop takes them as a change of its own, so the scene renders again once they settle.
    private var supersededFiles: [String] = []
    /// Failures set aside since the last render that was shown: after ``mostSetAside`` the next is
    /// shown anyway (a plugin that rewrites its own file must not keep the scene rendering forever).
    private var setAsideInARow = 0
    static let mostSetAside = 3
    /// The next tree asked for comes with the classes (a scene was rebuilt).
    private var classesWanted = false
    /// The status's tree and classes as JSON members, with what they were encoded from: encoded
    /// again only when they change (a status is sent after every render, the tree rarely changes).
    private var encodedParts: (tree: ViewTreeNode?, classes: [LiveClassInfo]?, text: String)?
    private var duration = 0.0
    private var lastInput = 0
    private var pageScale: Double?
    /// The inspector's edits since the scene was loaded: applied again to every new worker until the scene changes.
    private var edits: [PageMessage] = []
    private var status = StatusMessage(state: "starting", generation: 0, frame: 0, scene: nil, width: 0, height: 0, scale: 1,
                                       milliseconds: 0, failure: nil, warnings: [], diagnostics: [], tree: nil, changed: [])

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

    /// Takes a page's message (any thread): it is carried out on the loop's thread.
    func post(_ message: PageMessage) {
        inbox.withLock { inbox in
            switch message.type {
            case "hello":
                if let dpr = message.dpr, dpr.isFinite, dpr >= 0.5, dpr <= 8 { inbox.dpr = dpr }
            case "touches":
                guard let touches = message.touches, !touches.isEmpty, inbox.events.count < 10_000 else { return }
                if inbox.events.isEmpty { inbox.eventsReceived = LiveUpdate.wallClock() }
                inbox.events.append(Array(touches.prefix(20)))
                inbox.lastInput = max(inbox.lastInput, message.input ?? 0)
            case "play": inbox.playing = true
            case "pause": inbox.playing = false
            case "step": inbox.steps = min(inbox.steps + 1, 600)
            case "seek":
                if let time = message.time, time.isFinite, time >= 0 { inbox.seek = min(time, RenderOptions.maximumTime) }
            case "edit":
                if message.indexPath != nil, message.property != nil, message.value != nil, inbox.edits.count < 1000 {
                    inbox.edits.append(message)
                }
            case "save": inbox.save = true
            case "render": inbox.render = true
            default: return
            }
        }
        poke()
    }

    /// Asks for a render now (a page's reload button).
    func requestRender() {
        inbox.withLock { $0.render = true }
        poke()
    }

    private func poke() {
        guard wake[1] >= 0 else { return }
        var byte: UInt8 = 1
        _ = write(wake[1], &byte, 1)
    }

    private func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    /// The clock's time now: while playing it runs from the anchor, which moves up to it (so that a
    /// stall of the loop makes one jump of at most ``longestTick``, not a leap).
    private func clockNow() -> Double {
        guard playing else { return anchorClock }
        let wall = now()
        anchorClock += min(max(wall - anchorWall, 0), Self.longestTick)
        anchorWall = wall
        return anchorClock
    }

    private func run() {
        let watcher = FileWatcher()
        if watcher.descriptor < 0 { log("warning: cannot watch files (inotify: \(String(cString: strerror(errno)))); the preview renders once") }
        var pending = true
        var lastChange = 0.0, firstChange: Double? = nil
        // When the burst's first change was read (wall clock, ms).
        var firstChangeSeen: Double?
        var quiet = Self.settle
        var changed: [String] = []
        var nextTick = 0.0
        while true {
            if !supersededFiles.isEmpty {
                // As if the files' change had just been read (its events may still be on the way).
                pending = true
                quiet = Self.settle
                lastChange = now()
                if firstChange == nil {
                    firstChange = now()
                    firstChangeSeen = LiveUpdate.wallClock()
                }
                for path in supersededFiles where !changed.contains(path) && changed.count < 32 { changed.append(path) }
                supersededFiles = []
            }
            let time = now()
            if pending && (time - lastChange >= quiet || time - (firstChange ?? time) >= Self.longestWait) {
                pending = false
                firstChange = nil
                watcher.startNewBurst()
                var timings = ["settled": LiveUpdate.wallClock()]
                timings["changed"] = firstChangeSeen
                firstChangeSeen = nil
                let problems = watcher.watch(interests())
                for problem in problems { log("warning: cannot watch \(problem)") }
                if !changed.isEmpty { edits = [] }
                restart(changed: changed, at: nil, timings: timings)
                changed = []
                continue
            }
            let work = inbox.withLock { inbox -> Inbox in
                let taken = inbox
                inbox = Inbox()
                inbox.lastInput = taken.lastInput
                return taken
            }
            if handle(work) { continue }
            let ticking = live?.isRunning == true && playing && !idle
            if ticking && now() >= nextTick {
                nextTick = now() + Self.frameInterval
                command(LiveCommand(time: clockNow()))
                continue
            }
            if let due = treeDue, now() >= due {
                treeDue = nil
                if live?.isRunning == true { command(LiveCommand(time: clockNow(), tree: true, classes: classesWanted)) }
                classesWanted = false
                continue
            }
            if spareWanted && !pending {
                // Nothing else to do: a worker starts up for the next change of the plugins.
                spareWanted = false
                live?.prepareSpare()
                continue
            }
            var fds = [pollfd(fd: watcher.descriptor, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: wake[0], events: Int16(POLLIN), revents: 0)]
            var timeout: Int32 = -1
            if pending { timeout = Int32(max(1, (quiet - (time - lastChange)) * 1000 + 1)) }
            if ticking { timeout = min(timeout < 0 ? Int32.max : timeout, Int32(max(1, (nextTick - now()) * 1000))) }
            if let due = treeDue { timeout = min(timeout < 0 ? Int32.max : timeout, Int32(max(1, (due - now()) * 1000 + 1))) }
            let ready = poll(&fds, nfds_t(fds.count), timeout)
            if ready < 0 && errno != EINTR { usleep(100_000) }
            let changes = watcher.readChanges()
            if wake[0] >= 0 {
                var bytes = [UInt8](repeating: 0, count: 64)
                while read(wake[0], &bytes, bytes.count) > 0 {}
            }
            if !changes.isEmpty {
                // A burst is quick to settle while every file changed in it is complete.
                quiet = watcher.burstComplete ? Self.settleComplete : Self.settle
                pending = true
                lastChange = now()
                if firstChange == nil {
                    firstChange = now()
                    firstChangeSeen = LiveUpdate.wallClock()
                }
                for path in changes where !changed.contains(path) && changed.count < 32 { changed.append(path) }
            }
        }
    }

    /// Carries out the pages' messages; true when it did something.
    private func handle(_ work: Inbox) -> Bool {
        var did = false
        if let dpr = work.dpr, scale == nil, dpr != pageScale {
            pageScale = dpr
            if generation > 0 { restart(changed: [], at: live?.isRunning == true ? clockNow() : nil) }
            did = true
        }
        if work.render {
            restart(changed: [], at: nil)
            did = true
        }
        if let value = work.playing, value != playing {
            anchorClock = clockNow()
            anchorWall = now()
            playing = value
            idle = false
            did = true
            publishClock()
        }
        guard live?.isRunning == true else { return did }
        if let time = work.seek {
            anchorWall = now()
            if time < anchorClock {
                restart(changed: [], at: time)
            } else {
                anchorClock = time
                command(LiveCommand(time: time))
            }
            idle = false
            did = true
        }
        if work.steps > 0 && !playing {
            anchorClock += Double(work.steps) * Self.frameInterval
            anchorWall = now()
            command(LiveCommand(time: anchorClock))
            did = true
        }
        if !work.events.isEmpty {
            lastInput = work.lastInput
            command(LiveCommand(time: clockNow(), events: work.events, tree: false),
                    timings: work.eventsReceived.map { ["received": $0] } ?? [:])
            treeDue = now() + Self.treeDelay
            idle = false
            did = true
        }
        for edit in work.edits {
            command(LiveCommand(time: clockNow(), edit: LiveEdit(indexPath: edit.indexPath ?? [], property: edit.property ?? "",
                                                                value: edit.value ?? "")), edit: edit)
            did = true
        }
        if work.save {
            save()
            did = true
        }
        return did
    }

    /// Shows the scene as it is now and publishes the whole frame: built again in the running
    /// worker when only the scene file changed, else in a new worker (or renders the gallery).
    ///
    /// - Parameter timings: When the change was seen and settled (the frame's timings).
    private func restart(changed: [String], at time: Double?, timings: [String: Double] = [:]) {
        generation += 1
        let effectiveScale = scale ?? pageScale
        guard let scene else {
            renderGallery(scale: effectiveScale ?? 2, changed: changed)
            return
        }
        let preview = live ?? LivePreview(session: session, scene: scene, timeLimit: timeLimit, pixels: hub.pixels)
        live = preview
        let sceneFile = URL(fileURLWithPath: scene).standardizedFileURL.path
        let onlyTheScene = !changed.isEmpty && changed.allSatisfy { $0 == sceneFile }
        var update = preview.start(scale: effectiveScale, time: time, reuse: onlyTheScene, changed: changed)
        if setAside(update) { return }
        update.timings.merge(timings) { current, _ in current }
        spareWanted = true
        if let state = update.state {
            anchorClock = state.time
            anchorWall = now()
            duration = state.duration
            idle = state.idle
        }
        status = StatusMessage(state: "ok", generation: generation, frame: frameGeneration, scene: scene,
                               width: update.width, height: update.height, scale: update.scale,
                               milliseconds: (update.milliseconds * 10).rounded() / 10, failure: nil,
                               warnings: update.warnings, diagnostics: update.diagnostics, tree: status.tree, changed: changed,
                               classes: status.classes)
        status.edits = edits.count
        absorb(update, statusChanged: true, newRender: false)
        if update.failure == nil && update.state?.tree == nil {
            // A scene rebuilt in the running worker: its tree and classes follow the frame, once
            // the page had time to draw it.
            treeDue = now() + Self.treeDelay
            classesWanted = true
        }
        // The inspector's edits survive a new worker (a seek, a new scale) until the scene itself changes.
        if update.failure == nil {
            for edit in edits {
                let result = preview.send(LiveCommand(edit: LiveEdit(indexPath: edit.indexPath ?? [], property: edit.property ?? "",
                                                                     value: edit.value ?? "")))
                absorb(result, statusChanged: false)
            }
        }
    }

    /// Sends a command to the live worker and publishes what it changed.
    private func command(_ command: LiveCommand, edit: PageMessage? = nil, timings: [String: Double] = [:]) {
        guard let live else { return }
        var update = live.send(command)
        if setAside(update) { return }
        update.timings.merge(timings) { current, _ in current }
        var statusChanged = false
        if let edit {
            if let error = update.state?.editError {
                status.editError = error
            } else if update.failure == nil {
                status.editError = nil
                edits.removeAll { $0.indexPath == edit.indexPath && $0.property == edit.property }
                edits.append(edit)
                status.edits = edits.count
            }
            statusChanged = true
        }
        let notes = update.state?.notes ?? []
        if notes != status.notes {
            status.notes = notes
            statusChanged = true
        }
        absorb(update, statusChanged: statusChanged)
    }

    /// Whether the update is the failure of a worker whose plugin files changed under it
    /// (``LiveUpdate/superseded``): then it is not shown (the last frame and status stay), and
    /// the files' change renders the scene again once they settle.
    private func setAside(_ update: LiveUpdate) -> Bool {
        guard !update.superseded.isEmpty, setAsideInARow < Self.mostSetAside else {
            setAsideInARow = 0
            return false
        }
        setAsideInARow += 1
        log("preview: a render failed after \(update.superseded.joined(separator: ", ")) changed under it; "
            + "not shown, the scene renders again (\(update.failure?.message ?? ""))")
        supersededFiles += update.superseded
        return true
    }

    /// Publishes an update: the status when it changed (a failure, a new tree), then the frame and its tiles.
    ///
    /// - Parameter newRender: Whether a failure counts as a render of its own (a command's; a start has counted already).
    private func absorb(_ update: LiveUpdate, statusChanged: Bool, newRender: Bool = true) {
        var statusChanged = statusChanged
        if let failure = update.failure {
            if newRender { generation += 1 }
            status.state = "failed"
            status.generation = generation
            status.failure = failure
            status.live = false
            status.warnings = Array(Set(status.warnings + update.warnings)).sorted()
            status.diagnostics = update.diagnostics
            statusChanged = true
            log("preview: render \(generation) failed: \(failure.message)")
        } else if let state = update.state {
            if update.whole { frameGeneration = generation }
            status.state = "ok"
            status.failure = nil
            status.frame = frameGeneration
            status.live = true
            duration = state.duration
            idle = state.idle
            if !update.diagnostics.isEmpty {
                status.diagnostics = Array((status.diagnostics + update.diagnostics).suffix(50))
                statusChanged = true
            }
            if let tree = state.tree {
                status.tree = tree
                statusChanged = true
            }
            if let classes = state.classes {
                status.classes = classes
                statusChanged = true
            }
            if update.whole {
                anchorClock = state.time
                anchorWall = now()
            }
        }
        if statusChanged { publishStatus() }
        let (_, width, height) = hub.pixels.current
        let frame = FrameMessage(sequence: update.sequence, previous: update.previousSequence, width: width, height: height,
                                 tiles: update.tiles.count, whole: update.whole, time: update.state?.time ?? anchorClock,
                                 duration: duration, playing: playing, input: lastInput,
                                 milliseconds: (update.milliseconds * 100).rounded() / 100,
                                 timings: update.timings.merging(["published": LiveUpdate.wallClock()]) { $1 })
        hub.publish(PreviewUpdate(frame: frame, tiles: update.tiles.map { .init(rect: $0.0, png: $0.1) }))
    }

    /// Tells the pages that the clock started or stopped (no new pixels).
    private func publishClock() {
        let (sequence, width, height) = hub.pixels.current
        let frame = FrameMessage(sequence: sequence, previous: sequence, width: width, height: height,
                                 time: clockNow(), duration: duration, playing: playing, input: lastInput, milliseconds: 0)
        hub.publish(PreviewUpdate(frame: frame))
    }

    private func publishStatus() {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        if encodedParts == nil || encodedParts?.tree != status.tree || encodedParts?.classes != status.classes {
            var parts = ""
            if let classes = status.classes, let data = try? encoder.encode(classes) {
                parts += #","classes":"# + String(decoding: data, as: UTF8.self)
            }
            if let tree = status.tree, let data = try? encoder.encode(tree) {
                parts += #","tree":"# + String(decoding: data, as: UTF8.self)
            }
            encodedParts = (status.tree, status.classes, parts)
        }
        var bare = status
        bare.tree = nil
        bare.classes = nil
        let text = (try? encoder.encode(bare)).map { String(decoding: $0.dropLast(), as: UTF8.self) + (encodedParts?.text ?? "") + "}" }
            ?? #"{"type":"status","state":"failed","failure":{"kind":"setup","message":"cannot encode the status"}}"#
        hub.setStatus(text)
    }

    /// Renders the gallery of every view class (no scene) in an isolated worker and publishes it whole.
    private func renderGallery(scale: Double, changed: [String]) {
        live = nil
        let frame = session.renderGalleryPreview(scale: scale, timeLimit: timeLimit)
        let previous = hub.pixels.current.sequence
        var sequence = previous
        if let png = frame.png, png.count > 24 {
            let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }, height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
            sequence = LivePreview.publishEncoded(png, into: hub.pixels, width: width, height: height)
            frameGeneration = generation
        }
        status = StatusMessage(
            state: frame.failure == nil ? "ok" : "failed", generation: generation, frame: frameGeneration, scene: nil,
            width: frame.width, height: frame.height, scale: frame.scale, milliseconds: (frame.milliseconds * 10).rounded() / 10,
            failure: frame.failure, warnings: frame.warnings, diagnostics: frame.diagnostics, tree: frame.tree, changed: changed)
        publishStatus()
        if let failure = frame.failure { log("preview: render \(generation) failed: \(failure.message)") }
        let tiles = sequence != previous ? hub.pixels.encode([]).tiles.map { PreviewUpdate.Tile(rect: $0.0, png: $0.1) } : []
        let (_, width, height) = hub.pixels.current
        hub.publish(PreviewUpdate(
            frame: FrameMessage(sequence: sequence, previous: previous, width: width, height: height, tiles: tiles.count,
                                whole: true, time: 0, duration: 0, playing: false, input: lastInput, milliseconds: frame.milliseconds),
            tiles: tiles))
    }

    /// Writes the scene with the inspector's edits next to the scene file, under a new name (never over a file).
    private func save() {
        guard let scene else { return }
        do {
            let path = try SceneEdits.save(scene: scene, edits: edits.compactMap { edit in
                guard let path = edit.path, let property = edit.property, let value = edit.value else { return nil }
                return (path, property, value)
            })
            status.saved = path
            log("preview: saved the scene with \(edits.count) edit(s) as \(path)")
        } catch {
            status.editError = "save: \(error)"
        }
        publishStatus()
        publishClock()
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
