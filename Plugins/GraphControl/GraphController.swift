// GraphControl — GraphController, the view controller of seed 001's GraphView
// and its delegate ("your view controller is, in my opinion, the natural
// delegate of the RHView"), in a plugin of its own (libGraphControl.so),
// written with EaselPluginKit.
//
//   GraphController : ViewController   its view is a right-handed view (a scene
//                              gives it as the view's "delegate", or host code
//                              sets the controller's view); viewDidLoad makes
//                              it the view's delegate. It does not draw the
//                              graph: it coordinates, by messaging the view's
//                              own drawing methods in order
//                              (drawGrid:inContext: when the view has it,
//                              drawCurve:inContext:, drawBorder:inContext:),
//                              after filling the background with `fillColor`.
//                              As the view's controller it is next in the
//                              responder chain after the view.
//
// It knows GraphView only by its selectors: any view that implements them can
// have a GraphController as its controller and delegate.

import EaselPluginKit

@_cdecl("easel_plugin_entry_v2")
public func easelPluginEntry(_ host: UnsafeRawPointer?) -> UnsafeRawPointer? {
    Plugin.entry(host, name: "GraphControl", classes: [GraphController.self])
}

/// What `easel list`, `easel inspect` and the gallery show about the plugin (easel.metadata.v1).
@_cdecl("easel_plugin_metadata_v2")
public func easelPluginMetadata() -> UnsafeRawPointer? {
    Plugin.metadata(description: "The view controller of seed 001's graph view, its drawing delegate, in a plugin of its own", version: "1.0.0", author: "The Easel authors", license: "MIT",
                    classes: [
                        .init(GraphController.self, summary: "A view controller that draws its right-handed view's parts in order, as its delegate"),
                    ])
}

/// A graph view's controller, which coordinates its drawing as its delegate (seed 001).
struct GraphController: ViewControllerClass {
    /// Painted over the area being drawn before the view's parts; clear (the default) paints nothing.
    let fillColor = Property(default: Color.clear)
    /// Whether to ask the view for its border.
    let drawsBorder = Property(default: true)

    static var methods: [Method<GraphController>] {
        [
            // The controller is the natural delegate of its right-handed view.
            .viewDidLoad { controller in
                if let view = controller.view, view.isKind(of: "RHView") { view.delegate = controller.object }
            },
            .drawView { controller, view, rect, g in controller.coordinate(view, rect, g) },
        ]
    }
}

extension Instance<GraphController> {
    func coordinate(_ view: ViewRef, _ rect: Rect, _ g: Graphics) {
        let fill = self.fillColor
        if fill.alpha > 0 {
            g.withSavedState {
                g.setFillColor(fill)
                g.fill(rect)
            }
        }
        if view.responds(to: "drawGrid:inContext:") {
            view.send("drawGrid:inContext:", rect, g)
        }
        var parts: [Selector] = ["drawCurve:inContext:"]
        if self.drawsBorder { parts.append("drawBorder:inContext:") }
        for part in parts {
            let status = view.send(part, rect, g)
            guard status.isOK else {
                log("could not send \(part) to a \(view.className) (\(status))")
                return
            }
        }
    }
}
