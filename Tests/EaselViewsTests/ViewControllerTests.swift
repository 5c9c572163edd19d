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

    /// The controllers' log lines, without the class name.
    private static func calls(_ registry: Registry) -> [String] {
        LayoutWidgets.log(registry).map { line in
            for prefix in ["CardController: ", "SizeController: "] where line.hasPrefix(prefix) { return String(line.dropFirst(prefix.count)) }
            return line
        }
    }

    @Test("the responder chain: a touch the view does not handle goes to its controller; a controller without the method passes it to its view's superview")
    func responderChain() throws {
        let registry = try LayoutWidgets.registry()
        let window = try #require(try registry.makeView(ofClass: "Window", frame: K.rect(0, 0, 300, 200)) as? Window)
        let card = try #require(try registry.makeObject(ofClass: "CardController") as? ViewController)
        window.rootViewController = card
        window.makeKeyAndVisible()
        // A child controller (SizeController has no touch methods) whose view is inside the card's.
        let child = try #require(try registry.makeObject(ofClass: "SizeController") as? ViewController)
        try card.addChild(child)
        child.view.frame = K.rect(100, 100, 50, 40)
        try card.view.addSubview(child.view)
        child.didMove(toParent: card)
        #expect(card.view.nextResponder === card && card.nextResponder === window && window.nextResponder == nil)
        #expect(child.view.nextResponder === child && child.nextResponder === card.view)
        _ = Self.calls(registry)
        // The card's plain View has no touchesBegan:withEvent:: the card controller gets the touch.
        let first = try window.sendTouch(.began, at: K.point(30, 40))
        try window.sendTouch(.ended, at: K.point(30, 40), touch: first)
        // (The touch lays the tree out first: the controllers hear of that too.)
        #expect(Self.calls(registry).filter { $0.hasPrefix("touches") } == ["touchesBegan:withEvent: at 30,40"])
        // The child's view, then its controller (without the method), then the card's view, then the card.
        let second = try window.sendTouch(.began, at: K.point(120, 130))
        try window.sendTouch(.ended, at: K.point(120, 130), touch: second)
        #expect(second.view === child.view)
        #expect(Self.calls(registry).filter { $0.hasPrefix("touches") } == ["touchesBegan:withEvent: at 120,130"])
        // A controller whose view is in no tree passes to its parent.
        let loose = try #require(try registry.makeObject(ofClass: "ViewController") as? ViewController)
        try card.addChild(loose)
        _ = loose.view
        #expect(loose.nextResponder === card)
    }

    @Test("resizing the window sends the root controller viewWillTransitionToSize:withTransitionCoordinator: before the size changes, then its children (the short form too)")
    func transition() throws {
        let registry = try LayoutWidgets.registry()
        let window = try #require(try registry.makeView(ofClass: "Window", frame: K.rect(0, 0, 300, 200)) as? Window)
        let card = try #require(try registry.makeObject(ofClass: "CardController") as? ViewController)
        let child = try #require(try registry.makeObject(ofClass: "SizeController") as? ViewController)
        try card.addChild(child)
        window.rootViewController = card
        window.makeKeyAndVisible()
        _ = Self.calls(registry)
        window.frame = K.rect(0, 0, 320, 240)
        #expect(Self.calls(registry) == [
            "viewWillTransitionToSize:withTransitionCoordinator: 320x240 NULL",
            "viewWillTransitionToSize: 320x240",
        ])
        window.layoutIfNeeded()
        #expect(card.view.frame == K.rect(0, 0, 320, 240))
        // Moving the window, or a size change of another view, is no transition.
        window.center = K.point(200, 200)
        card.view.frame = K.rect(0, 0, 100, 100)
        #expect(Self.calls(registry).filter { $0.hasPrefix("viewWillTransition") } == [])
        // From Swift, as the window sends it.
        card.viewWillTransition(to: K.size(10, 20))
        #expect(Self.calls(registry) == ["viewWillTransitionToSize:withTransitionCoordinator: 10x20 NULL", "viewWillTransitionToSize: 10x20"])
    }
}
