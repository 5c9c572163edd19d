// Drawing and rendering for tests: a canvas drawn on as a plugin draws, the
// PNG files written and read back, registries with the plugins the tests
// need, and view trees rendered into raster canvases.

import EaselCanvasOutput
import EaselGraphicsCore
import EaselABI
import EaselCanvas
import EaselDiscovery
import EaselRuntime
import EaselViews
import Foundation
import Testing

/// Draws on `canvas` as a plugin does: through the C table, with the handle
/// that `current_context()` returns while the canvas is current.
public func drawAsPlugin(
    on canvas: Canvas, _ body: (easel_graphics_api, OpaquePointer) throws -> Void
) throws {
    try canvas.withCurrentContext {
        let api = Canvas.graphicsAPI.pointee
        let context = try #require(api.current_context?())
        #expect(context == canvas.context)
        try body(api, context)
    }
}

/// Where test output goes: EASEL_TEST_OUTPUT if set (files are kept), else a
/// temporary directory (files are removed after reading).
public let outputDirectory: String = {
    let directory =
        ProcessInfo.processInfo.environment["EASEL_TEST_OUTPUT"]
        ?? FileManager.default.temporaryDirectory.appendingPathComponent("easel-canvas-tests").path
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    return directory
}()

/// Whether files written to ``outputDirectory`` are kept (EASEL_TEST_OUTPUT is set).
public let keepOutput = ProcessInfo.processInfo.environment["EASEL_TEST_OUTPUT"] != nil

/// The path of the file `name` in ``outputDirectory``.
public func outputPath(_ name: String) -> String {
    "\(outputDirectory)/\(name)"
}

/// Writes `canvas` to a PNG file, reads it back and removes it (unless kept).
///
/// `scale` `nil` is the canvas's own scale: 1 for a recording, the raster scale.
public func rendered(_ canvas: Canvas, scale: Double? = nil, name: String = UUID().uuidString) throws -> RasterImage {
    let path = outputPath("\(name).png")
    try canvas.write(to: path, scale: scale)
    defer {
        if !keepOutput { try? FileManager.default.removeItem(atPath: path) }
    }
    return try RasterImage(contentsOfPNG: path)
}

/// Draws with `body` on a fresh canvas and reads the PNG back.
public func render(width: Double = 100, height: Double = 100, _ body: (Canvas) throws -> Void) throws -> RasterImage {
    let canvas = try Canvas(width: width, height: height)
    try canvas.withCurrentContext { try body(canvas) }
    if let error = canvas.takeError() { throw error }
    return try RasterImage(pngData: canvas.pngData())
}

/// A registry with the sample plugins (libShapes.so, libCharts.so) loaded.
public func sampleRegistry() throws -> Registry {
    let registry = Registry()
    registry.loadPlugins(from: [try Fixtures.samplePluginsDirectory().path])
    return registry
}

/// A registry with the view_widgets fixture loaded (Panel, Dot, Plot, PlotDelegate, Marked, Patch).
public func widgetRegistry() throws -> Registry {
    let registry = Registry()
    registry.loadPlugins(from: [try ViewWidgets.folder().path])
    #expect(registry.failures.map(\.description) == [])
    return registry
}

/// A registry with the sample plugins and the view_widgets fixture.
public func sceneRegistry() throws -> Registry {
    let registry = Registry()
    registry.loadPlugins(from: [try Fixtures.samplePluginsDirectory().path, try ViewWidgets.folder().path])
    return registry
}

/// A plain `View` with a background colour (none when nil).
public func plain(_ registry: Registry, _ frame: easel_rect, _ background: easel_color? = nil) throws -> View {
    let view = try registry.makeView(ofClass: "View", frame: frame)
    view.backgroundColor = background
    return view
}

/// A Dot: its drawRect: fills its bounds with `color`.
public func dot(_ registry: Registry, _ frame: easel_rect, _ color: easel_color) throws -> View {
    let view = try registry.makeView(ofClass: "Dot", frame: frame)
    try view.setValue(color, forProperty: "color")
    return view
}

/// A Patch: its drawRect: fills only `patch` (view coordinates) with `color`.
public func patch(_ registry: Registry, _ frame: easel_rect, patch area: easel_rect, _ color: easel_color) throws -> View {
    let view = try registry.makeView(ofClass: "Patch", frame: frame)
    try view.setValue(area, forProperty: "patch")
    try view.setValue(color, forProperty: "color")
    return view
}

/// A plain View at (0, 0) with a white background: the root most rendering tests draw.
public func whiteRoot(_ registry: Registry, width: Double = 100, height: Double = 100) throws -> View {
    try plain(registry, rect(0, 0, width, height), whiteColor)
}

/// A raster canvas the size of the root's frame.
public func rasterCanvas(for root: View, scale: Double = 1) throws -> Canvas {
    try Canvas(width: root.frame.width, height: root.frame.height, backing: .raster(scale: scale))
}

/// Renders the whole tree into a fresh raster canvas and returns its pixels.
public func fullImage(_ root: View, scale: Double = 1) throws -> RasterImage {
    let canvas = try rasterCanvas(for: root, scale: scale)
    try root.render(into: canvas, mode: .full)
    return try canvas.rasterImage()
}
