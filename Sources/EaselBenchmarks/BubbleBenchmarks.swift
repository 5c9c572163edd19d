// Bubble benchmark: 1000 speech bubbles with a gradient and a shadow in a
// 1920x1080 frame, through Easel compared with the same drawing done with
// cairo directly (issue 13, item 10: target ≤ 1.20x).
//
// The views are `BubbleView`s of the Swift sample plugin Bubble
// (libBubble.so, EaselPluginKit), without content, so that their own paint
// shows: each bubble's drawRect: fills its outline (body and tail) with a
// shadow (offset 0 x 2, blur 4, 30 % black), paints a vertical gradient
// clipped to the body and strokes the body's border; its tail overlay paints
// the same gradient clipped to the tail and strokes the tail's edges. The
// baseline does exactly that with cairo in the same process: the same
// paths, clips, gradient patterns and strokes, and a shadow made the way a
// cairo program makes one (the shape into an A8 mask over its extents plus
// the blur's reach, within the view's bounds, three box blurs each way with
// buffers allocated once, the shadow colour painted through the mask).
// Frames alternate in rounds; the ratio is the median of the rounds' own
// ratios (the best round of each is shown too).

import CCairo
import EaselABI
import EaselCanvas
import EaselGraphicsCore
import EaselRuntime
import EaselViews
#if canImport(Glibc)
import Glibc
#endif

/// The bubbles' grid and look: 40 x 25 cells of 48 x 43 points, a bubble of 44 x 39 in each.
private enum Bubbles {
    static let count = 1000, columns = 40, cellWidth = 48.0, cellHeight = 43.0
    static let width = 44.0, height = 39.0
    static let borderWidth = 1.5, cornerRadius = 8.0, tailWidth = 10.0, tailHeight = 6.0, shading = 0.1
    static let border = easel_color(red: 0.23, green: 0.27, blue: 0.34, alpha: 1)
    static let shadowColor = easel_color(red: 0, green: 0, blue: 0, alpha: 0.3)
    static let shadowOffsetY = 2.0, shadowBlur = 4.0
    static let fills = [
        easel_color(red: 1.00, green: 0.96, blue: 0.84, alpha: 1),
        easel_color(red: 0.88, green: 0.93, blue: 1.00, alpha: 1),
        easel_color(red: 0.86, green: 0.97, blue: 0.88, alpha: 1),
        easel_color(red: 1.00, green: 0.90, blue: 0.92, alpha: 1),
        easel_color(red: 0.93, green: 0.90, blue: 1.00, alpha: 1),
    ]

    static func frame(_ index: Int) -> easel_rect {
        easel_rect(x: Double(index % columns) * cellWidth + 2, y: Double(index / columns) * cellHeight + 2,
                   width: width, height: height)
    }

    static func fill(_ index: Int) -> easel_color { fills[index % fills.count] }
}

// MARK: - Easel

func buildBubbles(registry: Registry) throws -> View {
    let root = try registry.makeView(ofClass: "View", frame: easel_rect(x: 0, y: 0, width: 1920, height: 1080))
    // Every frame drawn as the first (no backing stores to composite): the drawing is what is timed.
    root.backingStorePolicy = .onChange
    for index in 0..<Bubbles.count {
        let bubble = try registry.makeView(ofClass: "BubbleView", frame: Bubbles.frame(index))
        try bubble.setValue(Bubbles.borderWidth, forProperty: "borderWidth")
        try bubble.setValue(Bubbles.cornerRadius, forProperty: "cornerRadius")
        try bubble.setValue(Bubbles.tailWidth, forProperty: "tailWidth")
        try bubble.setValue(Bubbles.tailHeight, forProperty: "tailHeight")
        try bubble.setValue(Bubbles.border, forProperty: "borderColor")
        try bubble.setValue(Bubbles.fill(index), forProperty: "fillColor")
        try bubble.setValue(Bubbles.shading, forProperty: "shading")
        try bubble.setValue(Bubbles.shadowColor, forProperty: "shadowColor")
        try bubble.setValue(easel_size(width: 0, height: Bubbles.shadowOffsetY), forProperty: "shadowOffset")
        try bubble.setValue(Bubbles.shadowBlur, forProperty: "shadowBlur")
        try root.addSubview(bubble)
    }
    return root
}

// MARK: - The same drawing, with cairo directly

