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
