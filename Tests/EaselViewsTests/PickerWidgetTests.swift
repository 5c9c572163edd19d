import EaselGraphicsCore
import EaselABI
import EaselCanvas
import EaselDiscovery
import EaselRuntime
import EaselViews
import EaselTestSupport
import Foundation
import Testing

// The C widgets of the sample plugins MiniPicker (Label, MiniPicker) and
// CalendarPicker, driven the way a scene drives them: declared properties
// set by name, touches sent at root coordinates, pixels read back.

/// C strings and string arrays for `*` and string-array properties, kept
/// alive (and freed) with this object: properties hold plain pointers.
final class CStrings {
    private var strings: [UnsafeMutablePointer<CChar>] = []
    private var arrays: [UnsafeMutablePointer<UnsafePointer<CChar>?>] = []

    func string(_ text: String) -> UnsafePointer<CChar> {
        let copy = strdup(text)!
        strings.append(copy)
        return UnsafePointer(copy)
    }

    func array(_ values: [String]) -> easel_string_array {
        let pointers = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: max(values.count, 1))
        for (index, value) in values.enumerated() { pointers[index] = string(value) }
        arrays.append(pointers)
        return easel_string_array(strings: UnsafePointer(pointers), count: UInt64(values.count))
    }

    deinit {
        strings.forEach { free($0) }
        arrays.forEach { $0.deallocate() }
    }
}

/// UIKit's system blue, the default arrowColor and accentColor.
private let systemBlue = RGBA(r: 0, g: 122, b: 255)
/// The system blue at a quarter alpha over the white field: a dimmed arrow.
private let dimmedBlue = RGBA(r: 191, g: 222, b: 255)

/// A string property's value.
private func text(of view: View, _ property: String = "text") throws -> String? {
    try view.value(ofProperty: property, as: UnsafePointer<CChar>?.self).map { String(cString: $0) }
}

/// The Label a MiniPicker created in init.
private func label(of picker: View) throws -> View {
    try #require(picker.subviews.first { $0.objectClass.name == "Label" })
}

/// A root view with a white background, `size` points, holding `views`.
private func whiteRoot(_ registry: Registry, width: Double, height: Double, _ views: [View]) throws -> View {
    let root = try whiteRoot(registry, width: width, height: height)
    for view in views { try root.addSubview(view) }
    return root
}

@discardableResult
private func render(_ root: View, scale: Double = 1) throws -> RasterImage {
    try fullImage(root, scale: scale)
}

/// Sends a one-finger drag: began at `from`, moved to `to`, ended at `to` (root coordinates).
private func drag(_ root: View, from: easel_point, to: easel_point) throws {
    let touch = try root.sendTouch(.began, at: from)
    try root.sendTouch(.moved, at: to, touch: touch)
    try root.sendTouch(.ended, at: to, touch: touch)
}

/// A touch that begins and ends at one point (root coordinates).
private func tap(_ root: View, at point: easel_point) throws {
    let touch = try root.sendTouch(.began, at: point)
    try root.sendTouch(.ended, at: point, touch: touch)
}

/// The bounding box (in pixels, max exclusive) of the pixels at least half
/// covered by a red text on white: green below 128.
private func inkBox(_ image: RasterImage) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
    var box: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
    for y in 0..<image.height {
        for x in 0..<image.width where image.pixel(x: x, y: y).g < 128 {
            if let b = box {
                box = (min(b.minX, x), min(b.minY, y), max(b.maxX, x + 1), max(b.maxY, y + 1))
            } else {
                box = (x, y, x + 1, y + 1)
            }
        }
    }
    return box
}

@Suite("The Label sample widget")
struct LabelWidgetTests {
    /// A 200x40 label at (20, 10) of a white 240x60 root: red "HHHH" at 20 points.
    private func renderLabel(alignment: Int32) throws -> RasterImage {
        let registry = try sampleRegistry()
        let strings = CStrings()
        defer { withExtendedLifetime(strings) {} }
        let label = try registry.makeView(ofClass: "Label", frame: cgRect(20, 10, 200, 40))
        try label.setValue(strings.string("HHHH"), forProperty: "text")
        try label.setValue(easel_color(red: 1, green: 0, blue: 0, alpha: 1), forProperty: "textColor")
        try label.setValue(20.0, forProperty: "fontSize")
        try label.setValue(alignment, forProperty: "alignment")
        let image = try render(try whiteRoot(registry, width: 240, height: 60, [label]))
        #expect(registry.takeDiagnostics() == [])
        return image
    }

