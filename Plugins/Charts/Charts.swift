// Charts — a sample Easel widget plugin written in Swift (libCharts.so),
// with EaselPluginKit.
//
// Classes
//   Chart : Swatch            a line chart of one sine period over the Swatch
//                             background; Swatch comes from the Shapes plugin.
//   ChartCoordinator : Object a drawing delegate that asks a view to draw its
//                             curve and border (the view draws, it coordinates).

import EaselPluginKit

/// The plugin's entry point (easel.h: EASEL_PLUGIN_ENTRY_SYMBOL).
@_cdecl("easel_plugin_entry_v2")
public func easelPluginEntry(_ host: UnsafeRawPointer?) -> UnsafeRawPointer? {
    Plugin.entry(host, name: "Charts", classes: [Chart.self, ChartCoordinator.self])
}

/// What `easel list`, `easel inspect` and the gallery show about the plugin (easel.metadata.v1).
@_cdecl("easel_plugin_metadata_v2")
public func easelPluginMetadata() -> UnsafeRawPointer? {
    Plugin.metadata(description: "A chart drawn over Shapes' Swatch, with a coordinator that sends its drawing messages", version: "1.0.0", author: "The Easel authors", license: "MIT",
                    classes: [
                        .init(Chart.self, summary: "A curve and a border over a Swatch", properties: [
                            .init("lineColor", description: "The colour of the curve and the border"),
                            .init("lineWidth", description: "The width of the curve and the border, in points"),
                        ]),
                        .init(ChartCoordinator.self, summary: "Sends a chart's drawing messages in its own order"),
                    ])
}
