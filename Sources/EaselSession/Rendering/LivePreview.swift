// A live scene for `easel preview`: the scene stays built in one isolated
// worker, which takes commands (the clock, touches, property edits) one line
// at a time and answers each with what it repainted. The parent (this
// process, which never runs plugin code) keeps a copy of the frame, with the
// scene's background composited, and encodes only the changed rectangles as
// PNG tiles for the pages. The worker is replaced when the scene or a plugin
// changes, when the clock must go back (the slider), and when the pixel scale
// changes.
//
// - LiveCommand, LiveState: the protocol inside WorkerReply's `live` text.
// - LiveSceneSession: the worker's side (LiveWorkerSession).
// - LivePreview: the parent's side; PreviewPixels: the parent's copy of the frame.

import EaselABI
import EaselCanvas
import EaselDiscovery
import EaselGraphicsCore
import EaselInvocation
import EaselIsolation
import EaselRuntime
import EaselScene
import EaselViews
import Dispatch
import FoundationEssentials
import Glibc
import Synchronization

/// One finger's change, in the scene's points (root-view coordinates).
public struct LiveTouch: Codable, Sendable, Equatable {
    /// Which finger (the page's pointer id).
    public var finger: Int
    /// `began`, `moved`, `stationary`, `ended` or `cancelled`.
    public var phase: String
    /// Where, in points.
    public var x: Double, y: Double

    /// A finger's change.
    public init(finger: Int, phase: String, x: Double, y: Double) {
        self.finger = finger
        self.phase = phase
        self.x = x
        self.y = y
    }
}

/// A property edit from the inspector: the view by its index path from the root, the property, a JSON value.
public struct LiveEdit: Codable, Sendable, Equatable {
    /// Subview indexes from the root (`[]` for the root, `[2, 0]` for the first subview of the third).
    public var indexPath: [Int]
    /// The property's name.
    public var property: String
    /// The value as JSON text, as in a scene file.
    public var value: String

    /// An edit.
    public init(indexPath: [Int], property: String, value: String) {
        self.indexPath = indexPath
        self.property = property
        self.value = value
    }
}

/// What a live worker is asked to do: advance its clock, deliver touch events, edit a property; then repaint what changed.
public struct LiveCommand: Codable, Sendable, Equatable {
    /// Advance the media clock to this time (a time before the clock's is ignored: it never runs back).
    public var time: Double?
    /// Touch events in order, each the fingers that changed in it, delivered as a scene's `touches` step delivers them.
    public var events: [[LiveTouch]]?
    /// A property edit.
    public var edit: LiveEdit?
    /// Whether to send the view tree back; `nil` sends it after touches and edits.
    public var tree: Bool?
    /// The scene file's new text: the worker builds the scene again from it with the plugins it
    /// has loaded (the clock starts again at 0 and runs to the timeline's end) and answers with the
    /// whole frame. The other fields are ignored then.
    public var scene: String?
    /// Whether to send the classes of the tree's views back (with their selectors); `nil` sends
    /// them with the tree after ``scene``, else not.
    public var classes: Bool?

    /// A command.
    public init(time: Double? = nil, events: [[LiveTouch]]? = nil, edit: LiveEdit? = nil, tree: Bool? = nil,
                scene: String? = nil, classes: Bool? = nil) {
        self.time = time
        self.events = events
        self.edit = edit
        self.tree = tree
        self.scene = scene
        self.classes = classes
    }
}

/// A rectangle of pixels.
public struct PixelRect: Codable, Sendable, Equatable {
    public var x, y, width, height: Int

    /// A rectangle.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Whether the two overlap or lie within `margin` pixels of each other.
    public func isNear(_ other: PixelRect, margin: Int = 8) -> Bool {
        x - margin < other.x + other.width && other.x - margin < x + width
            && y - margin < other.y + other.height && other.y - margin < y + height
    }

    /// Rectangles with those that overlap or nearly touch joined into their union (a moving
    /// view's old and new places become one tile), at most 64 in.
    public static func merged(_ rects: [PixelRect]) -> [PixelRect] {
        var result: [PixelRect] = []
        for rect in rects.prefix(64) {
            var current = rect
            // Bounded: each pass removes one rectangle from the result.
            while let index = result.firstIndex(where: { $0.isNear(current) }) {
                current = current.union(result.remove(at: index))
            }
            result.append(current)
        }
        return result
    }

    /// The smallest rectangle holding both.
    public func union(_ other: PixelRect) -> PixelRect {
        let left = min(x, other.x), top = min(y, other.y)
        return PixelRect(x: left, y: top, width: max(x + width, other.x + other.width) - left,
                         height: max(y + height, other.y + other.height) - top)
    }
}

/// A class of the scene's tree, for the inspector: its selectors with their signatures and its properties.
public struct LiveClassInfo: Codable, Sendable, Equatable {
    /// The class, its plugin and its superclass.
    public var name: String, plugin: String?, superclass: String?
    /// `-[Swatch drawRect:(CGRect)]`, with the encoding, for each method the class itself declares.
    public var selectors: [Selector]
    /// One method.
    public struct Selector: Codable, Sendable, Equatable {
        public var name: String, signature: String, encoding: String
    }
}