    @Test("defaults: empty text, black Sans 17 left-aligned; not opaque and not interactive, as UILabel")
    func defaults() throws {
        let registry = try sampleRegistry()
        let label = try registry.makeView(ofClass: "Label", frame: cgRect(0, 0, 50, 20))
        #expect(try text(of: label) == "")
        #expect(try text(of: label, "fontName") == "Sans")
        #expect(try label.value(ofProperty: "fontSize", as: Double.self) == 17)
        #expect(try label.value(ofProperty: "alignment", as: Int32.self) == 0)
        #expect(components(try label.value(ofProperty: "textColor", as: easel_color.self)) == [0, 0, 0, 1])
        #expect(!label.isOpaque)
        #expect(!label.isUserInteractionEnabled)
        #expect(try label.propertyType("text").encoding == "*")
    }

    @Test("the view behind shows through: an empty label over blue leaves blue, not black")
    func transparent() throws {
        let registry = try sampleRegistry()
        let root = try registry.makeView(ofClass: "View", frame: cgRect(0, 0, 40, 20))
        root.backgroundColor = easel_color(red: 0, green: 0, blue: 1, alpha: 1)
        try root.addSubview(try registry.makeView(ofClass: "Label", frame: cgRect(0, 0, 40, 20)))
        let image = try render(root)
        #expect(image.pixel(x: 20, y: 10) == opaqueBlue)
    }

    @Test("the text is centred vertically: the capitals' ink is centred on the middle of the bounds")
    func verticalCentre() throws {
        let box = try #require(inkBox(try renderLabel(alignment: 0)))
        // Frame 10...50: middle 30. Capitals 0.73 em = 14.6 points tall.
        #expect(Double(box.minY + box.maxY) / 2 == 30)
        #expect((14...15).contains(box.maxY - box.minY))
    }

    @Test("alignment 0 left, 1 centre, 2 right", arguments: [Int32(0), 1, 2])
    func alignment(_ alignment: Int32) throws {
        let box = try #require(inkBox(try renderLabel(alignment: alignment)))
        // "HHHH" at 20 points is 60 points wide, with 2 points of side bearing at either end.
        #expect((54...58).contains(box.maxX - box.minX))
        switch alignment {
        case 0: #expect((20...23).contains(box.minX))
        case 1: #expect(abs(Double(box.minX + box.maxX) / 2 - 120) <= 1)
        default: #expect((217...220).contains(box.maxX))
        }
    }

    @Test("text wider than the bounds is cut short with an ellipsis, inside the bounds")
    func truncation() throws {
        let registry = try sampleRegistry()
        let strings = CStrings()
        defer { withExtendedLifetime(strings) {} }
        let label = try registry.makeView(ofClass: "Label", frame: cgRect(20, 10, 60, 40))
        try label.setValue(strings.string("HHHHHHHHHHHH"), forProperty: "text")
        try label.setValue(easel_color(red: 1, green: 0, blue: 0, alpha: 1), forProperty: "textColor")
        try label.setValue(20.0, forProperty: "fontSize")
        let image = try render(try whiteRoot(registry, width: 240, height: 60, [label]))
        let box = try #require(inkBox(image))
        #expect(box.minX >= 20 && box.maxX <= 80)
        // The ellipsis: three dots on the baseline, below the capitals' middle, at the right end.
        let dotsRow = 36
        let lastStem = (box.minX..<box.maxX).last { image.pixel(x: $0, y: 26).g < 128 }!
        #expect((lastStem..<box.maxX).contains { image.pixel(x: $0, y: dotsRow).g < 128 })
        #expect(box.maxX - lastStem > 8)
    }

