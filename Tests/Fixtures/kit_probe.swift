// A GOOD fixture, in Swift, built at test time with EaselPluginKit (see
// KitFixtures.swift): one class, KitProbe, with a property of every value
// type the kit supports, two instance variables and a method of every
// signature the kit has a factory for. kit_twin.c declares the same class
// by hand in C as KitProbeTwin; SwiftWidgetTests compares the two.
//
// The methods record what they were sent in the properties, so that tests
// can check the kit's plumbing from the host side.

import EaselPluginKit

@_cdecl("easel_plugin_entry_v2")
public func easelPluginEntry(_ host: UnsafeRawPointer?) -> UnsafeRawPointer? {
    Plugin.entry(host, name: "KitProbe", classes: [KitProbe.self, KitProbeChild.self, KitProbeController.self])
}

struct KitProbe: ViewClass {
    let title = Property(default: "probe")
    let names = Property(default: ["alpha", "beta"])
    let curve = Property(default: [Point(x: 1, y: 2), Point(x: 3, y: 4)])
    let count = Property(default: Int32(7))
    let flag = Property(default: true)
    let big = Property(default: Int64(-5))
    let ratio = Property(default: Float(0.5))
    let origin = Property(default: Point(x: 1.5, y: -2))
    let extent = Property(default: Size(width: 30, height: 20))
    let area = Property(default: Rect(x: 1, y: 2, width: 3, height: 4))
    let tint = Property(default: Color(red: 0.25, green: 0.5, blue: 0.75, alpha: 1))
    let transform = Property(default: AffineTransform.identity)
    /// Declared under another name than the Swift one.
    let renamed = Property("displayName", default: "")
    // Instance variables: storage, not declared to the host.
    let calls = Ivar(default: Int64(100))
    let lastEvent = Ivar(default: "none")

    static var methods: [Method<KitProbe>] {
        [
            .initialize { probe in probe.record("init") },
            .layoutSubviews { probe in probe.record("layoutSubviews") },
            .drawRect { probe, rect, g in
                probe.area = rect
                g.setFillColor(probe.tint)
                g.fill(rect)
            },
            .overlay("drawMark:") { probe, _, g in
                g.setFillColor(Color(red: 1, green: 0, blue: 0))
                g.fill(Rect(x: 0, y: 0, width: 4, height: 4))
            },
            .drawing("drawProbe:inContext:") { probe, rect, g in
                probe.area = rect
                g.setFillColor(Color(red: 0, green: 1, blue: 0))
                g.fill(rect)
            },
            .drawView { probe, view, rect, g in
                probe.record("drawView:\(view.className)")
                view.send("drawProbe:inContext:", rect, g)
            },
            .sizeThatFits { probe, size in
                probe.record("sizeThatFits:")
                return Size(width: min(size.width, probe.extent.width), height: probe.extent.height)
            },
            .touchesBegan { probe, touch in
                probe.origin = touch.location(in: probe)
                probe.record("touchesBegan")
            },
            .hitTest { probe, point in
                probe.record("hitTest:")
                return probe.bounds.contains(point) ? probe.view : nil
            },
            .pointInside { probe, point in point.x >= 0 && point.y >= 0 && point.x < 10 && point.y < 10 },
            .willMoveToSuperview { probe, superview in
                probe.record("willMoveToSuperview:\(superview?.className ?? "nil")")
            },
            .action("summarize") { probe in
                probe.title = "\(probe.names.joined(separator: ",")) \(probe.curve.count) \(probe.count) \(probe.lastEvent)"
            },
            .function("scaledRatio:") { probe, factor in Double(probe.ratio) * factor },
            .action("rename") { probe in
                probe.names = probe.names.map { $0.uppercased() } + ["gamma"]
                probe.curve = probe.curve + [Point(x: 5, y: 6)]
                probe.renamed = "renamed \(probe.calls)"
            },
        ]
    }
}

extension Instance<KitProbe> {
    /// Counts a call and keeps its name in an instance variable.
    func record(_ event: String) {
        self.calls += 1
        self.lastEvent = event
    }
}

/// A subclass in the same plugin: its drawRect: calls KitProbe's through the host.
struct KitProbeChild: ViewClass {
    static let superclassName = "KitProbe"
    let border = Property(default: 1.0)

    static var methods: [Method<KitProbeChild>] {
        [
            .drawRect { child, rect, g in
                child.sendSuper("drawRect:", rect)
                g.setFillColor(Color(red: 0, green: 0, blue: 1))
                g.fill(Rect(x: 0, y: 0, width: child.border, height: child.border))
            },
            .action("summarize") { child in
                child.sendSuper("summarize")
                let title = child.value(forProperty: "title", as: String.self) ?? "?"
                child.setValue(title + " child", forProperty: "title")
            },
        ]
    }
}

/// A view controller (ViewControllerClass): loadView makes a 10 x 10 View; every callback
/// the host sends is noted in `events`, comma-separated.
struct KitProbeController: ViewControllerClass {
    let events = Property(default: "")

    static var methods: [Method<KitProbeController>] {
        [
            .loadView { controller in
                controller.setView(ViewRef.create("View", frame: Rect(x: 0, y: 0, width: 10, height: 10)))
                controller.note("loadView")
            },
            .viewDidLoad { controller in controller.note("viewDidLoad \(controller.view?.bounds.size.width ?? -1)") },
            .viewWillAppear { controller, animated in controller.note("viewWillAppear \(animated)") },
            .viewDidAppear { controller, animated in controller.note("viewDidAppear \(animated)") },
            .viewWillTransition { controller, size in controller.note("viewWillTransition \(Int(size.width))x\(Int(size.height))") },
            .touchesBegan { controller, touch in
                let at = touch.location(in: controller.view ?? ViewRef(object: controller.object))
                controller.note("touchesBegan \(Int(at.x)),\(Int(at.y))")
            },
        ]
    }
}

extension Instance<KitProbeController> {
    func note(_ event: String) {
        self.events = self.events.isEmpty ? event : self.events + ", " + event
    }
}