/// What a live worker answers after each command (WorkerReply's `live`, as JSON).
public struct LiveState: Codable, Sendable {
    /// The media clock's time, and the scene's length (the end of its last step, gesture or animation).
    public var time = 0.0, duration = 0.0
    /// The repainted rectangles, in pixels.
    public var dirty: [PixelRect] = []
    /// Whether nothing is pending: no timer, no running animation, and nothing was repainted.
    public var idle = false
    /// The laid-out tree with the inspector's details, when asked for (and after touches and edits).
    public var tree: ViewTreeNode?
    /// The classes of the tree's views (the first answer only).
    public var classes: [LiveClassInfo]?
    /// Touches the views refused (a finger that is not down), an edit's error.
    public var notes: [String] = []
    /// The error of the command's edit, if it failed.
    public var editError: String?
    /// Milliseconds the command took in the worker (events, layout, drawing).
    public var milliseconds = 0.0
    /// Where plugin code's drawing failed, when the reply is a failure of a view's drawing.
    public var failure: DrawingFailure?

    /// A view's drawing that raised an error (the canvas's sticky error), for the failure panel.
    public struct DrawingFailure: Codable, Sendable, Equatable {
        /// The view's class, the selector, and the plugin of the class with its file.
        public var className: String, selector: String, plugin: String?, pluginFile: String?
        /// What the drawing did wrong.
        public var reason: String
        /// The view's place in the scene (its JSON path).
        public var path: String?
    }
}

// MARK: - The worker's side

/// Times each view's drawing call, and tells the flight recorder (which names a crashing view).
final class TimingRenderObserver: RenderObserver {
    let inner: RenderObserver
    private var started: [UInt64] = []
    /// Milliseconds of each view's last drawing call.
    var times: [ObjectIdentifier: Double] = [:]

    init(_ inner: RenderObserver) { self.inner = inner }

    func willDraw(_ view: View, in canvas: Canvas, toCanvas: easel_affine_transform) -> Bool {
        started.append(DispatchTime.now().uptimeNanoseconds)
        return inner.willDraw(view, in: canvas, toCanvas: toCanvas)
    }

    func didDraw(_ view: View) {
        inner.didDraw(view)
        guard let start = started.popLast() else { return }
        times[ObjectIdentifier(view)] = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }
}

/// The scene a live worker shows: its tree, the canvas over the exchange's pixels, the drawing times.
final class LiveScene {
    let tree: SceneTree
    let canvas: Canvas
    let pixelWidth: Int, pixelHeight: Int
    let timing: TimingRenderObserver

    init(tree: SceneTree, canvas: Canvas, layout: Canvas.RasterLayout, recorder: FlightRecorder) {
        self.tree = tree
        self.canvas = canvas
        pixelWidth = layout.pixelWidth
        pixelHeight = layout.pixelHeight
        timing = TimingRenderObserver(RecordingRenderObserver(recorder, skipping: []) { [tree] view in
            SessionWorkerJobs.location(of: view, in: tree)
        })
    }

    /// Builds a scene's tree in the registry, runs its timeline to `time` (its end for `nil`) and
    /// makes its canvas over the exchange's pixels (which must hold them).
    static func build(_ model: Scene, scale: Double, time: Double?, registry: Registry, exchange: IsolationExchange)
        throws(SessionError) -> LiveScene
    {
        let recorder = exchange.recorder
        try SceneRenderer.checkRasterSize(model, scale: scale)
        registry.imageFolders = model.imageFolders
        registry.imageScale = scale
        let layout: Canvas.RasterLayout
        do { layout = try Canvas.rasterLayout(width: model.width, height: model.height, scale: scale) } catch {
            throw SessionError(describing: error)
        }
        guard layout.byteCount <= exchange.pixelBytes else {
            throw SessionError("\(model.file ?? "the scene"): its canvas (\(layout.pixelWidth) x \(layout.pixelHeight) pixels) "
                               + "is larger than the worker's shared pixels; a new worker is needed")
        }
        let tree: SceneTree
        do { tree = try model.build(in: registry) } catch { throw SessionError(error) }
        tree.run(to: min(time ?? tree.duration, RenderOptions.maximumTime)) { step in
            recorder.setPhase("applying \(step.path)")
        }
        let canvas: Canvas
        do {
            canvas = try Canvas(width: model.width, height: model.height, background: model.background,
                                scale: scale, pixels: exchange.pixels)
        } catch { throw SessionError(describing: error) }
        return LiveScene(tree: tree, canvas: canvas, layout: layout, recorder: recorder)
    }
}

/// A scene kept in the worker between commands; a saved scene is built again in it
/// (``LiveCommand/scene``) with the plugins already loaded.
final class LiveSceneSession: LiveWorkerSession {
    let registry: Registry
    let exchange: IsolationExchange
    let recorder: FlightRecorder
    let scale: Double
    /// The scene file (for messages and the images it names).
    let sceneFile: String
    /// The scene shown; `nil` after a new scene failed to build (the parent then ends the worker).
    private(set) var scene: LiveScene?

    init(scene: LiveScene, sceneFile: String, registry: Registry, exchange: IsolationExchange, scale: Double) {
        self.scene = scene
        self.sceneFile = sceneFile
        self.registry = registry
        self.exchange = exchange
        recorder = exchange.recorder
        self.scale = scale
    }

    /// Builds the scene again from the text of its file, in this worker and registry: the old
    /// tree, its timers, animations and touches go first, and the new one starts at time 0 and
    /// runs to the end of its timeline. Answers with the whole frame and, when asked for, the
    /// tree and the classes.
    func reload(_ text: String, tree withTree: Bool, started: UInt64) -> WorkerReply {
        recorder.setPhase("releasing the old scene")
        scene = nil
        registry.startOverForNewScene()
        recorder.setPhase("building the scene")
        do throws(SessionError) {
            let model: Scene
            do { model = try Scene.parse(Data(text.utf8), file: sceneFile) } catch { throw SessionError(error) }
            scene = try LiveScene.build(model, scale: scale, time: nil, registry: registry, exchange: exchange)
        } catch {
            var reply = WorkerReply()
            reply.failure = .init(message: error.message)
            return reply
        }
        return render(mode: .full, tree: withTree, classes: withTree, started: started)
    }

