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

    @Test("stack views from C: arranged subviews added, inserted and removed lay out as a horizontal fill stack; bad calls are codes and diagnostics")
    func stackFromC() throws {
        let registry = try layoutWidgets()
        let scene = try registry.makeView(ofClass: "StackScene", frame: K.rect(0, 0, 400, 100))
        #expect(try scene.value(ofProperty: "count", as: Int64.self) == 3)
        #expect(try scene.value(ofProperty: "badIndex", as: Int32.self) == Int32(EASEL_ERROR_INVALID_OPERATION))
        #expect(try scene.value(ofProperty: "notArranged", as: Int32.self) == Int32(EASEL_ERROR_NOT_FOUND))
        #expect(try scene.value(ofProperty: "notStack", as: Int32.self) == Int32(EASEL_ERROR_TYPE_MISMATCH))
        let messages = registry.takeDiagnostics().map(\.message)
        #expect(messages.count == 3, "\(messages)")
        #expect(messages.first == "layout->stack_view_insert_arranged_subview: cannot insert an arranged subview at 9: the stack has 3")
        #expect(messages.dropFirst().first?.hasPrefix("layout->stack_view_remove_arranged_subview: <Caption: 0x") == true)
        #expect(messages.last?.hasPrefix("layout->stack_view_add_arranged_subview: <StackScene: 0x") == true)
        #expect(messages.last?.hasSuffix("> is not a stack view") == true)
        #expect(messages.dropFirst().first?.contains("> is not an arranged subview of <StackView: 0x") == true)
        let stack = try #require(scene.subviews.first as? StackView)
        #expect(stack.arrangedSubviews.map(\.tag) == [1, 2, 3])
        #expect(stack.subviews.map(\.tag).sorted() == [1, 2, 3, 4])   // the removed Caption stays a subview
        scene.layoutIfNeeded()
        // A fill row 400 wide: intrinsic widths 80, 100, 80; the last of the equal huggers takes the other 140;
        // alignment fill: each 40 high (the Paragraph's intrinsic 50 yields at 750).
        #expect(stack.arrangedSubviews.map(\.frame) == [K.rect(0, 0, 80, 40), K.rect(80, 0, 100, 40), K.rect(180, 0, 220, 40)])
    }
}
