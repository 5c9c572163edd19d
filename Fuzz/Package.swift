// swift-tools-version: 6.1
// libFuzzer targets for Easel: a package of its own, so that a plain
// `swift build` of Easel never builds them. Build and run them with
// `scripts/fuzz.sh` (which passes --sanitize=fuzzer --sanitize=address);
// each target defines LLVMFuzzerTestOneInput and takes libFuzzer's main.
import PackageDescription

let fuzzTarget: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]

let package = Package(
    name: "EaselFuzz",
    dependencies: [.package(name: "Easel", path: "..")],
    targets: [
        // Method and property encodings: parse, prepare the call frame (ffi_prep_cif), call the void ones.
        .executableTarget(
            name: "FuzzEncoding",
            dependencies: [.product(name: "EaselEncoding", package: "Easel"), .product(name: "EaselInvocation", package: "Easel")],
            swiftSettings: fuzzTarget),
        // Scene files: parse, then build the tree from the built-in view classes and apply the steps.
        .executableTarget(
            name: "FuzzScene",
            dependencies: [.product(name: "EaselScene", package: "Easel"), .product(name: "EaselViews", package: "Easel")],
            swiftSettings: fuzzTarget),
        // The value codec: a type encoding line, then a value (JSON or text), encoded and formatted back.
        .executableTarget(
            name: "FuzzValueCodec",
            dependencies: [.product(name: "EaselEncoding", package: "Easel")],
            swiftSettings: fuzzTarget),
        // The ELF check a plugin file passes before dlopen (EaselProbe's ELFCheck, internal: @testable).
        .executableTarget(
            name: "FuzzELF",
            dependencies: [.product(name: "EaselProbe", package: "Easel")],
            swiftSettings: fuzzTarget),
    ]
)
