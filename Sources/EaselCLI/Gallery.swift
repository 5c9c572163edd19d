import ArgumentParser
import EaselABI
import EaselCanvas
import EaselHost
import Foundation

// MARK: - easel gallery

struct Gallery: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render every view class of every loaded plugin into one labelled contact sheet (PNG).",
        discussion: """
            Each class gets a cell: an instance at the size its sizeThatFits: proposes for the cell (scaled \
            down when larger than the cell), with its property defaults, drawn on white and labelled with the \
            class and plugin name.
            """)

    @Option(name: .shortAndLong, help: ArgumentHelp("The PNG to write (- for standard output).", valueName: "file"))
    var output: String

    @OptionGroup var plugins: PluginOptions

    @Option(help: ArgumentHelp("The size of a cell in points.", valueName: "WxH"))
    var cell: String = "200x140"

    @Option(help: "Cells per row.")
    var columns: Int = 4

    @Option(help: "Pixels per point.")
    var scale: Double = 2

    func validate() throws {
        guard parseSize(cell) != nil else { throw ValidationError("--cell must be WxH with positive numbers, e.g. 200x140; got '\(cell)'") }
        guard columns > 0, columns <= 64 else { throw ValidationError("--columns must be between 1 and 64; got \(columns)") }
        guard scale > 0, scale <= 8 else { throw ValidationError("--scale must be between 0 and 8; got \(scale)") }
        guard output == "-" || output.lowercased().hasSuffix(".png") else { throw ValidationError("--output must be a .png file or -; got '\(output)'") }
    }

    func parseSize(_ text: String) -> (Double, Double)? {
        let parts = text.lowercased().split(separator: "x").compactMap { Double($0) }
        guard parts.count == 2, parts[0] > 0, parts[1] > 0 else { return nil }
        return (parts[0], parts[1])
    }

    func run() throws {
        let (registry, _) = plugins.loadRegistry()
        for failure in registry.failures { printError("warning: \(failure)") }
        let entries = registry.plugins.flatMap { plugin in
            plugin.classNames.compactMap { name -> (String, String)? in
                guard let cls = registry.objectClass(named: name), cls.ancestry.contains(where: { $0.name == "View" }) else { return nil }
                return (name, plugin.name)
            }
        }
        guard !entries.isEmpty else { throw CommandFailure(status: 1, lines: ["error: no loaded plugin defines a view class"]) }
        let (cellWidth, cellHeight) = parseSize(cell)!
        let padding = 12.0, labelHeight = 30.0
        let columnCount = min(columns, entries.count)
        let rows = (entries.count + columnCount - 1) / columnCount
        let width = padding + Double(columnCount) * (cellWidth + padding)
        let height = padding + Double(rows) * (cellHeight + labelHeight + padding)
        let white = easel_color(red: 1, green: 1, blue: 1, alpha: 1)
        let canvas: Canvas
        let root: View
        do {
            canvas = try Canvas(width: width, height: height, background: white, backing: .raster(scale: scale))
            root = try registry.makeView(ofClass: "Window", frame: easel_rect(x: 0, y: 0, width: width, height: height))
        } catch {
            throw CommandFailure(status: 1, lines: ["error: \(error)"])
        }
        root.backgroundColor = easel_color(red: 0.94, green: 0.94, blue: 0.95, alpha: 1)
        var cells: [(easel_rect, String, String)] = []
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
                printError("warning: \(name): \(error)")
            }
        }
        do {
            try root.render(into: canvas)
        } catch {
            throw CommandFailure(status: 1, lines: ["error: \(error)"])
        }
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
        do {
            try OutputTarget(output).write(canvas)
        } catch {
            throw CommandFailure(status: 1, lines: ["error: \(error)"])
        }
        let diagnostics = registry.takeDiagnostics()
        diagnostics.forEach { printError($0.description) }
        if diagnostics.contains(where: { $0.severity == .error }) { throw CommandFailure(status: 1, lines: []) }
    }
}
