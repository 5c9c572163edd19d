import EaselABI
import EaselCanvas
import EaselDrawingExtensions
import EaselTestSupport
import Testing

// A raster canvas keeps translations on the Swift side and clips a view's
// drawing to its bounds lazily (Canvas+Offset.swift, Canvas+Guard.swift).
// Both must give exactly the pixels of handing every transform to cairo and
// clipping at once. These tests draw the same random view-like scenes both
// ways and compare the surfaces bit for bit, with shapes that hug the clip's
// edges exactly (a Tile's border), cross them, or stay well inside.

/// One drawing call; the scene is a list of them, replayed on both canvases.
private enum Call {
    case save, restore
    case translate(Double, Double), scale(Double, Double), rotate(Double)
    case lazyClip(easel_rect)
    case fillBounds(easel_rect, easel_color)
    case lineWidth(Double), lineCap(Int32), lineJoin(Int32), dash([Double])
    case fillColor(easel_color), strokeColor(easel_color)
    case beginPath, move(Double, Double), line(Double, Double)
    case curve(Double, Double, Double, Double, Double, Double), quad(Double, Double, Double, Double)
    case arc(Double, Double, Double, Double, Double, Bool), rect(easel_rect), ellipse(easel_rect), close
    case fill(Int32), stroke, fillRect(easel_rect), strokeRect(easel_rect), clear(easel_rect), clip(Int32)
    case text(Double, Double)
    case textInRect(easel_rect)
    case shadow(Double, Double, Double, Double), blend(Int32)

    func apply(to canvas: Canvas) {
        switch self {
        case .save: canvas.saveState()
        case .restore: canvas.restoreState()
        case .translate(let x, let y): canvas.translate(x: x, y: y)
        case .scale(let x, let y): canvas.scale(x: x, y: y)
        case .rotate(let angle): canvas.rotate(by: angle)
        case .lazyClip(let rect): canvas.clipLazily(to: rect)
        case .fillBounds(let rect, let color): canvas.fill(rect, color: color)
        case .lineWidth(let width): canvas.setLineWidth(width)
        case .lineCap(let cap): canvas.setLineCap(cap)
        case .lineJoin(let join): canvas.setLineJoin(join)
        case .dash(let lengths):
            lengths.withUnsafeBufferPointer { canvas.setLineDash(phase: 0.5, lengths: $0.baseAddress, count: UInt32($0.count)) }
        case .fillColor(let color): canvas.setFillColor(color)
        case .strokeColor(let color): canvas.setStrokeColor(color)
        case .beginPath: canvas.beginPath()
        case .move(let x, let y): canvas.move(toX: x, y: y)
        case .line(let x, let y): canvas.addLine(toX: x, y: y)
        case .curve(let a, let b, let c, let d, let e, let f):
            canvas.addCurve(control1X: a, control1Y: b, control2X: c, control2Y: d, toX: e, y: f)
        case .quad(let a, let b, let c, let d): canvas.addQuadCurve(controlX: a, controlY: b, toX: c, y: d)
        case .arc(let x, let y, let r, let start, let end, let clockwise):
            canvas.addArc(centerX: x, centerY: y, radius: r, startAngle: start, endAngle: end, clockwise: clockwise)
        case .rect(let rect): canvas.addRect(rect)
        case .ellipse(let rect): canvas.addEllipse(in: rect)
        case .close: canvas.closePath()
        case .fill(let rule): canvas.fillPath(rule: rule)
        case .stroke: canvas.strokePath()
        case .fillRect(let rect): canvas.fillRect(rect)
        case .strokeRect(let rect): canvas.strokeRect(rect)
        case .clear(let rect): canvas.clear(rect)
        case .clip(let rule): canvas.clip(rule: rule)
        case .text(let x, let y): canvas.showText("Ag", x: x, y: y)
        case .textInRect(let rect):
            canvas.drawText("Wy ÅÇ gj", length: -1, in: rect, style: nil, attributes: nil, attributeCount: 0)
        case .shadow(let x, let y, let blur, let alpha):
            canvas.setShadow(offsetX: x, offsetY: y, blur: blur, color: easel_color(red: 0.1, green: 0, blue: 0.3, alpha: alpha))
        case .blend(let mode): canvas.setBlendMode(mode)
        }
    }
}

