// View-rendering benchmark: what drawing a tree of plugin views through
// Easel costs compared with the same drawing done with cairo directly.
//
// The views are `Tile`s of the C sample plugin Shapes (libShapes.so): the
// view's backgroundColor fills it, its drawRect: strokes a 2 pt rounded
// rectangle inset by 1 pt, and an overlay its init added draws a triangular
// tail at the bottom centre through drawTail:. A plain root View of
// 1920x1080 holds them in a grid. The baseline draws the same pixels with
// cairo alone, into the same kind of surface (an ARGB32 image of 1920x1080):
// per tile, a filled background rectangle, the same rounded-rect path
// stroked 2 px wide, and the same filled triangle, after clearing the
// surface as a full render does. Both run in this process, in alternating
// rounds, and each is timed as its best round.
//
// Measured:
//   - a full frame of 1000 tiles (45x45) and of 10,000 tiles (14x14):
//     Easel's `render(into:mode: .full)` into a raster Canvas against the
//     direct cairo drawing (targets 1.10x and 1.15x);
//   - one tile of the 1000 marked with setNeedsDisplay() and redrawn with
//     `render(into: sameCanvas, mode: .dirtyRegions)`, against Easel's full
//     frame (target 2%);
//   - heap memory per tile (the Tile with its overlay view) while the tree
//     is built, from the interposed malloc (CMallocCounter): allocations,
//     bytes allocated, and bytes still live afterwards;
//   - how many pixels of the Easel frame differ from the cairo frame (and
//     that a dirty-region redraw leaves the full frame's pixels unchanged).

import EaselGraphicsCore
import CCairo
import CMallocCounter
import EaselABI
import EaselCanvas
import EaselDiscovery
import EaselRuntime
import EaselViews
#if canImport(Glibc)
import Glibc
#endif

struct ViewBenchmarkOptions {
    /// Where to write the frames as PNGs, if anywhere.
    var pngFolder: String?
    /// Rounds per measurement; each measurement is the best round.
    var rounds = 15
    /// When set: only render this many 1000-tile frames through Easel, for a profiler.
    var profileFrames: Int?
    /// With `profileFrames`: redraw one dirty tile that many times instead of full frames.
    var profileDirty = false
    /// With `profileFrames`: the 10,000-tile grid instead of the 1000-tile one.
    var profileTiny = false
}

/// A grid of square tiles filling a 1920x1080 frame.
private struct Grid {
    static let frameWidth = 1920.0, frameHeight = 1080.0

    let count: Int
    let cell: Double
    let columns: Int
    let cornerRadius: Double
    /// The top left corner of the grid, centring it in the frame.
    let origin: easel_point

    init(count: Int, cell: Double, cornerRadius: Double) {
        self.count = count
        self.cell = cell
        self.cornerRadius = cornerRadius
        columns = Int(Grid.frameWidth / cell)
        let rows = (count + columns - 1) / columns
        precondition(Double(rows) * cell <= Grid.frameHeight, "\(count) tiles of \(cell) do not fit")
        origin = easel_point(x: ((Grid.frameWidth - Double(columns) * cell) / 2).rounded(.down),
                             y: ((Grid.frameHeight - Double(rows) * cell) / 2).rounded(.down))
    }

    func frame(of index: Int) -> easel_rect {
        easel_rect(origin: easel_point(x: origin.x + Double(index % columns) * cell,
                                       y: origin.y + Double(index / columns) * cell),
                   size: easel_size(width: cell, height: cell))
    }

    /// Background colours, cycled through the tiles so that neighbours differ.
    static let backgrounds = [
        easel_color(red: 0.98, green: 0.92, blue: 0.72, alpha: 1),
        easel_color(red: 0.78, green: 0.88, blue: 1.00, alpha: 1),
        easel_color(red: 0.80, green: 0.96, blue: 0.80, alpha: 1),
        easel_color(red: 1.00, green: 0.84, blue: 0.88, alpha: 1),
        easel_color(red: 0.90, green: 0.85, blue: 1.00, alpha: 1),
    ]
    static let border = easel_color(red: 0.12, green: 0.20, blue: 0.45, alpha: 1)
    static let tail = easel_color(red: 0.90, green: 0.30, blue: 0.10, alpha: 1)

    func background(of index: Int) -> easel_color { Grid.backgrounds[index % Grid.backgrounds.count] }
}

