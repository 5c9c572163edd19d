// Layout guides, margins, right-to-left leading and trailing, and baselines
// (LayoutGuide.swift); frames computed by hand in each test.

import EaselABI
import EaselRuntime
import EaselTestSupport
import EaselViews
import Foundation
import Testing

private typealias K = ViewTreeKit

/// A registry with layout_widgets loaded.
func layoutWidgets() throws -> Registry { try LayoutWidgets.registry() }

/// A root of 400 x 300 and a subview laid out by constraints.
private func rootAndChild(_ registry: Registry) throws -> (root: View, child: View) {
    let root = try K.make(registry, "View", K.rect(0, 0, 400, 300))
    let child = try K.make(registry)
    child.translatesAutoresizingMaskIntoConstraints = false
    try root.addSubview(child)
    return (root, child)
}

@Suite("Layout guides and margins")
struct LayoutGuideTests {
    @Test("layoutMarginsGuide: the bounds inset by 8 on each side, then by the margins set")
    func marginsGuide() throws {
        let (root, child) = try rootAndChild(K.builtIns())
        let margins = root.layoutMarginsGuide
        try LayoutConstraint.activate([
            child.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            child.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
            child.topAnchor.constraint(equalTo: margins.topAnchor),
            child.heightAnchor.constraint(equalToConstant: 40),
        ])
        root.layoutIfNeeded()
        #expect(child.frame == K.rect(8, 8, 384, 40))
        #expect(margins.layoutFrame == K.rect(8, 8, 384, 284))
        root.layoutMargins = EdgeInsets(top: 20, left: 10, bottom: 0, right: 30)
        #expect(root.directionalLayoutMargins == DirectionalEdgeInsets(top: 20, leading: 10, bottom: 0, trailing: 30))
        root.layoutIfNeeded()
        #expect(child.frame == K.rect(10, 20, 360, 40))   // 400 - 10 - 30 wide
        #expect(margins.layoutFrame == K.rect(10, 20, 360, 280))
        #expect(root.layoutMarginsGuide === margins && margins.owningView === root)
    }

    @Test("safeAreaLayoutGuide is the bounds")
    func safeArea() throws {
        let (root, child) = try rootAndChild(K.builtIns())
        let safe = root.safeAreaLayoutGuide
        try LayoutConstraint.activate([
            child.leadingAnchor.constraint(equalTo: safe.leadingAnchor), child.trailingAnchor.constraint(equalTo: safe.trailingAnchor),
            child.topAnchor.constraint(equalTo: safe.topAnchor), child.bottomAnchor.constraint(equalTo: safe.bottomAnchor),
        ])
        root.layoutIfNeeded()
        #expect(child.frame == K.rect(0, 0, 400, 300) && safe.layoutFrame == K.rect(0, 0, 400, 300))
    }

    @Test("a guide of its own: variables in its owner's bounds, solved like a view's frame; ambiguous until determined")
    func customGuide() throws {
        let registry = K.builtIns()
        let (root, child) = try rootAndChild(registry)
        let panel = try K.make(registry, "View", K.rect(20, 30, 200, 100))
        try root.addSubview(panel)
        let guide = panel.makeLayoutGuide(identifier: "spacer")
        #expect(panel.layoutGuides.count == 1 && guide.owningView === panel)
        try LayoutConstraint.activate([
            guide.leadingAnchor.constraint(equalTo: panel.leadingAnchor, constant: 10),
            guide.topAnchor.constraint(equalTo: panel.topAnchor, constant: 5),
            guide.widthAnchor.constraint(equalToConstant: 40),
            child.leadingAnchor.constraint(equalTo: guide.trailingAnchor),   // 20 + 10 + 40
            child.topAnchor.constraint(equalTo: guide.bottomAnchor),         // 30 + 5 + ?
            child.widthAnchor.constraint(equalToConstant: 30), child.heightAnchor.constraint(equalToConstant: 30),
        ])
        root.layoutIfNeeded()
        #expect(guide.hasAmbiguousLayout)  // no height yet
        let height = guide.heightAnchor.constraint(equalToConstant: 40)
        height.isActive = true
        root.layoutIfNeeded()
        #expect(!guide.hasAmbiguousLayout)
        #expect(guide.layoutFrame == K.rect(10, 5, 40, 40))
        #expect(child.frame == K.rect(70, 75, 30, 30))
        #expect(height.description.contains("LayoutGuide:") && height.description.contains("'spacer'.height == 40.0"))
        // A guide removed from its view takes its constraints out at the next pass.
        panel.removeLayoutGuide(guide)
        root.layoutIfNeeded()
        #expect(!height.isActive && guide.owningView == nil && panel.layoutGuides.isEmpty)
    }
}