    func handle(_ command: [UInt8]) -> WorkerReply {
        let start = DispatchTime.now().uptimeNanoseconds
        let decoded: LiveCommand
        do { decoded = try JSONDecoder().decode(LiveCommand.self, from: Data(command)) } catch {
            var reply = WorkerReply()
            reply.failure = .init(message: "easel isolated-worker: a live command that is not JSON: \(error)")
            return reply
        }
        if let text = decoded.scene { return reload(text, tree: decoded.tree ?? true, started: start) }
        guard let tree = scene?.tree else {
            var reply = WorkerReply()
            reply.failure = .init(message: "easel isolated-worker: no scene to send the command to")
            return reply
        }
        var state = LiveState()
        if let time = decoded.time, time.isFinite, time > tree.mediaClock.time, time <= RenderOptions.maximumTime {
            recorder.setPhase("advancing the clock")
            tree.run(to: time) { step in recorder.setPhase("applying \(step.path)") }
        }
        for event in (decoded.events ?? []).prefix(1000) {
            recorder.setPhase("delivering touches")
            let inputs = event.prefix(20).map { touch in
                TouchInput(finger: touch.finger, Self.phase(touch.phase), at: easel_point(x: touch.x, y: touch.y))
            }
            do { _ = try tree.root.sendTouches(inputs) } catch { state.notes.append("touches: \(error.message)") }
        }
        if let edit = decoded.edit {
            recorder.setPhase("setting \(edit.property)")
            if let view = view(at: edit.indexPath) {
                do throws(SceneError) { try tree.setProperty(edit.property, of: view, json: edit.value) } catch {
                    state.editError = "\(edit.property): \(error.message)"
                }
            } else {
                state.editError = "\(edit.property): no view at \(edit.indexPath) in the tree"
            }
        }
        let wantsTree = decoded.tree ?? (decoded.events?.isEmpty == false || decoded.edit != nil)
        return render(mode: .dirtyRegions, state: state, tree: wantsTree, classes: decoded.classes ?? false, started: start)
    }

    /// The view at an index path from the root.
    func view(at indexPath: [Int]) -> View? {
        guard var view = scene?.tree.root else { return nil }
        for index in indexPath.prefix(256) {
            let subviews = view.subviews
            guard subviews.indices.contains(index) else { return nil }
            view = subviews[index]
        }
        return view
    }

    /// Lays out, draws what needs it, and describes the result.
    ///
    /// - Parameter started: When the command began (uptime nanoseconds), for the state's milliseconds.
    func render(mode: RenderMode, state: LiveState = LiveState(), tree withTree: Bool, classes: Bool,
                started: UInt64 = DispatchTime.now().uptimeNanoseconds) -> WorkerReply {
        var reply = WorkerReply()
        guard let scene else {
            reply.failure = .init(message: "easel isolated-worker: no scene to render")
            return reply
        }
        let tree = scene.tree
        var state = state
        recorder.setPhase("laying out the views")
        tree.root.layoutIfNeeded()
        recorder.setPhase("drawing")
        let report: RenderReport
        do { report = try tree.root.render(into: scene.canvas, mode: mode, observer: scene.timing) } catch {
            reply.failure = .init(message: error.message)
            if let className = error.className {
                var described = LiveState()
                described.failure = .init(className: className, selector: error.selector ?? "drawRect:", plugin: error.pluginName,
                                          pluginFile: error.pluginFile, reason: error.reason ?? error.message,
                                          path: error.view.flatMap { Self.view($0, in: tree.root) }
                                              .map { SessionWorkerJobs.location(of: $0, in: tree) })
                reply.live = Self.encode(described)
            }
            reply.diagnostics = registry.takeDiagnostics().map(\.description)
            return reply
        }
        recorder.setPhase("waiting for a command")
        let diagnostics = registry.takeDiagnostics()
        reply.diagnostics = diagnostics.map(\.description)
        reply.diagnosticErrors = diagnostics.contains { $0.severity == .error }
        state.dirty = report.region.compactMap { pixels($0, width: scene.pixelWidth, height: scene.pixelHeight) }
        state.time = tree.mediaClock.time
        state.duration = tree.duration
        state.idle = state.dirty.isEmpty && tree.mediaClock.pendingTimerCount == 0
            && (registry.latestAnimationEnd ?? 0) <= state.time && !Self.hasAnimations(tree.root)
        if withTree {
            var node = ViewTreeNode(tree.root, in: tree)
            node.addInspectorDetails(of: tree.root, drawTimes: scene.timing.times)
            state.tree = node
        }
        if classes { state.classes = Self.classes(in: tree.root) }
        state.milliseconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
        reply.live = Self.encode(state)
        return reply
    }

    /// The view of the tree with that identity (at most 100,000 looked at).
    static func view(_ identity: ObjectIdentifier, in root: View) -> View? {
        var stack = [root]
        var visited = 0
        while let view = stack.popLast(), visited < 100_000 {
            visited += 1
            if ObjectIdentifier(view) == identity { return view }
            stack += view.subviews
        }
        return nil
    }

    /// Whether a view of the tree has an animation (a repeating one runs past ``Registry/latestAnimationEnd``).
    static func hasAnimations(_ root: View) -> Bool {
        var stack = [root]
        var visited = 0
        while let view = stack.popLast(), visited < 100_000 {
            visited += 1
            if view.hasAnimations { return true }
            stack += view.subviews
        }
        return false
    }

