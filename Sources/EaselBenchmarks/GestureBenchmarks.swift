// Touch dispatch (`gestures`): one touch event through hit testing and three
// gesture recognizers (tap, pan, long press, on the root) of a 1000-view tree,
// the tap's action sent to a plugin target (`-[Tally ping]` of the sample
// plugins), against a bare hit test of the same points in the same run.
// Each iteration is a tap: two events (began, ended); the time per event is
// half of it. Target: ≤ 5 µs per event.
//
// Also (`measureListScroll`): a ListView (Plugins/ListView) of 10,000 rows
// scrolled by one row and rendered with dirty regions, against a full render
// of the same frame: the drawRect: calls per scroll (the target: one, the
// newly exposed row) and the time.

import EaselABI
import EaselCanvas
import EaselRuntime
import EaselViews

/// Prints the touch dispatch table; returns whether an event costs at most 5 µs in the nested tree.
func runGestureBenchmarks(registry: Registry, rounds: Int) throws -> Bool {
    print("| tree | one touch event: hit test + 3 recognizers + a plugin action | bare hit test | event / hit test | target | met |")
    print("|---|---|---|---|---|---|")
    let flat = try measureGestures(registry: registry, rounds: rounds, nested: false)
    let nested = try measureGestures(registry: registry, rounds: rounds, nested: true)
    print("")
    let list = try measureListScroll(registry: registry, rounds: rounds)
    return flat && nested && list
}

/// A 320 x 480 window holding a ListView of 10,000 rows of 44 points (11 show): scrolled by one
/// row (44 points) and rendered with dirty regions, against a full render. Returns whether each
/// scroll drew exactly one row.
private func measureListScroll(registry: Registry, rounds: Int) throws -> Bool {
    guard registry.objectClass(named: "ListView") != nil else { fail("gestures: the ListView sample plugin is not loaded") }
    let root = try registry.makeView(ofClass: "Window", frame: easel_rect(x: 0, y: 0, width: 320, height: 480))
    root.backgroundColor = easel_color(red: 1, green: 1, blue: 1, alpha: 1)
    guard let list = try registry.makeView(ofClass: "ListView", frame: easel_rect(x: 0, y: 0, width: 320, height: 480)) as? ScrollView else {
        fail("gestures: ListView is not a ScrollView")
    }
    try list.setValue(Int32(10_000), forProperty: "rowCount")
    try root.addSubview(list)
    let canvas = try Canvas(width: 320, height: 480, backing: .raster(scale: 1))
    let first = try root.render(into: canvas, mode: .dirtyRegions)
    let firstRows = first.drawnViews.count
    var maxDraws = 0, minDraws = Int.max, scrolls = 0, offset = 0.0
    let scrollNs = measure(200, rounds: rounds) { count in
        for _ in 0..<count {
            offset = offset >= 44 * 9_000 ? 0 : offset + 44
            list.contentOffset = easel_point(x: 0, y: offset)
            guard let report = try? root.render(into: canvas, mode: .dirtyRegions) else { continue }
            // Going back to the top redraws the 11 rows that show there: count the one-row steps only.
            if offset > 0 {
                maxDraws = max(maxDraws, report.drawnViews.count)
                minDraws = min(minDraws, report.drawnViews.count)
                scrolls += 1
            }
        }
    }
    let fullNs = measure(50, rounds: rounds) { count in
        for _ in 0..<count { _ = try? root.render(into: canvas, mode: .full) }
    }
    let rowViews = list.subviews.filter { $0.objectClass.name == "ListRow" }.count
    let ok = maxDraws == 1 && minDraws == 1
    print("| scrolling a 10,000-row ListView by one row | drawRect: calls per scroll | row views | one-row scroll + dirty render | full render | ratio | met |")
    print("|---|---|---|---|---|---|---|")
    print("| 320x480, rows of 44 points (11 show) | \(minDraws == maxDraws ? "\(maxDraws)" : "\(minDraws)–\(maxDraws)") over \(scrolls) scrolls (first render: \(firstRows)) | \(rowViews) | \(format(scrollNs / 1000, digits: 1)) µs | \(format(fullNs / 1000, digits: 1)) µs | \(format(scrollNs / fullNs, digits: 2)) | \(ok ? "yes" : "**no**") |")
    return ok
}

/// 1000 views of 40 columns and 25 rows on a 1920x1080 window: flat (1000 subviews of the
/// root), or nested (25 row views of 40 tiles each).
private func measureGestures(registry: Registry, rounds: Int, nested: Bool) throws -> Bool {
    let root = try registry.makeView(ofClass: "Window", frame: easel_rect(x: 0, y: 0, width: 1920, height: 1080))
    let columns = 40, rows = 25
    let width = 1920.0 / Double(columns), height = 1080.0 / Double(rows)
    var rowViews: [View] = []
    if nested {
        for row in 0..<rows {
            let rowView = try registry.makeView(ofClass: "View", frame: easel_rect(x: 0, y: Double(row) * height, width: 1920, height: height))
            try root.addSubview(rowView)
            rowViews.append(rowView)
        }
    }
    for index in 0..<(columns * rows) {
        let x = Double(index % columns) * width, y = nested ? 0 : Double(index / columns) * height
        let tile = try registry.makeView(ofClass: "View", frame: easel_rect(x: x, y: y, width: width - 2, height: height - 2))
        try (nested ? rowViews[index / columns] : root).addSubview(tile)
    }
    let target = try registry.makeObject(ofClass: "Tally")
    let tap = try registry.makeObject(ofClass: "TapGestureRecognizer") as! GestureRecognizer
    try tap.addTarget(target, action: Selector("ping"))
    root.addGestureRecognizer(tap)
    root.addGestureRecognizer(try registry.makeObject(ofClass: "PanGestureRecognizer") as! GestureRecognizer)
    root.addGestureRecognizer(try registry.makeObject(ofClass: "LongPressGestureRecognizer") as! GestureRecognizer)
    root.layoutIfNeeded()
    var points: [easel_point] = []
    for index in 0..<97 {
        let x = Double((index * 389) % 1900) + 7
        let y = Double((index * 211) % 1060) + 9
        points.append(easel_point(x: x, y: y))
    }
    var sink = 0
    let iterations = nested ? 50_000 : 5_000
    let hit = measure(iterations, rounds: rounds) { count in
        for index in 0..<count where root.hitTest(points[index % points.count]) != nil { sink &+= 1 }
    }
    var failures = 0
    let tapNs = measure(iterations, rounds: rounds) { count in
        for index in 0..<count {
            let point = points[index % points.count]
            do {
                try root.sendTouches([TouchInput(finger: 1, .began, at: point)])
                try root.sendTouches([TouchInput(finger: 1, .ended, at: point)])
            } catch { failures += 1 }
        }
    }
    guard failures == 0, tap.actionCount > 0, sink > 0 else { fail("gestures: \(failures) failed events, \(tap.actionCount) actions") }
    // A tap is two events; the hit test happens once, at the began.
    let perEvent = tapNs / 2
    let ok = perEvent <= 5_000
    let name = nested ? "1000 tiles in 25 row views" : "1000 tiles, all subviews of the root"
    print("| \(name) | \(format(perEvent / 1000, digits: 2)) µs (a tap: \(format(tapNs / 1000, digits: 2)) µs) | \(format(hit / 1000, digits: 2)) µs | \(format(tapNs / hit, digits: 2)) per tap | ≤ 5 µs per event | \(ok ? "yes" : "**no**") |")
    return ok
}