@Suite("Right-to-left layout")
struct RightToLeftTests {
    @Test("forceRightToLeft: leading is the right edge, trailing the left, constants count inwards")
    func flipped() throws {
        let registry = K.builtIns()
        let (root, child) = try rootAndChild(registry)
        let other = try K.make(registry)
        other.translatesAutoresizingMaskIntoConstraints = false
        try root.addSubview(other)
        root.semanticContentAttribute = .forceRightToLeft
        #expect(child.effectiveUserInterfaceLayoutDirection == .rightToLeft)  // unspecified follows the superview
        try LayoutConstraint.activate([
            child.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
            other.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -12),
            child.topAnchor.constraint(equalTo: root.topAnchor), other.topAnchor.constraint(equalTo: root.topAnchor),
            child.widthAnchor.constraint(equalToConstant: 50), child.heightAnchor.constraint(equalToConstant: 40),
            other.widthAnchor.constraint(equalToConstant: 50), other.heightAnchor.constraint(equalToConstant: 40),
        ])
        root.layoutIfNeeded()
        #expect(child.frame == K.rect(340, 0, 50, 40))   // right edge 400 - 10
        #expect(other.frame == K.rect(12, 0, 50, 40))    // left edge 12 in from the left
        root.semanticContentAttribute = .unspecified
        root.layoutIfNeeded()
        #expect(child.frame == K.rect(10, 0, 50, 40))
        #expect(other.frame == K.rect(338, 0, 50, 40))   // right edge 400 - 12
    }

    @Test("directional margins map leading to the right from right to left; forceLeftToRight stops the inheritance")
    func directionalMargins() throws {
        let (root, child) = try rootAndChild(K.builtIns())
        root.semanticContentAttribute = .forceRightToLeft
        root.directionalLayoutMargins = DirectionalEdgeInsets(top: 0, leading: 20, bottom: 0, trailing: 5)
        #expect(root.layoutMargins == EdgeInsets(top: 0, left: 5, bottom: 0, right: 20))
        try LayoutConstraint.activate([
            child.leadingAnchor.constraint(equalTo: root.layoutMarginsGuide.leadingAnchor),
            child.topAnchor.constraint(equalTo: root.topAnchor),
            child.widthAnchor.constraint(equalToConstant: 50), child.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        #expect(child.frame == K.rect(330, 0, 50, 10))   // right edge 400 - 20
        child.semanticContentAttribute = .forceLeftToRight
        #expect(child.effectiveUserInterfaceLayoutDirection == .leftToRight)
    }

    @Test("leading and trailing cannot be related to left and right")
    func mixedDirections() throws {
        let (root, child) = try rootAndChild(K.builtIns())
        let error = #expect(throws: ViewError.self) {
            try LayoutConstraint(item: child, attribute: .leading, relatedBy: .equal, toItem: root, attribute: .left)
        }
        #expect(error?.message == "invalid constraint View.leading == View.left: leading and trailing cannot be related to left and right")
        // centerX relates to either.
        _ = try LayoutConstraint(item: child, attribute: .leading, relatedBy: .equal, toItem: root, attribute: .centerX)
    }
}

