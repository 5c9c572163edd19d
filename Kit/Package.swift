// swift-tools-version: 6.1
// The Easel plugin kit alone, for widgets built in packages of their own: easel.h (EaselABI), the
// geometry types and EaselPluginKit, with no dependencies. The sources are the repository's own
// (Kit/Sources/* are symbolic links to ../../Sources/*), so there is one copy of each file.
//
// A widget package depends on this folder by path (a checkout or submodule of Easel):
//
//     .package(path: "../easel/Kit"),
//     ...
//     .target(name: "MyWidget", dependencies: [.product(name: "EaselPluginKit", package: "Kit")])
//
// The package's identity is the folder's name, "Kit". Resolving it pulls in nothing else
// (the root package's swift-argument-parser is for the easel CLI only).
import PackageDescription

let package = Package(
    name: "EaselKit",
    products: [
        // Linked statically into the widget's .so, as with the root package's product of the same name.
        .library(name: "EaselPluginKit", type: .static, targets: ["EaselPluginKit"]),
        // easel.h alone, for a Swift plugin written against the C ABI.
        .library(name: "EaselABI", targets: ["EaselABI"]),
    ],
    targets: [
        .target(name: "EaselABI"),
        .target(name: "EaselGeometry", dependencies: ["EaselABI"]),
        .target(name: "EaselPluginKit", dependencies: ["EaselABI", "EaselGeometry"]),
    ]
)