    @Test("sizeThatFits: is the text measured by Pango, rounded up, the same inside and outside drawing")
    func sizeThatFits() throws {
        let registry = try sampleRegistry()
        let strings = CStrings()
        defer { withExtendedLifetime(strings) {} }
        let label = try registry.makeView(ofClass: "Label", frame: cgRect(0, 0, 10, 10))
        try label.setValue(strings.string("Hello, world"), forProperty: "text")
        try label.setValue(20.0, forProperty: "fontSize")
        let canvas = try Canvas(width: 10, height: 10)
        canvas.setFont("Sans", size: 20)
        let measured = canvas.measureText("Hello, world")
        let fitted = canvas.withCurrentContext { label.sizeThatFits(easel_size(width: 5, height: 5)) }
        #expect(fitted == easel_size(width: measured.width.rounded(.up), height: measured.height.rounded(.up)))
        // Without a drawing context (layout code) Pango measures the same (no estimate any more).
        #expect(label.sizeThatFits(easel_size(width: 5, height: 5)) == fitted)
    }

    @Test("fontName takes Pango's string form: \"Sans Bold\" is wider and darker than \"Sans\"")
    func boldFontName() throws {
        var inks: [Int] = []
        var widths: [Double] = []
        for name in ["Sans", "Sans Bold"] {
            let registry = try sampleRegistry()
            let strings = CStrings()
            defer { withExtendedLifetime(strings) {} }
            let label = try registry.makeView(ofClass: "Label", frame: cgRect(0, 0, 200, 40))
            try label.setValue(strings.string("Hello"), forProperty: "text")
            try label.setValue(strings.string(name), forProperty: "fontName")
            try label.setValue(20.0, forProperty: "fontSize")
            widths.append(label.sizeThatFits(easel_size(width: 0, height: 0)).width)
            let image = try render(try whiteRoot(registry, width: 200, height: 40, [label]))
            inks.append((0..<image.height).reduce(0) { sum, y in
                sum + (0..<image.width).filter { image.pixel(x: $0, y: y).r < 128 }.count })
        }
        #expect(widths[1] > widths[0])
        #expect(inks[1] > inks[0] * 5 / 4, "\(inks)")
    }
}

@Suite("The MiniPicker sample widget")
struct MiniPickerWidgetTests {
    /// A 140x31 picker at (20, 10) of a white 180x50 root, values Apple, Banana, Cherry.
    private struct Fixture {
        let registry: Registry
        let root: View
        let picker: View
        let strings = CStrings()
        /// The picker's centre, in root coordinates.
        let centre = easel_point(x: 90, y: 25.5)

        init(index: Int32 = 1, wraps: Bool = false) throws {
            registry = try sampleRegistry()
            picker = try registry.makeView(ofClass: "MiniPicker", frame: cgRect(20, 10, 140, 31))
            try picker.setValue(strings.array(["Apple", "Banana", "Cherry"]), forProperty: "values")
            try picker.setValue(index, forProperty: "index")
            try picker.setValue(wraps, forProperty: "wraps")
            root = try whiteRoot(registry, width: 180, height: 50, [picker])
        }

        var index: Int32 { get throws { try picker.value(ofProperty: "index", as: Int32.self) } }
        var labelText: String? { get throws { try text(of: try label(of: picker)) } }

        func drag(by dx: Double) throws {
            try EaselViewsTests.drag(root, from: centre, to: easel_point(x: centre.x + dx, y: centre.y))
        }
    }

    @Test("init creates a Label and then an overlay drawing with drawArrows:, the last subview")
    func structure() throws {
        let f = try Fixture()
        try render(f.root)
        #expect(f.picker.subviews.map(\.objectClass.name) == ["Label", "OverlayView"])
        let overlay = try #require(f.picker.subviews.last as? OverlayView)
        #expect(overlay.hostSelector == "drawArrows:")
        #expect(overlay.host === f.picker)
        #expect(try label(of: f.picker).frame == cgRect(6, 0, 128, 31))
        #expect(try f.labelText == "Banana")
        #expect(!f.picker.isOpaque)
        #expect(f.registry.takeDiagnostics() == [])
    }

