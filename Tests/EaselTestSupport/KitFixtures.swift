import Foundation

/// The fixtures of the Swift plugin kit's tests, built once per test process
/// into one folder:
///
/// - `libKitProbe.so`: Tests/Fixtures/kit_probe.swift, a Swift
///   plugin compiled with `swiftc` against the kit the package built
///   (`libEaselPluginKit.a` and `Modules/EaselPluginKit.swiftmodule`, next to
///   the sample plugins), the way a plugin outside this package is built;
/// - `kit_twin.so`: Tests/Fixtures/kit_twin.c, the same classes
///   declared by hand in C under other names;
///
/// and, in a folder of their own, the kit's dispatch fixtures:
///
/// - `libKitDispatch.so`: Tests/Fixtures/kit_dispatch.swift, many
///   methods of one signature, and kit classes calling their superclasses;
/// - `kit_dispatch_c.so`: Tests/Fixtures/kit_dispatch_c.c, C
///   classes subclassing those (and subclassed by them).
public enum KitFixtures {
    private static let built = buildFolder("kit", c: "kit_twin", swift: "kit_probe", moduleName: "KitProbe")
    private static let builtDispatch = buildFolder(
        "kit-dispatch", c: "kit_dispatch_c", swift: "kit_dispatch", moduleName: "KitDispatch")

    /// The folder holding `libKitProbe.so` and `kit_twin.so`.
    public static func folder() throws -> URL { try built.get() }

    /// The folder holding `libKitDispatch.so` and `kit_dispatch_c.so`.
    public static func dispatchFolder() throws -> URL { try builtDispatch.get() }

    /// A new folder with the C fixture `c` and the Swift fixture `swift` built into it.
    private static func buildFolder(_ label: String, c: String, swift: String, moduleName: String)
        -> Result<URL, FixtureError>
    {
        do {
            let folder = try Fixtures.makeTemporaryDirectory(label)
            _ = try Fixtures.buildFixture(c, into: folder)
            try buildSwiftPlugin(swift, moduleName: moduleName, into: folder)
            return .success(folder)
        } catch let error as FixtureError {
            return .failure(error)
        } catch {
            return .failure(FixtureError("cannot build the fixtures \(c) and \(swift): \(error)"))
        }
    }

    /// Compiles Tests/Fixtures/<name>.swift with the package's
    /// EaselPluginKit linked statically into `<folder>/lib<moduleName>.so`.
    @discardableResult
    public static func buildSwiftPlugin(_ name: String, moduleName: String, into folder: URL) throws -> URL {
        try buildSwiftPlugin(
            source: Fixtures.fixturesDirectory.appendingPathComponent("\(name).swift"),
            moduleName: moduleName, into: folder)
    }

    /// Compiles a Swift plugin source that imports EaselPluginKit into
    /// `<folder>/lib<moduleName>.so`, as a plugin author outside this package
    /// would: `swiftc -emit-library -parse-as-library -I <build>/Modules
    /// -I Sources/EaselABI/include SOURCE <build>/libEaselPluginKit.a`.
    @discardableResult
    public static func buildSwiftPlugin(source: URL, moduleName: String, into folder: URL) throws -> URL {
        let build = try Fixtures.samplePluginsDirectory()
        let kit = build.appendingPathComponent("libEaselPluginKit.a")
        let modules = build.appendingPathComponent("Modules")
        guard FileManager.default.fileExists(atPath: kit.path),
              FileManager.default.fileExists(atPath: modules.appendingPathComponent("EaselPluginKit.swiftmodule").path)
        else {
            throw FixtureError("no EaselPluginKit build in \(build.path); build it with `swift build --product EaselPluginKit`")
        }
        let output = folder.appendingPathComponent("lib\(moduleName).so")
        let result = try Fixtures.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["swiftc", "-emit-library", "-parse-as-library", "-module-name", moduleName,
             "-I", modules.path, "-I", Fixtures.abiIncludeDirectory.path,
             source.path, kit.path, "-o", output.path],
            timeout: 300)
        guard result.status == 0, result.signal == nil else {
            throw FixtureError("swiftc failed to compile \(source.lastPathComponent) (status \(result.status)):\n"
                               + result.stderr)
        }
        return output
    }
}