    /// A rectangle in points as whole pixels, inside the canvas; `nil` when empty.
    func pixels(_ rect: easel_rect, width pixelWidth: Int, height pixelHeight: Int) -> PixelRect? {
        let left = max(0, Int((rect.origin.x * scale).rounded(.down)))
        let top = max(0, Int((rect.origin.y * scale).rounded(.down)))
        let right = min(pixelWidth, Int(((rect.origin.x + rect.size.width) * scale).rounded(.up)))
        let bottom = min(pixelHeight, Int(((rect.origin.y + rect.size.height) * scale).rounded(.up)))
        guard right > left, bottom > top else { return nil }
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    static func encode(_ state: LiveState) -> String? {
        (try? JSONEncoder().encode(state)).map { String(decoding: $0, as: UTF8.self) }
    }

    static func phase(_ name: String) -> TouchPhase {
        switch name {
        case "began": .began
        case "moved": .moved
        case "stationary": .stationary
        case "ended": .ended
        default: .cancelled
        }
    }

    /// Each class of the tree's views (at most 256), with the selectors it declares.
    static func classes(in root: View) -> [LiveClassInfo] {
        var seen: [String: LiveClassInfo] = [:]
        var stack = [root]
        var visited = 0
        while let view = stack.popLast(), visited < 100_000 {
            visited += 1
            stack += view.subviews
            var objectClass: ObjectClass? = view.objectClass
            while let current = objectClass, seen[current.name] == nil, seen.count < 256 {
                seen[current.name] = LiveClassInfo(
                    name: current.name, plugin: current.plugin?.name, superclass: current.superclass?.name,
                    selectors: current.methods.map {
                        .init(name: $0.selector.name, signature: $0.readableSignature(className: current.name),
                              encoding: $0.signature.encoding)
                    })
                objectClass = current.superclass
            }
        }
        return seen.values.sorted { $0.name < $1.name }
    }
}

extension SessionWorkerJobs {
    /// Builds the job's scene, runs its timeline to the job's time (its end by default), draws it
    /// into the exchange and keeps it for the commands that follow.
    package func startLive(_ job: WorkerRequest.RenderJob, registry: Registry,
                           exchange: IsolationExchange) -> (WorkerReply, LiveWorkerSession?) {
        let recorder = exchange.recorder
        var reply = WorkerReply()
        do throws(SessionError) {
            recorder.setPhase("building the scene")
            let model: Scene
            do { model = try Scene.load(contentsOf: job.scene) } catch { throw SessionError(error) }
            let scene = try LiveScene.build(model, scale: job.scale, time: job.time, registry: registry, exchange: exchange)
            let session = LiveSceneSession(scene: scene, sceneFile: job.scene, registry: registry, exchange: exchange,
                                           scale: job.scale)
            reply = session.render(mode: .full, tree: true, classes: true)
            if let failure = reply.failure {
                reply.failure = .init(message: "\(job.scene): \(failure.message)")
                return (reply, nil)
            }
            return (reply, session)
        } catch {
            reply.failure = .init(message: error.message)
            return (reply, nil)
        }
    }
}

// MARK: - The parent's side

/// The frame as the pages show it: the parent's copy of the worker's pixels with the scene's
/// background composited, from which changed tiles and whole frames are encoded. Thread-safe:
/// the render loop writes it, the pages' senders read it.
public final class PreviewPixels: Sendable {
    private struct State {
        var width = 0, height = 0
        var bytes: [UInt8] = []
        /// A whole frame already encoded (the gallery's), used when there are no pixels.
        var encoded: [UInt8]?
        var sequence = 0
    }

    private let state = Mutex(State())

    /// An empty frame.
    public init() {}

    /// The current frame's sequence number (it grows with every change), its size in pixels.
    public var current: (sequence: Int, width: Int, height: Int) {
        state.withLock { ($0.sequence, $0.width, $0.height) }
    }

    /// Copies rectangles of the worker's pixels (premultiplied ARGB32) over the copy, with the
    /// background composited under them, and numbers the new frame.
    ///
    /// - Returns: The new frame's sequence number, and for a whole new frame of the same size the
    ///   bounding rectangle of the pixels that differ from the frame before (`nil` when none did),
    ///   so that a new worker's frame is sent as the tile that changed (a saved scene's edit).
    /// - Parameter size: The frame's size in pixels, for a whole new frame (a new worker): a new size starts from transparent pixels.
    @discardableResult
    func copy(from source: UnsafeRawPointer, bytesPerRow: Int, rects: [PixelRect], background: easel_color?,
              size: (width: Int, height: Int)? = nil) -> (sequence: Int, changed: PixelRect?) {
        state.withLock { state in
            var before: [UInt8]?
            if let size, state.width != size.width || state.height != size.height || state.bytes.isEmpty {
                state.width = size.width
                state.height = size.height
                state.bytes = [UInt8](repeating: 0, count: size.width * size.height * 4)
            } else if size != nil {
                before = state.bytes
            }
            let width = state.width, height = state.height
            let rects = rects.filter { $0.x >= 0 && $0.y >= 0 && $0.width > 0 && $0.height > 0
                && $0.x + $0.width <= width && $0.y + $0.height <= height }
            // Compositing over the background, premultiplied: out = src + bg × (255 − srcA) / 255, rounded;
            // the second term depends only on the source's alpha, so it is looked up (one table per channel).
            let blend = Self.backgroundTables(background)
            state.bytes.withUnsafeMutableBytes { target in
                for rect in rects {
                    for row in rect.y..<(rect.y + rect.height) {
                        let from = source + row * bytesPerRow + rect.x * 4
                        let to = target.baseAddress! + (row * width + rect.x) * 4
                        guard let blend else {
                            to.copyMemory(from: from, byteCount: rect.width * 4)
                            continue
                        }
                        let input = from.assumingMemoryBound(to: UInt8.self)
                        let output = to.assumingMemoryBound(to: UInt8.self)
                        blend.withUnsafeBufferPointer { table in
                            // Native byte order on little-endian: B, G, R, A.
                            for index in stride(from: 0, to: rect.width * 4, by: 4) {
                                let alpha = Int(input[index + 3])
                                for channel in 0..<4 {
                                    let sum = Int(input[index + channel]) + Int(table[channel << 8 | alpha])
                                    output[index + channel] = UInt8(truncatingIfNeeded: min(255, sum))
                                }
                            }
                        }
                    }
                }
            }
            state.encoded = nil
            guard let before else {
                state.sequence += 1
                return (state.sequence, PixelRect(x: 0, y: 0, width: width, height: height))
            }
            // The same pixels are the same frame: its number stays.
            guard let changed = Self.difference(before, state.bytes, width: width, height: height) else { return (state.sequence, nil) }
            state.sequence += 1
            return (state.sequence, changed)
        }
    }