    @Test("the arrows are painted over the label: blue where the label's background is without the overlay")
    func arrowsAboveLabel() throws {
        let f = try Fixture()
        try label(of: f.picker).backgroundColor = easel_color(red: 1, green: 0, blue: 0, alpha: 1)
        let image = try render(f.root)
        // Left arrow: tip 7 points in from the picker's left edge, 6 wide, 10 tall; right arrow mirrored.
        #expect(image.pixel(x: 31, y: 25) == systemBlue)
        #expect(image.pixel(x: 148, y: 25) == systemBlue)
        #expect(image.pixel(x: 40, y: 13) == opaqueRed)  // the label's background, away from the arrows and text
        // The same pixels without the overlay: the label's background.
        let overlay = try #require(f.picker.subviews.last as? OverlayView)
        overlay.isHidden = true
        let hidden = try render(f.root)
        #expect(hidden.pixel(x: 31, y: 25) == opaqueRed)
        #expect(hidden.pixel(x: 148, y: 25) == opaqueRed)
    }

    @Test("at the first value the left arrow is dimmed; at the last, the right one")
    func dimmedArrows() throws {
        let atFirst = try Fixture(index: 0), atLast = try Fixture(index: 2), wrapping = try Fixture(index: 2, wraps: true)
        let first = try render(atFirst.root)
        #expect(first.pixel(x: 31, y: 25).isClose(to: dimmedBlue, tolerance: 1))
        #expect(first.pixel(x: 148, y: 25) == systemBlue)
        let last = try render(atLast.root)
        #expect(last.pixel(x: 31, y: 25) == systemBlue)
        #expect(last.pixel(x: 148, y: 25).isClose(to: dimmedBlue, tolerance: 1))
        #expect(try render(wrapping.root).pixel(x: 148, y: 25) == systemBlue)
    }

    @Test("the text field: white inside a grey rounded border; transparent outside the rounded corners")
    func field() throws {
        let f = try Fixture()
        let root = try f.registry.makeView(ofClass: "View", frame: cgRect(0, 0, 180, 50))
        try root.addSubview(f.picker)
        let image = try render(root)
        #expect(image.pixel(x: 90, y: 38) == white)  // inside, below the text
        #expect(image.pixel(x: 90, y: 40) == RGBA(r: 184, g: 184, b: 189))  // the bottom border
        #expect(image.pixel(x: 20, y: 10).a < 64)  // outside the top-left corner's curve
    }

    @Test("a drag of 30 points to the left shows the next value; to the right, the previous one")
    func dragSteps() throws {
        let f = try Fixture()
        try render(f.root)
        try f.drag(by: -30)
        #expect(try f.index == 2)
        #expect(try f.labelText == "Cherry")
        try f.drag(by: 30)
        try f.drag(by: 30)
        #expect(try f.index == 0)
        #expect(try f.labelText == "Apple")
        #expect(f.registry.takeDiagnostics() == [])
    }

    @Test("every 20 points of a drag is one value; less than 20 is none")
    func stepDistance() throws {
        let f = try Fixture(index: 0)
        try f.drag(by: -19)
        #expect(try f.index == 0)
        try f.drag(by: -41)
        #expect(try f.index == 2)
    }

    @Test("the index stops at the ends, unless wraps is true")
    func ends() throws {
        let clamped = try Fixture(index: 2)
        try clamped.drag(by: -30)
        #expect(try clamped.index == 2)
        try clamped.drag(by: 70)
        #expect(try clamped.index == 0)
        let wrapping = try Fixture(index: 2, wraps: true)
        try wrapping.drag(by: -30)
        #expect(try wrapping.index == 0)
        #expect(try wrapping.labelText == "Apple")
        try wrapping.drag(by: 30)
        #expect(try wrapping.labelText == "Cherry")
    }

    @Test("a tap on an arrow steps towards it; a tap in the middle does nothing")
    func taps() throws {
        let f = try Fixture()
        try tap(f.root, at: easel_point(x: 90, y: 25))
        #expect(try f.index == 1)
        try tap(f.root, at: easel_point(x: 150, y: 25))
        #expect(try f.index == 2)
        try tap(f.root, at: easel_point(x: 28, y: 25))
        try tap(f.root, at: easel_point(x: 28, y: 25))
        #expect(try f.index == 0)
    }

