import EaselGraphicsCore
import EaselABI
import EaselCanvas
import EaselDiscovery
import EaselRuntime
import EaselViews
import EaselIsolation
import EaselTestSupport
import Foundation
import Testing

/// A folder with the plugins that break only when used (crash_draw,
/// hang_draw, crash_more) beside a good one (good_extra), built once.
private let breakingFolder: Result<URL, FixtureError> = {
    do {
        let folder = try Fixtures.makeTemporaryDirectory("isolation-plugins")
        for name in ["crash_draw", "hang_draw", "crash_more", "good_extra"] {
            _ = try Fixtures.buildFixture(name, into: folder)
        }
        return .success(folder)
    } catch let error as FixtureError {
        return .failure(error)
    } catch {
        return .failure(FixtureError("cannot build the isolation plugins: \(error)"))
    }
}()

@Suite("easel render --isolate and easel invoke --isolate")
struct IsolationTests {
    /// The sample plugins, then the breaking ones.
    func pluginArguments() throws -> [String] {
        ["--plugins", try Fixtures.samplePluginsDirectory().path, "--plugins", try breakingFolder.get().path]
    }

    func plugin(_ name: String) throws -> String { try breakingFolder.get().appendingPathComponent("\(name).so").path }

    /// A Swatch and a Dot (good) around a CrashingView and a HangingView, side by side.
    static func scene(bad: Bool = true) -> String {
        let middle = bad ? ##"""
            { "class": "CrashingView", "frame": [70, 10, 50, 50] },
            { "class": "HangingView", "frame": [130, 10, 50, 50] },
            """## : ""
        return ##"""
            { "canvas": { "size": [250, 70], "scale": 2, "background": "#ffffff" },
              "root": { "subviews": [
                { "class": "Swatch", "frame": [10, 10, 50, 50], "opaque": false, "properties": { "color": "#2080ff" } },
            """## + middle + ##"""
                { "class": "Dot", "frame": [190, 10, 50, 50], "backgroundColor": "#ffee00" } ] } }
            """##
    }

    /// The failed views' frames in pixels (scale 2).
    static let failedBoxes = [(140..<240, 20..<120), (260..<360, 20..<120)]

    @Test("a crash in drawRect: is an error naming the view's JSON path, class, selector and plugin; no output, exit 1")
    func crash() throws {
        let file = try writeScene(Self.scene())
        let output = file.deletingLastPathComponent().appendingPathComponent("out.png")
        let result = try easel(["render", file.path, "-o", output.path, "--isolate"] + pluginArguments())
        #expect(result.status == 1)
        #expect(result.signal == nil)
        #expect(result.stderr == """
            error: \(file.path): root.subviews[1]: -[CrashingView drawRect:] crashed with SIGSEGV (segmentation fault) (plugin crash_draw, \(try plugin("crash_draw")))

            """)
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test("a drawRect: that never returns is stopped after --draw-timeout and named")
    func hang() throws {
        let file = try writeScene(Self.scene().replacingOccurrences(of: #"{ "class": "CrashingView", "frame": [70, 10, 50, 50] },"#, with: ""))
        let output = file.deletingLastPathComponent().appendingPathComponent("out.png")
        let start = Date()
        let result = try easel(["render", file.path, "-o", output.path, "--isolate", "--draw-timeout", "0.5"] + pluginArguments())
        #expect(Date().timeIntervalSince(start) < 8)
        #expect(result.status == 1)
        #expect(result.signal == nil)
        #expect(result.stderr == """
            error: \(file.path): root.subviews[1]: -[HangingView drawRect:] did not return within 0.5 s and was stopped (plugin hang_draw, \(try plugin("hang_draw")))

            """)
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test("--keep-going writes the frame: the good views' pixels as without the bad views, each failed view marked")
    func keepGoing() throws {
        let file = try writeScene(Self.scene())
        let folder = file.deletingLastPathComponent()
        let output = folder.appendingPathComponent("out.png")
        let result = try easel(["render", file.path, "-o", output.path, "--isolate", "--keep-going", "--draw-timeout", "0.5"]
                               + pluginArguments())
        #expect(result.status == 1)
        #expect(result.signal == nil)
        #expect(result.stderr == """
            error: \(file.path): root.subviews[1]: -[CrashingView drawRect:] crashed with SIGSEGV (segmentation fault) (plugin crash_draw, \(try plugin("crash_draw")))
            error: \(file.path): root.subviews[2]: -[HangingView drawRect:] did not return within 0.5 s and was stopped (plugin hang_draw, \(try plugin("hang_draw")))
            note: \(output.path) was written with 2 views marked as failed

            """)
        let image = try RasterImage(contentsOfPNG: output.path)

        // The same scene without the bad views, rendered in process.
        let goodFile = try writeScene(Self.scene(bad: false))
        let goodOutput = goodFile.deletingLastPathComponent().appendingPathComponent("good.png")
        let good = try easel(["render", goodFile.path, "-o", goodOutput.path] + pluginArguments())
        #expect(good.status == 0, "\(good.stderr)")
        let reference = try RasterImage(contentsOfPNG: goodOutput.path)
        #expect(image.width == 500 && image.height == 140)
        #expect(reference.width == image.width && reference.height == image.height)

        var differentOutside = 0
        var unmarkedInside = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let inside = Self.failedBoxes.contains { $0.0.contains(x) && $0.1.contains(y) }
                if inside {
                    // The mark covers the whole frame: pale red, hatched, nothing white.
                    let pixel = image.pixel(x: x, y: y)
                    if !(pixel.r > 200 && pixel.g < 250 && pixel.b < 250) { unmarkedInside += 1 }
                } else if image.pixel(x: x, y: y) != reference.pixel(x: x, y: y) {
                    differentOutside += 1
                }
            }
        }
        #expect(differentOutside == 0)
        #expect(unmarkedInside == 0)
        #expect(image.pixel(x: 40, y: 60) == RGBA(r: 32, g: 128, b: 255))    // the Swatch
        #expect(image.pixel(x: 384, y: 24) == RGBA(r: 255, g: 238, b: 0))    // the Dot's background, outside its circle
        #expect(image.pixel(x: 430, y: 70) == RGBA(r: 0, g: 0, b: 0))        // the Dot
        let red = RGBA(r: 219, g: 20, b: 20)
        for box in Self.failedBoxes {
            let center = (box.0.lowerBound + 50, box.1.lowerBound + 50)
            #expect(image.pixel(x: center.0, y: center.1).isClose(to: red, tolerance: 2))                       // the cross
            #expect(image.pixel(x: box.0.lowerBound + 1, y: box.1.lowerBound + 50).isClose(to: red, tolerance: 2))  // the border
        }
    }

    @Test("a scene rendered with --isolate is pixel-identical to one rendered without: PNG, SVG, standard output")
    func identical() throws {
        let demo = Fixtures.packageRoot.appendingPathComponent("Examples/demo.json").path
        let folder = try Fixtures.makeTemporaryDirectory("isolation-identical")
        for name in ["plain.png", "isolated.png", "plain.svg", "isolated.svg"] {
            let isolated = name.hasPrefix("isolated")
            let result = try easel(["render", demo, "-o", folder.appendingPathComponent(name).path] + (isolated ? ["--isolate"] : []))
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr == "")
        }
        let plain = try Data(contentsOf: folder.appendingPathComponent("plain.png"))
        #expect(try Data(contentsOf: folder.appendingPathComponent("isolated.png")) == plain)
        #expect(try RasterImage(contentsOfPNG: folder.appendingPathComponent("isolated.png").path)
                == RasterImage(contentsOfPNG: folder.appendingPathComponent("plain.png").path))
        #expect(try Data(contentsOf: folder.appendingPathComponent("isolated.svg"))
                == Data(contentsOf: folder.appendingPathComponent("plain.svg")))

        let process = Process()
        process.executableURL = try Fixtures.samplePluginsDirectory().appendingPathComponent("easel")
        process.arguments = ["render", demo, "-o", "-", "--isolate"]
        process.environment = ProcessInfo.processInfo.environment.merging([
            "EASEL_PLUGIN_PATH": "", "XDG_CACHE_HOME": try Fixtures.makeTemporaryDirectory("cache").path,
        ]) { _, new in new }
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(data == plain)
    }

    @Test("--keep-going with SVG: the good views in vectors and the failed views marked")
    func keepGoingSVG() throws {
        let file = try writeScene(Self.scene())
        let output = file.deletingLastPathComponent().appendingPathComponent("out.svg")
        let result = try easel(["render", file.path, "-o", output.path, "--isolate", "--keep-going", "--draw-timeout", "0.5"]
                               + pluginArguments())
        #expect(result.status == 1)
        #expect(result.stderr.hasSuffix("note: \(output.path) was written with 2 views marked as failed\n"))
        let text = try String(contentsOf: output, encoding: .utf8)
        #expect(text.hasPrefix("<?xml") && text.contains("<svg"))
        #expect(text.contains("fill:rgb(12.54902%,50.196078%,100%)"))   // the Swatch's #2080ff
        #expect(text.contains("stroke:rgb(86%,8%,8%)"))   // the mark's red
    }

    @Test("a crash outside any view's drawing names the phase; --keep-going cannot skip it and writes nothing")
    func crashOutsideDrawing() throws {
        let file = try writeScene(##"""
            { "canvas": { "size": [100, 100] },
              "root": { "subviews": [ { "class": "CrashingLayout", "frame": [0, 0, 50, 50] } ] } }
            """##)
        let output = file.deletingLastPathComponent().appendingPathComponent("out.png")
        let result = try easel(["render", file.path, "-o", output.path, "--isolate", "--keep-going"] + pluginArguments())
        #expect(result.status == 1)
        #expect(result.stderr == """
            error: \(file.path): while laying out the views: -[CrashingLayout layoutSubviews] crashed with SIGSEGV (segmentation fault) (plugin crash_more, \(try plugin("crash_more")))
            error: --keep-going skips views whose drawing fails; this failure happened outside a view's drawing, so \(output.path) was not written

            """)
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test("a crash in a delegate that a right-handed view's built-in drawRect: calls names the delegate's method")
    func crashInDelegate() throws {
        let file = try writeScene(##"""
            { "canvas": { "size": [100, 60], "background": "#ffffff" },
              "root": { "subviews": [
                { "class": "View", "frame": [5, 5, 90, 50], "subviews": [
                  { "class": "RHView", "frame": [10, 10, 40, 30], "delegate": { "class": "CrashingDelegate" } } ] } ] } }
            """##)
        let output = file.deletingLastPathComponent().appendingPathComponent("out.png")
        let result = try easel(["render", file.path, "-o", output.path, "--isolate", "--keep-going"] + pluginArguments())
        #expect(result.status == 1)
        #expect(result.stderr == """
            error: \(file.path): root.subviews[0].subviews[0]: -[CrashingDelegate drawView:inRect:inContext:] crashed with SIGSEGV (segmentation fault) (plugin crash_more, \(try plugin("crash_more")))
            note: \(output.path) was written with 1 view marked as failed

            """)
        let image = try RasterImage(contentsOfPNG: output.path)
        // The mark over the right-handed view's frame in root coordinates (15...55, 15...45), nothing elsewhere.
        #expect(image.pixel(x: 35, y: 30).isClose(to: RGBA(r: 219, g: 20, b: 20), tolerance: 2))
        #expect(image.pixel(x: 10, y: 10) == RGBA(r: 255, g: 255, b: 255))
        #expect(image.pixel(x: 60, y: 30) == RGBA(r: 255, g: 255, b: 255))
    }

    @Test("invoke --isolate: a crash names the class, selector and plugin; return values, output and usage errors as without it")
    func invoke() throws {
        let arguments = try pluginArguments()
        let crash = try easel(["invoke", "CrashingView", "drawRect:", "0,0,10,10", "--isolate"] + arguments)
        #expect(crash.status == 1)
        #expect(crash.signal == nil)
        #expect(crash.stderr == """
            error: -[CrashingView drawRect:] crashed with SIGSEGV (segmentation fault) (plugin crash_draw, \(try plugin("crash_draw")))

            """)

        let value = try easel(["invoke", "Swatch", "sizeThatFits:", "120,40", "--isolate"])
        #expect(value.status == 0)
        #expect(value.stdout == "{width: 40, height: 40}\n")
        #expect(value.stderr == "")

        let folder = try Fixtures.makeTemporaryDirectory("isolation-invoke")
        for (name, isolated) in [("plain.png", false), ("isolated.png", true)] {
            let result = try easel(["invoke", "Swatch", "drawRect:", "10,10,80,30", "--size", "100x50", "--scale", "2",
                                    "-o", folder.appendingPathComponent(name).path] + (isolated ? ["--isolate"] : []))
            #expect(result.status == 0, "\(result.stderr)")
        }
        #expect(try Data(contentsOf: folder.appendingPathComponent("isolated.png"))
                == Data(contentsOf: folder.appendingPathComponent("plain.png")))

        let usage = try easel(["invoke", "Swatch", "drawRect:", "--isolate"])
        #expect(usage.status == 2)
        #expect(usage.stderr == """
            error: -[Swatch drawRect:(CGRect)] takes 1 argument, 0 given
            usage: easel invoke Swatch drawRect: <CGRect {{10, 20}, {100, 50}}>

            """)
    }

    @Test("invoke --isolate --keep-going: a hanging call is stopped and the canvas is written marked as failed")
    func invokeHang() throws {
        let output = try Fixtures.makeTemporaryDirectory("isolation-invoke-hang").appendingPathComponent("out.png")
        let result = try easel(["invoke", "HangingView", "drawRect:", "0,0,40,20", "--size", "40x20", "-o", output.path,
                                "--isolate", "--keep-going", "--draw-timeout", "0.3"] + pluginArguments())
        #expect(result.status == 1)
        #expect(result.stderr == """
            error: -[HangingView drawRect:] did not return within 0.3 s and was stopped (plugin hang_draw, \(try plugin("hang_draw")))
            note: \(output.path) was written with the canvas marked as failed

            """)
        let image = try RasterImage(contentsOfPNG: output.path)
        #expect(image.width == 40 && image.height == 20)
        #expect(image.pixel(x: 1, y: 10).isClose(to: RGBA(r: 219, g: 20, b: 20), tolerance: 2))
    }

    @Test("--keep-going and --draw-timeout need --isolate, and --frames cannot be combined with it: usage errors")
    func usage() throws {
        let file = try writeScene(Self.scene(bad: false))
        let output = file.deletingLastPathComponent().appendingPathComponent("out.png").path
        let keepGoing = try easel(["render", file.path, "-o", output, "--keep-going"])
        #expect(keepGoing.status == 2)
        #expect(keepGoing.stderr.hasPrefix("Error: --keep-going needs --isolate (only a child process can survive a crashing plugin)\n"))
        let timeout = try easel(["invoke", "Swatch", "isRounded", "--draw-timeout", "3"])
        #expect(timeout.status == 2)
        #expect(timeout.stderr.hasPrefix("Error: --draw-timeout needs --isolate (only a child process can be stopped)\n"))
        let zero = try easel(["render", file.path, "-o", output, "--isolate", "--draw-timeout", "0"])
        #expect(zero.status == 2)
        #expect(zero.stderr.hasPrefix("Error: --draw-timeout must be a positive number of seconds; got 0.0\n"))
        let frames = try easel(["render", file.path, "-o", output, "--isolate", "--frames", output + ".frames"])
        #expect(frames.status == 2)
        #expect(frames.stderr.hasPrefix("Error: --frames cannot be combined with --isolate\n"))
    }

    @Test("without easel-plugin-scanner, the child process loads the plugin folders itself, still isolated")
    func withoutScanner() throws {
        let file = try writeScene(Self.scene())
        let output = file.deletingLastPathComponent().appendingPathComponent("out.png")
        let result = try easel(["render", file.path, "-o", output.path, "--isolate"] + pluginArguments(),
                               environment: ["EASEL_PLUGIN_PATH": "", "EASEL_PLUGIN_SCANNER": "/nonexistent/easel-plugin-scanner"])
        #expect(result.status == 1)
        #expect(result.stderr == """
            warning: the plugin scanner /nonexistent/easel-plugin-scanner is not an executable file; probing plugins in the isolated child process, without the cache
            error: \(file.path): root.subviews[1]: -[CrashingView drawRect:] crashed with SIGSEGV (segmentation fault) (plugin crash_draw, \(try plugin("crash_draw")))

            """)
    }

    @Test("the host survives: a good scene with --isolate --keep-going exits 0 and says nothing")
    func goodScene() throws {
        let file = try writeScene(Self.scene(bad: false))
        let output = file.deletingLastPathComponent().appendingPathComponent("out.png")
        let result = try easel(["render", file.path, "-o", output.path, "--isolate", "--keep-going"] + pluginArguments())
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(try RasterImage(contentsOfPNG: output.path).pixel(x: 40, y: 60) == RGBA(r: 32, g: 128, b: 255))
    }
}

@Suite("The pieces of isolated rendering, in process")
struct IsolationPartsTests {
    @Test("the flight recorder keeps nested calls, the view and the phase, and times the outermost call")
    func flightRecorder() throws {
        let memory = UnsafeMutableRawPointer.allocate(byteCount: FlightRecorder.byteCount, alignment: 8)
        defer { memory.deallocate() }
        let recorder = FlightRecorder(memory)
        recorder.reset()
        #expect(recorder.activeCall() == nil)
        recorder.setPhase("drawing")
        recorder.beginView(ordinal: 3, location: "root.subviews[2]", className: "RHView",
                           frame: easel_rect(x: 1, y: 2, width: 3, height: 4))
        recorder.beginCall(receiver: "RHView", selector: "drawRect:", plugin: nil)
        let outer = try #require(recorder.activeCall())
        recorder.beginCall(receiver: "Controller", selector: "drawView:inRect:inContext:", plugin: ("Ctl", "/p/libCtl.so"))
        recorder.beginCall(receiver: "Helper", selector: "helpWith:", plugin: ("Ctl", "/p/libCtl.so"))
        recorder.endCall()
        // Nested calls keep the outermost call's clock.
        #expect(recorder.activeCall()?.sequence == outer.sequence)
        #expect(recorder.activeCall()?.started == outer.started)
        let snapshot = recorder.snapshot()
        #expect(snapshot.phase == "drawing")
        #expect(snapshot.calls.map(\.selector) == ["drawRect:", "drawView:inRect:inContext:"])
        let culprit = try #require(snapshot.culprit)
        #expect([culprit.receiver, culprit.selector, culprit.pluginName, culprit.pluginPath]
                == ["Controller", "drawView:inRect:inContext:", "Ctl", "/p/libCtl.so"])
        let view = try #require(snapshot.view)
        #expect(view.ordinal == 3 && view.location == "root.subviews[2]" && view.className == "RHView")
        #expect(view.frame == easel_rect(x: 1, y: 2, width: 3, height: 4))
        recorder.endCall()
        recorder.endCall()
        recorder.endView()
        #expect(recorder.activeCall() == nil)
        #expect(recorder.snapshot().view == nil)
        recorder.beginCall(receiver: "Next", selector: "drawRect:", plugin: nil)
        #expect(recorder.activeCall()?.sequence == outer.sequence + 1)
    }

    @Test("a render observer sees every drawing call in order and skips the ones it is told to, marking them")
    func renderObserver() throws {
        let registry = try sampleRegistry()
        let root = try registry.makeView(ofClass: "View", frame: cgRect(0, 0, 90, 30))
        root.backgroundColor = easel_color(red: 1, green: 1, blue: 1, alpha: 1)
        var swatches: [View] = []
        for index in 0..<3 {
            let swatch = try registry.makeView(ofClass: "Swatch", frame: cgRect(Double(index) * 30 + 5, 5, 20, 20))
            try root.addSubview(swatch)
            swatches.append(swatch)
        }
        let memory = UnsafeMutableRawPointer.allocate(byteCount: FlightRecorder.byteCount, alignment: 8)
        defer { memory.deallocate() }
        let recorder = FlightRecorder(memory)
        recorder.reset()
        let observer = RecordingRenderObserver(recorder, skipping: [2]) { view in "view \(swatches.firstIndex { $0 === view } ?? -1)" }
        let layout = try Canvas.rasterLayout(width: 90, height: 30, scale: 1)
        #expect(layout.pixelWidth == 90 && layout.pixelHeight == 30 && layout.bytesPerRow == 360)
        let pixels = UnsafeMutableRawPointer.allocate(byteCount: layout.byteCount, alignment: 16)
        defer { pixels.deallocate() }
        pixels.initializeMemory(as: UInt8.self, repeating: 0, count: layout.byteCount)
        let canvas = try Canvas(width: 90, height: 30, scale: 1, pixels: pixels)
        let report = try root.render(into: canvas, observer: observer)
        #expect(report.drawnViews.map { ObjectIdentifier($0) } == [swatches[0], swatches[2]].map { ObjectIdentifier($0) })
        #expect(observer.marked == [2])
        #expect(recorder.snapshot().view == nil)
        // Another canvas over the same pixels holds the same drawing.
        let image = try Canvas(width: 90, height: 30, scale: 1, pixels: pixels).rasterImage()
        #expect(image == (try canvas.rasterImage()))
        #expect(image.pixel(x: 45, y: 15).isClose(to: RGBA(r: 219, g: 20, b: 20), tolerance: 2))   // the mark's cross
        #expect(image.pixel(x: 15, y: 15) == image.pixel(x: 75, y: 15))                           // both swatches drew
        #expect(image.pixel(x: 15, y: 15) != RGBA(r: 255, g: 255, b: 255))
    }
}

@Suite("The isolated worker loads exactly the bytes it checked")
struct IsolatedLoadingTests {
    @Test("plugin files swapped between listed and unlisted bytes during easel render --isolate never run the unlisted bytes")
    func swapWhileRendering() throws {
        let root = try Fixtures.makeTemporaryDirectory("isolate-swap")
        chmod(root.path, 0o755)
        let scratch = root.appendingPathComponent("scratch"), plugins = root.appendingPathComponent("plugins")
        for folder in [scratch, plugins] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            chmod(folder.path, 0o755)
        }
        let marker = root.appendingPathComponent("marker.txt")
        let (good, evil) = try swapVariants(scratch, marker: marker)
        let listFile = root.appendingPathComponent("allow-list")
        let digest = try Fixtures.run(try Fixtures.executable(named: "sha256sum"), [good.path]).stdout.prefix(64)
        try Data("\(digest)  good.so\n".utf8).write(to: listFile)
        chmod(listFile.path, 0o644)
        let targets = try swapTargets(24, plugins: plugins, scratch: scratch, good: good, evil: evil)
        let scene = try writeScene(##"{ "canvas": { "size": [8, 8], "scale": 1, "background": "#ffffff" }, "root": { "subviews": [] } }"##)
        let swapper = Swapper(scratch: scratch)
        swapper.swap(targets)
        defer { swapper.stop() }
        for run in 0..<3 {
            let output = root.appendingPathComponent("out\(run).png")
            let result = try easel(["render", scene.path, "-o", output.path, "--isolate", "--no-cache",
                                    "--plugins", plugins.path, "--allow-list", listFile.path])
            #expect(result.status == 0, "\(result.stderr)")
            for line in result.stderr.split(separator: "\n") {
                // Each file either ran the listed bytes (the first defines Swapped, the others repeat it) or was refused.
                #expect(line.contains(": not in the allow-list ") || line.contains("'Swapped'"), "\(line)")
            }
        }
        #expect(markerText(marker) == "")
    }
}

@Suite("The isolated worker applies folder trust when it lists folders itself")
struct IsolatedFolderTrustTests {
    @Test("without a scanner, the worker refuses a plugin folder writable by others, as easel would")
    func writableFolderWithoutScanner() throws {
        let folder = try Fixtures.makeTemporaryDirectory("isolate-writable")
        let dot = try Fixtures.buildFixture("good_extra", into: folder)
        chmod(dot.path, 0o755)
        chmod(folder.path, 0o777)
        let scene = try writeScene(##"{ "canvas": { "size": [8, 8], "scale": 1, "background": "#ffffff" }, "root": { "subviews": [] } }"##)
        let output = scene.deletingLastPathComponent().appendingPathComponent("out.png")
        let result = try easel(["render", scene.path, "-o", output.path, "--isolate", "--plugins", folder.path],
                               environment: ["EASEL_PLUGIN_PATH": "", "EASEL_PLUGIN_SCANNER": "/nonexistent/easel-plugin-scanner"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("warning: \(folder.path): the plugin folder is writable by others (mode 0777); a plugin folder must be writable only by its owner: chmod go-w \(folder.path), or pass --allow-writable-plugins to load it anyway\n"),
                "\(result.stderr)")
    }
}
