import EaselGraphicsCore
import EaselABI
import EaselCanvas
import EaselDiscovery
import EaselRuntime
import EaselViews
import EaselInvocation
import EaselIsolation

/// The layout of a contact sheet: `easel gallery`.
public struct GalleryOptions: Sendable {
    /// The size of a cell in points.
    public var cellWidth: Double, cellHeight: Double
    /// Cells per row.
    public var columns: Int
    /// Pixels per point.
    public var scale: Double
    /// Where to write the image (PNG, JPEG or WebP).
    public var output: OutputTarget
    /// How hard a PNG is compressed.
    public var compression: ImageEncoding.Compression
    /// The quality of a JPEG or WebP, 1 to 100.
    public var quality: Int

    /// Creates options.
    ///
    /// - Parameters:
    ///   - cellWidth: The width of a cell in points.
    ///   - cellHeight: The height of a cell in points.
    ///   - columns: Cells per row.
    ///   - scale: Pixels per point.
    ///   - output: Where to write the image (PNG, JPEG or WebP).
    ///   - compression: How hard a PNG is compressed.
    ///   - quality: The quality of a JPEG or WebP, 1 to 100.
    public init(cellWidth: Double = 200, cellHeight: Double = 140, columns: Int = 4, scale: Double = 2,
                output: OutputTarget, compression: ImageEncoding.Compression = .default,
                quality: Int = ImageEncoding.defaultQuality) {
        self.cellWidth = cellWidth
        self.cellHeight = cellHeight
        self.columns = columns
        self.scale = scale
        self.output = output
        self.compression = compression
        self.quality = quality
    }

    /// The raster encoding of the output.
    var encoding: ImageEncoding {
        ImageEncoding(format: output.rasterFormat ?? .png, compression: compression, quality: quality)
    }
}

extension Session {
    /// Renders every view class of every loaded plugin into one labelled contact sheet.
    ///
    /// Each class gets a cell: an instance at the size its `sizeThatFits:`
    /// proposes for the cell (scaled down when larger), with its property
    /// defaults, drawn on white and labelled with the class and plugin name.
    /// A class that cannot be made is reported as a warning and left out.
    /// The sheet is drawn and written by the scene renderer's last stages.
    ///
    /// - Parameter options: Cells, columns, scale and output.
    /// - Returns: The diagnostics, and whether one is an error.
    /// - Throws: ``SessionError`` when no plugin defines a view class, or the sheet cannot be drawn or written.
    public func gallery(_ options: GalleryOptions) throws(SessionError) -> RenderOutcome {
        let registry = try plugins.loadRegistry(warn: report)
        return try Self.drawGallery(registry: registry, cellWidth: options.cellWidth, cellHeight: options.cellHeight,
                                    columns: options.columns, scale: options.scale,
                                    destination: CanvasDestination(target: options.output, compression: options.compression,
                                                                    quality: options.quality),
                                    warn: report,
                                    phase: PluginExitGuard.setPhase)
    }

    /// `gallery` in an isolated child process: a crash, a hang (past
    /// `isolation`'s time limit) or an exit in plugin code is an error naming
    /// the class, selector and plugin, and nothing is written.
    ///
    /// - Parameters:
    ///   - options: Cells, columns, scale and output.
    ///   - isolation: The time limit of each plugin call (`keepGoing` is not used).
    /// - Returns: The diagnostics, and whether one is an error.
    /// - Throws: ``SessionError`` as ``gallery(_:)``, and for a failure of the child.
    public func galleryIsolated(_ options: GalleryOptions, isolation: IsolationSettings) throws(SessionError) -> RenderOutcome {
        var times = StageTimes()
        let scanned = try measure(&times.load) { () throws(SessionError) in try plugins.scan(isolated: true, warn: report) }
        let printed = reportScanFailures(scanned.scan)
        let exchange: IsolationExchange
        do { exchange = try IsolationExchange(pixelBytes: 0) } catch { throw SessionError(describing: error) }
        let request = WorkerRequest(
            pluginFiles: scanned.scan.map(Isolation.goodFiles), folders: plugins.folders, trust: scanned.trust,
            forceLibffi: InvocationOptions.forceLibffi,
            gallery: .init(cellWidth: options.cellWidth, cellHeight: options.cellHeight, columns: options.columns,
                           scale: options.scale, format: options.encoding.format.rawValue,
                           compression: options.compression.rawValue, quality: options.quality))
        let reply: WorkerReply
        switch try runWorker(request, exchange: exchange, timeLimit: isolation.timeLimit) {
        case .failure(let failure): throw SessionError("gallery: \(failure.message)", className: failure.view?.className)
        case .success(let answer): reply = answer
        }
        try check(reply, printed: printed)
        let bytes: [UInt8]
        do { bytes = try exchange.output() ?? [] } catch { throw SessionError(describing: error) }
        try measure(&times.encode) { () throws(SessionError) in try options.output.write(bytes) }
        var outcome = RenderOutcome(times: times, diagnostics: reply.diagnostics)
        outcome.failed = reply.diagnosticErrors
        return outcome
    }

