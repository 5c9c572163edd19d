// View controllers: the built-in ViewController from Swift, a plugin subclass
// (layout_widgets.c's CardController) whose callbacks the host sends in UIKit's
// order, children, and the window's root view controller.

import EaselABI
import EaselRuntime
import EaselTestSupport
import EaselViews
import Testing

private typealias K = ViewTreeKit

@Suite("View controllers")
struct ViewControllerTests {
    @Test("the built-in ViewController loads a plain View; the window's root controller's view fills the window and follows it")
    func builtIn() throws {
        let registry = K.builtIns()
        let window = try #require(try K.make(registry, "Window", K.rect(0, 0, 300, 200)) as? Window)
        let controller = try #require(try registry.makeObject(ofClass: "ViewController") as? ViewController)
        #expect(!controller.isViewLoaded)
        window.rootViewController = controller
        #expect(controller.isViewLoaded && controller.view.objectClass.name == "View")
        #expect(controller.view.superview === window && controller.view.frame == K.rect(0, 0, 300, 200))
        #expect(controller.view.viewController === controller && window.rootViewController === controller)
        window.frame = K.rect(0, 0, 320, 240)
        window.layoutIfNeeded()
        #expect(controller.view.frame == K.rect(0, 0, 320, 240))
        // Another root controller replaces the view.
        let other = try #require(try registry.makeObject(ofClass: "ViewController") as? ViewController)
        window.rootViewController = other
        #expect(controller.view.superview == nil && other.view.superview === window)
    }

    @Test("a plugin controller: loadView, viewDidLoad, appearance around the first layout, in UIKit's order; children too")
    func pluginCallbacks() throws {
        let registry = try LayoutWidgets.registry()
        let window = try #require(try registry.makeView(ofClass: "Window", frame: K.rect(0, 0, 300, 200)) as? Window)
        let card = try #require(try registry.makeObject(ofClass: "CardController") as? ViewController)
        let child = try #require(try registry.makeObject(ofClass: "CardController") as? ViewController)
        /// The controllers' log lines, without "CardController: ".
        func calls() -> [String] {
            LayoutWidgets.log(registry).map { $0.hasPrefix("CardController: ") ? String($0.dropFirst(16)) : $0 }
        }
        _ = calls()
        try card.addChild(child)
        #expect(calls() == ["willMoveToParentViewController: parent"])
        child.didMove(toParent: card)
        #expect(calls() == ["didMoveToParentViewController: parent"])
        window.rootViewController = card
        #expect(calls() == ["loadView", "viewDidLoad"])
        #expect(card.view.frame == K.rect(0, 0, 300, 200))   // the 10 x 10 view loadView made, sized to the window
        window.makeKeyAndVisible()
        #expect(calls() == [
            "viewWillAppear:", "viewWillAppear:",          // the root controller, then its child
            "viewWillLayoutSubviews", "viewDidLayoutSubviews",
            "viewDidAppear:", "viewDidAppear:",
        ])
        #expect(card.children.count == 1 && child.parent === card)
        child.removeFromParent()
        #expect(calls() == ["didMoveToParentViewController: nil"])
        #expect(card.children.isEmpty && child.parent == nil)
        #expect(throws: ViewError.self) { try card.addChild(card) }
    }
}
