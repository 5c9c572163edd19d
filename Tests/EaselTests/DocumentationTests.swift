import EaselCanvas
import EaselHost
import EaselTestSupport
import Foundation
import Testing

/// The code block that follows `<!-- example: NAME -->` in README.md.
func readmeExample(_ name: String) throws -> String {
    let readme = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let marker = try #require(readme.range(of: "<!-- example: \(name) -->\n"), "README has no example \(name)")
    let rest = readme[marker.upperBound...]
    let open = try #require(rest.range(of: "\n"))   // the ```lang line
    let close = try #require(rest.range(of: "\n```\n", range: open.upperBound..<rest.endIndex))
    return String(rest[open.upperBound..<close.lowerBound]) + "\n"
}

/// Loads a freshly built example plugin, draws its `drawRect:` and returns the image.
func renderExample(_ library: URL, className: String) throws -> (Registry, RasterImage) {
    let registry = try sampleRegistry()
    let plugin = registry.loadPlugin(at: library.path)
    #expect(plugin != nil, "\(registry.failures.map(\.description))")
    let canvas = try Canvas(width: 100, height: 50)
    let result = try registry.invoke(className: className, selector: "drawRect:", arguments: ["10,10,80,30"], canvas: canvas)
    #expect(result.diagnostics == [])
    return (registry, try RasterImage(pngData: canvas.pngData()))
}

@Suite("The README's plugin examples compile, load and draw")
struct DocumentationTests {
    @Test("the C example")
    func cExample() throws {
        let folder = try Fixtures.makeTemporaryDirectory("readme-c")
        let source = folder.appendingPathComponent("hello.c")
        try readmeExample("hello.c").write(to: source, atomically: true, encoding: .utf8)
        let library = folder.appendingPathComponent("libHello.so")
        let build = try Fixtures.run(URL(fileURLWithPath: "/usr/bin/env"),
            ["cc", "-shared", "-fPIC", "-Wall", "-Werror", "-I", Fixtures.abiIncludeDirectory.path,
             source.path, "-o", library.path])
        #expect(build.status == 0, "\(build.stderr)")
        let (registry, image) = try renderExample(library, className: "Hello")
        #expect(registry.objectClass(named: "Hello")?.properties.map(\.name) == ["color"])
        #expect(image.pixel(x: 50, y: 25).isClose(to: RGBA(r: 0, g: 153, b: 0), tolerance: 2))
        #expect(image.pixel(x: 5, y: 5).a == 0)
    }

    @Test("the Swift example")
    func swiftExample() throws {
        let folder = try Fixtures.makeTemporaryDirectory("readme-swift")
        let source = folder.appendingPathComponent("HelloSwift.swift")
        try readmeExample("HelloSwift.swift").write(to: source, atomically: true, encoding: .utf8)
        let library = folder.appendingPathComponent("libHelloSwift.so")
        let build = try Fixtures.run(URL(fileURLWithPath: "/usr/bin/env"),
            ["swiftc", "-emit-library", "-parse-as-library", "-module-name", "HelloSwift",
             "-I", Fixtures.abiIncludeDirectory.path, source.path, "-o", library.path],
            timeout: 300)
        #expect(build.status == 0, "\(build.stderr)")
        let (_, image) = try renderExample(library, className: "HelloSwift")
        #expect(image.pixel(x: 50, y: 25).isClose(to: RGBA(r: 230, g: 128, b: 0), tolerance: 2))
        #expect(image.pixel(x: 95, y: 45).a == 0)
    }
}
