// A GOOD fixture, in Swift, built at test time with EaselPluginKit: KitLayerCard
// sets its layer through easel.layer.v1 in init, as layer_widgets.c's
// LayerCard does (a red background rounded by 20 and masked, a green border 5
// wide, a blue subview covering it), and `screenPoint` converts its (0, 0) to
// the screen.

import EaselPluginKit

@_cdecl("easel_plugin_entry_v2")
public func easelPluginEntry(_ host: UnsafeRawPointer?) -> UnsafeRawPointer? {
    Plugin.entry(host, name: "KitLayer", classes: [KitLayerCard.self])
}

struct KitLayerCard: ViewClass {
    static var methods: [Method<KitLayerCard>] {
        [
            .initialize { view in
                view.backgroundColor = Color(red: 1, green: 0, blue: 0, alpha: 1)
                view.layer.cornerRadius = 20
                view.layer.masksToBounds = true
                view.layer.borderWidth = 5
                view.layer.borderColor = Color(red: 0, green: 1, blue: 0, alpha: 1)
                view.layer.shadowOffset = Size(width: 2, height: 2)
                if let fill = ViewRef.create("View", frame: view.bounds) {
                    fill.backgroundColor = Color(red: 0, green: 0, blue: 1, alpha: 1)
                    _ = view.addSubview(fill)
                }
                view.log("radius \(view.layer.cornerRadius), anchor \(view.layer.anchorPoint.x)")
            },
        ]
    }
}
