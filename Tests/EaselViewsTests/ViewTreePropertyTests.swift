// The view tree's properties by name, and who owns whom (the view tree's other suites are in ViewTreeTests.swift).

import EaselABI
import EaselDiscovery
import EaselRuntime
import EaselViews
import EaselTestSupport
import Foundation
import Testing

private typealias K = ViewTreeKit

// MARK: - 5. Properties by name

@Suite("ViewTree: properties by name")
struct ViewTreePropertyTests {
    @Test("plugin-declared properties: Panel.fill, Dot.color")
    func declared() throws {
        let registry = try K.widgets()
        let panel = try K.make(registry, "Panel", K.rect(0, 0, 100, 40))
        #expect(K.components(try panel.value(ofProperty: "fill", as: easel_color.self)) == [1, 1, 1, 1])
        try panel.setValue(easel_color(red: 0.25, green: 0.5, blue: 0.75, alpha: 1), forProperty: "fill")
        #expect(K.components(try panel.value(ofProperty: "fill", as: easel_color.self)) == [0.25, 0.5, 0.75, 1])
        #expect(try panel.propertyType("fill").readableName == "EaselColor")

        let dot1 = try #require(panel.viewWithTag(1)), dot2 = try #require(panel.viewWithTag(2))
        #expect(K.components(try dot1.value(ofProperty: "color", as: easel_color.self)) == [1, 0, 0, 1])
        #expect(K.components(try dot2.value(ofProperty: "color", as: easel_color.self)) == [0, 0, 1, 1])
        try dot1.setValue(easel_color(red: 0, green: 0, blue: 0, alpha: 0.5), forProperty: "color")
        #expect(K.components(try dot1.value(ofProperty: "color", as: easel_color.self)) == [0, 0, 0, 0.5])
        // A subclass's instance has the built-in ones as well.
        #expect(try dot1.value(ofProperty: "tag", as: Int64.self) == 1)
    }

    @Test("built-in properties: alpha, frame, hidden, tag, autoresizingMask and more")
    func builtIn() throws {
        let registry = try K.widgets()
        let view = try K.make(registry, "Panel", K.rect(10, 20, 30, 40))

        #expect(try view.value(ofProperty: "alpha", as: Double.self) == 1)
        try view.setValue(0.25, forProperty: "alpha")
        #expect(view.alpha == 0.25)
        #expect(try view.value(ofProperty: "alpha", as: Double.self) == 0.25)
        try view.setValue(3.0, forProperty: "alpha")  // clamped as alpha is
        #expect(view.alpha == 1)

        #expect(try view.value(ofProperty: "frame", as: easel_rect.self) == K.rect(10, 20, 30, 40))
        try view.setValue(K.rect(1, 2, 50, 60), forProperty: "frame")
        #expect(view.frame == K.rect(1, 2, 50, 60))
        #expect(try view.value(ofProperty: "bounds", as: easel_rect.self) == K.rect(0, 0, 50, 60))
        #expect(try view.value(ofProperty: "center", as: easel_point.self) == K.point(26, 32))

        #expect(try view.value(ofProperty: "hidden", as: Bool.self) == false)
        try view.setValue(true, forProperty: "hidden")
        #expect(view.isHidden)
        #expect(try view.value(ofProperty: "hidden", as: Bool.self) == true)

        try view.setValue(Int64(42), forProperty: "tag")
        #expect(view.tag == 42)
        #expect(view.viewWithTag(42) === view)
        view.tag = -7
        #expect(try view.value(ofProperty: "tag", as: Int64.self) == -7)

        let mask: AutoresizingMask = [.flexibleWidth, .flexibleBottomMargin]
        try view.setValue(mask.rawValue, forProperty: "autoresizingMask")
        #expect(view.autoresizingMask == mask)
        #expect(try view.value(ofProperty: "autoresizingMask", as: UInt64.self) == 0b100010)
        try view.setValue(UInt64(0xffff), forProperty: "autoresizingMask")  // only the six flags are kept
        #expect(view.autoresizingMask.rawValue == 0x3f)

        try view.setValue(false, forProperty: "userInteractionEnabled")
        #expect(!view.isUserInteractionEnabled)
        try view.setValue(false, forProperty: "opaque")
        #expect(!view.isOpaque)
        try view.setValue(easel_affine_transform(scaleX: 2, y: 2), forProperty: "transform")
        #expect(view.transform == easel_affine_transform(scaleX: 2, y: 2))
        #expect(try view.value(ofProperty: "contentScaleFactor", as: Double.self) == 1)
        #expect(try view.propertyType("tag").readableName == "int64_t")
        #expect(try view.propertyType("autoresizingMask").readableName == "uint64_t")
    }