    @Test("a change marks the picker for display: the next dirty render redraws it with the new text")
    func redisplay() throws {
        let f = try Fixture()
        let canvas = try Canvas(width: 180, height: 50, backing: .raster(scale: 1))
        try f.root.render(into: canvas)
        let before = try canvas.rasterImage()
        try f.drag(by: -30)
        #expect(f.root.dirtyRegion.contains { $0.contains(cgRect(20, 10, 140, 31)) })
        let report = try f.root.render(into: canvas, mode: .dirtyRegions)
        #expect(report.drawnViews.map(\.objectClass.name) == ["MiniPicker", "Label", "OverlayView"])
        let after = try canvas.rasterImage()
        #expect(after != before)
        // The same pixels as a full render of the new state.
        #expect(after == (try render(f.root)))
    }

    @Test("values and index set directly show at the next render; an index past the end is clamped")
    func propertiesDriveTheLabel() throws {
        let f = try Fixture()
        try render(f.root)
        try f.picker.setValue(f.strings.array(["One", "Two"]), forProperty: "values")
        try f.picker.setValue(Int32(7), forProperty: "index")
        try render(f.root)
        #expect(try f.labelText == "Two")
        #expect(try f.index == 1)
    }

    @Test("an empty list shows nothing and ignores drags")
    func empty() throws {
        let registry = try sampleRegistry()
        let picker = try registry.makeView(ofClass: "MiniPicker", frame: cgRect(0, 0, 100, 31))
        let root = try whiteRoot(registry, width: 100, height: 31, [picker])
        try render(root)
        try drag(root, from: easel_point(x: 50, y: 15), to: easel_point(x: 10, y: 15))
        #expect(try picker.value(ofProperty: "index", as: Int32.self) == 0)
        #expect(try text(of: try label(of: picker)) == "")
        #expect(registry.takeDiagnostics() == [])
    }

    @Test("sizeThatFits: is a text field's 31 points tall and fits the widest value between the arrows")
    func sizeThatFits() throws {
        let f = try Fixture()
        let canvas = try Canvas(width: 10, height: 10)
        canvas.setFont("Sans", size: 15)
        let widest = ["Apple", "Banana", "Cherry"].map { canvas.measureText($0).width }.max()!
        let size = canvas.withCurrentContext { f.picker.sizeThatFits(easel_size(width: 0, height: 0)) }
        #expect(size.height == 31)
        #expect(size.width == (widest + 2 * 22 + 8).rounded(.up))
    }
}

@Suite("The CalendarPicker sample widget")
struct CalendarPickerWidgetTests {
    /// A 300x330 calendar at (10, 10) of a white 320x350 root.
    private struct Fixture {
        let registry: Registry
        let root: View
        let calendar: View

        init(year: Int32 = 2024, month: Int32 = 2, selectedDay: Int32 = 0, firstWeekday: Int32 = 0,
             registry: Registry? = nil) throws {
            self.registry = try registry ?? sampleRegistry()
            calendar = try self.registry.makeView(ofClass: "CalendarPicker", frame: cgRect(10, 10, 300, 330))
            try calendar.setValue(year, forProperty: "year")
            try calendar.setValue(month, forProperty: "month")
            try calendar.setValue(selectedDay, forProperty: "selectedDay")
            try calendar.setValue(firstWeekday, forProperty: "firstWeekday")
            root = try whiteRoot(self.registry, width: 320, height: 350, [calendar])
        }

        func value(_ property: String) throws -> Int32 { try calendar.value(ofProperty: property, as: Int32.self) }

        /// The header picker with a tag (1 month, 2 year).
        func picker(_ tag: Int) throws -> View {
            try #require(calendar.subviews.first { $0.tag == tag && $0.objectClass.name == "MiniPicker" })
        }

        // The layout: 10-point margins; the header (31 points), 8 points, the
        // weekday row (22 points), 2 points, then the grid of 7 x 6 cells:
        // x from 10, y from 73, 280 x 247 points, in the calendar's coordinates.
        static let gridTop = 10.0 + 31 + 8 + 22 + 2
        static let cellWidth = 40.0
        static let cellHeight = (330.0 - 10 - gridTop) / 6

        /// The centre of a cell, in root coordinates.
        func cellCentre(column: Int, row: Int) -> easel_point {
            easel_point(x: 10 + 10 + Self.cellWidth * (Double(column) + 0.5),
                        y: 10 + Self.gridTop + Self.cellHeight * (Double(row) + 0.5))
        }

