import EaselDiscovery
import EaselRuntime
import EaselViews
import EaselABI
import EaselCanvas
import EaselGeometry

extension Registry {
    /// Loads plugin files in this order, as ``loadPlugins(from:)-(PluginScan)``
    /// loads the files a scan found good: each opened once, checked with
    /// `trust` and loaded from what was checked (``probe(_:folder:trust:)``),
    /// telling `recorder` which file's code runs (so that a process watching
    /// this one can name the file when its constructors or entry point crash or hang).
    ///
    /// - Parameters:
    ///   - files: Plugin files, in search-path order, each with the plugin
    ///     folder it was found in (already checked), or `nil` to check the
    ///     folder it is in.
    ///   - trust: The permission rules and allow-list.
    ///   - recorder: Where to note the file being loaded, if anywhere.
    /// - Returns: The plugins registered by this call.
    @discardableResult
    package func loadPlugins(files: [(path: String, folder: String?)], trust: PluginTrust,
                             recorder: FlightRecorder?) -> [LoadedPlugin] {
        var candidates: [PluginCandidate] = []
        for (path, folder) in files {
            recorder?.beginCall(receiver: "", selector: "", plugin: ("", path))
            let candidate = probe(path, folder: folder, trust: trust)
            recorder?.endCall()
            if let candidate { candidates.append(candidate) }
        }
        return link(candidates)
    }

    /// The `*.so` files of plugin folders, as ``loadPlugins(from:trust:)``
    /// would load them (each file once, with its folder), and the folders
    /// that cannot be listed or that `trust` refuses.
    package static func pluginFiles(in folders: [String], trust: PluginTrust)
        -> (files: [(path: String, folder: String?)], failures: [PluginLoadError]) {
        var files: [(path: String, folder: String?)] = []
        var failures: [PluginLoadError] = []
        var seen = Set<String>()
        for folder in folders {
            switch PluginFolder.sharedObjects(in: folder) {
            case .success(let found):
                if let refusal = trust.checkFolder(folder) { failures.append(refusal); continue }
                files += found.filter { seen.insert(PluginFolder.canonicalPath($0)).inserted }.map { ($0, folder) }
            case .failure(let error):
                failures.append(error)
            }
        }
        return (files, failures)
    }
}

/// A ``PluginCallObserver`` that notes every call in a ``FlightRecorder``:
/// the receiver's class, the selector and the plugin that declares the method.
package final class RecordingCallObserver: PluginCallObserver {
    private let recorder: FlightRecorder

    /// An observer writing to `recorder`.
    package init(_ recorder: FlightRecorder) { self.recorder = recorder }

    package func willCall(_ receiver: EaselObject, _ selector: Selector, _ method: Method) {
        let cls = receiver.objectClass
        let plugin = cls.declaringClass(of: method)?.plugin
        recorder.beginCall(receiver: cls.name, selector: selector.name, plugin: plugin.map { ($0.name, $0.path) })
    }

    package func didCall() { recorder.endCall() }
}

/// A ``RenderObserver`` that notes the view drawing in a ``FlightRecorder``
/// and skips the views whose drawing failed in an earlier attempt, drawing
/// the failure mark over them instead.
package final class RecordingRenderObserver: RenderObserver {
    private let recorder: FlightRecorder
    private let skipped: Set<Int>
    private let locate: (View) -> String
    private var ordinal = 0
    /// The ordinals of the views skipped and marked, in drawing order.
    package private(set) var marked: [Int] = []

    /// An observer writing to `recorder`.
    ///
    /// - Parameters:
    ///   - recorder: The recorder.
    ///   - skipping: Drawing ordinals (1 for the first view that draws) to skip and mark.
    ///   - locate: Where a view comes from, e.g. its JSON path in the scene.
    package init(_ recorder: FlightRecorder, skipping: Set<Int>, locate: @escaping (View) -> String) {
        self.recorder = recorder
        skipped = skipping
        self.locate = locate
    }

    package func willDraw(_ view: View, in canvas: Canvas, toCanvas: easel_affine_transform) -> Bool {
        ordinal += 1
        if skipped.contains(ordinal) {
            canvas.drawFailureMark(in: view.bounds)
            marked.append(ordinal)
            return false
        }
        recorder.beginView(ordinal: ordinal, location: locate(view), className: view.objectClass.name,
                           frame: toCanvas.apply(to: view.bounds))
        return true
    }

    package func didDraw(_ view: View) { recorder.endView() }
}

extension Canvas {
    /// The colour of the failure mark.
    package static let failureMarkColor = easel_color(red: 0.86, green: 0.08, blue: 0.08, alpha: 1)

    /// Marks a rectangle (in current coordinates) as the place of a drawing
    /// that failed: a pale red box with red hatching, a red border and a red
    /// cross from corner to corner, clipped to the rectangle.
    package func drawFailureMark(in rect: easel_rect) {
        let box = rect.standardized
        guard box.size.width > 0, box.size.height > 0 else { return }
        let red = Self.failureMarkColor
        saveState()
        clip(to: box)
        fill(box, color: easel_color(red: 1, green: 0.88, blue: 0.88, alpha: 1))
        let minX = box.origin.x, minY = box.origin.y, maxX = minX + box.size.width, maxY = minY + box.size.height
        // Hatching: lines at 45 degrees, 8 points apart.
        setStrokeColor(easel_color(red: red.red, green: red.green, blue: red.blue, alpha: 0.35))
        setLineWidth(1)
        beginPath()
        var offset = -box.size.height
        while offset < box.size.width {
            move(toX: minX + offset, y: maxY)
            addLine(toX: minX + offset + box.size.height, y: minY)
            offset += 8
        }
        strokePath()
        setStrokeColor(red)
        setLineWidth(2)
        beginPath()
        move(toX: minX, y: minY)
        addLine(toX: maxX, y: maxY)
        move(toX: maxX, y: minY)
        addLine(toX: minX, y: maxY)
        strokePath()
        setLineWidth(4)   // 2 points inside the clip
        strokeRect(box)
        restoreState()
    }
}
