import EaselABI
import EaselRuntime

// Layout guides (UIKit's UILayoutGuide), layout margins, right-to-left layout
// and baselines.
//
// A guide is a rectangle in its owning view's bounds coordinates that takes part
// in constraints as a view does, without drawing or hit testing. A guide made by
// `addLayoutGuide` has four solver variables of its own (left, top, width and
// height, like a view laid out by constraints); the two guides every view has
// are expressions of the view's frame and make no variables: `safeAreaLayoutGuide`
// is the bounds (Easel has no bars or notches), `layoutMarginsGuide` the bounds
// inset by `layoutMargins` (8 on each side by default, as in UIKit).
//
// Leading and trailing follow the item's `effectiveUserInterfaceLayoutDirection`:
// left and right from left to right; from right to left, leading is the right edge
// and trailing the left, and their constants count towards the left (the engine
// measures them on a mirrored axis: leading = -right, trailing = -left, so
// `a.leading == b.leading + 8` puts a's right edge 8 points left of b's).
//
// Baselines: a view whose class implements `firstBaselineOffsetFromTop` and
// `lastBaselineOffsetFromTop` (`d@:`, the distance from the top of the bounds to
// the baseline at the view's intrinsic height; a constant in the engine, read again
// when the intrinsic size is invalidated) has its baselines there; any other view, and every guide, has
// both at its bottom edge (UIKit's for views without text).

/// Something a layout constraint can relate: a ``View`` or a ``LayoutGuide``.
public protocol LayoutItem: AnyObject {
    /// The view the item belongs to: the view itself, or a guide's owning view.
    var layoutItemView: View? { get }
}

extension View: LayoutItem {
    /// The view itself.
    public var layoutItemView: View? { self }
}

/// A rectangle that takes part in Auto Layout without a view (UIKit's `UILayoutGuide`):
/// the built-in class `LayoutGuide`.
///
/// Make one with ``View/makeLayoutGuide(identifier:)`` (or ``Registry/makeObject(ofClass:)``
/// and ``View/addLayoutGuide(_:)``), constrain its anchors, and read ``layoutFrame`` after
/// a layout pass.
public final class LayoutGuide: EaselObject, LayoutItem {
    /// What the guide stands for.
    enum Kind { case custom, safeArea, margins }

    var kind = Kind.custom
    /// The view that owns the guide (weak, as UIKit's).
    public internal(set) weak var owningView: View?
    /// A name for reports and the debug listing.
    public var identifier = ""

    /// The owning view.
    public var layoutItemView: View? { owningView }

    /// The guide's rectangle in its owning view's bounds coordinates, as of the last layout
    /// pass (the zero rect before one, or without an owning view). In a right-handed view the
    /// coordinates are its own (y up); the margins' top is still the visual top.
    public var layoutFrame: easel_rect {
        guard let owner = owningView else { return .zero }
        let down: easel_rect
        switch kind {
        case .safeArea: return owner.bounds
        case .margins:
            let insets = owner.layoutMargins, bounds = owner.bounds
            down = easel_rect(x: bounds.origin.x + insets.left, y: bounds.origin.y + insets.top,
                              width: max(bounds.size.width - insets.left - insets.right, 0),
                              height: max(bounds.size.height - insets.top - insets.bottom, 0))
        case .custom:
            guard let rect = owner.rootView.constraintEngine?.frameOfGuide(self) else { return .zero }
            down = rect
        }
        // The engine works in the owner's down space (LayoutEngine.swift); the flip is its own inverse.
        return owner.isRightHanded ? owner.ownToDown.apply(to: down) : down
    }

    /// Whether the constraints leave the guide's rectangle open.
    public var hasAmbiguousLayout: Bool {
        guard kind == .custom, let owner = owningView else { return false }
        return LayoutEngine.engine(of: owner.rootView).hasAmbiguousLayout(self)
    }

