// A GOOD fixture, in Swift, built at test time with EaselPluginKit (see
// KitFixtures.swift), for the kit's dispatch on (class, selector); together
// with kit_dispatch_c.c, whose C classes subclass these and sit between them:
//
//   KitMany : Object             40 `v@:` actions step0 … step39 and 40 `d@:d`
//                                functions scale0: … scale39:, each with its own result
//   KitBase : Object             ping (appends "base;" to trace), value: (x + 1)
//   KitDerived : KitBase         ping: [super ping], then "derived;"; value: 10 × [super value:]
//   KitLeaf : KitDerived         ping: [super ping], then "leaf;"; inherits value:
//   KitCOverride : KitDerived    (C) ping: [super ping], then counts cCalls
//   KitCSub : KitBase            (C) no methods
//   KitAbove : Object            ping: "above;"
//   KitMiddleC : KitAbove        (C) no methods
//   KitBelow : KitMiddleC        ping: [super ping], then "below;": the chain
//                                leaves this plugin and comes back
//   KitTop : Object              ping: "top;"
//   KitGapA : KitTop             (C)
//   KitMid : KitGapA             ping: "mid;"
//   KitGapB : KitMid             (C)
//   KitLow : KitGapB             no methods: which of KitMid and KitTop is the
//                                nearer cannot be told without the host's
//                                superclasses, so the kit reports it

import EaselPluginKit

@_cdecl("easel_plugin_entry_v2")
public func easelPluginEntry(_ host: UnsafeRawPointer?) -> UnsafeRawPointer? {
    Plugin.entry(host, name: "KitDispatch", classes: [
        KitMany.self, KitBase.self, KitDerived.self, KitLeaf.self, KitAbove.self, KitBelow.self,
        KitTop.self, KitMid.self, KitLow.self,
    ])
}

struct KitMany: PluginClass {
    /// The number of the last step sent.
    let last = Property(default: Int32(-1))

    static var methods: [Method<KitMany>] {
        (0..<40).map { index in Method.action(Selector("step\(index)")) { many in many.last = Int32(index) } }
            + (0..<40).map { index in Method.function(Selector("scale\(index):")) { _, x in x * 100 + Double(index) } }
    }
}

extension ObjectHandle {
    /// Appends `event` to the `trace` property (declared by KitBase, KitAbove and KitTop).
    func trace(_ event: String) {
        let trace = value(forProperty: "trace", as: String.self) ?? "?"
        setValue(trace + event, forProperty: "trace")
    }
}

struct KitBase: PluginClass {
    let trace = Property(default: "")

    static var methods: [Method<KitBase>] {
        [
            .action("ping") { base in base.trace("base;") },
            .function("value:") { _, x in x + 1 },
        ]
    }
}

struct KitDerived: PluginClass {
    static let superclassName = "KitBase"

    static var methods: [Method<KitDerived>] {
        [
            .action("ping") { derived in
                derived.sendSuper("ping")
                derived.trace("derived;")
            },
            .function("value:") { derived, x in
                10 * (derived.sendSuper("value:", x, returning: Double.self) ?? -1000)
            },
        ]
    }
}

struct KitLeaf: PluginClass {
    static let superclassName = "KitDerived"

    static var methods: [Method<KitLeaf>] {
        [
            .action("ping") { leaf in
                leaf.sendSuper("ping")
                leaf.trace("leaf;")
            },
        ]
    }
}

struct KitAbove: PluginClass {
    let trace = Property(default: "")

    static var methods: [Method<KitAbove>] {
        [.action("ping") { above in above.trace("above;") }]
    }
}

struct KitBelow: PluginClass {
    static let superclassName = "KitMiddleC"

    static var methods: [Method<KitBelow>] {
        [
            .action("ping") { below in
                below.sendSuper("ping")
                below.trace("below;")
            },
        ]
    }
}

struct KitTop: PluginClass {
    let trace = Property(default: "")

    static var methods: [Method<KitTop>] {
        [.action("ping") { top in top.trace("top;") }]
    }
}

struct KitMid: PluginClass {
    static let superclassName = "KitGapA"

    static var methods: [Method<KitMid>] {
        [.action("ping") { mid in mid.trace("mid;") }]
    }
}

struct KitLow: PluginClass {
    static let superclassName = "KitGapB"
}
