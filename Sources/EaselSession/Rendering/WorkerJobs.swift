import FoundationEssentials
import EaselCanvasOutput
import EaselGraphicsCore
import EaselABI
import EaselCanvas
import EaselDiscovery
import EaselRuntime
import EaselViews
import EaselIsolation
import EaselScene

/// The isolated worker's destination: the exchange's shared pixels for a
/// PNG (the parent writes the file from them), or vectors encoded into the exchange.
struct ExchangeDestination: RenderDestination {
    let exchange: IsolationExchange
    /// `nil` for PNG.
    let vector: Canvas.VectorFormat?

    var isRaster: Bool { vector == nil }

    func makeCanvas(width: Double, height: Double, background: easel_color?, scale: Double) throws(CanvasError) -> Canvas {
        if vector != nil { return try Canvas(width: width, height: height, background: background, backing: .recording) }
        return try Canvas(width: width, height: height, background: background, scale: scale, pixels: exchange.pixels)
    }

    func write(_ canvas: Canvas) throws(SessionError) {
        guard let vector else { return }   // the pixels are already in the exchange
        do { try exchange.writeOutput(try canvas.vectorData(vector)) } catch { throw SessionError(describing: error) }
    }
}

/// The isolated worker's destination for a contact sheet, whose size only
/// the worker knows: a canvas of its own, encoded (PNG, JPEG or WebP) into the exchange.
struct EncodedPNGDestination: RenderDestination {
    let exchange: IsolationExchange
    /// The format, compression and quality.
    var encoding = ImageEncoding.png

    var isRaster: Bool { true }

    func makeCanvas(width: Double, height: Double, background: easel_color?, scale: Double) throws(CanvasError) -> Canvas {
        try Canvas(width: width, height: height, background: background, backing: .raster(scale: scale))
    }

    func write(_ canvas: Canvas) throws(SessionError) {
        do { try exchange.writeOutput(try canvas.encodedData(encoding)) } catch { throw SessionError(describing: error) }
    }
}

