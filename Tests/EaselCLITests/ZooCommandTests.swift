import EaselGraphicsCore
import EaselCanvas
import EaselTestSupport
import Foundation
import Testing

@Suite("easel with the broken-plugin zoo")
struct ZooCommandTests {
    @Test("easel list reports every bad file with its path and reason, exit 0, and lists the good ones")
    func list() throws {
        let zoo = try PluginZoo.folder()
        let samples = try Fixtures.samplePluginsDirectory()
        let result = try easel(["list", "--plugins", samples.path, "--plugins", zoo.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\n\(zooPluginNames.count) plugins loaded\n"))
        for line in ["  class Dot : View", "  class CrashingView : View", "  class HangingView : View",
                     "  \(zoo.path)/missing_dependency.so: the dynamic loader refused it: libeasel_gone.so: cannot open shared object file: No such file or directory",
                     "  \(zoo.path)/crash_entry.so: crashed with SIGSEGV (segmentation fault) while being scanned",
                     "      | crash_entry: about to write through a NULL pointer",
                     "  \(zoo.path)/unreadable_link.so: cannot read the file: it is a dangling symbolic link to '\(zoo.path)/gone/libGone.so' (No such file or directory)",
                     "\(PluginZoo.brokenFiles.count) files failed to load"] {
            #expect(result.stdout.contains(line + "\n"), "missing line: \(line)")
        }
    }

    @Test("easel render and invoke keep running beside every bad file and draw the good plugins")
    func renderAndInvoke() throws {
        let zoo = try PluginZoo.folder()
        let samples = try Fixtures.samplePluginsDirectory()
        let folder = try Fixtures.makeTemporaryDirectory("zoo-render")
        let scene = folder.appendingPathComponent("scene.json")
        try Data("""
            { "canvas": { "size": [100, 50] },
              "root": { "subviews": [ { "class": "Dot", "frame": [0, 0, 50, 50] },
                                      { "class": "Chart", "frame": [50, 0, 50, 50] } ] } }
            """.utf8).write(to: scene)
        let png = folder.appendingPathComponent("out.png").path
        let rendered = try easel(["render", scene.path, "-o", png, "--plugins", samples.path, "--plugins", zoo.path])
        #expect(rendered.status == 0, "\(rendered.stderr)")
        #expect(rendered.stderr.contains("warning: \(zoo.path)/crash_entry.so: crashed with SIGSEGV (segmentation fault) while being scanned\n"))
        #expect(rendered.stderr.contains("warning: \(zoo.path)/abi_major.so: plugin ABI 3.0 has a different major version"))
        let image = try RasterImage(contentsOfPNG: png)
        #expect(image.pixel(x: 25, y: 25).isClose(to: RGBA(r: 0, g: 0, b: 0), tolerance: 8))
        #expect(image.pixel(x: 75, y: 40).isClose(to: RGBA(r: 255, g: 0, b: 0), tolerance: 8))

        let invoked = try easel(["invoke", "Dot", "drawRect:", "0,0,20,20", "--size", "20x20", "-o", png],
                                environment: ["EASEL_PLUGIN_PATH": zoo.path])
        #expect(invoked.status == 0, "\(invoked.stderr)")
        #expect(invoked.stderr.contains("warning: \(zoo.path)/missing_dependency.so: the dynamic loader refused it: libeasel_gone.so: cannot open shared object file"))
        #expect(try RasterImage(contentsOfPNG: png).pixel(x: 10, y: 10).isClose(to: RGBA(r: 0, g: 0, b: 0), tolerance: 8))
    }
}
