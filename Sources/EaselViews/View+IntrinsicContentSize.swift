import EaselABI
import EaselRuntime

// Intrinsic content size, content hugging and compression resistance (UIKit's).
//
// A view laid out by constraints whose intrinsic content size has a width (or a
// height) gets two more constraints on that dimension in the engine: `width <=
// intrinsic` at its content hugging priority (default 250) and `width >= intrinsic`
// at its compression resistance priority (default 750). Between two views competing
// for a row, the one with the lower hugging priority grows first and the one with
// the lower compression resistance shrinks first. `invalidateIntrinsicContentSize`
// changes the two constants in the solver (a constant change, not a new solve).

/// An axis of a view's layout (UIKit's `NSLayoutConstraint.Axis`).
public enum LayoutAxis: Sendable {
    case horizontal, vertical
}

/// What Auto Layout keeps for a view: hugging and compression resistance
/// priorities, the intrinsic size the host gave it, whether its autoresizing
/// mask becomes constraints, the constraints it holds and, on a root, the
/// engine; created when one is first set.
final class LayoutProperties {
    var hugging = (horizontal: LayoutPriority.defaultLow, vertical: LayoutPriority.defaultLow)
    var compression = (horizontal: LayoutPriority.defaultHigh, vertical: LayoutPriority.defaultHigh)
    var intrinsicSize: easel_size?
    /// Whether `updateConstraints` is pending (View+Constraints: `setNeedsUpdateConstraints`).
    var needsUpdateConstraints = false
    /// The view's `translatesAutoresizingMaskIntoConstraints`.
    var translatesAutoresizingMask = true
    /// The active layout constraints the view holds (LayoutConstraint.swift).
    var installedConstraints: [LayoutConstraint] = []
    /// The constraint engine of the tree, when the view is its root (LayoutEngine.swift).
    var constraintEngine: LayoutEngine?
    /// The layout guides the view owns (LayoutGuide.swift), in the order they were added.
    var layoutGuides: [LayoutGuide] = []
    /// The view's `layoutMarginsGuide` and `safeAreaLayoutGuide`, made on first use.
    var marginsGuide: LayoutGuide?
    var safeAreaGuide: LayoutGuide?
    /// The layout margins, leading and trailing as written (UIKit's default: 8 on each side).
    var directionalMargins = DirectionalEdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 8)
    /// Whether the view's contents flip for right-to-left layout.
    var semanticContentAttribute = SemanticContentAttribute.unspecified
    /// The view controller whose view this is (ViewController.swift).
    weak var viewController: ViewController?
    /// On a root: the hook that animates constant changes (View.constraintConstantAnimator).
    var constantAnimator: ((LayoutConstraint, Double, Double) -> Void)?
}

enum IntrinsicSizeCall {
    static let intrinsicContentSize = HostCall("intrinsicContentSize", EASEL_ENCODE_SIZE + "@:")
    static let updateConstraints = HostCall("updateConstraints", "v@:")
    /// Easel's baseline selectors: the distance from the top of the bounds to the first (last) baseline.
    static let firstBaselineOffset = HostCall("firstBaselineOffsetFromTop", "d@:")
    static let lastBaselineOffset = HostCall("lastBaselineOffsetFromTop", "d@:")
}

extension View {
    /// The width or height of an intrinsic content size that has none (UIKit's `noIntrinsicMetric`).
    public static let noIntrinsicMetric: Double = -1

    var properties: LayoutProperties {
        if let properties = layoutProperties { return properties }
        let properties = LayoutProperties()
        layoutProperties = properties
        return properties
    }