    /// What compositing over `background` adds to each channel (B, G, R, A) of a premultiplied
    /// pixel, by the pixel's alpha: table[channel × 256 + alpha] = round(bg × (255 − alpha) / 255)
    /// (255 − alpha for the alpha of an opaque background); `nil` without a background.
    static func backgroundTables(_ background: easel_color?) -> [UInt8]? {
        guard let background else { return nil }
        let a = min(max(background.alpha, 0), 1)
        let channels = [min(max(background.blue, 0), 1) * a * 255, min(max(background.green, 0), 1) * a * 255,
                        min(max(background.red, 0), 1) * a * 255, a * 255]
        let opaque = a >= 1
        var table = [UInt8](repeating: 0, count: 4 * 256)
        for channel in 0..<4 {
            for alpha in 0..<256 {
                let rest = Double(255 - alpha) / 255
                let value = channel == 3 && opaque ? Double(255 - alpha) : (channels[channel] * rest).rounded()
                table[channel << 8 | alpha] = UInt8(min(255, max(0, value)))
            }
        }
        return table
    }

    /// The bounding rectangle of the pixels that differ between two frames of `width` × `height`
    /// 32-bit pixels; `nil` when they are the same.
    static func difference(_ a: [UInt8], _ b: [UInt8], width: Int, height: Int) -> PixelRect? {
        guard a.count == width * height * 4, b.count == a.count else {
            return PixelRect(x: 0, y: 0, width: width, height: height)
        }
        return a.withUnsafeBytes { old in
            b.withUnsafeBytes { new in
                let rowBytes = width * 4
                var top = -1, bottom = -1, left = width, right = -1
                for row in 0..<height {
                    let offset = row * rowBytes
                    guard memcmp(old.baseAddress! + offset, new.baseAddress! + offset, rowBytes) != 0 else { continue }
                    if top < 0 { top = row }
                    bottom = row
                    let o = old.baseAddress!.advanced(by: offset).assumingMemoryBound(to: UInt32.self)
                    let n = new.baseAddress!.advanced(by: offset).assumingMemoryBound(to: UInt32.self)
                    var first = 0
                    while first < left && o[first] == n[first] { first += 1 }
                    left = min(left, first)
                    var last = width - 1
                    while last > right && o[last] == n[last] { last -= 1 }
                    right = max(right, last)
                }
                guard top >= 0, right >= left else { return nil }
                return PixelRect(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
            }
        }
    }

    /// Replaces the frame with an encoded image (the gallery's PNG).
    ///
    /// - Returns: The new frame's sequence number.
    @discardableResult
    func setEncoded(_ png: [UInt8], width: Int, height: Int) -> Int {
        state.withLock { state in
            state.width = width
            state.height = height
            state.bytes = []
            state.encoded = png
            state.sequence += 1
            return state.sequence
        }
    }

    /// Encodes rectangles of the current frame as PNG.
    ///
    /// - Returns: The frame's sequence number and each rectangle with its PNG.
    public func encode(_ rects: [PixelRect]) -> (sequence: Int, tiles: [(PixelRect, [UInt8])]) {
        state.withLock { state in
            if let encoded = state.encoded {
                return (state.sequence, [(PixelRect(x: 0, y: 0, width: state.width, height: state.height), encoded)])
            }
            let width = state.width, height = state.height
            let tiles: [(PixelRect, [UInt8])] = state.bytes.withUnsafeBytes { raw in
                rects.compactMap { rect in
                    guard rect.x >= 0, rect.y >= 0, rect.width > 0, rect.height > 0,
                          rect.x + rect.width <= width, rect.y + rect.height <= height,
                          let png = try? ImageEncoding(format: .png, compression: .fast).encode(
                              pixels: raw.baseAddress!, bytesPerRow: width * 4, x: rect.x, y: rect.y,
                              width: rect.width, height: rect.height) else { return nil }
                    return (rect, png)
                }
            }
            return (state.sequence, tiles)
        }
    }

    /// The whole current frame as PNG, with its sequence number; `nil` before the first.
    public func encodeWhole() -> (sequence: Int, rect: PixelRect, png: [UInt8])? {
        let (sequence, width, height) = current
        guard width > 0, height > 0 else { return nil }
        let (encodedSequence, tiles) = encode([PixelRect(x: 0, y: 0, width: width, height: height)])
        guard let tile = tiles.first, encodedSequence >= sequence else { return nil }
        return (encodedSequence, tile.0, tile.1)
    }
}

/// What one command (or the start) of a live preview produced.
public struct LiveUpdate: Sendable {
    /// Why there is no new frame (the worker crashed or hung, the scene is wrong).
    public var failure: PreviewFailure?
    /// The worker's answer: time, duration, dirty rectangles, tree, notes.
    public var state: LiveState?
    /// The frame's sequence number in ``LivePreview/pixels`` after this update, and the one before it.
    public var sequence = 0, previousSequence = 0
    /// The changed rectangles with their PNGs (the whole frame after a start).
    public var tiles: [(PixelRect, [UInt8])] = []
    /// Whether the tiles are a whole new frame (a start, a new size).
    public var whole = false
    /// The scene's size in points and its pixels per point.
    public var width = 0.0, height = 0.0, scale = 1.0
    /// Warnings of the plugin scan, and plugin code's diagnostics.
    public var warnings: [String] = [], diagnostics: [String] = []
    /// Milliseconds from the command to the encoded tiles.
    public var milliseconds = 0.0
    /// The plugin files the failed worker had loaded that changed on disk since it started (a
    /// plugin rebuilt in place, `cp` over it, while it ran or while it loaded): its failure
    /// says nothing about the plugin (the code it ran changed under it), so it is not shown, and
    /// the files' change renders again. Empty when there was no failure or nothing changed.
    public var superseded: [String] = []
    /// When each stage ended, in milliseconds of the wall clock since 1970 (the page's `Date.now()`):
    /// `request` (sent to the worker), `reply` (its answer read), `state` (its live state decoded),
    /// `copied` (its pixels copied), `encoded` (the tiles).
    public var timings: [String: Double] = [:]

