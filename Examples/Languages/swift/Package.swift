// swift-tools-version: 6.1
// An Easel widget in its own Swift package: class `SwiftStar : View`, a five-pointed star.
//
//     swift build -c release
//     mkdir -p plugins && cp .build/release/libSwiftStar.so plugins/
//     easel render star.json --plugins plugins -o star.png
//
// It depends on Easel's plugin kit package, `Kit/` in the Easel repository (here by a relative path;
// in a package of your own, the path of your Easel checkout or submodule). That package holds only
// easel.h and EaselPluginKit: nothing of the CLI's dependencies is resolved or built.
import PackageDescription

let package = Package(
    name: "SwiftStar",
    products: [
        // The plugin: a shared object that easel dlopen()s.
        .library(name: "SwiftStar", type: .dynamic, targets: ["SwiftStar"]),
    ],
    // What WritingPluginsInSwift.md shows (with the path of a checkout beside the package there):
    // doc-snippet: swift-kit-dependency.swift
    dependencies: [.package(path: "../../../Kit")],
    targets: [.target(name: "SwiftStar", dependencies: [.product(name: "EaselPluginKit", package: "Kit")])]
    // doc-snippet-end
)