/// A tree of tiles and what building it cost.
private struct Tree {
    let root: View
    let tiles: [View]
    let allocationsPerTile: Double
    let bytesPerTile: Double
    let liveBytesPerTile: Double
}

/// The tree of `grid`'s tiles. Its backing-store policy is `.onChange` by default: an unchanged
/// tree then draws every frame as its first (what `easel render` does), which is what the frame
/// benchmark times; `.firstDraw` keeps every tile's content in a store from the first frame.
private func buildTree(_ grid: Grid, registry: Registry, policy: BackingStorePolicy = .onChange) throws -> Tree {
    let count0 = easel_malloc_count(), bytes0 = easel_malloc_bytes(), live0 = easel_malloc_live_bytes()
    let root = try registry.makeView(ofClass: "View", frame: easel_rect(
        origin: easel_point(x: 0, y: 0), size: easel_size(width: Grid.frameWidth, height: Grid.frameHeight)))
    root.backingStorePolicy = policy
    var tiles: [View] = []
    tiles.reserveCapacity(grid.count)
    for index in 0..<grid.count {
        let tile = try registry.makeView(ofClass: "Tile", frame: grid.frame(of: index))
        tile.backgroundColor = grid.background(of: index)
        try tile.setValue(Grid.border, forProperty: "borderColor")
        try tile.setValue(Grid.tail, forProperty: "tailColor")
        try tile.setValue(grid.cornerRadius, forProperty: "cornerRadius")
        try root.addSubview(tile)
        tiles.append(tile)
    }
    let count = Double(grid.count)
    let tree = Tree(
        root: root, tiles: tiles,
        allocationsPerTile: Double(easel_malloc_count() - count0) / count,
        bytesPerTile: Double(easel_malloc_bytes() - bytes0) / count,
        liveBytesPerTile: Double(easel_malloc_live_bytes() - live0) / count)
    guard tiles.allSatisfy({ $0.subviews.count == 1 && $0.subviews[0] is OverlayView }) else {
        fail("a Tile's init did not add its overlay")
    }
    return tree
}

// MARK: - The same drawing, with cairo directly

/// An ARGB32 image surface of the frame's size and a context drawing into it.
private final class DirectFrame {
    let surface: OpaquePointer
    let cr: OpaquePointer