    /// Milliseconds of the wall clock since 1970, as `Date.now()` in a page.
    public static func wallClock() -> Double { Date().timeIntervalSince1970 * 1000 }
}

/// The parent's side of a live scene (`easel preview`): one worker at a time, its commands, the frame's pixels.
///
/// Not thread-safe: one thread (the preview's render loop) uses it; ``pixels`` may be read from any.
public final class LivePreview {
    let session: Session
    /// The scene file.
    public let scene: String
    let timeLimit: Double
    /// The frame as the pages show it.
    public let pixels: PreviewPixels
    private var worker: LiveWorker?
    /// A worker started ahead of time, waiting for its request (``prepareSpare()``).
    private var spare: LiveWorker?
    private var background: easel_color?
    private var layout: Canvas.RasterLayout?
    /// The image files the running worker's scene names (its sandbox lets it read those).
    private var imageFiles: [String] = []
    /// The running worker's plugin files as they were when it started (device, inode, size and
    /// modification time: writing a file in place changes its size or time; replacing it, its inode).
    private var loadedFiles: [String: CanvasImage.FileIdentity?] = [:]
    /// The plugin scan's warnings of the running worker's start (a scene rebuilt in it keeps them).
    private var scanWarnings: [String] = []
    /// The scene's size in points and the pixels per point of the running worker.
    public private(set) var width = 0.0, height = 0.0, scale = 1.0
    /// CPU seconds a live worker may use (its sandbox's RLIMIT_CPU): six hours.
    public static let cpuSeconds = 6 * 3600

    /// A live preview of a scene.
    ///
    /// - Parameters:
    ///   - session: The session whose plugin environment renders.
    ///   - scene: The scene file.
    ///   - timeLimit: Seconds one plugin call may take.
    ///   - pixels: Where the frame's pixels are kept for the pages.
    public init(session: Session, scene: String, timeLimit: Double, pixels: PreviewPixels = PreviewPixels()) {
        self.pixels = pixels
        self.session = session
        self.scene = scene
        self.timeLimit = timeLimit
    }

    deinit {
        worker?.stop()
        spare?.stop()
    }

    /// Whether a worker is running (none before ``start(scale:time:reuse:)`` and after a failure).
    public var isRunning: Bool { worker.map { !$0.hasEnded } ?? false }

    /// Whether a spare worker is waiting (``prepareSpare()``).
    public var hasSpare: Bool { spare.map { !$0.hasEnded } ?? false }

    /// Stops the worker (the spare stays).
    public func stop() {
        worker?.stop()
        worker = nil
    }

    /// Starts a spare worker for the next ``start(scale:time:reuse:)``, unless one is waiting
    /// that can take the current scene: it starts up and waits with no plugin loaded, so that a
    /// change of the plugins costs one request instead of a process start-up. Call it when
    /// nothing else is to be done (after a frame was published).
    public func prepareSpare() {
        guard let layout else { return }
        if let spare, !spare.hasEnded, spare.exchange.pixelBytes >= layout.byteCount { return }
        spare?.stop()
        spare = nil
        guard let exchange = try? IsolationExchange(pixelBytes: layout.byteCount) else { return }
        spare = try? Isolation.startSpare(exchange: exchange, timeLimit: timeLimit)
    }