        /// Whether the selection circle covers a cell: its pixel 14 points left of the
        /// cell's centre (inside the 36-point circle, clear of the day number) is the accent colour.
        func isHighlighted(_ image: RasterImage, column: Int, row: Int) -> Bool {
            let c = cellCentre(column: column, row: row)
            return image.pixel(x: Int(c.x) - 14, y: Int(c.y)) == systemBlue
        }

        /// The (column, row) of every highlighted cell.
        func highlightedCells(_ image: RasterImage) -> [[Int]] {
            (0..<42).compactMap { cell in
                isHighlighted(image, column: cell % 7, row: cell / 7) ? [cell % 7, cell / 7] : nil
            }
        }
    }

    @Test("defaults: January 2024, no selection, weeks from Sunday, the system blue accent")
    func defaults() throws {
        let registry = try sampleRegistry()
        let calendar = try registry.makeView(ofClass: "CalendarPicker", frame: cgRect(0, 0, 300, 330))
        #expect(try calendar.value(ofProperty: "year", as: Int32.self) == 2024)
        #expect(try calendar.value(ofProperty: "month", as: Int32.self) == 1)
        #expect(try calendar.value(ofProperty: "selectedDay", as: Int32.self) == 0)
        #expect(try calendar.value(ofProperty: "firstWeekday", as: Int32.self) == 0)
        #expect(components(try calendar.value(ofProperty: "accentColor", as: easel_color.self)) == [0, 0.478, 1, 1])
        #expect(!calendar.isOpaque)
    }

    @Test("the header is two MiniPickers: month names (wrapping) and years, laid out side by side")
    func header() throws {
        let f = try Fixture()
        try render(f.root)
        #expect(f.calendar.subviews.map(\.objectClass.name) == ["MiniPicker", "MiniPicker"])
        let month = try f.picker(1), year = try f.picker(2)
        #expect(month.frame == cgRect(10, 10, 163, 31))
        #expect(year.frame == cgRect(181, 10, 109, 31))
        #expect(try text(of: try label(of: month)) == "February")
        #expect(try text(of: try label(of: year)) == "2024")
        #expect(try month.value(ofProperty: "wraps", as: Bool.self))
        #expect(try !year.value(ofProperty: "wraps", as: Bool.self))
        let months = try month.value(ofProperty: "values", as: easel_string_array.self)
        #expect(months.count == 12)
        #expect(String(cString: months.strings[11]!) == "December")
        let years = try year.value(ofProperty: "values", as: easel_string_array.self)
        #expect(years.count == 9999)
        #expect(String(cString: years.strings[0]!) == "1" && String(cString: years.strings[9998]!) == "9999")
        #expect(f.registry.takeDiagnostics() == [])
    }

    /// Known dates: the cell of the selected day (column from Sunday, or from Monday when firstWeekday is 1).
    static let knownDays: [(year: Int32, month: Int32, day: Int32, firstWeekday: Int32, column: Int, row: Int)] = [
        (2024, 2, 1, 0, 4, 0),   // 1 February 2024 was a Thursday
        (2024, 2, 29, 0, 4, 4),  // a leap year: the 29th, four weeks later
        (2024, 2, 29, 1, 3, 4),  // weeks from Monday: Thursday is the fourth column
        (2023, 2, 28, 0, 2, 4),  // 1 February 2023 was a Wednesday
        (2000, 2, 29, 0, 2, 4),  // 2000 was a leap year (divisible by 400); 1 February a Tuesday
        (2024, 9, 30, 0, 1, 4),  // 1 September 2024 was a Sunday
        (2023, 12, 31, 0, 0, 5), // 1 December 2023 a Friday: the 31st in the sixth row
    ]

    @Test("the selected day is highlighted in the cell of its weekday and week", arguments: knownDays.indices)
    func highlightedCell(_ index: Int) throws {
        let known = Self.knownDays[index]
        let f = try Fixture(year: known.year, month: known.month, selectedDay: known.day, firstWeekday: known.firstWeekday)
        let image = try render(f.root)
        #expect(f.highlightedCells(image) == [[known.column, known.row]])
        #expect(try f.value("selectedDay") == known.day)
    }

