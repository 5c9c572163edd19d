import EaselDiscovery
import EaselRuntime
import EaselViews
import EaselIsolation
@testable import EaselSession
import EaselTestSupport
import Foundation
import Testing

@Suite("The session: plugin environment, scene renderer, invoke, errors with context")
struct SessionTests {
    /// A session on the sample plugins, loaded in this process, and the lines it reports.
    func sampleSession() throws -> (Session, ReportedLines) {
        let lines = ReportedLines()
        let plugins = PluginEnvironment(folders: [try Fixtures.samplePluginsDirectory().path])
        return (Session(plugins: plugins, report: lines.append), lines)
    }

    /// A scene file with `text` in a fresh folder.
    func sceneFile(_ label: String, _ text: String) throws -> String {
        try writeScene(text, label: label).path
    }

    @Test("flags win over variables; --plugins folders come before EASEL_PLUGIN_PATH; --no-cache means no cache")
    func environmentFromSettings() {
        let variables = ["EASEL_PLUGIN_PATH": "/b:/c", "EASEL_SCAN_TIMEOUT": "7", "EASEL_ALLOW_LIST": "/env.sha256",
                         "XDG_CACHE_HOME": "/tmp/xdg"]
        let plain = PluginEnvironment(PluginSettings(folders: ["/a"]), variables: variables)
        #expect(plain.folders == ["/a", "/b", "/c"])
        #expect(plain.timeLimit == 7)
        #expect(plain.allowListPath == "/env.sha256")
        #expect(plain.cache?.directory == "/tmp/xdg/easel")
        #expect(!plain.allowsWritable)

        let flagged = PluginEnvironment(
            PluginSettings(folders: ["/a"], noCache: true, scanTimeout: 2, allowWritable: true, allowList: "/flag.sha256"),
            variables: variables)
        #expect(flagged.cache == nil)
        #expect(flagged.timeLimit == 2)
        #expect(flagged.allowListPath == "/flag.sha256")
        #expect(flagged.allowsWritable)
    }

