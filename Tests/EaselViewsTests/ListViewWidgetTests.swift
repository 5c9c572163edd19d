// The ListView sample widget (Plugins/ListView/ListView.c): a 10,000-row list inside a scroll
// view draws only the rows that show, and scrolling by one row draws only the row that comes in.

import EaselABI
import EaselGraphicsCore
import EaselRuntime
import EaselViews
import EaselTestSupport
import Foundation
import Testing

private typealias K = ViewTreeKit

@Suite("The ListView sample widget")
struct ListViewWidgetTests {
    /// A white 320 x 480 window with a 320 x 440 ListView of `rows` rows of 44 points (10 show).
    private func list(rows: Int32 = 10_000) throws -> (root: View, list: ScrollView, registry: Registry) {
        let registry = try sampleRegistry()
        let root = try registry.makeView(ofClass: "Window", frame: K.rect(0, 0, 320, 480))
        root.backgroundColor = whiteColor
        let list = try #require(try registry.makeView(ofClass: "ListView", frame: K.rect(0, 0, 320, 440)) as? ScrollView)
        try list.setValue(rows, forProperty: "rowCount")
        try root.addSubview(list)
        return (root, list, registry)
    }

    /// The indexes of the rows a render drew, in drawing order.
    private func drawnRows(_ report: RenderReport) throws -> [Int32] {
        try report.drawnViews.map { view in
            #expect(view.objectClass.name == "ListRow")
            return try view.value(ofProperty: "index", as: Int32.self)
        }
    }

    private func rowViews(_ list: View) -> [View] { list.subviews.filter { $0.objectClass.name == "ListRow" } }

    @Test("of 10,000 rows only the 10 that show are views and are drawn; the content is 10,000 x 44 points tall")
    func onlyVisibleRows() throws {
        let (root, list, _) = try list()
        let canvas = try rasterCanvas(for: root)
        let report = try root.render(into: canvas, mode: .dirtyRegions)
        #expect(try drawnRows(report) == Array(0..<10))
        #expect(rowViews(list).count == 10)
        #expect(list.contentSize == easel_size(width: 320, height: 440_000))
        #expect(rowViews(list)[3].frame == K.rect(0, 132, 320, 44))
    }

    @Test("scrolling by one row draws only the row that comes in (one drawRect:); half a row then another half draws one, then none")
    func oneRowScroll() throws {
        let (root, list, _) = try list()
        let canvas = try rasterCanvas(for: root)
        let first = try drawnRows(try root.render(into: canvas, mode: .dirtyRegions))
        #expect(first == Array(0..<10))
        list.contentOffset = K.point(0, 44)
        let afterOneRow = try drawnRows(try root.render(into: canvas, mode: .dirtyRegions))
        #expect(afterOneRow == [10])
        #expect(rowViews(list).count == 10)  // row 0 went out and was reused for row 10
        list.contentOffset = K.point(0, 66)  // row 11 shows its top half: a new row view
        let afterHalf = try drawnRows(try root.render(into: canvas, mode: .dirtyRegions))
        #expect(afterHalf == [11])
        #expect(rowViews(list).count == 11)
        list.contentOffset = K.point(0, 88)  // row 1 leaves; nothing new comes in
        let afterAnotherHalf = try drawnRows(try root.render(into: canvas, mode: .dirtyRegions))
        #expect(afterAnotherHalf == [])
        #expect(rowViews(list).filter { !$0.isHidden }.count == 10)
        // Far down the list the same few views are reused.
        list.contentOffset = K.point(0, 44 * 5_000)
        let farDown = try drawnRows(try root.render(into: canvas, mode: .dirtyRegions))
        #expect(farDown == Array(5_000..<5_010))
        #expect(rowViews(list).count == 11)
        // The dirty render shows what a full render does.
        expectSameImage(try canvas.rasterImage(), try fullImage(root))
    }

    @Test("rows draw their title and separator; a tap selects the row under it (grey), through the list's tap recognizer")
    func tapSelects() throws {
        let (root, list, _) = try list(rows: 0)
        let strings = CStrings()
        defer { withExtendedLifetime(strings) {} }
        try list.setValue(strings.array(["Apples", "Bananas", "Cherries", "Dates", "Elderberries", "Figs"]), forProperty: "items")
        list.contentOffset = K.point(0, 44)
        var image = try fullImage(root)
        // A row's background is white; its separator (0.78 grey, 200) the last half point at x >= 16.
        #expect(near(image.pixel(x: 300, y: 20), 255, 255, 255))
        #expect(near(image.pixel(x: 8, y: 43), 255, 255, 255))
        // Row 1 (Bananas) is at the top: its text starts 16 points in, within the row's middle band.
        let ink = (16..<80).contains { x in (14..<30).contains { y in image.pixel(x: x, y: y).r < 128 } }
        #expect(ink)
        #expect(list.contentSize == easel_size(width: 320, height: 264))
        // A tap at y 110 of the window is y 154 of the content: row 3 (Dates).
        try root.sendTouches([TouchInput(finger: 1, .began, at: K.point(200, 110))])
        try root.sendTouches([TouchInput(finger: 1, .ended, at: K.point(200, 110))])
        #expect(try list.value(ofProperty: "selectedRow", as: Int32.self) == 3)
        image = try fullImage(root)
        #expect(near(image.pixel(x: 300, y: 110), 209, 209, 214, tolerance: 2))  // (0.82, 0.82, 0.84) x 255
        #expect(near(image.pixel(x: 300, y: 60), 255, 255, 255))
    }
}