/// One bubble's geometry, computed as BubbleView computes it (Plugins/Bubble/BubbleView.swift).
private struct BubbleGeometry {
    let bounds: easel_rect
    let shape: easel_rect
    let body: easel_rect
    let outline: easel_rect
    let outlineRadius: Double
    let tailLeft: easel_point, tailTip: easel_point, tailRight: easel_point

    init(_ frame: easel_rect) {
        bounds = frame
        let blur = Bubbles.shadowBlur, dy = Bubbles.shadowOffsetY
        let (left, top, right, bottom) = (blur, max(0, blur - dy), blur, blur + dy)
        shape = easel_rect(x: frame.origin.x + left, y: frame.origin.y + top,
                           width: frame.size.width - left - right, height: frame.size.height - top - bottom)
        body = easel_rect(x: shape.origin.x, y: shape.origin.y, width: shape.size.width,
                          height: shape.size.height - Bubbles.tailHeight)
        let border = Bubbles.borderWidth
        outline = easel_rect(x: body.origin.x + border / 2, y: body.origin.y + border / 2,
                             width: body.size.width - border, height: body.size.height - border)
        outlineRadius = Bubbles.cornerRadius - border / 2
        let halfWidth = min(Bubbles.tailWidth, body.size.width - 2 * Bubbles.cornerRadius) / 2
        let lineY = body.origin.y + body.size.height - border / 2
        let center = body.origin.x + body.size.width / 2
        let depth = Bubbles.tailHeight + border / 2
        let miter = border / 2 / sin(atan2(halfWidth, depth))
        let shapeBottom = shape.origin.y + shape.size.height
        let tipY = miter / (border / 2) < 10 ? shapeBottom - miter : shapeBottom - border / 2
        tailLeft = easel_point(x: center - halfWidth, y: lineY)
        tailRight = easel_point(x: center + halfWidth, y: lineY)
        tailTip = easel_point(x: center, y: max(lineY, tipY))
    }
}

/// A rounded rect as EaselPluginKit's `addRoundedRect(_:cornerRadius:)` adds it.
private func addRoundedRect(_ cr: OpaquePointer, _ rect: easel_rect, _ radius: Double) {
    let r = max(0, min(radius, rect.size.width / 2, rect.size.height / 2))
    let minX = rect.origin.x, minY = rect.origin.y
    let maxX = minX + rect.size.width, maxY = minY + rect.size.height
    cairo_move_to(cr, minX + r, minY)
    cairo_arc(cr, maxX - r, minY + r, r, -Double.pi / 2, 0)
    cairo_arc(cr, maxX - r, maxY - r, r, 0, Double.pi / 2)
    cairo_arc(cr, minX + r, maxY - r, r, Double.pi / 2, Double.pi)
    cairo_arc(cr, minX + r, minY + r, r, Double.pi, 3 * Double.pi / 2)
    cairo_close_path(cr)
}

/// 1000 bubbles drawn with cairo alone into an ARGB32 surface of the frame's size.
private final class DirectBubbles {
    let surface: OpaquePointer
    let cr: OpaquePointer
    let geometry = (0..<Bubbles.count).map { BubbleGeometry(Bubbles.frame($0)) }
    /// The blur's line buffers, allocated once.
    private let line = UnsafeMutablePointer<UInt32>.allocate(capacity: 4096)
    private let blurred = UnsafeMutablePointer<UInt32>.allocate(capacity: 4096)

