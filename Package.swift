// swift-tools-version: 6.1
import PackageDescription

/// Swift code built into plugins (the kit and the Swift sample widgets): concrete
/// generic types such as `Property<Double>` are made through their metadata
/// accessors, not from mangled names, whose generic requirements the runtime
/// checks by scanning every loaded library's conformances, for each plugin
/// again (every plugin has its own copy of the kit's protocols).
let kitSettings: [SwiftSetting] = [
    .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"]),
]

let package = Package(
    name: "Easel",
    products: [
        .executable(name: "easel", targets: ["EaselCLI"]),
        // The helper that probes plugin files out of process for easel.
        .executable(name: "easel-plugin-scanner", targets: ["EaselScanner"]),
        // The server of `easel preview`, which easel becomes (keeps the server's libraries out of easel).
        .executable(name: "easel-preview", targets: ["EaselPreviewServer"]),
        .library(name: "EaselSession", targets: ["EaselSession"]),
        .library(name: "EaselScene", targets: ["EaselScene"]),
        // For the libFuzzer targets of the separate package in Fuzz/ (scripts/fuzz.sh).
        .library(name: "EaselEncoding", targets: ["EaselEncoding"]),
        .library(name: "EaselInvocation", targets: ["EaselInvocation"]),
        .library(name: "EaselProbe", targets: ["EaselProbe"]),
        .library(name: "EaselViews", targets: ["EaselViews"]),
        // Sample widget plugins: each a shared object dlopen()ed at run time.
        .library(name: "Shapes", type: .dynamic, targets: ["Shapes"]),
        .library(name: "Charts", type: .dynamic, targets: ["Charts"]),
        .library(name: "MiniPicker", type: .dynamic, targets: ["MiniPicker"]),
        .library(name: "CalendarPicker", type: .dynamic, targets: ["CalendarPicker"]),
        .library(name: "ListView", type: .dynamic, targets: ["ListView"]),
        .library(name: "Graph", type: .dynamic, targets: ["Graph"]),
        .library(name: "GraphControl", type: .dynamic, targets: ["GraphControl"]),
        .library(name: "Bubble", type: .dynamic, targets: ["Bubble"]),
        .library(name: "PhotoCard", type: .dynamic, targets: ["PhotoCardWidget", "PhotoCard"]),
        // The Swift plugin kit, for plugins built outside this package (link it statically).
        .library(name: "EaselPluginKit", type: .static, targets: ["EaselPluginKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // The HTTP and WebSocket server of `easel preview` (EaselPreview only).
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.0.0"),
        // Hummingbird's own dependencies, named for the types EaselPreview uses from them.
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.0.0"),
        // DocC: `swift package generate-documentation` builds the catalogs (no code of ours depends on it).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        // The one C header a plugin needs, plus compile-time layout checks.
        .target(name: "EaselABI"),
        // The user guides: a documentation catalog (Easel.docc) and no code of its own.
        .target(name: "Easel"),
        .systemLibrary(
            name: "CFFI", pkgConfig: "libffi",
            providers: [.apt(["libffi-dev"])]),
        .systemLibrary(
            name: "CCairo", pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"])]),
        // Pango over cairo (HarfBuzz shaping, fontconfig fallback), for text.
        .systemLibrary(
            name: "CPango", pkgConfig: "pangocairo",
            providers: [.apt(["libpango1.0-dev"])]),
        // GLib's GChecksum, for the SHA-256 digests of plugin allow-lists (GLib is loaded
        // under Pango anyway; OpenSSL's libcrypto cost every process 2-3 ms to load and bind).
        .systemLibrary(
            name: "CGLib", pkgConfig: "glib-2.0",
            providers: [.apt(["libglib2.0-dev"])]),
        // Jansson, the JSON reader of scene files and JSON arguments (JSONReader): easel links
        // FoundationEssentials only, which has no JSONSerialization.
        .systemLibrary(
            name: "CJansson", pkgConfig: "jansson",
            providers: [.apt(["libjansson-dev"])]),
        // No code: its module map links libc, libstdc++ and the Swift runtime, and
        // EaselCLI imports it first, so that they come early in easel's DT_NEEDED list, the
        // order in which the dynamic loader searches every symbol binding of the process
        // (Architecture.md; `easel --version` starts 2 ms sooner).
        .systemLibrary(name: "CLinkOrder"),
        // libseccomp, for the isolated worker's system call filter.
        .systemLibrary(
            name: "CSeccomp", pkgConfig: "libseccomp",
            providers: [.apt(["libseccomp-dev"])]),

        // Image encoders: libspng (PNG), libjpeg-turbo (JPEG), libwebp (WebP).
        .systemLibrary(
            name: "CSpng", pkgConfig: "spng",
            providers: [.apt(["libspng-dev"])]),
        .systemLibrary(
            name: "CTurboJPEG", pkgConfig: "libturbojpeg",
            providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(
            name: "CWebP", pkgConfig: "libwebp",
            providers: [.apt(["libwebp-dev"])]),
        // Image decoders: giflib (GIF); librsvg (SVG) is loaded by CImageCodec
        // the first time it decodes an SVG image (dlopen), not linked.
        .systemLibrary(
            name: "CGif", pkgConfig: "libgif",
            providers: [.apt(["libgif-dev"])]),
        // Encoding cairo's premultiplied pixels as PNG, JPEG and WebP, and decoding
        // PNG, JPEG, WebP, GIF and SVG into them, in C.
        // Animated WebP needs libwebpmux (WebPAnimEncoder); the tests read it back with libwebpdemux.
        // A large PNG is deflated in parts on several cores with zlib, its chunks written by libpng.
        .target(
            name: "CImageCodec", dependencies: ["CSpng", "CTurboJPEG", "CWebP", "CGif", "CCairo"],
            linkerSettings: [.linkedLibrary("webpmux"), .linkedLibrary("webpdemux"), .linkedLibrary("png16"), .linkedLibrary("z")]),

        // Per-thread slots for the host (not part of the plugin ABI).
        .target(name: "CEaselSupport"),

        // The ABI's geometry structs under Swift names, CoreGraphics math, one set of conformances.
        .target(name: "EaselGeometry", dependencies: ["EaselABI"]),
        .target(name: "EaselEncoding", dependencies: ["CJansson"]),
        // The Cassowary linear constraint solver behind Auto Layout: no dependencies.
        .target(name: "EaselConstraintSolver"),
        .target(name: "EaselInvocation", dependencies: ["EaselEncoding", "EaselABI", "CFFI"]),
        // What the canvas builds on: cairo status and canvas errors, raster
        // images and their codecs, the Pango text engine.
        .target(name: "EaselGraphicsCore", dependencies: ["EaselABI", "EaselGeometry", "CCairo", "CPango", "CImageCodec"]),
        .target(name: "EaselCanvas", dependencies: ["EaselABI", "EaselGeometry", "EaselGraphicsCore", "CCairo", "CPango", "CEaselSupport", "CImageCodec"]),
        // The drawing extensions on the canvas's package interface:
        // easel.paint.v1 (clips, path queries, gradients, blend modes,
        // transparency layers) and easel.image.v1 (images drawn from files).
        // Writing a canvas: PNG, JPEG, WebP, SVG and PDF files, raster images.
        .target(name: "EaselCanvasOutput", dependencies: ["EaselABI", "EaselGeometry", "EaselGraphicsCore", "EaselCanvas", "CCairo", "CImageCodec"]),
        .target(name: "EaselDrawingExtensions", dependencies: ["EaselABI", "EaselGeometry", "EaselGraphicsCore", "EaselCanvas", "CCairo", "CImageCodec"]),
        // What loading a plugin file checks (the probe), plugin descriptions
        // and the scanner's side of its protocol: no graphics library, so
        // that easel-plugin-scanner, built from it alone, starts quickly.
        .target(name: "EaselProbe", dependencies: ["EaselABI", "EaselEncoding", "EaselInvocation", "CEaselSupport"]),
        // Selectors, classes, objects, messages, the registry, loading and the host table.
        .target(
            name: "EaselRuntime",
            dependencies: [
                "EaselABI", "EaselGeometry", "EaselEncoding", "EaselInvocation", "EaselCanvas", "EaselCanvasOutput", "EaselGraphicsCore", "EaselDrawingExtensions", "CEaselSupport", "EaselProbe",
            ]),
        // Where plugins come from: the search path, folder trust, allow-lists, the scanner client and its cache.
        .target(
            name: "EaselDiscovery",
            dependencies: ["EaselABI", "EaselRuntime", "EaselProbe", "CGLib", "CEaselSupport"]),
        // The view tree: geometry, layout, events, rendering, and the view functions of the host table.
        .target(
            name: "EaselViews",
            dependencies: [
                "EaselABI", "EaselGeometry", "EaselRuntime", "EaselCanvas", "EaselCanvasOutput", "EaselGraphicsCore", "EaselEncoding", "EaselInvocation", "CEaselSupport",
                "EaselProbe", "EaselDrawingExtensions", "EaselConstraintSolver",
            ]),
        .target(
            name: "EaselScene",
            dependencies: [
                "EaselRuntime", "EaselViews", "EaselProbe", "EaselABI", "EaselGeometry", "EaselEncoding", "EaselCanvas", "EaselCanvasOutput", "EaselGraphicsCore",
            ]),
        // The isolated render worker: its protocol, its process set-up and
        // main loop, and the parent's side of one run.
        .target(
            name: "EaselIsolation",
            dependencies: [
                "EaselABI", "EaselGeometry", "EaselRuntime", "EaselDiscovery", "EaselViews", "EaselCanvas", "EaselCanvasOutput", "EaselGraphicsCore", "EaselInvocation",
                "CEaselSupport", "EaselProbe", "CSeccomp",
            ]),
        // The application layer: plugin environment, the scene renderer
        // (the one render pipeline), gallery, catalog, invoke.
        .target(
            name: "EaselSession",
            dependencies: [
                "EaselRuntime", "EaselDiscovery", "EaselViews", "EaselScene", "EaselIsolation", "EaselCanvas", "EaselCanvasOutput", "EaselGraphicsCore", "EaselABI",
                "EaselInvocation", "EaselProbe", "EaselEncoding",
            ]),
        // `easel preview`: the live workbench, an HTTP and WebSocket server on
        // loopback whose renders run in the isolated worker; the page (HTML,
        // CSS, JavaScript) is the target's resources.
        .target(
            name: "EaselPreview",
            dependencies: [
                "EaselSession",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            resources: [.copy("Page")]),
        // `easel`: argument parsing and printing on top of the session.
        .executableTarget(
            name: "EaselCLI",
            dependencies: [
                "CLinkOrder",
                "EaselSession", "EaselIsolation", "EaselEncoding", "EaselCanvas", "EaselCanvasOutput", "EaselGraphicsCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // `easel-preview`: the preview's server, started by `easel preview` (PreviewLaunch).
        .executableTarget(name: "EaselPreviewServer", dependencies: ["EaselPreview", "EaselSession"]),
        .executableTarget(name: "EaselScanner", dependencies: ["EaselProbe"]),
        .executableTarget(
            name: "EaselBenchmarks",
            dependencies: [
                "EaselRuntime", "EaselDiscovery", "EaselViews", "EaselABI", "EaselCanvas", "EaselCanvasOutput", "EaselGraphicsCore", "CCairo", "CPango", "CFFI", "EaselInvocation", "EaselEncoding",
                "CMallocCounter", "EaselSession", "EaselConstraintSolver",
            ]),
        // Counts allocations in the benchmark executable only.
        .target(name: "CMallocCounter"),

        // Sample plugins. `Plugins/` is also SwiftPM's folder for package
        // plugins, so every target here names its path explicitly.
        .target(name: "Shapes", dependencies: ["EaselABI"], path: "Plugins/Shapes"),
        .target(name: "MiniPicker", dependencies: ["EaselABI"], path: "Plugins/MiniPicker"),
        .target(name: "CalendarPicker", dependencies: ["EaselABI"], path: "Plugins/CalendarPicker"),
        .target(name: "ListView", dependencies: ["EaselABI"], path: "Plugins/ListView"),
        .target(name: "Charts", dependencies: ["EaselPluginKit"], path: "Plugins/Charts", swiftSettings: kitSettings),
        .target(name: "Graph", dependencies: ["EaselPluginKit"], path: "Plugins/Graph", swiftSettings: kitSettings),
        .target(name: "GraphControl", dependencies: ["EaselPluginKit"], path: "Plugins/GraphControl", swiftSettings: kitSettings),
        .target(name: "Bubble", dependencies: ["EaselPluginKit"], path: "Plugins/Bubble", swiftSettings: kitSettings),
        // PhotoCard: the Swift widget, and its picture as a resource. SwiftPM copies a target's
        // resources into <Package>_<Target>.resources beside the product, here
        // Easel_PhotoCard.resources beside libPhotoCard.so: the plugin's resource folder, where
        // image_named looks. A C target carries them, since a Swift target with resources gets
        // an accessor that links Foundation into the plugin (Plugins/PhotoCard/Resources/resources.c).
        .target(
            name: "PhotoCardWidget", dependencies: ["EaselPluginKit"], path: "Plugins/PhotoCard",
            exclude: ["Resources"], swiftSettings: kitSettings),
        .target(
            name: "PhotoCard", path: "Plugins/PhotoCard/Resources",
            sources: ["resources.c"], resources: [.copy("photo.png"), .copy("photo@2x.png")],
            publicHeadersPath: "."),

        // The Swift plugin kit: Swift widgets link it statically into their .so.
        .target(name: "EaselPluginKit", dependencies: ["EaselABI", "EaselGeometry"], swiftSettings: kitSettings),

        // Every helper shared by the test targets: fixtures and the plugin zoo,
        // rects, colours and pixels, seeded random numbers, rendering, running `easel`.
        .target(
            name: "EaselTestSupport",
            dependencies: [
                "EaselABI", "EaselGeometry", "EaselCanvas", "EaselCanvasOutput", "EaselGraphicsCore", "EaselRuntime", "EaselDiscovery", "EaselViews", "CImageCodec",
                "CTurboJPEG", "CWebP", "CGif",
            ],
            path: "Tests/EaselTestSupport"),
        .target(
            name: "CEaselTestFunctions",
            dependencies: ["EaselABI"],
            path: "Tests/CEaselTestFunctions"),
        // One test target per module. The C, C++ and Swift fixture plugins in
        // Tests/Fixtures belong to no target: the tests compile them at run time.
        .testTarget(name: "EaselGeometryTests", dependencies: ["EaselGeometry"]),
        .testTarget(name: "EaselConstraintSolverTests", dependencies: ["EaselConstraintSolver"]),
        .testTarget(
            name: "EaselEncodingTests",
            dependencies: ["EaselEncoding", "EaselInvocation", "EaselTestSupport", "EaselDiscovery", "EaselRuntime", "EaselViews"]),
        .testTarget(
            name: "EaselInvocationTests",
            dependencies: ["EaselInvocation", "EaselEncoding", "EaselABI", "CEaselTestFunctions"]),
        .testTarget(name: "EaselCanvasTests", dependencies: ["EaselCanvas", "EaselCanvasOutput", "EaselDrawingExtensions", "EaselGraphicsCore", "EaselABI", "EaselTestSupport"]),
        .testTarget(
            name: "EaselRuntimeTests",
            dependencies: [
                "EaselRuntime", "EaselABI", "EaselCanvas", "EaselCanvasOutput", "EaselGraphicsCore", "EaselDiscovery", "EaselViews", "EaselInvocation", "EaselProbe",
                "EaselTestSupport",
            ]),
        .testTarget(
            name: "EaselDiscoveryTests",
            dependencies: ["EaselDiscovery", "EaselABI", "EaselCanvas", "EaselCanvasOutput", "EaselGraphicsCore", "EaselRuntime", "EaselViews", "EaselTestSupport"]),
        .testTarget(
            name: "EaselViewsTests",
            dependencies: ["EaselViews", "EaselABI", "EaselCanvas", "EaselCanvasOutput", "EaselGraphicsCore", "EaselDiscovery", "EaselRuntime", "EaselTestSupport", "CEaselTestFunctions"]),
        .testTarget(
            name: "EaselSceneTests",
            dependencies: [
                "EaselScene", "EaselABI", "EaselCanvas", "EaselCanvasOutput", "EaselGraphicsCore", "EaselDiscovery", "EaselRuntime", "EaselViews", "EaselTestSupport",
            ]),
        .testTarget(
            name: "EaselIsolationTests",
            dependencies: [
                "EaselIsolation", "EaselABI", "EaselCanvas", "EaselCanvasOutput", "EaselGraphicsCore", "EaselDiscovery", "EaselRuntime", "EaselViews", "EaselTestSupport",
            ]),
        .testTarget(
            name: "EaselSessionTests",
            dependencies: ["EaselSession", "EaselTestSupport", "EaselRuntime", "EaselDiscovery", "EaselViews", "EaselIsolation"]),
        // `easel preview`: its access checks, the server over HTTP, and the page in headless Chromium (WebDriver).
        .testTarget(name: "EaselPreviewTests", dependencies: ["EaselPreview", "EaselGraphicsCore", "EaselTestSupport"]),
        // End to end: the `easel` executable, the README's examples, the golden images, the module map.
        .testTarget(
            name: "EaselCLITests",
            dependencies: [
                "EaselABI", "EaselCanvas", "EaselCanvasOutput", "EaselDrawingExtensions", "EaselGraphicsCore", "EaselDiscovery", "EaselRuntime", "EaselViews", "EaselScene", "EaselSession",
                "EaselTestSupport",
            ]),
    ]
)

// The host's Swift modules too make concrete generic types (`[String: Entry]`,
// `Result<PluginDescription, PluginLoadError>`) through their metadata accessors:
// from a mangled name, the runtime checks each conformance requirement by scanning
// every loaded library's conformance records, a few milliseconds of every
// `easel render` (argument parsing, plugin loading, the scene).
for target in package.targets where target.name.hasPrefix("Easel") && target.name != "EaselPluginKit"
    && (target.type == .regular || target.type == .executable) {
    target.swiftSettings = (target.swiftSettings ?? []) + kitSettings
}