    /// Builds the contact sheet of a registry's view classes and draws and writes it to `destination`.
    static func drawGallery(registry: Registry, cellWidth: Double, cellHeight: Double, columns: Int, scale: Double,
                            destination: some RenderDestination, observer: RenderObserver? = nil,
                            warn: (String) -> Void, phase: (String) -> Void) throws(SessionError) -> RenderOutcome {
        let entries = registry.plugins.flatMap { plugin in
            plugin.classNames.compactMap { name -> (String, String)? in
                guard let cls = registry.objectClass(named: name), cls.ancestry.contains(where: { $0.name == "View" }) else { return nil }
                return (name, plugin.name)
            }
        }
        guard !entries.isEmpty else { throw SessionError("no loaded plugin defines a view class") }
        // image_named chooses @2x/@3x variants by the sheet's scale; a gallery names no image folders.
        registry.imageScale = scale
        registry.imageFolders = []
        let padding = 12.0, labelHeight = 30.0
        let columnCount = min(columns, entries.count)
        let rows = (entries.count + columnCount - 1) / columnCount
        let width = padding + Double(columnCount) * (cellWidth + padding)
        let height = padding + Double(rows) * (cellHeight + labelHeight + padding)
        let white = easel_color(red: 1, green: 1, blue: 1, alpha: 1)
        let canvas: Canvas
        let root: View
        do {
            canvas = try destination.makeCanvas(width: width, height: height, background: white, scale: scale)
            root = try registry.makeView(ofClass: "Window", frame: easel_rect(x: 0, y: 0, width: width, height: height))
        } catch {
            throw SessionError(describing: error)
        }
        root.backgroundColor = easel_color(red: 0.94, green: 0.94, blue: 0.95, alpha: 1)
        var cells: [(easel_rect, String, String)] = []
        phase("making the views")
        for (index, (name, pluginName)) in entries.enumerated() {
            let x = padding + Double(index % columnCount) * (cellWidth + padding)
            let y = padding + Double(index / columnCount) * (cellHeight + labelHeight + padding)
            let frame = easel_rect(x: x, y: y, width: cellWidth, height: cellHeight)
            cells.append((frame, name, pluginName))
            do {
                let container = try registry.makeView(ofClass: "View", frame: frame)
                container.backgroundColor = white
                container.clipsToBounds = true
                let room = easel_size(width: cellWidth - 16, height: cellHeight - 16)
                let view = try registry.makeView(ofClass: name, frame: easel_rect(x: 0, y: 0, width: room.width, height: room.height))
                // The size the class wants for the cell; a widget larger than the cell keeps its size and is scaled down.
                let fitted = view.sizeThatFits(room)
                let size = easel_size(width: max(fitted.width, 1), height: max(fitted.height, 1))
                view.bounds = easel_rect(x: 0, y: 0, width: size.width, height: size.height)
                view.center = easel_point(x: cellWidth / 2, y: cellHeight / 2)
                let shrink = min(1, room.width / size.width, room.height / size.height)
                if shrink < 1 { view.transform = easel_affine_transform(scaleX: shrink, y: shrink) }
                try container.addSubview(view)
                try root.addSubview(container)
            } catch {
                warn("warning: \(name): \(error)")
            }
        }
        return try SceneRenderer(registry: registry).finish(
            root, on: canvas, destination: destination, scene: nil, observer: observer, times: StageTimes(),
            decorate: { canvas in Self.drawLabels(cells, on: canvas) }, phase: phase)
    }

    /// Where a view of the contact sheet is: `the cell of <class>` (the class the cell shows).
    static func galleryLocation(of view: View) -> String {
        var widget = view
        // The sheet is root > cell container > the class's view > what it adds.
        while let parent = widget.superview, parent.superview?.superview != nil { widget = parent }
        return widget.superview == nil ? "the contact sheet" : "the cell of \(widget.objectClass.name)"
    }

    /// The class and plugin name under each cell.
    private static func drawLabels(_ cells: [(easel_rect, String, String)], on canvas: Canvas) {
        canvas.withCurrentContext {
            canvas.saveState()
            for (frame, name, pluginName) in cells {
                canvas.setFillColor(easel_color(red: 0.1, green: 0.1, blue: 0.12, alpha: 1))
                canvas.setFont("DejaVu Sans", size: 12)
                canvas.showText(name, x: frame.origin.x + 2, y: frame.origin.y + frame.size.height + 15)
                canvas.setFillColor(easel_color(red: 0.45, green: 0.45, blue: 0.5, alpha: 1))
                canvas.setFont("DejaVu Sans", size: 10)
                canvas.showText("plugin \(pluginName)", x: frame.origin.x + 2, y: frame.origin.y + frame.size.height + 27)
            }
            canvas.restoreState()
        }
    }
}