    init() {
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1920, 1080)
        cr = cairo_create(surface)
    }

    deinit {
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
        line.deallocate()
        blurred.deallocate()
    }

    func draw() {
        let cr = self.cr
        cairo_save(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
        cairo_paint(cr)
        cairo_restore(cr)
        for index in 0..<Bubbles.count {
            let g = geometry[index]
            let fill = Bubbles.fill(index)
            let keep = 1 - Bubbles.shading
            let shapeTop = g.shape.origin.y, shapeBottom = g.shape.origin.y + g.shape.size.height
            func paintInside() {
                let pattern = cairo_pattern_create_linear(g.shape.origin.x, shapeTop, g.shape.origin.x, shapeBottom)
                cairo_pattern_add_color_stop_rgba(pattern, 0, fill.red, fill.green, fill.blue, fill.alpha)
                cairo_pattern_add_color_stop_rgba(pattern, 1, fill.red * keep, fill.green * keep, fill.blue * keep, fill.alpha)
                cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
                cairo_set_source(cr, pattern)
                cairo_paint(cr)
                cairo_pattern_destroy(pattern)
            }
            // The view's drawing is clipped to its bounds.
            cairo_save(cr)
            cairo_new_path(cr)
            cairo_rectangle(cr, g.bounds.origin.x, g.bounds.origin.y, g.bounds.size.width, g.bounds.size.height)
            cairo_clip(cr)
            // drawRect: the outline with its shadow, the gradient inside the body, the border.
            cairo_new_path(cr)
            addRoundedRect(cr, g.body, Bubbles.cornerRadius)
            cairo_move_to(cr, g.tailLeft.x, g.tailLeft.y)
            cairo_line_to(cr, g.tailRight.x, g.tailRight.y)
            cairo_line_to(cr, g.tailTip.x, g.tailTip.y)
            cairo_close_path(cr)
            castShadow()
            cairo_set_source_rgba(cr, fill.red, fill.green, fill.blue, fill.alpha)
            cairo_fill(cr)
            cairo_save(cr)
            addRoundedRect(cr, g.outline, g.outlineRadius)
            cairo_clip(cr)
            paintInside()
            cairo_restore(cr)
            cairo_set_line_width(cr, Bubbles.borderWidth)
            cairo_set_source_rgba(cr, Bubbles.border.red, Bubbles.border.green, Bubbles.border.blue, 1)
            addRoundedRect(cr, g.outline, g.outlineRadius)
            cairo_stroke(cr)
            // drawTail: (the overlay) the gradient inside the tail, its edges.
            let overlap = Bubbles.borderWidth, lineY = g.tailLeft.y
            cairo_save(cr)
            cairo_move_to(cr, g.tailLeft.x, lineY - overlap)
            cairo_line_to(cr, g.tailLeft.x, lineY)
            cairo_line_to(cr, g.tailTip.x, g.tailTip.y)
            cairo_line_to(cr, g.tailRight.x, lineY)
            cairo_line_to(cr, g.tailRight.x, lineY - overlap)
            cairo_close_path(cr)
            cairo_clip(cr)
            paintInside()
            cairo_restore(cr)
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
            cairo_set_source_rgba(cr, Bubbles.border.red, Bubbles.border.green, Bubbles.border.blue, 1)
            cairo_move_to(cr, g.tailLeft.x - Bubbles.borderWidth, lineY)
            cairo_line_to(cr, g.tailLeft.x, lineY)
            cairo_line_to(cr, g.tailTip.x, g.tailTip.y)
            cairo_line_to(cr, g.tailRight.x, lineY)
            cairo_line_to(cr, g.tailRight.x + Bubbles.borderWidth, lineY)
            cairo_stroke(cr)
            cairo_restore(cr)
        }
        cairo_surface_flush(surface)
    }

    /// The shadow of the current path's fill (the path is kept): the shape
    /// into an A8 mask over its extents plus the blur's reach and within the
    /// clip, blurred, and the shadow colour painted through it at the offset.
    private func castShadow() {
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_fill_extents(cr, &x1, &y1, &x2, &y2)
        var cx1 = 0.0, cy1 = 0.0, cx2 = 0.0, cy2 = 0.0
        cairo_clip_extents(cr, &cx1, &cy1, &cx2, &cy2)
        let dy = Bubbles.shadowOffsetY
        let sigma = Bubbles.shadowBlur / 2
        let radius = max(1, Int(((4 * sigma * sigma + 1).squareRoot() - 1) / 2 + 0.5))
        let reach = Double(3 * radius + 1)
        let left = max(x1 - reach, cx1 - reach).rounded(.down), top = max(y1 - reach, cy1 - dy - reach).rounded(.down)
        let right = min(x2 + reach, cx2 + reach).rounded(.up), bottom = min(y2 + reach, cy2 - dy + reach).rounded(.up)
        guard right > left, bottom > top else { return }
        let width = Int32(right - left), height = Int32(bottom - top)
        let mask = cairo_image_surface_create(CAIRO_FORMAT_A8, width, height)
        let maskContext = cairo_create(mask)
        cairo_translate(maskContext, -left, -top)
        let path = cairo_copy_path(cr)
        cairo_append_path(maskContext, path)
        cairo_path_destroy(path)
        cairo_fill(maskContext)
        cairo_destroy(maskContext)
        cairo_surface_flush(mask)
        if let data = cairo_image_surface_get_data(mask) {
            blur(data, width: Int(width), height: Int(height), stride: Int(cairo_image_surface_get_stride(mask)), radius: radius)
        }
        cairo_surface_mark_dirty(mask)
        let c = Bubbles.shadowColor
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
        cairo_mask_surface(cr, mask, left, top + dy)
        cairo_surface_destroy(mask)
    }

    /// Three box blurs of `radius` along rows, then along columns, zero beyond the edges.
    private func blur(_ data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, radius: Int) {
        var line = self.line, blurred = self.blurred
        let window = UInt32(2 * radius + 1)
        func blurLine(_ count: Int) {
            for _ in 0..<3 {
                var sum: UInt32 = 0
                for i in 0..<min(radius, count) { sum &+= line[i] }
                for i in 0..<count {
                    if i + radius < count { sum &+= line[i + radius] }
                    blurred[i] = (sum + window / 2) / window
                    if i - radius >= 0 { sum &-= line[i - radius] }
                }
                swap(&line, &blurred)
            }
        }
        for y in 0..<height {
            let row = data + y * stride
            for x in 0..<width { line[x] = UInt32(row[x]) }
            blurLine(width)
            for x in 0..<width { row[x] = UInt8(min(line[x], 255)) }
        }
        for x in 0..<width {
            for y in 0..<height { line[y] = UInt32(data[y * stride + x]) }
            blurLine(height)
            for y in 0..<height { data[y * stride + x] = UInt8(min(line[y], 255)) }
        }
    }

    /// The pixels, converted as Easel's RasterImage converts a canvas's (through a PNG file).
    func image(path: String) -> RasterImage {
        guard cairo_surface_write_to_png(surface, path) == CAIRO_STATUS_SUCCESS,
              let image = try? RasterImage(contentsOfPNG: path) else { fail("cannot write \(path)") }
        return image
    }
}