    /// The size the view's content needs: the plugin class's `intrinsicContentSize` when it
    /// implements it (`{CGSize=dd}@:`), else the size given with ``setIntrinsicContentSize(_:)``,
    /// else ``noIntrinsicMetric`` in both dimensions. A dimension that is not a finite number
    /// of at least zero counts as ``noIntrinsicMetric`` (and a plugin's is reported).
    public final var intrinsicContentSize: easel_size {
        var size = layoutProperties?.intrinsicSize ?? easel_size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric)
        if let method = implementation(of: IntrinsicSizeCall.intrinsicContentSize) {
            size = registry.withPluginCall {
                PluginCalls.observe(self, IntrinsicSizeCall.intrinsicContentSize.selector, method) {
                    method.withInvocation { invocation in
                        invocation.target = UnsafeMutableRawPointer(handle)
                        invocation.selector = UnsafeRawPointer(IntrinsicSizeCall.intrinsicContentSize.selector.pointer)
                        invocation.invoke()
                        return invocation.returnBytes.loadUnaligned(as: easel_size.self)
                    }
                }
            }
            let valid = { (value: Double) in value == View.noIntrinsicMetric || (value.isFinite && value >= 0) }
            if !valid(size.width) || !valid(size.height) {
                registry.report(.error, "-[\(objectClass.name) intrinsicContentSize] returned an invalid size \(size.width) x \(size.height)")
            }
        }
        func clean(_ value: Double) -> Double { value.isFinite && value >= 0 ? value : View.noIntrinsicMetric }
        return easel_size(width: clean(size.width), height: clean(size.height))
    }

    /// Gives the view an intrinsic content size from host code (a plugin class's own
    /// `intrinsicContentSize` takes precedence); `nil` takes it away. Invalidates it.
    public final func setIntrinsicContentSize(_ size: easel_size?) {
        properties.intrinsicSize = size
        invalidateIntrinsicContentSize()
    }

    /// Tells the layout engine that the intrinsic content size changed.
    public final func invalidateIntrinsicContentSize() {
        rootView.constraintEngine?.intrinsicSizeChanged(self)
    }

    /// How much the view resists growing beyond its intrinsic size along `axis` (default 250).
    public final func contentHuggingPriority(for axis: LayoutAxis) -> LayoutPriority {
        let hugging = layoutProperties?.hugging ?? LayoutProperties().hugging
        return axis == .horizontal ? hugging.horizontal : hugging.vertical
    }

    /// Sets the content hugging priority along `axis` (clamped to 1...1000).
    public final func setContentHuggingPriority(_ priority: LayoutPriority, for axis: LayoutAxis) {
        let clamped = LayoutPriority(min(max(priority.rawValue.isNaN ? 250 : priority.rawValue, 1), 1000))
        if axis == .horizontal { properties.hugging.horizontal = clamped } else { properties.hugging.vertical = clamped }
        rootView.constraintEngine?.intrinsicSizeChanged(self, prioritiesChanged: true)
    }

    /// How much the view resists shrinking below its intrinsic size along `axis` (default 750).
    public final func contentCompressionResistancePriority(for axis: LayoutAxis) -> LayoutPriority {
        let compression = layoutProperties?.compression ?? LayoutProperties().compression
        return axis == .horizontal ? compression.horizontal : compression.vertical
    }

    /// Sets the compression resistance priority along `axis` (clamped to 1...1000).
    public final func setContentCompressionResistancePriority(_ priority: LayoutPriority, for axis: LayoutAxis) {
        let clamped = LayoutPriority(min(max(priority.rawValue.isNaN ? 750 : priority.rawValue, 1), 1000))
        if axis == .horizontal { properties.compression.horizontal = clamped } else { properties.compression.vertical = clamped }
        rootView.constraintEngine?.intrinsicSizeChanged(self, prioritiesChanged: true)
    }
}

extension View {
    /// The smallest size a fitting can ask for (UIKit's `layoutFittingCompressedSize`).
    public static let layoutFittingCompressedSize = easel_size(width: 0, height: 0)
    /// The largest size a fitting can ask for (UIKit's `layoutFittingExpandedSize`; 100,000 points here).
    public static let layoutFittingExpandedSize = easel_size(width: 100_000, height: 100_000)

    /// The size the view's constraints give it nearest to `targetSize` (UIKit's
    /// `systemLayoutSizeFitting`): its width is held at `targetSize.width` at
    /// `horizontalFittingPriority`, its height at `verticalFittingPriority`; with
    /// ``LayoutPriority/fittingSizeLevel`` (the default) a dimension becomes as small
    /// (for a target of 0) or as large (for ``layoutFittingExpandedSize``) as its
    /// content's constraints allow, with `.required` it is the target's. Constraints
    /// count when all their items are the view or in its subtree; nothing moves.
    public final func systemLayoutSizeFitting(_ targetSize: easel_size,
                                              withHorizontalFittingPriority horizontalFittingPriority: LayoutPriority = .fittingSizeLevel,
                                              verticalFittingPriority: LayoutPriority = .fittingSizeLevel) -> easel_size {
        let clean = { (value: Double) in value.isFinite ? min(max(value, 0), View.layoutFittingExpandedSize.width) : 0 }
        return LayoutEngine.fittingSize(of: self, target: easel_size(width: clean(targetSize.width), height: clean(targetSize.height)),
                                        horizontal: horizontalFittingPriority, vertical: verticalFittingPriority)
    }
}

extension View {
    /// On a root view: called with (constraint, old constant, new constant) after the constant
    /// of an active constraint of its tree changes. The animation engine installs it: inside an
    /// animation block it sets ``LayoutConstraint/presentationConstant`` to the old value and
    /// moves it to the new one frame by frame (then to nil), so that the change animates;
    /// outside one it does nothing and the change takes effect at the next layout pass.
    /// (Easel's animation engine is its own module's work; this is the hook it uses.)
    public final var constraintConstantAnimator: ((LayoutConstraint, Double, Double) -> Void)? {
        get { layoutProperties?.constantAnimator }
        set { properties.constantAnimator = newValue }
    }
}