    @Test("an allow-list that cannot be read is a thrown error naming the file, not an exit")
    func unreadableAllowList() {
        let missing = "/nonexistent-\(getpid())/plugins.sha256"
        let environment = PluginEnvironment(PluginSettings(allowList: missing), variables: [:])
        #expect {
            _ = try environment.trust()
        } throws: { error in
            (error as? SessionError)?.file == missing && (error as? SessionError)?.message.contains(missing) == true
        }
    }

    @Test("a scene with an unknown class fails with the file and the JSON path")
    func sceneErrorContext() throws {
        let (session, _) = try sampleSession()
        let path = try sceneFile("session-bad-scene", """
            { "canvas": { "size": [100, 80] }, "root": { "subviews": [ { "class": "NoSuchWidget", "frame": [0, 0, 10, 10] } ] } }
            """)
        let error = try #require(throws: SessionError.self) { try session.render(scene: path, options: RenderOptions()) }
        #expect(error.file == path)
        #expect(error.jsonPath == "root.subviews[0].class")
        #expect(error.message.hasPrefix("\(path): root.subviews[0].class: unknown class 'NoSuchWidget'"))
    }

    @Test("the scene is read on a second thread while the plugins load: a JSON error still names the file; the stages do not overlap")
    func sceneReadAhead() throws {
        // BackgroundWork: the work runs on another thread, and its value is taken once.
        let caller = pthread_self()
        let work = BackgroundWork { pthread_equal(pthread_self(), caller) == 0 ? 42 : -1 }
        #expect(work.finish() == 42)

        let (session, _) = try sampleSession()
        let broken = try sceneFile("session-read-ahead", #"{ "canvas": { "size": [100, 80] }, "root": { "#)
        let error = try #require(throws: SessionError.self) { try session.render(scene: broken, options: RenderOptions()) }
        #expect(error.file == broken)
        #expect(error.message.hasPrefix("\(broken): "), "\(error.message)")

        let good = try sceneFile("session-read-ahead-good", """
            { "canvas": { "size": [100, 80] }, "root": { "subviews": [ { "class": "Label", "frame": [0, 0, 100, 20],
              "properties": { "text": "read ahead" } } ] } }
            """)
        let start = DispatchTime.now().uptimeNanoseconds
        let outcome = try session.render(scene: good, options: RenderOptions())
        let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        let canvas = try #require(outcome.canvas)
        #expect(canvas.width == 100)
        // scene counts only what this thread waited for the read: the stages add up to no more than the render took.
        let times = outcome.times
        #expect(times.load > 0 && times.draw > 0 && times.scene >= 0)
        #expect(times.load + times.scene + times.layout + times.draw + times.encode <= wall)
    }

    @Test("a render without an output keeps the canvas; the frames folder gets one PNG per step and the first")
    func renderToMemoryAndFrames() throws {
        let (session, lines) = try sampleSession()
        let path = try sceneFile("session-scene", """
            { "canvas": { "size": [120, 60], "scale": 1, "background": "#ffffff" },
              "root": { "subviews": [ { "class": "Swatch", "id": "s", "frame": [10, 10, 40, 40] } ] },
              "steps": [ { "resize": "s", "frame": [10, 10, 80, 40] } ] }
            """)
        let outcome = try session.render(scene: path, options: RenderOptions())
        #expect(lines.lines == [] && outcome.diagnostics == [] && !outcome.failed)
        let image = try #require(outcome.canvas).rasterImage()
        #expect(image.width == 120 && image.height == 60)

        let frames = try Fixtures.makeTemporaryDirectory("session-frames").appendingPathComponent("frames")
        _ = try session.render(scene: path, options: RenderOptions(frames: frames.path))
        let written = try FileManager.default.contentsOfDirectory(atPath: frames.path).sorted()
        #expect(written == ["frame-000.png", "frame-001.png"])
    }

    @Test("invoke: a usage error carries the class, the selector and the expected form")
    func invokeUsageError() throws {
        let (session, _) = try sampleSession()
        let error = try #require(throws: SessionError.self) {
            try session.invoke(InvokeRequest(className: "Swatch", selector: "drawRect:", arguments: []))
        }
        #expect(error.isUsageError)
        #expect(error.className == "Swatch" && error.selector == "drawRect:")
        #expect(error.message == "-[Swatch drawRect:(CGRect)] takes 1 argument, 0 given")
        #expect(error.usage == "easel invoke Swatch drawRect: <CGRect {{10, 20}, {100, 50}}>")
    }

    @Test("invoke: the return value as text")
    func invokeReturnValue() throws {
        let (session, _) = try sampleSession()
        let outcome = try session.invoke(InvokeRequest(className: "Swatch", selector: "sizeThatFits:", arguments: ["120,40"]))
        #expect(outcome.returnValue == "{width: 40, height: 40}")
        #expect(!outcome.failed)
    }

    @Test("output targets: - is standard output (PNG); .svg and .pdf are vectors, whatever the case")
    func outputTargets() {
        #expect(OutputTarget("-") == .standardOutput && OutputTarget("-").isPNG)
        #expect(OutputTarget("a.PNG").isPNG)
        #expect(OutputTarget("a.Svg").vectorFormat == .svg)
        #expect(OutputTarget("a.pdf").vectorFormat == .pdf)
    }

    @Test("the worker's reply survives its JSON line, failure included")
    func workerReplyRoundTrip() throws {
        var reply = WorkerReply()
        reply.failure = .init(message: "bad", usage: "easel invoke X y:", isUsageError: true)
        reply.diagnostics = ["note: hello"]
        reply.marked = [3]
        let decoded = try JSONDecoder().decode(WorkerReply.self, from: JSONEncoder().encode(reply))
        #expect(decoded.failure == reply.failure && decoded.diagnostics == reply.diagnostics && decoded.marked == [3])
    }
}