    /// Shows the scene as it is now, with the timeline run to `time` (its end for `nil`); the
    /// update holds the whole frame.
    ///
    /// With `reuse`, a running worker builds the scene again from its file's new text with
    /// the plugins it has loaded (the plugins did not change), when it can: same scale, the
    /// timeline's end, the same image files, pixels that fit. Otherwise a new worker (the spare,
    /// when one waits) loads the plugins as they are now, so that a rebuilt plugin's new code draws.
    ///
    /// - Parameters:
    ///   - scale: Pixels per point; `nil` for the scene's.
    ///   - time: The time on the scene's timeline.
    ///   - reuse: Whether only the scene file changed since the running worker started.
    ///   - changed: The files whose change this start follows: a plugin file among them that
    ///     cannot be loaded is the update's failure (naming the file and why), and no worker starts.
    public func start(scale requested: Double?, time: Double?, reuse: Bool = false, changed: [String] = []) -> LiveUpdate {
        let start = DispatchTime.now().uptimeNanoseconds
        var update = LiveUpdate()
        update.previousSequence = pixels.current.sequence
        update.sequence = update.previousSequence
        func finish() -> LiveUpdate {
            update.milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            return update
        }
        let text: [UInt8]
        switch Scene.readAll(scene) {
        case .success(let bytes): text = bytes
        case .failure(let failure):
            stop()
            update.failure = PreviewFailure(kind: "scene", message: "\(scene): cannot read the scene file: \(failure.reason)", file: scene)
            return finish()
        }
        let model: Scene
        do { model = try Scene.parse(Data(text), file: scene) } catch {
            stop()
            update.failure = Session.sceneFailure(error, file: scene)
            return finish()
        }
        let scale = requested ?? model.scale
        update.width = model.width
        update.height = model.height
        update.scale = scale
        let layout: Canvas.RasterLayout
        do {
            try SceneRenderer.checkRasterSize(model, scale: scale)
            layout = try Canvas.rasterLayout(width: model.width, height: model.height, scale: scale)
        } catch let error as SessionError {
            stop()
            update.failure = PreviewFailure(kind: "scene", message: error.message, file: scene)
            return finish()
        } catch {
            stop()
            update.failure = PreviewFailure(kind: "setup", message: "\(error)", file: scene)
            return finish()
        }
        let images = model.imageFiles
        if reuse, time == nil, scale == self.scale, images == imageFiles, let worker, !worker.hasEnded,
           layout.byteCount <= worker.exchange.pixelBytes {
            // Only the scene changed: the running worker builds it again with the plugins it has.
            adopt(model, layout: layout, scale: scale)
            update.warnings = scanWarnings
            update.whole = true
            update.timings["request"] = LiveUpdate.wallClock()
            // The tree and the classes come after the frame (``LivePreview/send(_:)`` with `tree` and `classes`).
            let reload = LiveCommand(tree: false, scene: String(decoding: text, as: UTF8.self))
            let command = (try? JSONEncoder().encode(reload)).map { Array($0) } ?? []
            receive(worker.send(command), into: &update)
            noteSuperseded(&update)
            return finish()
        }
        stop()
        let scanned: PluginEnvironment.Scan
        do { scanned = try session.plugins.scan(isolated: true, warn: { update.warnings.append($0) }) } catch {
            update.failure = PreviewFailure(kind: "setup", message: error.message)
            return finish()
        }
        if let scan = scanned.scan {
            let failures = PluginCatalog(scan).failures
            update.warnings += failures.map { "warning: \($0.error)" }
            let standardized = Set(changed.map { URL(fileURLWithPath: $0).standardizedFileURL.path })
            if let failed = failures.first(where: { standardized.contains(URL(fileURLWithPath: $0.error.path).standardizedFileURL.path) }) {
                // A plugin file just added or rebuilt cannot be loaded: that is what the author needs to see.
                let error = failed.error
                var described = PreviewFailure(kind: "load", message: "\(error)", file: scene)
                described.class = error.className
                described.selector = error.selector
                described.plugin = URL(fileURLWithPath: error.path).deletingPathExtension().lastPathComponent
                described.pluginFile = error.path
                described.reason = error.message
                update.failure = described
                return finish()
            }
        }
        let request = WorkerRequest(
            pluginFiles: scanned.scan.map(Isolation.goodFiles), folders: session.plugins.folders, trust: scanned.trust,
            forceLibffi: InvocationOptions.forceLibffi,
            render: .init(scene: scene, scale: scale, vector: nil, skip: [], time: time, dumpTree: true))
        let worker: LiveWorker
        update.timings["request"] = LiveUpdate.wallClock()
        // Taken before the worker opens them: a file written while it loads differs from this afterwards.
        loadedFiles = Dictionary((request.pluginFiles ?? []).map { ($0, CanvasImage.FileIdentity(path: $0)) }) { first, _ in first }
        do {
            if let spare, !spare.hasEnded, spare.exchange.pixelBytes >= layout.byteCount {
                self.spare = nil
                worker = try Isolation.startLive(request, spare: spare, timeLimit: timeLimit, cpuSeconds: Self.cpuSeconds)
            } else {
                let exchange: IsolationExchange
                do { exchange = try IsolationExchange(pixelBytes: layout.byteCount) } catch {
                    update.failure = PreviewFailure(kind: "setup", message: "\(error)", file: scene)
                    return finish()
                }
                worker = try Isolation.startLive(request, exchange: exchange, timeLimit: timeLimit, cpuSeconds: Self.cpuSeconds)
            }
        } catch {
            update.failure = PreviewFailure(kind: "setup", message: error.message)
            return finish()
        }
        self.worker = worker
        adopt(model, layout: layout, scale: scale)
        imageFiles = images
        scanWarnings = update.warnings
        update.whole = true
        receive(worker.reply(), into: &update)
        noteSuperseded(&update)
        return finish()
    }

    /// Names in `update` the running worker's plugin files that changed since it started, when it failed.
    private func noteSuperseded(_ update: inout LiveUpdate) {
        guard update.failure != nil else { return }
        update.superseded = loadedFiles.filter { CanvasImage.FileIdentity(path: $0.key) != $0.value }.map(\.key).sorted()
    }

