import EaselGraphicsCore
import EaselCanvas
import EaselTestSupport
import Foundation
import Testing

/// `hang_draw.so` (a drawRect: that never returns) and `unruly_draw.so` (one that forks), each in a folder of its own, built once.
private let limitFolders: Result<(hang: URL, unruly: URL), FixtureError> = {
    do {
        let hang = try Fixtures.makeTemporaryDirectory("time-limit-hang")
        _ = try Fixtures.buildFixture("hang_draw", into: hang)
        let unruly = try Fixtures.makeTemporaryDirectory("time-limit-unruly")
        _ = try Fixtures.buildFixture("unruly_draw", into: unruly)
        return .success((hang, unruly))
    } catch let error as FixtureError {
        return .failure(error)
    } catch {
        return .failure(FixtureError("cannot build the time-limit plugins: \(error)"))
    }
}()

@Suite("--timeout, and isolated workers that fork")
struct TimeLimitTests {
    func hangPlugin() throws -> String { try limitFolders.get().hang.appendingPathComponent("hang_draw.so").path }

    /// A 40x20 scene with one view of `className` at (0, 0, 20, 20), on white.
    func scene(_ className: String) throws -> URL {
        try writeScene(##"""
            { "canvas": { "size": [40, 20], "scale": 1, "background": "#ffffff" },
              "root": { "subviews": [ { "class": "\##(className)", "frame": [0, 0, 20, 20] } ] } }
            """##, label: "time-limit")
    }

    @Test("--isolate: a plugin that forks is stopped by the sandbox at once, and no process is left behind")
    func forkingPlugin() throws {
        let file = try scene("ForkingView")
        let output = file.deletingLastPathComponent().appendingPathComponent("out.png")
        let record = file.deletingLastPathComponent().appendingPathComponent("fork.pid")
        let start = Date()
        let result = try easel(["render", file.path, "-o", output.path, "--isolate",
                                "--plugins", try limitFolders.get().unruly.path],
                               environment: ["EASEL_PLUGIN_PATH": "", "EASEL_TEST_FORK_PID": record.path])
        // The draw time-out is 10 s: the refusal does not wait for it.
        #expect(Date().timeIntervalSince(start) < 5)
        #expect(result.status == 1)
        let plugin = try limitFolders.get().unruly.appendingPathComponent("unruly_draw.so").path
        #expect(result.stderr == """
            error: \(file.path): root.subviews[0]: -[ForkingView drawRect:] was stopped: the sandbox refused clone() to start a process (plugin unruly_draw, \(plugin))

            """)
        #expect(!FileManager.default.fileExists(atPath: output.path))
        // The fork never happened, so no child recorded its process id.
        #expect(!FileManager.default.fileExists(atPath: record.path))
    }

    @Test("render --timeout stops a drawRect: that never returns, naming the view, class, selector and plugin")
    func renderTimeout() throws {
        let file = try scene("HangingView")
        let output = file.deletingLastPathComponent().appendingPathComponent("out.png")
        let start = Date()
        let result = try easel(["render", file.path, "-o", output.path, "--timeout", "0.5",
                                "--plugins", try limitFolders.get().hang.path])
        #expect(Date().timeIntervalSince(start) < 8)
        #expect(result.status == 1)
        #expect(result.stderr == """
            error: \(file.path): root.subviews[0]: -[HangingView drawRect:] did not return within 0.5 s and was stopped (plugin hang_draw, \(try hangPlugin()))

            """)
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test("invoke --timeout and gallery --timeout stop a call that never returns, naming the class, selector and plugin; the gallery's tile is red")
    func invokeAndGalleryTimeout() throws {
        let folder = try limitFolders.get().hang.path
        let invoke = try easel(["invoke", "HangingView", "drawRect:", "0,0,10,10", "--timeout", "0.5", "--plugins", folder])
        #expect(invoke.status == 1)
        #expect(invoke.stderr == """
            error: -[HangingView drawRect:] did not return within 0.5 s and was stopped (plugin hang_draw, \(try hangPlugin()))

            """)
        let output = try Fixtures.makeTemporaryDirectory("gallery-timeout").appendingPathComponent("sheet.png")
        let gallery = try easel(["gallery", "-o", output.path, "--timeout", "0.5", "--plugins", folder])
        #expect(gallery.status == 1)
        #expect(gallery.stderr == """
            error: gallery: the cell of HangingView: -[HangingView drawRect:] did not return within 0.5 s and was stopped (plugin hang_draw, \(try hangPlugin()))

            """)
        // The sheet is still written, with the class as a red tile.
        let sheet = try RasterImage(contentsOfPNG: output.path)
        #expect(sheet.pixel(x: 2 * 20, y: 2 * 20).isClose(to: RGBA(r: 219, g: 41, b: 41), tolerance: 3))
    }

    @Test("gallery --timeout with good plugins writes the same sheet as without it")
    func galleryIsolatedIdentical() throws {
        let folder = try Fixtures.makeTemporaryDirectory("gallery-isolated")
        let plain = folder.appendingPathComponent("plain.png"), limited = folder.appendingPathComponent("limited.png")
        let first = try easel(["gallery", "-o", plain.path, "--scale", "1"])
        let second = try easel(["gallery", "-o", limited.path, "--scale", "1", "--timeout", "20"])
        #expect(first.status == 0 && second.status == 0, "\(first.stderr)\(second.stderr)")
        #expect(second.stderr == first.stderr)
        #expect(try Data(contentsOf: limited) == Data(contentsOf: plain))
    }

    @Test("--timeout must be positive, cannot be combined with --draw-timeout or --frames: usage errors")
    func usage() throws {
        let file = try scene("Swatch")
        let cases: [([String], String)] = [
            (["render", file.path, "-o", "/tmp/never.png", "--timeout", "0"], "--timeout must be a positive number of seconds; got 0.0"),
            (["gallery", "-o", "/tmp/never.png", "--timeout=-1"], "--timeout must be a positive number of seconds; got -1.0"),
            (["invoke", "Swatch", "isRounded", "--timeout", "1", "--draw-timeout", "2"], "--timeout and --draw-timeout set the same limit; give one"),
            (["render", file.path, "-o", "/tmp/never.png", "--timeout", "1", "--frames", "/tmp/never"],
             "--frames cannot be combined with --timeout (it runs the plugin code in a child process)"),
        ]
        for (arguments, message) in cases {
            let result = try easel(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.hasPrefix("Error: \(message)\n"), "\(result.stderr)")
        }
    }
}