    @Test("month lengths: a selected day past the end becomes the last day (29 in February 2024, 28 in 1900)")
    func monthLength() throws {
        let leap = try Fixture(year: 2024, month: 2, selectedDay: 31)
        let leapImage = try render(leap.root)
        #expect(try leap.value("selectedDay") == 29)
        #expect(leap.highlightedCells(leapImage) == [[4, 4]])
        let century = try Fixture(year: 1900, month: 2, selectedDay: 29)  // not a leap year; 1 February a Thursday
        let centuryImage = try render(century.root)
        #expect(try century.value("selectedDay") == 28)
        #expect(century.highlightedCells(centuryImage) == [[3, 4]])
        let april = try Fixture(year: 2024, month: 4, selectedDay: 31)
        try render(april.root)
        #expect(try april.value("selectedDay") == 30)
    }

    @Test("no selection: no highlighted cell")
    func noSelection() throws {
        let f = try Fixture()
        #expect(f.highlightedCells(try render(f.root)) == [])
    }

    @Test("touching a day cell selects it and the next render highlights it")
    func touchSelects() throws {
        let f = try Fixture(selectedDay: 1)
        try render(f.root)
        try tap(f.root, at: f.cellCentre(column: 4, row: 2))  // Thursday 15 February 2024
        #expect(try f.value("selectedDay") == 15)
        #expect(!f.root.dirtyRegion.isEmpty)
        #expect(f.highlightedCells(try render(f.root)) == [[4, 2]])
        #expect(f.registry.takeDiagnostics() == [])
    }

    @Test("a touch that ends on another day, on a faded day of the next month or on the weekday row selects nothing")
    func touchIgnored() throws {
        let f = try Fixture(selectedDay: 1)
        try render(f.root)
        let touch = try f.root.sendTouch(.began, at: f.cellCentre(column: 4, row: 2))
        try f.root.sendTouch(.ended, at: f.cellCentre(column: 5, row: 2), touch: touch)
        try tap(f.root, at: f.cellCentre(column: 5, row: 4))  // 1 March
        try tap(f.root, at: easel_point(x: 200, y: 70))     // "Th"
        #expect(try f.value("selectedDay") == 1)
    }

    @Test("dragging the month picker changes the month; the year picker changes the year")
    func pickersChangeMonthAndYear() throws {
        let f = try Fixture(selectedDay: 29)
        try render(f.root)
        // The month picker's centre, in root coordinates: (20 + 81.5, 20 + 15.5).
        try drag(f.root, from: easel_point(x: 101, y: 35), to: easel_point(x: 71, y: 35))
        #expect(try f.value("month") == 3)
        #expect(try text(of: try label(of: try f.picker(1))) == "March")
        // 1 March 2024 was a Friday: the 29th is in the fifth row, sixth column.
        #expect(f.highlightedCells(try render(f.root)) == [[5, 4]])
        // The year picker's centre: (191 + 54.5, 35.5); dragging right is the previous year.
        try drag(f.root, from: easel_point(x: 245, y: 35), to: easel_point(x: 275, y: 35))
        #expect(try f.value("year") == 2023)
        #expect(try text(of: try label(of: try f.picker(2))) == "2023")
        // 1 March 2023 was a Wednesday.
        #expect(f.highlightedCells(try render(f.root)) == [[3, 4]])
        #expect(f.registry.takeDiagnostics() == [])
    }

    @Test("the month wraps from December to January of the next year, and back")
    func monthWraps() throws {
        let f = try Fixture(year: 2023, month: 12)
        try render(f.root)
        try drag(f.root, from: easel_point(x: 101, y: 35), to: easel_point(x: 71, y: 35))
        #expect(try f.value("month") == 1)
        #expect(try f.value("year") == 2024)
        #expect(try text(of: try label(of: try f.picker(2))) == "2024")
        try drag(f.root, from: easel_point(x: 101, y: 35), to: easel_point(x: 131, y: 35))
        #expect(try f.value("month") == 12)
        #expect(try f.value("year") == 2023)
    }