    init() {
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(Grid.frameWidth), Int32(Grid.frameHeight))
        cr = cairo_create(surface)
    }

    deinit {
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }

    /// How the direct drawing places each tile.
    enum Style {
        /// Absolute coordinates, no state saved: the baseline the targets are set against.
        case absolute
        /// Each tile drawn at the origin between cairo_save, cairo_translate and
        /// cairo_restore, as a C toolkit would position a widget.
        case translated
        /// The view model drawn with cairo the straightforward way (as
        /// Easel's renderer did before it kept translations and clips on
        /// the Swift side, Canvas+Offset.swift and Canvas+Guard.swift): the
        /// tile's translation in a saved state, its content in a saved state
        /// clipped to its bounds, then the overlay's content in a saved state
        /// clipped to the same bounds.
        case viewModel
    }

    /// Clears the surface and draws every tile of `grid`: what Tile's drawRect:
    /// and drawTail: draw, placed as `style` says.
    func draw(_ grid: Grid, style: Style = .absolute) {
        let cr = self.cr
        cairo_save(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
        cairo_paint(cr)
        cairo_restore(cr)
        cairo_set_line_width(cr, 2)
        let border = Grid.border, tail = Grid.tail
        for index in 0..<grid.count {
            let frame = grid.frame(of: index)
            var x = frame.origin.x, y = frame.origin.y
            let w = frame.size.width, h = frame.size.height
            if style != .absolute {
                cairo_save(cr)
                cairo_translate(cr, x, y)
                x = 0
                y = 0
            }
            if style == .viewModel {
                cairo_save(cr)
                cairo_new_path(cr)
                cairo_rectangle(cr, x, y, w, h)
                cairo_clip(cr)
                cairo_set_line_width(cr, 2)
            }
            // The background.
            let background = grid.background(of: index)
            cairo_set_source_rgba(cr, background.red, background.green, background.blue, background.alpha)
            cairo_new_path(cr)
            cairo_rectangle(cr, x, y, w, h)
            cairo_fill(cr)
            // The border: a rounded rectangle inset by 1, stroked 2 wide.
            let minX = x + 1, minY = y + 1, maxX = x + w - 1, maxY = y + h - 1
            let radius = min(grid.cornerRadius, min(w - 2, h - 2) / 2)
            cairo_new_path(cr)
            cairo_move_to(cr, minX + radius, minY)
            cairo_line_to(cr, maxX - radius, minY)
            cairo_arc(cr, maxX - radius, minY + radius, radius, -Double.pi / 2, 0)
            cairo_line_to(cr, maxX, maxY - radius)
            cairo_arc(cr, maxX - radius, maxY - radius, radius, 0, Double.pi / 2)
            cairo_line_to(cr, minX + radius, maxY)
            cairo_arc(cr, minX + radius, maxY - radius, radius, Double.pi / 2, Double.pi)
            cairo_line_to(cr, minX, minY + radius)
            cairo_arc(cr, minX + radius, minY + radius, radius, Double.pi, 3 * Double.pi / 2)
            cairo_close_path(cr)
            cairo_set_source_rgba(cr, border.red, border.green, border.blue, border.alpha)
            cairo_stroke(cr)
            if style == .viewModel {
                cairo_restore(cr)
                cairo_save(cr)
                cairo_new_path(cr)
                cairo_rectangle(cr, x, y, w, h)
                cairo_clip(cr)
            }
            // The tail: a triangle pointing down at the middle of the bottom edge.
            let midX = x + w / 2, bottom = y + h, halfWidth = w / 8, height = h / 5
            cairo_new_path(cr)
            cairo_move_to(cr, midX - halfWidth, bottom - height)
            cairo_line_to(cr, midX + halfWidth, bottom - height)
            cairo_line_to(cr, midX, bottom)
            cairo_close_path(cr)
            cairo_set_source_rgba(cr, tail.red, tail.green, tail.blue, tail.alpha)
            cairo_fill(cr)
            if style == .viewModel { cairo_restore(cr) }
            if style != .absolute { cairo_restore(cr) }
        }
        cairo_surface_flush(surface)
    }

    /// The pixels, converted as Easel's RasterImage converts a canvas's (through a PNG file).
    func image(path: String) -> RasterImage {
        guard cairo_surface_write_to_png(surface, path) == CAIRO_STATUS_SUCCESS,
              let image = try? RasterImage(contentsOfPNG: path) else { fail("cannot write \(path)") }
        return image
    }
}

/// Pixels that differ at all, and pixels that differ by more than 2 in a channel.
func differences(_ a: RasterImage, _ b: RasterImage) -> (any: Int, visible: Int) {
    guard a.width == b.width, a.height == b.height else { fail("images of different sizes") }
    var any = 0, visible = 0
    for (p, q) in zip(a.pixels, b.pixels) where p != q {
        any += 1
        if !p.isClose(to: q, tolerance: 2) { visible += 1 }
    }
    return (any, visible)
}

// MARK: - Timing

/// The best time, in ns, of `rounds` rounds of `frames` calls of `body`.
func bestTime(rounds: Int, frames: Int, _ body: () throws -> Void) rethrows -> Double {
    var best = Double.infinity
    for _ in 0..<rounds {
        let start = nanoseconds()
        for _ in 0..<frames { try body() }
        best = min(best, Double(nanoseconds() - start) / Double(frames))
    }
    return best
}

/// Times several bodies in interleaved rounds, so that a slow patch of the
/// shared machine hits them alike; the best round of each, in ns per frame.
func bestTimes(rounds: Int, frames: Int, _ bodies: [() throws -> Void]) throws -> [Double] {
    for body in bodies { try body() }  // warm up
    var best = [Double](repeating: .infinity, count: bodies.count)
    for _ in 0..<rounds {
        for (index, body) in bodies.enumerated() {
            best[index] = min(best[index], try bestTime(rounds: 1, frames: frames, body))
        }
    }
    return best
}

private struct FrameResult {
    let grid: Grid
    let tree: Tree
    /// Best ns per frame: Easel, then cairo absolute, translated, view model.
    let easel: Double, cairo: Double, translated: Double, viewModel: Double
    let easelAllocations: Double, cairoAllocations: Double
    /// Pixels of the Easel frame that differ from each cairo frame (at all, and by more than 2).
    let differing: [(any: Int, visible: Int)]
}