/// A scene of a few views: each translated, lazily clipped to its bounds,
/// filled, then drawn on like a plugin's drawRect: would.
private func scene(seed: UInt64) -> [Call] {
    var random = SplitMix64(state: seed)
    var calls: [Call] = []
    for _ in 0..<5 {
        calls.append(.save)
        // Mostly whole points; sometimes halves and odd fractions, which the
        // canvas must clip eagerly (their edges cut pixels).
        let fractions: [Double] = [0, 0, 0, 0, 0.5, 0.25, 0.3]
        calls.append(.translate(Double(random.int(-10...90)) + random.pick(fractions),
                                Double(random.int(-10...60)) + random.pick(fractions)))
        let width = Double(random.int(6...50)) + (random.chance(15) ? random.pick([0.5, 0.7]) : 0)
        let height = Double(random.int(6...50)) + (random.chance(15) ? 0.5 : 0)
        let originX = random.chance(20) ? Double(random.int(-8...8)) : 0
        let originY = random.chance(20) ? Double(random.int(-8...8)) : 0
        let bounds = rect(originX, originY, width, height)
        calls.append(.lazyClip(bounds))
        if random.chance(70) {
            calls.append(.fillBounds(bounds, easel_color(red: random.unit(), green: random.unit(), blue: 0.5, alpha: 1)))
        }
        var depth = 0
        for _ in 0..<random.int(1...14) {
            calls += randomOperation(&random, bounds: bounds, depth: &depth)
        }
        calls += Array(repeating: .restore, count: depth)
        calls.append(.restore)
    }
    return calls
}

/// Coordinates that matter for the guard: on the edges, half a line width
/// inside them, just outside, or anywhere.
private func coordinate(_ random: inout SplitMix64, low: Double, high: Double, inset: Double) -> Double {
    switch random.int(0...7) {
    case 0: return low + inset
    case 1: return high - inset
    case 2: return low
    case 3: return high
    case 4: return low - random.pick([0.25, 1, 3])
    case 5: return high + random.pick([0.25, 1, 3])
    default: return low + (high - low) * random.unit()
    }
}