@Suite("Baselines")
struct BaselineTests {
    @Test("first and last baselines from the plugin's selectors; a view without text has them at its bottom edge")
    func baselines() throws {
        let registry = try layoutWidgets()
        let root = try K.make(registry, "View", K.rect(0, 0, 400, 300))
        let caption = try registry.makeView(ofClass: "Caption")
        let paragraph = try registry.makeView(ofClass: "Paragraph")
        let plain = try K.make(registry)
        for view in [caption, paragraph, plain] {
            view.translatesAutoresizingMaskIntoConstraints = false
            try root.addSubview(view)
        }
        #expect(caption.firstBaselineOffsetFromTop == 15 && paragraph.lastBaselineOffsetFromTop == 44)
        try LayoutConstraint.activate([
            caption.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            caption.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),          // baseline at 25
            paragraph.leadingAnchor.constraint(equalTo: caption.trailingAnchor, constant: 8),
            paragraph.firstBaselineAnchor.constraint(equalTo: caption.firstBaselineAnchor),  // top 25 - 14
            plain.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            plain.widthAnchor.constraint(equalToConstant: 10), plain.heightAnchor.constraint(equalToConstant: 20),
            plain.firstBaselineAnchor.constraint(equalTo: paragraph.lastBaselineAnchor),      // bottom at 11 + 44
        ])
        root.layoutIfNeeded()
        #expect(caption.frame == K.rect(0, 10, 80, 20))
        #expect(paragraph.frame == K.rect(88, 11, 100, 50))
        #expect(plain.frame == K.rect(0, 35, 10, 20))
        #expect(plain.firstBaselineOffsetFromTop == 20)
    }

    @Test("the sample Label: its intrinsic size is its text's, its baseline the font's ascent below the centred line")
    func labelBaselines() throws {
        let registry = try sceneRegistry()
        let root = try K.make(registry, "View", K.rect(0, 0, 400, 300))
        let small = try registry.makeView(ofClass: "Label"), large = try registry.makeView(ofClass: "Label")
        let text = strdup("Baseline")
        defer { free(text) }
        for (label, size) in [(small, 10.0), (large, 30.0)] {
            try label.setValue(UnsafePointer(text), forProperty: "text")
            try label.setValue(size, forProperty: "fontSize")
            label.translatesAutoresizingMaskIntoConstraints = false
            try root.addSubview(label)
        }
        #expect(large.intrinsicContentSize == large.sizeThatFits(K.size(0, 0)))
        try LayoutConstraint.activate([
            small.leadingAnchor.constraint(equalTo: root.leadingAnchor), small.topAnchor.constraint(equalTo: root.topAnchor, constant: 40),
            large.leadingAnchor.constraint(equalTo: small.trailingAnchor, constant: 8),
            large.firstBaselineAnchor.constraint(equalTo: small.firstBaselineAnchor),
        ])
        root.layoutIfNeeded()
        let smallBaseline = small.firstBaselineOffsetFromTop, largeBaseline = large.firstBaselineOffsetFromTop
        // A real baseline: inside the line, above the descent.
        #expect(smallBaseline > 0 && smallBaseline < small.frame.size.height)
        #expect(largeBaseline > smallBaseline && largeBaseline < large.frame.size.height)
        #expect(K.close(large.frame.minY + largeBaseline, 40 + smallBaseline))
    }
    @Test("a Label given new text through its property is laid out at the new text's size; the view after it follows")
    func labelTextInvalidatesIntrinsicSize() throws {
        let registry = try sceneRegistry()
        let root = try K.make(registry, "View", K.rect(0, 0, 400, 300))
        let label = try registry.makeView(ofClass: "Label"), next = try K.make(registry)
        let short = strdup("Hi"), long = strdup("Hello, wide world")
        defer { free(short); free(long) }
        try label.setValue(UnsafePointer(short), forProperty: "text")
        try label.setValue(20.0, forProperty: "fontSize")
        for view in [label, next] {
            view.translatesAutoresizingMaskIntoConstraints = false
            try root.addSubview(view)
        }
        try LayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
            label.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
            next.leadingAnchor.constraint(equalTo: label.trailingAnchor, constant: 8),
            next.topAnchor.constraint(equalTo: root.topAnchor), next.widthAnchor.constraint(equalToConstant: 30),
            next.heightAnchor.constraint(equalToConstant: 30),
        ])
        root.layoutIfNeeded()
        let before = label.sizeThatFits(K.size(0, 0))
        #expect(label.frame == K.rect(10, 10, before.width, before.height))
        #expect(next.frame.minX == 10 + before.width + 8)

        try label.setValue(UnsafePointer(long), forProperty: "text")  // as a scene step or the inspector sets it
        let after = label.sizeThatFits(K.size(0, 0))
        #expect(after.width > before.width + 50)
        root.layoutIfNeeded()
        #expect(label.frame == K.rect(10, 10, after.width, after.height))
        #expect(next.frame.minX == 10 + after.width + 8)
        // A property that changes no size leaves the frames alone.
        try label.setValue(easel_color(red: 1, green: 0, blue: 0, alpha: 1), forProperty: "textColor")
        root.layoutIfNeeded()
        #expect(label.frame == K.rect(10, 10, after.width, after.height))
    }
}
