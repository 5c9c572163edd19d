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
//   KitWide : Object             80 Double properties p0 … p79, more key paths than
//                                the kit's offset cache holds: sum: (their sum
//                                times x), bump: (p_i += i · x), first: (p0 through a
//                                computed key path, which has no stored offset)

import EaselPluginKit

@_cdecl("easel_plugin_entry_v2")
public func easelPluginEntry(_ host: UnsafeRawPointer?) -> UnsafeRawPointer? {
    Plugin.entry(host, name: "KitDispatch", classes: [
        KitMany.self, KitBase.self, KitDerived.self, KitLeaf.self, KitAbove.self, KitBelow.self,
        KitTop.self, KitMid.self, KitLow.self, KitWide.self,
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

struct KitWide: PluginClass {
    let p0 = Property(default: 0.0)
    let p1 = Property(default: 0.0)
    let p2 = Property(default: 0.0)
    let p3 = Property(default: 0.0)
    let p4 = Property(default: 0.0)
    let p5 = Property(default: 0.0)
    let p6 = Property(default: 0.0)
    let p7 = Property(default: 0.0)
    let p8 = Property(default: 0.0)
    let p9 = Property(default: 0.0)
    let p10 = Property(default: 0.0)
    let p11 = Property(default: 0.0)
    let p12 = Property(default: 0.0)
    let p13 = Property(default: 0.0)
    let p14 = Property(default: 0.0)
    let p15 = Property(default: 0.0)
    let p16 = Property(default: 0.0)
    let p17 = Property(default: 0.0)
    let p18 = Property(default: 0.0)
    let p19 = Property(default: 0.0)
    let p20 = Property(default: 0.0)
    let p21 = Property(default: 0.0)
    let p22 = Property(default: 0.0)
    let p23 = Property(default: 0.0)
    let p24 = Property(default: 0.0)
    let p25 = Property(default: 0.0)
    let p26 = Property(default: 0.0)
    let p27 = Property(default: 0.0)
    let p28 = Property(default: 0.0)
    let p29 = Property(default: 0.0)
    let p30 = Property(default: 0.0)
    let p31 = Property(default: 0.0)
    let p32 = Property(default: 0.0)
    let p33 = Property(default: 0.0)
    let p34 = Property(default: 0.0)
    let p35 = Property(default: 0.0)
    let p36 = Property(default: 0.0)
    let p37 = Property(default: 0.0)
    let p38 = Property(default: 0.0)
    let p39 = Property(default: 0.0)
    let p40 = Property(default: 0.0)
    let p41 = Property(default: 0.0)
    let p42 = Property(default: 0.0)
    let p43 = Property(default: 0.0)
    let p44 = Property(default: 0.0)
    let p45 = Property(default: 0.0)
    let p46 = Property(default: 0.0)
    let p47 = Property(default: 0.0)
    let p48 = Property(default: 0.0)
    let p49 = Property(default: 0.0)
    let p50 = Property(default: 0.0)
    let p51 = Property(default: 0.0)
    let p52 = Property(default: 0.0)
    let p53 = Property(default: 0.0)
    let p54 = Property(default: 0.0)
    let p55 = Property(default: 0.0)
    let p56 = Property(default: 0.0)
    let p57 = Property(default: 0.0)
    let p58 = Property(default: 0.0)
    let p59 = Property(default: 0.0)
    let p60 = Property(default: 0.0)
    let p61 = Property(default: 0.0)
    let p62 = Property(default: 0.0)
    let p63 = Property(default: 0.0)
    let p64 = Property(default: 0.0)
    let p65 = Property(default: 0.0)
    let p66 = Property(default: 0.0)
    let p67 = Property(default: 0.0)
    let p68 = Property(default: 0.0)
    let p69 = Property(default: 0.0)
    let p70 = Property(default: 0.0)
    let p71 = Property(default: 0.0)
    let p72 = Property(default: 0.0)
    let p73 = Property(default: 0.0)
    let p74 = Property(default: 0.0)
    let p75 = Property(default: 0.0)
    let p76 = Property(default: 0.0)
    let p77 = Property(default: 0.0)
    let p78 = Property(default: 0.0)
    let p79 = Property(default: 0.0)

    /// p0's slot through a computed property: a key path without a stored offset.
    var first: Property<Double> { p0 }

    static var methods: [Method<KitWide>] {
        [
            .function("sum:") { wide, x in
                let total: Double = wide.p0 + wide.p1 + wide.p2 + wide.p3 + wide.p4 + wide.p5 + wide.p6 + wide.p7 + wide.p8 + wide.p9 + wide.p10 + wide.p11 + wide.p12 + wide.p13 + wide.p14 + wide.p15 + wide.p16 + wide.p17 + wide.p18 + wide.p19 + wide.p20 + wide.p21 + wide.p22 + wide.p23 + wide.p24 + wide.p25 + wide.p26 + wide.p27 + wide.p28 + wide.p29 + wide.p30 + wide.p31 + wide.p32 + wide.p33 + wide.p34 + wide.p35 + wide.p36 + wide.p37 + wide.p38 + wide.p39 + wide.p40 + wide.p41 + wide.p42 + wide.p43 + wide.p44 + wide.p45 + wide.p46 + wide.p47 + wide.p48 + wide.p49 + wide.p50 + wide.p51 + wide.p52 + wide.p53 + wide.p54 + wide.p55 + wide.p56 + wide.p57 + wide.p58 + wide.p59 + wide.p60 + wide.p61 + wide.p62 + wide.p63 + wide.p64 + wide.p65 + wide.p66 + wide.p67 + wide.p68 + wide.p69 + wide.p70 + wide.p71 + wide.p72 + wide.p73 + wide.p74 + wide.p75 + wide.p76 + wide.p77 + wide.p78 + wide.p79
                return total * x
            },
            .function("bump:") { wide, x in
                wide.p0 += 0 * x
                wide.p1 += 1 * x
                wide.p2 += 2 * x
                wide.p3 += 3 * x
                wide.p4 += 4 * x
                wide.p5 += 5 * x
                wide.p6 += 6 * x
                wide.p7 += 7 * x
                wide.p8 += 8 * x
                wide.p9 += 9 * x
                wide.p10 += 10 * x
                wide.p11 += 11 * x
                wide.p12 += 12 * x
                wide.p13 += 13 * x
                wide.p14 += 14 * x
                wide.p15 += 15 * x
                wide.p16 += 16 * x
                wide.p17 += 17 * x
                wide.p18 += 18 * x
                wide.p19 += 19 * x
                wide.p20 += 20 * x
                wide.p21 += 21 * x
                wide.p22 += 22 * x
                wide.p23 += 23 * x
                wide.p24 += 24 * x
                wide.p25 += 25 * x
                wide.p26 += 26 * x
                wide.p27 += 27 * x
                wide.p28 += 28 * x
                wide.p29 += 29 * x
                wide.p30 += 30 * x
                wide.p31 += 31 * x
                wide.p32 += 32 * x
                wide.p33 += 33 * x
                wide.p34 += 34 * x
                wide.p35 += 35 * x
                wide.p36 += 36 * x
                wide.p37 += 37 * x
                wide.p38 += 38 * x
                wide.p39 += 39 * x
                wide.p40 += 40 * x
                wide.p41 += 41 * x
                wide.p42 += 42 * x
                wide.p43 += 43 * x
                wide.p44 += 44 * x
                wide.p45 += 45 * x
                wide.p46 += 46 * x
                wide.p47 += 47 * x
                wide.p48 += 48 * x
                wide.p49 += 49 * x
                wide.p50 += 50 * x
                wide.p51 += 51 * x
                wide.p52 += 52 * x
                wide.p53 += 53 * x
                wide.p54 += 54 * x
                wide.p55 += 55 * x
                wide.p56 += 56 * x
                wide.p57 += 57 * x
                wide.p58 += 58 * x
                wide.p59 += 59 * x
                wide.p60 += 60 * x
                wide.p61 += 61 * x
                wide.p62 += 62 * x
                wide.p63 += 63 * x
                wide.p64 += 64 * x
                wide.p65 += 65 * x
                wide.p66 += 66 * x
                wide.p67 += 67 * x
                wide.p68 += 68 * x
                wide.p69 += 69 * x
                wide.p70 += 70 * x
                wide.p71 += 71 * x
                wide.p72 += 72 * x
                wide.p73 += 73 * x
                wide.p74 += 74 * x
                wide.p75 += 75 * x
                wide.p76 += 76 * x
                wide.p77 += 77 * x
                wide.p78 += 78 * x
                wide.p79 += 79 * x
                return 0
            },
            .function("first:") { wide, x in wide.first * x },
        ]
    }
}