// MARK: - The benchmark

/// Runs the bubble benchmark and prints its table; returns whether the target was met.
func runBubbleBenchmark(registry: Registry, options: ViewBenchmarkOptions) throws -> Bool {
    guard registry.objectClass(named: "BubbleView") != nil else {
        fail("the sample plugin class BubbleView is not loaded; run `swift build -c release` first")
    }
    let root = try buildBubbles(registry: registry)
    let canvas = try Canvas(width: 1920, height: 1080, backing: .raster(scale: 1))
    let direct = DirectBubbles()
    if let frames = options.profileFrames {
        let start = nanoseconds()
        for _ in 0..<frames { try root.render(into: canvas, mode: .full) }
        print("\(frames) frames of \(Bubbles.count) bubbles: \(format(Double(nanoseconds() - start) / Double(frames) / 1e6, digits: 3)) ms each")
        return true
    }

    let report = try root.render(into: canvas, mode: .full)
    guard report.drawnViews.count == 2 * Bubbles.count else {
        fail("\(report.drawnViews.count) views drew, expected \(2 * Bubbles.count) (bubbles and their tail overlays)")
    }
    let folder = options.pngFolder ?? "/tmp"
    let easelImage = try canvas.rasterImage()
    if options.pngFolder != nil { try easelImage.write(to: "\(folder)/easel-bench-bubbles-easel.png") }
    direct.draw()
    let cairoImage = direct.image(path: "\(folder)/easel-bench-bubbles-cairo.png")
    var differing = 0, visible = 0
    for (p, q) in zip(easelImage.pixels, cairoImage.pixels) where p != q {
        differing += 1
        if !p.isClose(to: q, tolerance: 2) { visible += 1 }
    }

    let timing = try timeInterleaved(rounds: options.rounds, prepare: {}, [
        { try root.render(into: canvas, mode: .full) },
        { direct.draw() },
    ])
    let rounds = options.rounds
    let easel = timing.best[0], cairo = timing.best[1]
    let ratio = timing.ratio, met = ratio <= 1.20

    let clock = benchmarkClock == CLOCK_MONOTONIC ? "wall clock" : "thread CPU time"
    print("Easel bubbles: a 1920x1080 raster frame (ARGB32, scale 1) of \(Bubbles.count) BubbleViews with a gradient and a shadow, release build, \(rounds) interleaved rounds, \(clock)")
    print("")
    print("| case | Easel (best round) | direct cairo (best round) | Easel / cairo (median of the rounds' ratios) | target | met |")
    print("|---|---|---|---|---|---|")
    print("| full frame, \(Bubbles.count) bubbles of 44x39 | \(format(easel / 1e6)) ms | \(format(cairo / 1e6)) ms | \(format(ratio)) | ≤ 1.20 | \(met ? "yes" : "**no**") |")
    print("")
    print("Pixels of the Easel frame that differ from the cairo frame: \(differing) (by more than 2/255: \(visible)).")
    return met
}