    /// Takes the scene's size, background and pixel layout as the running worker's.
    private func adopt(_ model: Scene, layout: Canvas.RasterLayout, scale: Double) {
        self.layout = layout
        background = model.background
        width = model.width
        height = model.height
        self.scale = scale
    }

    /// Sends a command to the running worker; the update holds the changed tiles.
    public func send(_ command: LiveCommand) -> LiveUpdate {
        let start = DispatchTime.now().uptimeNanoseconds
        var update = LiveUpdate()
        update.width = width
        update.height = height
        update.scale = scale
        update.previousSequence = pixels.current.sequence
        update.sequence = update.previousSequence
        guard let worker, !worker.hasEnded, let data = try? JSONEncoder().encode(command) else {
            update.failure = PreviewFailure(kind: "setup", message: "the preview's worker is not running (it failed; save a file to start it again)")
            return update
        }
        update.timings["request"] = LiveUpdate.wallClock()
        receive(worker.send(Array(data)), into: &update)
        noteSuperseded(&update)
        update.milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        return update
    }

    /// Turns a reply into the update: the failure, or the copied pixels and their tiles.
    private func receive(_ result: Result<WorkerReply, IsolatedFailure>, into update: inout LiveUpdate) {
        let reply: WorkerReply
        switch result {
        case .failure(let failure):
            update.failure = Session.previewFailure(failure, scene: scene)
            stop()
            return
        case .success(let answer): reply = answer
        }
        update.timings["reply"] = LiveUpdate.wallClock()
        let seen = Set(update.warnings)
        update.warnings += reply.loadWarnings.filter { !seen.contains($0) }
        update.diagnostics = reply.diagnostics
        if let failure = reply.failure {
            var described = PreviewFailure(kind: "render", message: failure.message, file: scene)
            described.path = Session.jsonPath(in: failure.message, file: scene)
            if let drawing = reply.live.flatMap({ try? JSONDecoder().decode(LiveState.self, from: Data($0.utf8)) })?.failure {
                // Plugin code's drawing raised an error: the panel names the view's class, the
                // selector, the plugin, what it did wrong and where the view is in the scene.
                described.kind = "plugin"
                // (A new worker's first reply names the scene file already.)
                let bare = failure.message.hasPrefix("\(scene): ") ? String(failure.message.dropFirst(scene.count + 2)) : failure.message
                described.message = "\(scene): \(drawing.path.map { "\($0): " } ?? "")\(bare)"
                    + (drawing.pluginFile.map { " (plugin \(drawing.plugin ?? ""), \($0))" } ?? "")
                described.class = drawing.className
                described.selector = drawing.selector
                described.plugin = drawing.plugin
                described.pluginFile = drawing.pluginFile
                described.reason = drawing.reason
                described.path = drawing.path
            }
            update.failure = described
            stop()
            return
        }
        guard let text = reply.live, let state = try? JSONDecoder().decode(LiveState.self, from: Data(text.utf8)),
              let layout, let worker else {
            update.failure = PreviewFailure(kind: "setup", message: "the worker's answer has no live state", file: scene)
            stop()
            return
        }
        update.state = state
        update.timings["state"] = LiveUpdate.wallClock()
        update.timings["worker"] = state.milliseconds
        var rects = update.whole ? [PixelRect(x: 0, y: 0, width: layout.pixelWidth, height: layout.pixelHeight)]
            : PixelRect.merged(state.dirty)
        if rects.count > 8 { rects = [rects.dropFirst().reduce(rects[0]) { $0.union($1) }] }
        guard !rects.isEmpty else { return }
        let copied = pixels.copy(from: worker.exchange.pixels, bytesPerRow: layout.bytesPerRow, rects: rects,
                                 background: background,
                                 size: update.whole ? (layout.pixelWidth, layout.pixelHeight) : nil)
        update.sequence = copied.sequence
        update.timings["copied"] = LiveUpdate.wallClock()
        if update.whole {
            // A new worker's frame: only what differs from the frame before is encoded and sent (pages
            // that do not have that frame get the whole one); nothing differs, nothing to send.
            guard let changed = copied.changed else { return }
            rects = [changed]
        }
        let encoded = pixels.encode(rects)
        update.tiles = encoded.tiles
        update.sequence = encoded.sequence
        update.timings["encoded"] = LiveUpdate.wallClock()
    }

    /// Publishes an already encoded whole frame (the gallery's PNG) as the current frame.
    ///
    /// - Returns: The frame's sequence number.
    public static func publishEncoded(_ png: [UInt8], into pixels: PreviewPixels, width: Int, height: Int) -> Int {
        pixels.setEncoded(png, width: width, height: height)
    }
}

extension Session {
    /// A failed worker run described for the preview's failure panel.
    static func previewFailure(_ failure: IsolatedFailure, scene: String) -> PreviewFailure {
        var described = PreviewFailure(kind: "plugin", message: "\(scene): \(failure.message)", file: scene)
        described.path = failure.view?.location
        described.class = failure.culprit.map(\.receiver).flatMap { $0.isEmpty ? nil : $0 } ?? failure.view?.className
        described.selector = failure.culprit.map(\.selector).flatMap { $0.isEmpty ? nil : $0 }
        described.plugin = failure.culprit.map(\.pluginName).flatMap { $0.isEmpty ? nil : $0 }
        described.pluginFile = failure.culprit.map(\.pluginPath).flatMap { $0.isEmpty ? nil : $0 }
        described.reason = failure.reason
        return described
    }
}
