// Charts — a sample Easel widget plugin written in Swift (libCharts.so).
//
// Classes
//   Chart : Swatch            a line chart of one sine period over the Swatch
//                             background; Swatch comes from the Shapes plugin.
//   ChartCoordinator : Object a drawing delegate that asks a view to draw its
//                             curve and border (the view draws, it coordinates).
//
// The only import the plugin needs is EaselABI (easel.h).

import EaselABI

/// Built once, on the first call to the entry point, and never freed.
nonisolated(unsafe) private let charts: UnsafePointer<easel_plugin_desc> = pluginDescription(
    "Charts",
    classes: [chartClassDescription(), chartCoordinatorClassDescription()])

/// The plugin's entry point (easel.h: EASEL_PLUGIN_ENTRY_SYMBOL).
@_cdecl("easel_plugin_entry")
public func easelPluginEntry(_ host: UnsafePointer<easel_host_api>?) -> UnsafePointer<easel_plugin_desc>? {
    guard let host else { return nil }
    hostTable = host
    return charts
}