    @Test("unknown properties, wrong sizes and read-only properties are errors with exact messages")
    func errors() throws {
        let registry = try K.widgets()
        let view = try K.make(registry, "View", K.rect(0, 0, 10, 10))
        let panel = try K.make(registry, "Panel", K.rect(0, 0, 10, 10))

        let unknownRead = #expect(throws: RuntimeError.self) { try view.value(ofProperty: "nope", as: Double.self) }
        #expect(unknownRead?.message == "class 'View' has no property 'nope'")
        let unknownWrite = #expect(throws: RuntimeError.self) { try panel.setValue(1.0, forProperty: "nope") }
        #expect(unknownWrite?.message == "class 'Panel' has no property 'nope'")
        // Dot's color is not a Panel property.
        let notInherited = #expect(throws: RuntimeError.self) { try panel.value(ofProperty: "color", as: easel_color.self) }
        #expect(notInherited?.message == "class 'Panel' has no property 'color'")

        let wrongRead = #expect(throws: RuntimeError.self) { try view.value(ofProperty: "alpha", as: Float.self) }
        #expect(wrongRead?.message == "property 'alpha' of 'View' is double, not Float")
        let wrongWrite = #expect(throws: RuntimeError.self) { try view.setValue(Int32(1), forProperty: "frame") }
        #expect(wrongWrite?.message == "property 'frame' of 'View' is CGRect, not Int32")
        let wrongDeclared = #expect(throws: RuntimeError.self) { try panel.setValue(1.0, forProperty: "fill") }
        #expect(wrongDeclared?.message == "property 'fill' of 'Panel' is EaselColor, not Double")
        let wrongBytes = #expect(throws: RuntimeError.self) { try view.setPropertyBytes([0, 0, 0, 0], for: "alpha") }
        #expect(wrongBytes?.message == "property 'alpha' of 'View' is double (8 bytes), not 4 bytes")
        #expect(view.alpha == 1 && view.frame == K.rect(0, 0, 10, 10))

        let readOnly = #expect(throws: RuntimeError.self) { try view.setValue(2.0, forProperty: "contentScaleFactor") }
        #expect(readOnly?.message == "property 'contentScaleFactor' of 'View' is read-only")
        let readOnlyPanel = #expect(throws: RuntimeError.self) {
            try panel.setPropertyBytes(withUnsafeBytes(of: 2.0) { Array($0) }, for: "contentScaleFactor")
        }
        #expect(readOnlyPanel?.message == "property 'contentScaleFactor' of 'Panel' is read-only")
        #expect(view.contentScaleFactor == 1 && panel.contentScaleFactor == 1)
    }
}

// MARK: - 6. Ownership

@Suite("ViewTree: ownership")
struct ViewTreeOwnershipTests {
    @Test("an overlay holds its host weakly: dropping the host frees it and clears overlay.host")
    func overlayHostIsWeak() throws {
        let registry = try K.widgets()
        weak var weakHost: View?
        let overlay: OverlayView
        do {
            let host = try K.make(registry, "Marked", K.rect(0, 0, 50, 50))
            overlay = try #require(host.subviews.last as? OverlayView)
            #expect(overlay.host === host)
            #expect(overlay.superview === host)
            weakHost = host
        }
        #expect(weakHost == nil)  // no retain cycle through the overlay
        #expect(overlay.host == nil)
        #expect(overlay.superview == nil)  // the freed host cleared it
        #expect(overlay.hostSelector?.name == "drawMark:")
    }

    @Test("a removed subview that nobody references is freed")
    func removedSubviewIsFreed() throws {
        let registry = K.builtIns()
        let root = try K.make(registry, "View", K.rect(0, 0, 100, 100))
        weak var weakChild: View?
        weak var weakGrandchild: View?
        do {
            let child = try K.make(registry, "View", K.rect(0, 0, 10, 10))
            let grandchild = try K.make(registry, "View", K.rect(0, 0, 5, 5))
            try root.addSubview(child)
            try child.addSubview(grandchild)
            weakChild = child
            weakGrandchild = grandchild
        }
        #expect(weakChild != nil)  // the superview owns it
        weakChild?.removeFromSuperview()
        #expect(weakChild == nil)
        #expect(weakGrandchild == nil)
        #expect(root.subviews.isEmpty)
    }

    @Test("a subview whose superview was freed has no superview")
    func orphan() throws {
        let registry = K.builtIns()
        let child = try K.make(registry, "View", K.rect(0, 0, 10, 10))
        weak var weakParent: View?
        do {
            let parent = try K.make(registry, "View", K.rect(0, 0, 100, 100))
            try parent.addSubview(child)
            weakParent = parent
            #expect(child.superview === parent)
        }
        #expect(weakParent == nil)
        #expect(child.superview == nil)
        #expect(child.rootView === child)
        #expect(child.convert(K.point(1, 2), to: nil) == K.point(1, 2))
    }

    @Test("Dots created by a Panel's init are owned by the Panel and freed with it")
    func pluginCreatedSubviews() throws {
        let registry = try K.widgets()
        weak var weakPanel: View?
        weak var weakDot: View?
        do {
            let panel = try K.make(registry, "Panel", K.rect(0, 0, 100, 40))
            weakPanel = panel
            weakDot = panel.viewWithTag(2)
        }
        #expect(weakPanel == nil)
        #expect(weakDot == nil)
    }
}