    @Test("properties set before the first render (as a scene sets them) hold for touches sent before it")
    func touchesBeforeRender() throws {
        let f = try Fixture(year: 2023, month: 6)
        try drag(f.root, from: easel_point(x: 101, y: 35), to: easel_point(x: 71, y: 35))
        #expect(try f.value("month") == 7)
        #expect(try f.value("year") == 2023)
        #expect(try text(of: try label(of: try f.picker(1))) == "July")
    }

    @Test("changing to a shorter month keeps the selection inside it")
    func shorterMonth() throws {
        let f = try Fixture(year: 2024, month: 1, selectedDay: 31)
        try render(f.root)
        try drag(f.root, from: easel_point(x: 101, y: 35), to: easel_point(x: 71, y: 35))
        #expect(try f.value("month") == 2)
        #expect(try f.value("selectedDay") == 29)
    }

    @Test("the header is bold: both pickers show their value in \"Sans Bold\"")
    func boldPickers() throws {
        let f = try Fixture(year: 2026, month: 11)
        try render(f.root)
        for tag in [1, 2] {
            let picker = try f.picker(tag)
            #expect(try text(of: picker, "fontName") == "Sans Bold")
            let label = try #require(picker.subviews.first { $0.objectClass.name == "Label" })
            #expect(try text(of: label, "fontName") == "Sans Bold")
        }
        #expect(try text(of: try f.picker(1).subviews[0]) == "November")
    }

    @Test("without the MiniPicker plugin the header is a bold title: its ink as wide as \"Sans Bold\" 17, wider than \"Sans\" 17")
    func boldTitle() throws {
        // The title alone: the calendar without MiniPicker (and so without Label).
        let folder = try Fixtures.makeTemporaryDirectory("calendar-title")
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("libCalendarPicker.so"),
            withDestinationURL: try Fixtures.samplePluginsDirectory().appendingPathComponent("libCalendarPicker.so"))
        let registry = Registry()
        registry.loadPlugins(from: [folder.path])
        let f = try Fixture(year: 2024, month: 2, registry: registry)
        let image = try render(f.root, scale: 2)
        // The header band: y 20...51 of the root (the calendar at 10, its margin 10, 31 tall).
        func inkExtent(_ image: RasterImage, rows: Range<Int>) -> Int {
            let columns = (0..<image.width).filter { x in rows.contains { image.pixel(x: x, y: $0).r < 128 } }
            return (columns.last ?? 0) - (columns.first ?? 0)
        }
        let title = inkExtent(image, rows: 40..<102)

        // The same words in Labels, regular and bold, at the title's size.
        var references: [Int] = []
        for font in ["Sans", "Sans Bold"] {
            let labels = try sampleRegistry()
            let strings = CStrings()
            defer { withExtendedLifetime(strings) {} }
            let label = try labels.makeView(ofClass: "Label", frame: cgRect(10, 10, 300, 31))
            try label.setValue(strings.string("February 2024"), forProperty: "text")
            try label.setValue(strings.string(font), forProperty: "fontName")
            try label.setValue(17.0, forProperty: "fontSize")
            references.append(inkExtent(try render(try whiteRoot(labels, width: 320, height: 60, [label]), scale: 2),
                                        rows: 0..<120))
        }
        #expect(references[1] > references[0] + 10, "\(references)")
        #expect(abs(title - references[1]) <= 2, "title \(title) px, bold \(references[1]), regular \(references[0])")
        #expect(registry.takeDiagnostics() == [])
    }

    @Test("without the MiniPicker plugin the header is text and the grid still works")
    func withoutMiniPicker() throws {
        let folder = try Fixtures.makeTemporaryDirectory("calendar-alone")
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("libCalendarPicker.so"),
            withDestinationURL: try Fixtures.samplePluginsDirectory().appendingPathComponent("libCalendarPicker.so"))
        let registry = Registry()
        registry.loadPlugins(from: [folder.path])
        #expect(registry.plugins.map(\.name) == ["CalendarPicker"])
        let f = try Fixture(selectedDay: 14, registry: registry)
        let image = try render(f.root)
        #expect(f.calendar.subviews.isEmpty)
        #expect(f.highlightedCells(image) == [[3, 2]])
        // The title "February 2024" in the header: dark ink in the middle of the header band.
        #expect((100...220).contains { x in image.pixel(x: x, y: 35).r < 100 })
        #expect(registry.takeDiagnostics() == [])
    }
}