private func measureFrame(_ grid: Grid, registry: Registry, options: ViewBenchmarkOptions,
                          rounds: Int, frames: Int) throws -> (FrameResult, Canvas) {
    let tree = try buildTree(grid, registry: registry)
    let canvas = try Canvas(width: Grid.frameWidth, height: Grid.frameHeight, backing: .raster(scale: 1))
    let direct = DirectFrame()

    // They all draw the same thing.
    let report = try tree.root.render(into: canvas, mode: .full)
    guard report.drawnViews.count == 2 * grid.count else {
        fail("\(grid.count) tiles: \(report.drawnViews.count) views drew, expected \(2 * grid.count) (tiles and overlays)")
    }
    let easelImage = try canvas.rasterImage()
    let folder = options.pngFolder ?? "/tmp"
    if options.pngFolder != nil { try easelImage.write(to: "\(folder)/easel-bench-easel-\(grid.count).png") }
    var differing: [(any: Int, visible: Int)] = []
    for (style, name) in [(DirectFrame.Style.absolute, "cairo"), (.translated, "cairo-translated"), (.viewModel, "cairo-view-model")] {
        direct.draw(grid, style: style)
        differing.append(differences(easelImage, direct.image(path: "\(folder)/easel-bench-\(name)-\(grid.count).png")))
    }

    let easelAllocations = try allocationsOf { try tree.root.render(into: canvas, mode: .full) }
    let cairoAllocations = allocationsOf { direct.draw(grid) }
    let times = try bestTimes(rounds: rounds, frames: frames, [
        { try tree.root.render(into: canvas, mode: .full) },
        { direct.draw(grid) },
        { direct.draw(grid, style: .translated) },
        { direct.draw(grid, style: .viewModel) },
    ])
    return (FrameResult(grid: grid, tree: tree, easel: times[0], cairo: times[1], translated: times[2],
                        viewModel: times[3], easelAllocations: easelAllocations,
                        cairoAllocations: cairoAllocations, differing: differing), canvas)
}

/// The first frame of fresh trees under each backing-store policy, against cairo's frame in
/// the same rounds, and the first re-render after moving every tile by a point under `.firstDraw`.
private struct FirstFrames {
    var onChange = Double.infinity, firstDraw = Double.infinity, cairo = Double.infinity, moved = Double.infinity
    var movedDrawCalls = 0, storeBytesPerTile = 0.0, differing = (any: 0, visible: 0)
}

private func measureFirstFrames(_ grid: Grid, registry: Registry, rounds: Int) throws -> FirstFrames {
    var result = FirstFrames()
    let direct = DirectFrame()
    for round in 0..<rounds {
        let lazy = try buildTree(grid, registry: registry, policy: .onChange)
        let eager = try buildTree(grid, registry: registry, policy: .firstDraw)
        let lazyCanvas = try Canvas(width: Grid.frameWidth, height: Grid.frameHeight, backing: .raster(scale: 1))
        let eagerCanvas = try Canvas(width: Grid.frameWidth, height: Grid.frameHeight, backing: .raster(scale: 1))
        var start = nanoseconds()
        try lazy.root.render(into: lazyCanvas, mode: .full)
        result.onChange = min(result.onChange, Double(nanoseconds() - start))
        start = nanoseconds()
        direct.draw(grid)
        result.cairo = min(result.cairo, Double(nanoseconds() - start))
        start = nanoseconds()
        try eager.root.render(into: eagerCanvas, mode: .full)
        result.firstDraw = min(result.firstDraw, Double(nanoseconds() - start))
        for tile in eager.tiles { tile.center = easel_point(x: tile.center.x + 1, y: tile.center.y) }
        start = nanoseconds()
        let report = try eager.root.render(into: eagerCanvas, mode: .full)
        result.moved = min(result.moved, Double(nanoseconds() - start))
        result.movedDrawCalls = max(result.movedDrawCalls, report.drawnViews.count)
        if round == 0 {
            result.storeBytesPerTile = Double(eager.root.backingStoreBytes) / Double(grid.count)
            let directCanvas = try Canvas(width: Grid.frameWidth, height: Grid.frameHeight, backing: .raster(scale: 1))
            let fresh = try buildTree(grid, registry: registry)
            for (tile, moved) in zip(fresh.tiles, eager.tiles) { tile.center = moved.center }
            try fresh.root.render(into: directCanvas, mode: .full)
            result.differing = differences(try eagerCanvas.rasterImage(), try directCanvas.rasterImage())
        }
    }
    return result
}

