import FoundationEssentials
import EaselGraphicsCore
import EaselABI
import EaselCanvas
import EaselEncoding
import EaselDiscovery
import EaselRuntime
import EaselViews
import EaselInvocation
import EaselIsolation
import EaselScene

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
    /// Where to write the JSON index of the tiles (`--json`), if anywhere.
    public var index: String?

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
    ///   - index: Where to write the JSON index of the tiles, if anywhere.
    public init(cellWidth: Double = 200, cellHeight: Double = 140, columns: Int = 4, scale: Double = 2,
                output: OutputTarget, compression: ImageEncoding.Compression = .default,
                quality: Int = ImageEncoding.defaultQuality, index: String? = nil) {
        self.index = index
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
    /// Each class gets a cell: an instance sent `prepareForInterfaceBuilder`
    /// (when its class implements it as `v@:`) after `init`, at the size its
    /// `sizeThatFits:` proposes for the cell (scaled down when larger), drawn
    /// on white and labelled with the class and plugin name. A class that
    /// cannot be made (or whose plugin code reports an error meanwhile) is a
    /// red tile with the reason as its text, reported as an error.
    /// The sheet is drawn and written by the scene renderer's last stages.
    ///
    /// - Parameters:
    ///   - options: Cells, columns, scale and output.
    ///   - progress: Told about each class as its tile is made (index from 0, count, class name),
    ///     and once more (count, count, "drawing the sheet") before the sheet is drawn.
    /// - Returns: The diagnostics, and whether one is an error.
    /// - Throws: ``SessionError`` when no plugin defines a view class, or the sheet cannot be drawn or written.
    public func gallery(_ options: GalleryOptions, progress: ((Int, Int, String) -> Void)? = nil) throws(SessionError) -> RenderOutcome {
        let registry = try plugins.loadRegistry(warn: report)
        let outcome = try Self.drawGallery(registry: registry, cellWidth: options.cellWidth, cellHeight: options.cellHeight,
                                    columns: options.columns, scale: options.scale,
                                    destination: CanvasDestination(target: options.output, compression: options.compression,
                                                                    quality: options.quality),
                                    warn: report,
                                    phase: PluginExitGuard.setPhase, progress: progress)
        try Self.writeIndex(outcome.galleryTiles, to: options.index)
        return outcome
    }

    /// Writes the tiles as a JSON array to `path` (`-` for standard output), when a path is given.
    static func writeIndex(_ tiles: [GalleryTile], to path: String?) throws(SessionError) {
        guard let path else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data: Data
        do { data = try encoder.encode(tiles) } catch { throw SessionError(describing: error) }
        let bytes = Array(data) + [0x0A]
        if path == "-" { try StandardOutput.write(bytes) } else { try OutputFile.write(bytes, to: path) }
    }

    /// `gallery` in an isolated child process: a crash, a hang (past
    /// `isolation`'s time limit) or an exit in plugin code is an error naming
    /// the class, selector and plugin; that class becomes a red tile with the
    /// error as its text and the sheet is drawn again in a new child.
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
        var job = WorkerRequest.GalleryJob(
            cellWidth: options.cellWidth, cellHeight: options.cellHeight, columns: options.columns,
            scale: options.scale, format: options.encoding.format.rawValue,
            compression: options.compression.rawValue, quality: options.quality)
        var reply = WorkerReply()
        var exchange: IsolationExchange?
        // A class whose code crashes or hangs stops the worker: it becomes a red tile and the sheet
        // is drawn again without it (once per class at most: each round fails a new class or finishes).
        var rounds = 0
        while exchange == nil {
            rounds += 1
            let attempt: IsolationExchange
            do { attempt = try IsolationExchange(pixelBytes: 0) } catch { throw SessionError(describing: error) }
            let request = WorkerRequest(
                pluginFiles: scanned.scan.map(Isolation.goodFiles), folders: plugins.folders, trust: scanned.trust,
                forceLibffi: InvocationOptions.forceLibffi, gallery: job)
            switch try runWorker(request, exchange: attempt, timeLimit: isolation.timeLimit) {
            case .failure(let failure):
                guard let name = failure.view?.className, job.failed[name] == nil, rounds <= 1024 else {
                    throw SessionError("gallery: \(failure.message)", className: failure.view?.className)
                }
                report("error: gallery: \(failure.message)")
                let cell = "the cell of \(name): "
                job.failed[name] = failure.message.hasPrefix(cell) ? String(failure.message.dropFirst(cell.count)) : failure.message
            case .success(let answer):
                reply = answer
                exchange = attempt
            }
        }
        try check(reply, printed: printed)
        let bytes: [UInt8]
        do { bytes = try exchange?.output() ?? [] } catch { throw SessionError(describing: error) }
        try measure(&times.encode) { () throws(SessionError) in try options.output.write(bytes) }
        var outcome = RenderOutcome(times: times, diagnostics: reply.diagnostics)
        outcome.failed = reply.diagnosticErrors || !job.failed.isEmpty
        outcome.galleryTiles = (try? JSONDecoder().decode([GalleryTile].self, from: Data(reply.galleryIndex))) ?? []
        try Self.writeIndex(outcome.galleryTiles, to: options.index)
        return outcome
    }

    /// `prepareForInterfaceBuilder` (`v@:`), sent to each instance the gallery makes.
    static let prepareForInterfaceBuilder = HostCall("prepareForInterfaceBuilder", "v@:")

    /// The selectors the gallery sends a class's instance, checked before it is made: a
    /// method with another signature makes the tile fail instead of being skipped unnoticed.
    private static let checkedSelectors = ["init", "prepareForInterfaceBuilder", "sizeThatFits:", "drawRect:"]

    /// Builds the contact sheet of a registry's view classes and draws and writes it to `destination`.
    ///
    /// - Parameter failed: Classes not to make, with the reason they failed before (a crash in an
    ///   isolated worker): each is a red tile with its reason.
    static func drawGallery(registry: Registry, cellWidth: Double, cellHeight: Double, columns: Int, scale: Double,
                            failed: [String: String] = [:],
                            destination: some RenderDestination, observer: RenderObserver? = nil,
                            warn: (String) -> Void, phase: (String) -> Void,
                            progress: ((Int, Int, String) -> Void)? = nil) throws(SessionError) -> RenderOutcome {
        let entries = registry.plugins.flatMap { plugin in
            plugin.classNames.compactMap { name -> (String, LoadedPlugin)? in
                guard let cls = registry.objectClass(named: name), cls.ancestry.contains(where: { $0.name == "View" }) else { return nil }
                return (name, plugin)
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
        var tiles: [GalleryTile] = []
        phase("making the views")
        for (index, (name, plugin)) in entries.enumerated() {
            progress?(index, entries.count, name)
            let x = padding + Double(index % columnCount) * (cellWidth + padding)
            let y = padding + Double(index / columnCount) * (cellHeight + labelHeight + padding)
            let frame = easel_rect(x: x, y: y, width: cellWidth, height: cellHeight)
            var tile = GalleryTile(className: name, plugin: plugin.name, file: plugin.path,
                                   cell: .init(x: x, y: y, width: cellWidth, height: cellHeight), reason: failed[name])
            tile.version = plugin.metadata?.version
            tile.summary = plugin.metadata?.forClass(name)?.summary
            if tile.reason == nil {
                tile.reason = makeTile(name, frame: frame, in: root, registry: registry)
            }
            if let reason = tile.reason {
                if failed[name] == nil { warn("error: gallery: \(name): \(reason)") }
                if let red = try? registry.makeView(ofClass: "View", frame: frame) {
                    red.backgroundColor = easel_color(red: 0.86, green: 0.16, blue: 0.16, alpha: 1)
                    try? root.addSubview(red)
                }
            }
            tiles.append(tile)
        }
        progress?(entries.count, entries.count, "drawing the sheet")
        var outcome = try SceneRenderer(registry: registry).finish(
            root, on: canvas, destination: destination, scene: nil, observer: observer, times: StageTimes(),
            decorate: { canvas in Self.drawLabels(tiles, on: canvas) }, phase: phase)
        outcome.galleryTiles = tiles
        if tiles.contains(where: { $0.reason != nil }) { outcome.failed = true }
        return outcome
    }

    /// Makes, prepares and sizes an instance of `name` in a white cell at `frame`; returns why it
    /// failed (an error thrown, or an error plugin code reported meanwhile), or `nil` when it is in place.
    private static func makeTile(_ name: String, frame: easel_rect, in root: View, registry: Registry) -> String? {
        if let cls = registry.objectClass(named: name) {
            for selector in checkedSelectors {
                guard let method = cls.method(for: Selector(selector)) else { continue }
                if let problem = ViewCallbackCheck.warning(className: name, selector: selector, encoding: method.signature.encoding) {
                    return problem
                }
            }
        }
        let reported = registry.diagnostics.count
        do {
            let container = try registry.makeView(ofClass: "View", frame: frame)
            container.backgroundColor = easel_color(red: 1, green: 1, blue: 1, alpha: 1)
            container.clipsToBounds = true
            let room = easel_size(width: frame.size.width - 16, height: frame.size.height - 16)
            let view = try makePreviewView(name, size: room, registry: registry)
            // Interface Builder's convention: a designable object sets preview values when it is made for a preview.
            view.send(prepareForInterfaceBuilder)
            // The size the class wants for the cell; a widget larger than the cell keeps its size and is scaled down.
            let fitted = view.sizeThatFits(room)
            let size = easel_size(width: max(fitted.width, 1), height: max(fitted.height, 1))
            view.bounds = easel_rect(x: 0, y: 0, width: size.width, height: size.height)
            view.center = easel_point(x: frame.size.width / 2, y: frame.size.height / 2)
            let shrink = min(1, room.width / size.width, room.height / size.height)
            if shrink < 1 { view.transform = easel_affine_transform(scaleX: shrink, y: shrink) }
            if let error = registry.diagnostics.dropFirst(reported).first(where: { $0.severity == .error }) {
                return error.message
            }
            try container.addSubview(view)
            try root.addSubview(container)
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// Why a class's preview values cannot be used.
    struct PreviewValuesError: Error, CustomStringConvertible {
        let description: String
    }

    /// An instance of `name` for its cell, `size` large: with the preview values of its plugin's
    /// metadata (easel.metadata.v1) set as a scene sets "properties", when the plugin gives any.
    /// Values that are not a JSON object, or that the class refuses, fail the tile with the reason.
    static func makePreviewView(_ name: String, size: easel_size, registry: Registry) throws -> View {
        let frame = easel_rect(x: 0, y: 0, width: size.width, height: size.height)
        guard let preview = registry.objectClass(named: name)?.plugin?.metadata?.forClass(name)?.previewProperties else {
            return try registry.makeView(ofClass: name, frame: frame)
        }
        guard let properties = try? JSONReader.read(preview), case .object = properties else {
            throw PreviewValuesError(description: "its preview values are not a JSON object: \(preview.prefix(200))")
        }
        // A one-view scene as a document (never spliced as text), so the preview values cannot reach other keys.
        let scene: Value = .object([
            "canvas": .object(["size": .list([.number(max(size.width, 1)), .number(max(size.height, 1))])]),
            "root": .object(["subviews": .list([.object([
                "class": .string(name),
                "frame": .list([0, 0, size.width, size.height].map(Value.number)),
                "properties": properties,
            ])])]),
        ])
        let tree = try Scene.parse(scene, file: "the preview values of \(name)").build(in: registry)
        guard let view = tree.root.subviews.first else { return try registry.makeView(ofClass: name, frame: frame) }
        view.removeFromSuperview()
        return view
    }

    /// Where a view of the contact sheet is: `the cell of <class>` (the class the cell shows).
    static func galleryLocation(of view: View) -> String {
        var widget = view
        // The sheet is root > cell container > the class's view > what it adds.
        while let parent = widget.superview, parent.superview?.superview != nil { widget = parent }
        return widget.superview == nil ? "the contact sheet" : "the cell of \(widget.objectClass.name)"
    }

    /// The class and plugin name under each cell, and a failed tile's reason in it.
    private static func drawLabels(_ tiles: [GalleryTile], on canvas: Canvas) {
        canvas.withCurrentContext {
            canvas.saveState()
            for tile in tiles {
                let cell = tile.cell
                if let reason = tile.reason {
                    canvas.setFillColor(easel_color(red: 1, green: 1, blue: 1, alpha: 1))
                    canvas.setFont("DejaVu Sans", size: 9)
                    let text = easel_rect(x: cell.x + 6, y: cell.y + 6, width: cell.width - 12, height: cell.height - 12)
                    reason.withCString { canvas.drawText($0, length: -1, in: text, style: nil, attributes: nil, attributeCount: 0) }
                }
                canvas.setFillColor(easel_color(red: 0.1, green: 0.1, blue: 0.12, alpha: 1))
                canvas.setFont("DejaVu Sans", size: 12)
                canvas.showText(tile.className, x: cell.x + 2, y: cell.y + cell.height + 15)
                canvas.setFillColor(easel_color(red: 0.45, green: 0.45, blue: 0.5, alpha: 1))
                canvas.setFont("DejaVu Sans", size: 10)
                canvas.showText(fitted(tile.caption, width: cell.width - 4, canvas: canvas), x: cell.x + 2, y: cell.y + cell.height + 27)
            }
            canvas.restoreState()
        }
    }

    /// `text`, cut at the end with "…" until it is at most `width` points wide in the current font.
    private static func fitted(_ text: String, width: Double, canvas: Canvas) -> String {
        guard canvas.measureText(text).width > width else { return text }
        var characters = Array(text)
        while !characters.isEmpty {   // bounded: one character fewer each time
            characters.removeLast()
            let candidate = String(characters).trimmingWhitespace() + "…"
            if canvas.measureText(candidate).width <= width { return candidate }
        }
        return ""
    }
}

/// One cell of the contact sheet, as `easel gallery --json` writes it.
public struct GalleryTile: Codable, Sendable, Equatable {
    /// A rectangle in points.
    public struct Rect: Codable, Sendable, Equatable {
        /// The origin and size.
        public var x, y, width, height: Double
    }

    /// The class shown.
    public var className: String
    /// The name of the plugin defining it.
    public var plugin: String
    /// The plugin file.
    public var file: String
    /// The cell in the sheet, in points (the label is below it).
    public var cell: Rect
    /// Why the class could not be made or drawn; `nil` when it was drawn.
    public var reason: String?
    /// The plugin's version, from its metadata (easel.metadata.v1); `nil` when not given.
    public var version: String?
    /// The class's one-line summary, from its plugin's metadata; `nil` when not given.
    public var summary: String?

    /// The second line of the tile's label: `plugin Shapes 1.0.0 · A filled rectangle` (the parts given).
    var caption: String {
        var text = "plugin \(plugin)"
        if let version { text += " \(version)" }
        if let summary { text += " · \(summary)" }
        return text
    }

    /// `drawn`, or `failed` when ``reason`` says why.
    public var status: String { reason == nil ? "drawn" : "failed" }

    private enum CodingKeys: String, CodingKey { case className = "class", plugin, file, cell, status, reason, version, summary }

    /// Creates a tile.
    public init(className: String, plugin: String, file: String, cell: Rect, reason: String?) {
        self.className = className
        self.plugin = plugin
        self.file = file
        self.cell = cell
        self.reason = reason
    }

    /// Reads a tile from the index.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        className = try container.decode(String.self, forKey: .className)
        plugin = try container.decode(String.self, forKey: .plugin)
        file = try container.decode(String.self, forKey: .file)
        cell = try container.decode(Rect.self, forKey: .cell)
        reason = try container.decodeIfPresent(String.self, forKey: .reason)
        version = try container.decodeIfPresent(String.self, forKey: .version)
        summary = try container.decodeIfPresent(String.self, forKey: .summary)
    }

    /// Writes a tile to the index, with its status.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(className, forKey: .className)
        try container.encode(plugin, forKey: .plugin)
        try container.encode(file, forKey: .file)
        try container.encode(cell, forKey: .cell)
        try container.encode(status, forKey: .status)
        try container.encodeIfPresent(reason, forKey: .reason)
        try container.encodeIfPresent(version, forKey: .version)
        try container.encodeIfPresent(summary, forKey: .summary)
    }
}