private func randomOperation(_ random: inout SplitMix64, bounds: easel_rect, depth: inout Int) -> [Call] {
    let minX = bounds.origin.x, minY = bounds.origin.y
    let maxX = minX + bounds.size.width, maxY = minY + bounds.size.height
    let widths: [Double] = [1, 2, 2, 0.5, 3, 2.5, 6, 0.1, 4]
    let width = random.pick(widths)
    let inset = random.chance(50) ? width / 2 : random.pick([0, 1, 0.5, 2])
    func x() -> Double { coordinate(&random, low: minX, high: maxX, inset: inset) }
    func y() -> Double { coordinate(&random, low: minY, high: maxY, inset: inset) }
    var calls: [Call] = [.lineWidth(width)]
    switch random.int(0...18) {
    case 16:
        // A shadow (whole or fractional offsets, sharp or blurred) for
        // what follows, or none.
        let offsets: [Double] = [0, 1, 2, -1, -3, 0.5, 1.25]
        calls.append(.shadow(random.pick(offsets), random.pick(offsets), random.pick([0, 1, 3, 4, 6]),
                             random.chance(20) ? 0 : random.pick([0.3, 1])))
    case 17:
        // A bubble's body: a rounded rectangle inside the bounds (or across
        // them) as the clip, painted over, then the outline stroked.
        let radius = random.pick([3.0, 8, 12])
        let edge = random.chance(70) ? inset + random.pick([0, 1, 2.5]) : -random.pick([0.5, 2])
        let r = rect(minX + edge, minY + edge, bounds.size.width - 2 * edge, bounds.size.height - 2 * edge)
        let rr = max(0, min(radius, min(r.size.width, r.size.height) / 2))
        let path: [Call] = [
            .beginPath, .move(r.origin.x + rr, r.origin.y),
            .arc(r.origin.x + r.size.width - rr, r.origin.y + rr, rr, -Double.pi / 2, 0, false),
            .arc(r.origin.x + r.size.width - rr, r.origin.y + r.size.height - rr, rr, 0, Double.pi / 2, false),
            .arc(r.origin.x + rr, r.origin.y + r.size.height - rr, rr, Double.pi / 2, Double.pi, false),
            .arc(r.origin.x + rr, r.origin.y + rr, rr, Double.pi, 3 * Double.pi / 2, false), .close,
        ]
        calls += [.save] + path + [.clip(Int32(EASEL_FILL_NONZERO)),
                                   .fillRect(rect(minX - 5, minY - 5, bounds.size.width + 10, bounds.size.height + 10)), .restore]
        calls += path + [.stroke]
    case 18:
        // Normal or multiply. (Not an unbounded operator such as source-in:
        // cairo draws those differently from run to run when other threads
        // draw at the same time, as these tests do, eager clips or not.)
        calls.append(.blend(random.pick([Int32(EASEL_BLEND_NORMAL), Int32(EASEL_BLEND_MULTIPLY)])))
    case 14, 15:
        // Corners and line ends half a line width from the edges: miter
        // tips and square caps reach past them, butt caps and bevels do not.
        let left = minX + inset, top = minY + inset, right = maxX - inset, bottom = maxY - inset
        calls += [.lineCap(Int32(random.int(0...2))), .lineJoin(Int32(random.int(0...2))), .beginPath]
        let points = [(left, y()), (x(), top), (right, y()), (x(), bottom), (left + 1, top + 1), (right, bottom)]
        let count = random.int(2...5)
        let start = random.int(0...points.count - 1)
        for index in 0..<count {
            let point = points[(start + index) % points.count]
            calls.append(index == 0 ? .move(point.0, point.1) : .line(point.0, point.1))
        }
        if random.chance(30) { calls.append(.close) }
        calls.append(.stroke)
    case 0, 1:
        // A Tile's border: a rounded rectangle inset by half the line width.
        let radius = random.pick([0, 3, 8, 20, 0.5])
        let left = minX + inset, top = minY + inset, right = maxX - inset, bottom = maxY - inset
        let r = max(0, min(radius, min(right - left, bottom - top) / 2))
        calls += [.beginPath, .move(left + r, top), .line(right - r, top),
                  .arc(right - r, top + r, r, -Double.pi / 2, 0, false), .line(right, bottom - r),
                  .arc(right - r, bottom - r, r, 0, Double.pi / 2, false), .line(left + r, bottom),
                  .arc(left + r, bottom - r, r, Double.pi / 2, Double.pi, false), .line(left, top + r),
                  .arc(left + r, top + r, r, Double.pi, 3 * Double.pi / 2, false), .close,
                  random.chance(70) ? .stroke : .fill(Int32(EASEL_FILL_NONZERO))]
    case 2:
        calls += [.beginPath, .move(x(), y()), .line(x(), y()), .line(x(), y())]
        if random.chance(50) { calls.append(.close) }
        calls.append(random.chance(60) ? .stroke : .fill(Int32(EASEL_FILL_EVEN_ODD)))
    case 3:
        calls += [.beginPath, .move(x(), y()), .curve(x(), y(), x(), y(), x(), y()), .quad(x(), y(), x(), y()),
                  random.chance(60) ? .stroke : .fill(Int32(EASEL_FILL_NONZERO))]
    case 4:
        let r = random.pick([2.0, 5, 10, 0.5, 30])
        let angles: [Double] = [0, Double.pi / 2, Double.pi, 3 * Double.pi / 2, -Double.pi / 2, 0.3, 2.5, 7]
        calls += [.beginPath]
        if random.chance(50) { calls.append(.move(x(), y())) }
        calls += [.arc(coordinate(&random, low: minX + r, high: maxX - r, inset: inset),
                       coordinate(&random, low: minY + r, high: maxY - r, inset: inset),
                       r, random.pick(angles), random.pick(angles), random.chance(30)),
                  random.chance(70) ? .stroke : .fill(Int32(EASEL_FILL_NONZERO))]
    case 5:
        calls += [.beginPath, .rect(rect(x(), y(), Double(random.int(-10...30)), Double(random.int(-10...30)))),
                  random.chance(50) ? .stroke : .fill(Int32(EASEL_FILL_NONZERO))]
    case 6:
        let r = rect(minX + inset, minY + inset, bounds.size.width - 2 * inset, bounds.size.height - 2 * inset)
        calls += [.beginPath, .ellipse(random.chance(50) ? r : rect(x(), y(), 12, 9)),
                  random.chance(60) ? .stroke : .fill(Int32(EASEL_FILL_NONZERO))]
    case 7:
        calls += [random.chance(50) ? .fillRect(rect(x(), y(), 9, 7)) : .strokeRect(rect(x(), y(), 11, 6))]
    case 8:
        calls += [.lineCap(Int32(random.int(0...2))), .lineJoin(Int32(random.int(0...2)))]
        if random.chance(20) { calls.append(.dash(random.chance(50) ? [3, 2] : [])) }
    case 9:
        calls += [.fillColor(easel_color(red: random.unit(), green: 0.2, blue: random.unit(), alpha: random.pick([1, 0.5]))),
                  .strokeColor(easel_color(red: 0.1, green: random.unit(), blue: 0.3, alpha: 1))]
    case 10:
        calls += [.save]
        depth += 1
        calls += [random.chance(70)
                  ? .translate(Double(random.int(-5...5)) + random.pick([0, 0, 0.5]), Double(random.int(-5...5)))
                  : (random.chance(50) ? .scale(random.pick([2, 0.5, 1.5]), random.pick([2, 1])) : .rotate(random.pick([0.3, Double.pi / 2])))]
    case 11:
        if depth > 0 {
            calls.append(.restore)
            depth -= 1
        } else if random.chance(5) {
            // A restore without a save: pops the view's state, and the
            // scene's own restore then fails (cairo's invalid restore).
            calls.append(.restore)
        } else {
            calls.append(.translate(Double(random.int(-3...3)), 0))
        }
    case 12:
        if random.chance(30) {
            calls += [.beginPath, .move(x(), y()), .line(x(), y()), .line(x(), y()), .clip(Int32(EASEL_FILL_NONZERO))]
        } else if random.chance(50) {
            calls.append(.clear(rect(x(), y(), 5, 5)))
        } else if random.chance(50) {
            calls.append(.text(x(), y()))
        } else {
            // A paragraph wrapped in a rect that hugs the bounds, or crosses them.
            calls.append(.textInRect(random.chance(50) ? rect(minX, minY, bounds.size.width, bounds.size.height)
                                     : rect(x(), y(), Double(random.int(8...40)), Double(random.int(8...30)))))
        }
    default:
        // A path left unpainted across a transform change, then painted.
        calls += [.beginPath, .move(x(), y()), .line(x(), y()), .save, .rotate(0.1), .line(x(), y()), .restore,
                  random.chance(50) ? .stroke : .fill(Int32(EASEL_FILL_NONZERO))]
    }
    return calls
}

