// The layout extension (easel.layout.v1) from a C plugin
// (Tests/Fixtures/layout_widgets.c): seed 003's four constraints written in C,
// margins and priorities, errors as codes and diagnostics, view controllers.

import EaselABI
import EaselRuntime
import EaselTestSupport
import EaselViews
import Testing

private typealias K = ViewTreeKit

@Suite("The layout extension from a C plugin")
struct LayoutExtensionTests {
    @Test("seed 003's overlay from C: four constraints centre the bubble on its host and size it; a constant change moves it")
    func bubbleFromC() throws {
        let registry = try layoutWidgets()
        let scene = try registry.makeView(ofClass: "BubbleScene", frame: K.rect(0, 0, 400, 300))
        #expect(try scene.value(ofProperty: "missing", as: Int32.self) == 0)
        #expect(try scene.value(ofProperty: "widthConstraint", as: UInt64.self) != 0)
        #expect(try scene.value(ofProperty: "refused", as: UInt64.self) == 0)
        #expect(try scene.value(ofProperty: "unknown", as: Int32.self) == Int32(EASEL_ERROR_NOT_FOUND))
        #expect(registry.takeDiagnostics().map(\.message) == [
            "layout->constraint_create: invalid constraint View.left == 10.0: a position needs a second item "
                + "(only widths and heights can be constants)",
            "layout->constraint_set_constant: no constraint has the number 999999999",
        ])
        let bubble = scene.subviews[1]
        #expect(!bubble.translatesAutoresizingMaskIntoConstraints && scene.constraints.count == 4)
        scene.layoutIfNeeded()
        #expect(bubble.frame == K.rect(40, 60, 200, 120))
        try registry.message(scene, "widen").invoke()   // width == host.width + 20, centred: 10 more on each side
        scene.layoutIfNeeded()
        #expect(bubble.frame == K.rect(30, 60, 220, 120))
    }

    @Test("margins and a guide from C: the subview fills the bounds inset by 10 / 20; a required hugging priority reads back")
    func marginsFromC() throws {
        let registry = try layoutWidgets()
        let box = try registry.makeView(ofClass: "MarginBox", frame: K.rect(0, 0, 200, 100))
        box.layoutIfNeeded()
        #expect(box.subviews[0].frame == K.rect(20, 10, 160, 80))
        #expect(try box.value(ofProperty: "hugging", as: Double.self) == 1000)
        #expect(box.directionalLayoutMargins == DirectionalEdgeInsets(top: 10, leading: 20, bottom: 10, trailing: 20))
    }
}