    /// The left edge.
    public var leftAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(item: AnchorItem(item: self), attribute: .left) }
    /// The right edge.
    public var rightAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(item: AnchorItem(item: self), attribute: .right) }
    /// The leading edge (the owning view's layout direction).
    public var leadingAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(item: AnchorItem(item: self), attribute: .leading) }
    /// The trailing edge.
    public var trailingAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(item: AnchorItem(item: self), attribute: .trailing) }
    /// The horizontal centre.
    public var centerXAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(item: AnchorItem(item: self), attribute: .centerX) }
    /// The top edge.
    public var topAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(item: AnchorItem(item: self), attribute: .top) }
    /// The bottom edge.
    public var bottomAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(item: AnchorItem(item: self), attribute: .bottom) }
    /// The vertical centre.
    public var centerYAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(item: AnchorItem(item: self), attribute: .centerY) }
    /// The width.
    public var widthAnchor: LayoutDimension { LayoutDimension(item: AnchorItem(item: self), attribute: .width) }
    /// The height.
    public var heightAnchor: LayoutDimension { LayoutDimension(item: AnchorItem(item: self), attribute: .height) }
}

/// Insets with leading and trailing instead of left and right (UIKit's `NSDirectionalEdgeInsets`).
public struct DirectionalEdgeInsets: Equatable, Sendable {
    public var top, leading, bottom, trailing: Double
    public init(top: Double, leading: Double, bottom: Double, trailing: Double) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
}

// EdgeInsets (UIKit's UIEdgeInsets) is declared with the scroll view (ScrollView.swift).

/// How a view's contents behave when the layout direction is right to left
/// (UIKit's `UISemanticContentAttribute`).
public enum SemanticContentAttribute: Int, Sendable, CaseIterable {
    /// Follows the layout direction: in Easel, the superview's (left to right at a root).
    case unspecified = 0
    /// Playback controls: always left to right.
    case playback = 1
    /// Directional controls (arrows): always left to right.
    case spatial = 2
    /// Always left to right.
    case forceLeftToRight = 3
    /// Always right to left: leading is the right edge.
    case forceRightToLeft = 4
}

/// The direction of a view's layout (UIKit's `UIUserInterfaceLayoutDirection`).
public enum UserInterfaceLayoutDirection: Sendable {
    case leftToRight, rightToLeft
}

extension View {
    // MARK: Layout guides

    /// The guides the view owns (those added with ``addLayoutGuide(_:)``).
    public final var layoutGuides: [LayoutGuide] { layoutProperties?.layoutGuides ?? [] }

    /// Adds a guide to the view, which owns it from now on (a guide owned by another
    /// view moves here; the constraints that mention it are re-solved at the next pass).
    public final func addLayoutGuide(_ guide: LayoutGuide) {
        guard guide.kind == .custom, guide.owningView !== self else { return }
        guide.owningView?.removeLayoutGuide(guide)
        guide.owningView = self
        properties.layoutGuides.append(guide)
        rootView.constraintTreeChanged()
    }

    /// Removes a guide the view owns; constraints that mention it are deactivated at the next pass.
    public final func removeLayoutGuide(_ guide: LayoutGuide) {
        guard guide.owningView === self else { return }
        properties.layoutGuides.removeAll { $0 === guide }
        guide.owningView = nil
        rootView.constraintTreeChanged()
    }

    /// Makes a guide of the built-in class `LayoutGuide` and adds it to the view.
    public final func makeLayoutGuide(identifier: String = "") -> LayoutGuide {
        let guide = LayoutGuide.make(in: registry)
        guide.identifier = identifier
        addLayoutGuide(guide)
        return guide
    }

    /// The view's bounds as a guide (UIKit's `safeAreaLayoutGuide`; Easel has no bars or
    /// notches, so the safe area is the whole view).
    public final var safeAreaLayoutGuide: LayoutGuide {
        if let guide = layoutProperties?.safeAreaGuide { return guide }
        let guide = LayoutGuide.make(in: registry)
        guide.kind = .safeArea
        guide.identifier = "SafeAreaLayoutGuide"
        guide.owningView = self
        properties.safeAreaGuide = guide
        return guide
    }

    /// The bounds inset by ``layoutMargins`` as a guide (UIKit's `layoutMarginsGuide`).
    public final var layoutMarginsGuide: LayoutGuide {
        if let guide = layoutProperties?.marginsGuide { return guide }
        let guide = LayoutGuide.make(in: registry)
        guide.kind = .margins
        guide.identifier = "LayoutMarginsGuide"
        guide.owningView = self
        properties.marginsGuide = guide
        return guide
    }