/// `calls` replayed on a raster canvas as it draws (translations on the
/// Swift side, lazy clips) and on one that hands every transform and clip to cairo.
private func drawBothWays(
    _ calls: [Call], width: Double, height: Double, scale: Double
) throws -> (fast: Canvas, reference: Canvas) {
    let fast = try Canvas(width: width, height: height, backing: .raster(scale: scale))
    let reference = try Canvas(width: width, height: height, backing: .raster(scale: scale))
    reference.keepTransformsInCairo()
    for call in calls {
        call.apply(to: fast)
        call.apply(to: reference)
    }
    return (fast, reference)
}

@Suite("Canvas: Swift-side translations and lazy clips draw exactly what cairo's transforms and clips draw")
struct CanvasFastPathTests {
    @Test(arguments: [1.0, 2.0, 1.5])
    func randomScenesGiveIdenticalPixels(scale: Double) throws {
        var differing: [UInt64] = []
        for seed in UInt64(1)...300 {
            let calls = scene(seed: seed &* 7919 &+ UInt64(scale * 10))
            let (fast, reference) = try drawBothWays(calls, width: 120, height: 90, scale: scale)
            #expect(fast.takeError()?.message == reference.takeError()?.message)
            if fast.surfacePixels() != reference.surfacePixels() { differing.append(seed) }
        }
        #expect(differing.isEmpty, "scenes drawn differently: \(differing)")
    }

    /// Text whose ink ends within a pixel or two of a view's edge, placed in
    /// eighths of a point: the canvas leaves out the clip only when no glyph
    /// can reach outside (cairo rounds each glyph's position to a pixel).
    @Test(arguments: [1.0, 2.0])
    func textAlongTheEdgesGivesIdenticalPixels(scale: Double) throws {
        var differing: [String] = []
        let bounds = rect(0, 0, 40, 20)
        for step in -24...24 {
            let offset = Double(step) / 8
            let placements: [(String, Call)] = [
                ("left", .text(offset, 14)), ("right", .text(30 + offset, 14)),
                ("top", .text(8, 9 + offset)), ("bottom", .text(8, 18 + offset)),
                ("rect", .textInRect(rect(offset, offset / 2, 40, 20))),
            ]
            for (edge, call) in placements {
                let calls: [Call] = [.save, .translate(13, 7), .lazyClip(bounds), call, .restore]
                let (fast, reference) = try drawBothWays(calls, width: 70, height: 40, scale: scale)
                if fast.surfacePixels() != reference.surfacePixels() { differing.append("\(edge) \(offset)") }
            }
        }
        #expect(differing.isEmpty, "text drawn differently near the edges: \(differing)")
    }

    @Test func theTransformReportedIsTheTranslation() throws {
        let canvas = try Canvas(width: 50, height: 50, backing: .raster(scale: 2))
        canvas.translate(x: 10, y: 5.5)
        canvas.concatenate(easel_affine_transform(a: 1, b: 0, c: 0, d: 1, tx: 0.25, ty: -1))
        var ctm = canvas.currentTransform
        #expect(ctm.a == 1 && ctm.b == 0 && ctm.c == 0 && ctm.d == 1 && ctm.tx == 10.25 && ctm.ty == 4.5)
        canvas.saveState()
        canvas.scale(x: 2, y: 3)
        ctm = canvas.currentTransform
        #expect(ctm.a == 2 && ctm.d == 3 && ctm.tx == 10.25 && ctm.ty == 4.5)
        canvas.restoreState()
        ctm = canvas.currentTransform
        #expect(ctm.a == 1 && ctm.d == 1 && ctm.tx == 10.25 && ctm.ty == 4.5)
        #expect(canvas.takeError() == nil)
    }
}