/// What the isolated worker does once its plugins are loaded: the session's
/// own scene renderer and invoker, with the worker's flight recorder told
/// every phase and every view drawn.
package struct SessionWorkerJobs: WorkerJobs {
    /// The jobs of `easel isolated-worker`.
    package init() {}

    /// Lays out and draws a line of text on a small canvas: fontconfig reads its configuration
    /// and font cache, and Pango makes its font map, before a spare worker gets its request.
    package func warmUp() {
        guard let canvas = try? Canvas(width: 64, height: 16, backing: .raster(scale: 1)) else { return }
        canvas.showText("Easel 0123", x: 0, y: 12)
        _ = canvas.measureText("Easel")
    }

    /// The image files the job's scene names (Scene+Images.swift), which the worker's sandbox lets it read;
    /// none when the scene cannot be read (the render reports why).
    package func readableFiles(for job: WorkerRequest.RenderJob) -> [String] {
        (try? Scene.load(contentsOf: job.scene))?.imageFiles ?? []
    }

    /// Renders the job's scene through ``SceneRenderer`` into the exchange, skipping and marking the views it names.
    package func render(_ job: WorkerRequest.RenderJob, registry: Registry, exchange: IsolationExchange) -> WorkerReply {
        let recorder = exchange.recorder
        var reply = WorkerReply()
        var drawing: RecordingRenderObserver?
        do {
            let outcome = try SceneRenderer(registry: registry).render(
                scene: job.scene, scale: job.scale, frames: nil, time: job.time,
                destination: ExchangeDestination(exchange: exchange, vector: job.vector),
                observer: { tree in
                    let observer = RecordingRenderObserver(recorder, skipping: Set(job.skip)) { view in
                        SessionWorkerJobs.location(of: view, in: tree)
                    }
                    drawing = observer
                    return observer
                },
                phase: recorder.setPhase)
            reply.diagnostics = outcome.diagnostics
            reply.diagnosticErrors = outcome.failed
            reply.scene = outcome.times.scene
            reply.layout = outcome.times.layout
            reply.draw = outcome.times.draw
            reply.encode = outcome.times.encode
            if job.dumpTree == true, let tree = outcome.tree {
                reply.tree = (try? Array(JSONEncoder().encode(ViewTreeNode(tree.root, in: tree)))) ?? []
            }
        } catch {
            reply.failure = .init(message: error.message)
        }
        reply.marked = drawing?.marked ?? []
        return reply
    }

    /// Sends the job's message through the session's invoker; the canvas, if asked for, is encoded into the exchange.
    package func invoke(_ job: WorkerRequest.InvokeJob, registry: Registry, exchange: IsolationExchange) -> WorkerReply {
        let recorder = exchange.recorder
        recorder.setPhase("invoking")
        var reply = WorkerReply()
        let result: InvokeResult, canvas: Canvas
        do {
            (result, canvas) = try Invoker(registry: registry)
                .send(job.className, job.selector, job.arguments, width: job.width, height: job.height)
        } catch {
            reply.failure = .init(message: error.message, usage: error.usage, isUsageError: error.isUsageError)
            return reply
        }
        reply.diagnostics = result.diagnostics.map(\.description)
        reply.diagnosticErrors = result.diagnostics.contains { $0.severity == .error }
        reply.returnValue = result.returnValue
        if let format = job.output {
            recorder.setPhase("writing the output")
            do {
                let bytes = switch format {
                case "svg": try canvas.vectorData(.svg, scale: job.scale)
                case "pdf": try canvas.vectorData(.pdf, scale: job.scale)
                case "jpeg": try canvas.encodedData(ImageEncoding(format: .jpeg), scale: job.scale)
                case "webp": try canvas.encodedData(ImageEncoding(format: .webp), scale: job.scale)
                default: try canvas.pngData(scale: job.scale)
                }
                try exchange.writeOutput(bytes)
            } catch {
                reply.failure = .init(message: "\(error)")
            }
        }
        return reply
    }

    /// Draws the session's contact sheet into a PNG in the exchange; classes
    /// that cannot be made are sent back as warnings.
    package func gallery(_ job: WorkerRequest.GalleryJob, registry: Registry, exchange: IsolationExchange) -> WorkerReply {
        var reply = WorkerReply()
        var warnings: [String] = []
        do {
            let outcome = try Session.drawGallery(
                registry: registry, cellWidth: job.cellWidth, cellHeight: job.cellHeight, columns: job.columns,
                scale: job.scale, failed: job.failed, destination: EncodedPNGDestination(exchange: exchange, encoding: Self.encoding(of: job)),
                observer: RecordingRenderObserver(exchange.recorder, skipping: [], locate: Session.galleryLocation),
                warn: { warnings.append($0) }, phase: exchange.recorder.setPhase)
            reply.diagnostics = outcome.diagnostics
            reply.diagnosticErrors = outcome.failed
            reply.galleryIndex = (try? Array(JSONEncoder().encode(outcome.galleryTiles))) ?? []
            reply.draw = outcome.times.draw
            reply.encode = outcome.times.encode
        } catch {
            reply.failure = .init(message: error.message)
        }
        reply.loadWarnings = warnings
        return reply
    }

    /// The encoding a gallery job names (PNG at the default compression for what it does not name).
    static func encoding(of job: WorkerRequest.GalleryJob) -> ImageEncoding {
        ImageEncoding(format: job.format.flatMap(ImageEncoding.Format.init(rawValue:)) ?? .png,
                      compression: job.compression.flatMap(ImageEncoding.Compression.init(rawValue:)) ?? .default,
                      quality: job.quality ?? ImageEncoding.defaultQuality)
    }

    /// Where a view comes from: its JSON path, or for a view plugin code made,
    /// what it is and the nearest view the scene declared.
    static func location(of view: View, in tree: SceneTree) -> String {
        if let path = tree.path(of: view) { return path }
        if let overlay = view as? OverlayView, let host = overlay.host {
            return "the overlay of \(location(of: host, in: tree))"
        }
        var ancestor = view.superview
        while let current = ancestor {
            if let path = tree.path(of: current) { return "a \(view.objectClass.name) inside \(path)" }
            ancestor = current.superview
        }
        return "a \(view.objectClass.name) outside the scene's tree"
    }
}