    /// The margins of ``layoutMarginsGuide`` with leading and trailing (UIKit's
    /// `directionalLayoutMargins`; 8 on each side by default). Values that are not
    /// finite are refused.
    public final var directionalLayoutMargins: DirectionalEdgeInsets {
        get { layoutProperties?.directionalMargins ?? DirectionalEdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 8) }
        set {
            guard [newValue.top, newValue.leading, newValue.bottom, newValue.trailing].allSatisfy(\.isFinite),
                  newValue != directionalLayoutMargins else { return }
            properties.directionalMargins = newValue
            if layoutProperties?.marginsGuide != nil { rootView.constraintTreeChanged() }
            setNeedsLayout()
        }
    }

    /// The margins of ``layoutMarginsGuide`` with left and right (UIKit's `layoutMargins`):
    /// ``directionalLayoutMargins`` seen in the view's layout direction.
    public final var layoutMargins: EdgeInsets {
        get {
            let margins = directionalLayoutMargins
            let rightToLeft = effectiveUserInterfaceLayoutDirection == .rightToLeft
            return EdgeInsets(top: margins.top, left: rightToLeft ? margins.trailing : margins.leading,
                              bottom: margins.bottom, right: rightToLeft ? margins.leading : margins.trailing)
        }
        set {
            let rightToLeft = effectiveUserInterfaceLayoutDirection == .rightToLeft
            directionalLayoutMargins = DirectionalEdgeInsets(
                top: newValue.top, leading: rightToLeft ? newValue.right : newValue.left,
                bottom: newValue.bottom, trailing: rightToLeft ? newValue.left : newValue.right)
        }
    }

    // MARK: Layout direction

    /// Whether the view's contents flip for right-to-left layout (UIKit's
    /// `semanticContentAttribute`); `.forceRightToLeft` makes leading the right edge.
    public final var semanticContentAttribute: SemanticContentAttribute {
        get { layoutProperties?.semanticContentAttribute ?? .unspecified }
        set {
            guard newValue != semanticContentAttribute else { return }
            properties.semanticContentAttribute = newValue
            rootView.constraintTreeChanged()
            setNeedsLayout()
        }
    }

    /// The direction leading and trailing follow for this view: its semantic content
    /// attribute's, or for `.unspecified` its superview's (left to right at a root; UIKit
    /// takes the application's, which Easel does not have).
    public final var effectiveUserInterfaceLayoutDirection: UserInterfaceLayoutDirection {
        var current: View? = self
        var steps = 0
        while let view = current, steps <= View.maximumDepth {
            switch view.semanticContentAttribute {
            case .forceRightToLeft: return .rightToLeft
            case .forceLeftToRight, .playback, .spatial: return .leftToRight
            case .unspecified: break
            }
            current = view.superview
            steps += 1
        }
        return .leftToRight
    }

    // MARK: Baselines

    /// The distance from the top of the bounds to the first baseline: the plugin class's
    /// `firstBaselineOffsetFromTop` (`d@:`), else the height (a view without text has its
    /// baseline at its bottom edge).
    public final var firstBaselineOffsetFromTop: Double { baselineOffset(IntrinsicSizeCall.firstBaselineOffset) }

    /// The distance from the top of the bounds to the last baseline (`lastBaselineOffsetFromTop`, `d@:`).
    public final var lastBaselineOffsetFromTop: Double { baselineOffset(IntrinsicSizeCall.lastBaselineOffset) }

    /// Whether the class implements the baseline selectors.
    final var hasBaselines: Bool { implementation(of: IntrinsicSizeCall.firstBaselineOffset) != nil }

    private func baselineOffset(_ call: HostCall) -> Double {
        guard let method = implementation(of: call) else { return bounds.size.height }
        let value = registry.withPluginCall {
            PluginCalls.observe(self, call.selector, method) {
                method.withInvocation { invocation in
                    invocation.target = UnsafeMutableRawPointer(handle)
                    invocation.selector = UnsafeRawPointer(call.selector.pointer)
                    invocation.invoke()
                    return invocation.returnBytes.loadUnaligned(as: Double.self)
                }
            }
        }
        guard value.isFinite, abs(value) <= 1e6 else {
            registry.report(.error, "-[\(objectClass.name) \(call.selector.name)] returned \(value); the baseline is taken at the bottom edge")
            return bounds.size.height
        }
        return value
    }
}

extension LayoutGuide {
    /// A new guide of the registry's `LayoutGuide` class (the built-in one).
    static func make(in registry: Registry) -> LayoutGuide {
        if let guide = try? registry.makeObject(ofClass: "LayoutGuide") as? LayoutGuide { return guide }
        // A registry always has the built-in class; this is only reached if it was replaced.
        preconditionFailure("the built-in class LayoutGuide is missing from the registry")
    }
}