func allocationsOf(_ body: () throws -> Void) rethrows -> Double {
    let before = easel_malloc_count()
    try body()
    return Double(easel_malloc_count() - before)
}

// MARK: - The benchmark

/// Runs the view benchmarks and prints their tables; returns whether every target was met.
func runViewBenchmarks(registry: Registry, options: ViewBenchmarkOptions) throws -> Bool {
    guard registry.objectClass(named: "Tile") != nil else {
        fail("the sample plugin class Tile is not loaded; run `swift build -c release` first")
    }
    let small = Grid(count: 1000, cell: 45, cornerRadius: 8)
    let tiny = Grid(count: 10_000, cell: 14, cornerRadius: 3)

    if let frames = options.profileFrames {
        let small = options.profileTiny ? tiny : small
        let tree = try buildTree(small, registry: registry)
        let canvas = try Canvas(width: Grid.frameWidth, height: Grid.frameHeight, backing: .raster(scale: 1))
        try tree.root.render(into: canvas, mode: .full)
        let dirtyTile = tree.tiles[small.columns * 12 + small.columns / 2]
        let start = nanoseconds()
        for _ in 0..<frames {
            if options.profileDirty { dirtyTile.setNeedsDisplay() }
            try tree.root.render(into: canvas, mode: options.profileDirty ? .dirtyRegions : .full)
        }
        let what = options.profileDirty ? "dirty-tile redraws" : "frames"
        print("\(frames) \(what) of \(small.count) tiles: \(format(Double(nanoseconds() - start) / Double(frames) / 1e6, digits: 3)) ms each")
        return true
    }

    let rounds = options.rounds
    let (thousand, canvas) = try measureFrame(small, registry: registry, options: options, rounds: rounds, frames: 4)
    let (tenThousand, _) = try measureFrame(tiny, registry: registry, options: options,
                                            rounds: max(3, rounds / 2), frames: 1)
    let firstThousand = try measureFirstFrames(small, registry: registry, rounds: max(3, rounds / 2))
    let firstTenThousand = try measureFirstFrames(tiny, registry: registry, rounds: max(3, rounds / 4))

    // One dirty tile in the 1000-tile frame, near the middle.
    let root = thousand.tree.root
    let dirtyTile = thousand.tree.tiles[small.columns * 12 + small.columns / 2]
    try root.render(into: canvas, mode: .full)
    let fullImage = try canvas.rasterImage()
    dirtyTile.setNeedsDisplay()
    let dirtyReport = try root.render(into: canvas, mode: .dirtyRegions)
    let drawnOnRedraw = dirtyReport.drawnViews.count
    guard dirtyReport.drawnViews.contains(where: { $0 === dirtyTile }) else { fail("the dirty tile did not redraw") }
    let redrawDifferences = differences(fullImage, try canvas.rasterImage())
    let dirtyAllocations = try allocationsOf {
        dirtyTile.setNeedsDisplay()
        try root.render(into: canvas, mode: .dirtyRegions)
    }
    // Interleaved with full frames, so that both see the same machine.
    let times = try bestTimes(rounds: rounds, frames: 1, [
        {
            for _ in 0..<200 {
                dirtyTile.setNeedsDisplay()
                try root.render(into: canvas, mode: .dirtyRegions)
            }
        },
        { try root.render(into: canvas, mode: .full) },
    ])
    let dirty = times[0] / 200, fullFrame = times[1]
    let dirtyRatio = dirty / fullFrame

    // MARK: Report

    func ms(_ ns: Double) -> String { format(ns / 1e6) + " ms" }
    func µs(_ ns: Double) -> String { format(ns / 1e3, digits: 0) + " µs" }
    func met(_ ok: Bool) -> String { ok ? "yes" : "**no**" }
    let ratio1000 = thousand.easel / thousand.cairo, ratio10000 = tenThousand.easel / tenThousand.cairo
    let ok1000 = ratio1000 <= 1.10, ok10000 = ratio10000 <= 1.15, okDirty = dirtyRatio <= 0.02

    let clock = benchmarkClock == CLOCK_MONOTONIC ? "wall clock" : "thread CPU time"
    print("Easel view rendering: a 1920x1080 raster frame (ARGB32, scale 1) of Tile views, release build, best of \(rounds) rounds, \(clock)")
    print("")
    print("| case | Easel | direct cairo | Easel / cairo | target | met |")
    print("|---|---|---|---|---|---|")
    print("| full frame, 1000 tiles of 45x45 | \(ms(thousand.easel)) | \(ms(thousand.cairo)) | \(format(ratio1000)) | ≤ 1.10 | \(met(ok1000)) |")
    print("| full frame, 10,000 tiles of 14x14 | \(ms(tenThousand.easel)) | \(ms(tenThousand.cairo)) | \(format(ratio10000)) | ≤ 1.15 | \(met(ok10000)) |")
    print("| one dirty 45x45 tile of the 1000 (`.dirtyRegions`) | \(µs(dirty)) | full Easel frame: \(ms(fullFrame)) | \(format(dirtyRatio * 100, digits: 1)) % of a frame | ≤ 2 % | \(met(okDirty)) |")
    print("")
    print("The direct cairo frame draws each tile in absolute coordinates. Two more cairo frames, timed in the same rounds, show what the view model costs when cairo is given it the straightforward way:")
    print("")
    print("| frame | cairo, translated per tile | Easel / translated | cairo, translated and clipped per view | Easel / that |")
    print("|---|---|---|---|---|")
    for result in [thousand, tenThousand] {
        print("| \(result.grid.count) tiles | \(ms(result.translated)) (\(format(result.translated / result.cairo)) x absolute) | \(format(result.easel / result.translated)) | \(ms(result.viewModel)) (\(format(result.viewModel / result.cairo)) x absolute) | \(format(result.easel / result.viewModel)) |")
    }
    print("")
    print("| tree | heap allocations per tile (building) | bytes allocated per tile | bytes live per tile | allocations per full frame (Easel, cairo) | pixels differing from the cairo frames (by more than 2/255) |")
    print("|---|---|---|---|---|---|")
    for result in [thousand, tenThousand] {
        let tree = result.tree
        let pixels = result.differing.map { "\($0.any) (\($0.visible))" }.joined(separator: ", ")
        print("| \(result.grid.count) tiles | \(format(tree.allocationsPerTile, digits: 1)) | \(format(tree.bytesPerTile, digits: 0)) | \(format(tree.liveBytesPerTile, digits: 0)) | \(format(result.easelAllocations, digits: 0)), \(format(result.cairoAllocations, digits: 0)) | \(pixels) |")
    }
    print("")
    print("The frames above re-render an unchanged tree under the `.onChange` backing-store policy (each frame drawn as the first; what `easel render` does). The first frame of a fresh tree under each policy, and under `.firstDraw` (the default: every tile and overlay drawn into a backing store) the first re-render after moving every tile by one point, in the same rounds as a cairo frame:")
    print("")
    print("| tree | first frame, `.onChange` | / cairo | first frame, `.firstDraw` | / cairo | re-render after moving every tile | / first frame | drawRect: calls | store bytes per tile | pixels differing from drawing directly |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for (grid, first) in [(small, firstThousand), (tiny, firstTenThousand)] {
        print("| \(grid.count) tiles | \(ms(first.onChange)) | \(format(first.onChange / first.cairo)) | \(ms(first.firstDraw)) | \(format(first.firstDraw / first.cairo)) | \(ms(first.moved)) | \(format(first.moved / first.firstDraw)) | \(first.movedDrawCalls) | \(format(first.storeBytesPerTile, digits: 0)) | \(first.differing.any) (\(first.differing.visible)) |")
    }
    print("")
    print("A tile is a Tile view (Shapes.c) plus the overlay view its init adds. The dirty redraw sent drawRect: to \(drawnOnRedraw) views, made \(format(dirtyAllocations, digits: 0)) heap allocations, and left \(redrawDifferences.any) pixels different from the full frame.")
    if let folder = options.pngFolder {
        print("Frames written to \(folder)/easel-bench-{easel,cairo,cairo-translated,cairo-view-model}-{1000,10000}.png.")
    }
    let identical = (thousand.differing + tenThousand.differing).allSatisfy { $0.visible == 0 }
    if !identical { print("**The Easel frames differ visibly from the cairo frames.**") }
    return ok1000 && ok10000 && okDirty && redrawDifferences.any == 0 && identical
}
