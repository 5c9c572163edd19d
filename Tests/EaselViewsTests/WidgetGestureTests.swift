// The seed widgets use gesture recognizers as UIKit code would (Plugins/MiniPicker,
// Plugins/CalendarPicker): the picker's strip pans and its arrows take taps; the calendar pages
// months with swipes. Values by hand: 20 points of pan per value, 50 points of swipe within 0.5 s.

import EaselABI
import EaselRuntime
import EaselViews
import EaselTestSupport
import Foundation
import Testing

private typealias K = ViewTreeKit

@Suite("Gestures of the sample widgets")
struct WidgetGestureTests {
    private func index(_ picker: View) throws -> Int32 { try picker.value(ofProperty: "index", as: Int32.self) }

    /// A 180 x 34 MiniPicker at (20, 20) of a window, with five values, at index 1.
    private func picker() throws -> (root: View, picker: View, strings: CStrings, registry: Registry) {
        let registry = try sampleRegistry()
        let root = try registry.makeView(ofClass: "Window", frame: K.rect(0, 0, 320, 200))
        let picker = try registry.makeView(ofClass: "MiniPicker", frame: K.rect(20, 20, 180, 34))
        let strings = CStrings()
        try picker.setValue(strings.array(["A", "B", "C", "D", "E"]), forProperty: "values")
        try picker.setValue(Int32(1), forProperty: "index")
        try root.addSubview(picker)
        return (root, picker, strings, registry)
    }

    @Test("a MiniPicker has a pan and a tap recognizer; a pan of 45 points left moves two values, measured from touch down")
    func pickerPans() throws {
        let (root, picker, strings, registry) = try picker()
        defer { withExtendedLifetime(strings) {} }
        #expect(picker.gestureRecognizers.map(\.objectClass.name) == ["PanGestureRecognizer", "TapGestureRecognizer"])
        let clock = registry.mediaClock
        try root.sendTouches([TouchInput(finger: 1, .began, at: K.point(110, 37))])
        clock.advance(by: 0.05)
        try root.sendTouches([TouchInput(finger: 1, .moved, at: K.point(104, 37))])  // 6 points: the pan has not begun
        #expect(try index(picker) == 1)
        clock.advance(by: 0.05)
        try root.sendTouches([TouchInput(finger: 1, .moved, at: K.point(88, 37))])  // 22 points from touch down: one value
        #expect(try index(picker) == 2)
        clock.advance(by: 0.05)
        try root.sendTouches([TouchInput(finger: 1, .moved, at: K.point(65, 37))])  // 45 points: two
        try root.sendTouches([TouchInput(finger: 1, .ended, at: K.point(65, 37))])
        #expect(try index(picker) == 3)
        let pan = try #require(picker.gestureRecognizers.first as? PanGestureRecognizer)
        #expect(pan.state == .possible)  // ended, then reset
    }

    @Test("a tap on the right arrow moves to the next value, on the left arrow to the previous, in the middle nothing")
    func pickerTaps() throws {
        let (root, picker, strings, registry) = try picker()
        defer { withExtendedLifetime(strings) {} }
        func tap(_ x: Double) throws {
            try root.sendTouches([TouchInput(finger: 1, .began, at: K.point(x, 37))])
            try root.sendTouches([TouchInput(finger: 1, .ended, at: K.point(x, 37))])
            registry.mediaClock.advance(by: 1)
        }
        try tap(20 + 180 - 10)  // inside the outer 22 points on the right
        #expect(try index(picker) == 2)
        try tap(20 + 10)
        try tap(20 + 10)
        #expect(try index(picker) == 0)
        try tap(20 + 90)
        #expect(try index(picker) == 0)
    }

    @Test("the calendar pages with swipes: left to the next month, right to the previous, across the year's end")
    func calendarSwipes() throws {
        let registry = try sampleRegistry()
        let root = try registry.makeView(ofClass: "Window", frame: K.rect(0, 0, 320, 350))
        let calendar = try registry.makeView(ofClass: "CalendarPicker", frame: K.rect(10, 10, 300, 330))
        try calendar.setValue(Int32(2026), forProperty: "year")
        try calendar.setValue(Int32(12), forProperty: "month")
        try calendar.setValue(Int32(21), forProperty: "selectedDay")
        try root.addSubview(calendar)
        let swipes = calendar.gestureRecognizers.compactMap { $0 as? SwipeGestureRecognizer }
        #expect(swipes.map(\.direction.rawValue) == [2, 1])  // left, right
        let clock = registry.mediaClock
        /// A one-finger stroke across the grid: 60 points in 0.1 s.
        func stroke(from: Double, to: Double) throws {
            try root.sendTouches([TouchInput(finger: 1, .began, at: K.point(from, 200))])
            clock.advance(by: 0.05)
            try root.sendTouches([TouchInput(finger: 1, .moved, at: K.point((from + to) / 2, 200))])
            clock.advance(by: 0.05)
            try root.sendTouches([TouchInput(finger: 1, .moved, at: K.point(to, 200))])
            try root.sendTouches([TouchInput(finger: 1, .ended, at: K.point(to, 200))])
            clock.advance(by: 1)
        }
        try stroke(from: 250, to: 190)
        #expect(try calendar.value(ofProperty: "month", as: Int32.self) == 1)
        #expect(try calendar.value(ofProperty: "year", as: Int32.self) == 2027)
        #expect(try calendar.value(ofProperty: "selectedDay", as: Int32.self) == 21)  // a swipe selects no day
        try stroke(from: 100, to: 160)
        try stroke(from: 100, to: 160)
        #expect(try calendar.value(ofProperty: "month", as: Int32.self) == 11)
        #expect(try calendar.value(ofProperty: "year", as: Int32.self) == 2026)
        // The month picker in the header shows the month the swipes reached.
        let monthPicker = try #require(calendar.subviews.first { $0.tag == 1 })
        #expect(try index(monthPicker) == 10)
    }
}
