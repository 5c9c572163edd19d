import EaselGraphicsCore
import EaselTestSupport
import Foundation
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The render workers `easel preview` runs: each child's process id and whether it is the spare
/// (`easel isolated-worker --spare`, started up and waiting for a request).
private func workers(of pid: Int32) -> [(pid: Int32, spare: Bool)] {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
    var result: [(Int32, Bool)] = []
    for task in tasks {
        let children = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? ""
        for child in children.split(separator: " ").compactMap({ Int32($0) }) {
            guard let data = FileManager.default.contents(atPath: "/proc/\(child)/cmdline") else { continue }
            let arguments = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            guard arguments.contains("isolated-worker") else { continue }
            result.append((child, arguments.contains("--spare")))
        }
    }
    return result
}

/// A 100 × 20 white scene whose 10 × 10 box (in `color`) moves from x 0 to x 80 during the first second of its timeline.
private func movingBox(_ color: String) -> String {
    ##"""
    { "canvas": { "size": [100, 20], "scale": 1, "background": "#ffffff" },
      "root": { "subviews": [ { "class": "View", "id": "box", "frame": [0, 0, 10, 10], "backgroundColor": "\##(color)" } ] },
      "steps": [ { "at": 0, "animate": { "view": "box", "duration": 1, "curve": "linear", "set": { "center": [85, 5] } } } ] }
    """##
}

/// `easel preview` of a scene with one CrashingView, from a crash_draw.so (copied into a folder of its
/// own) whose drawRect: sleeps 1.2 s and then writes through NULL: the server and the plugin file.
private func slowCrashingPreview(_ name: String) throws -> (PreviewProcess, URL) {
    let plugins = try Fixtures.makeTemporaryDirectory(name)
    let plugin = plugins.appendingPathComponent("crash_draw.so")
    let slow = try Fixtures.buildFixture("crash_draw", into: try Fixtures.makeTemporaryDirectory("\(name)-slow"),
                                         linkArguments: ["-DSLOW_MS=1200"])
    try FileManager.default.copyItem(at: slow, to: plugin)
    let scene = try writeScene(##"""
        { "canvas": { "size": [40, 20], "scale": 1, "background": "#ffffff" },
          "root": { "subviews": [ { "class": "CrashingView", "frame": [0, 0, 20, 20] } ] } }
        """##)
    return (try PreviewProcess(scene: scene, plugins: [plugins]), plugin)
}

@Suite("easel preview's workers: a saved scene is rebuilt in the running worker, a changed plugin goes to a spare one")
struct LiveWorkerTests {
    @Test("""
        a saved scene is built again in the running worker (the same process), its timeline from 0 to its end; \
        a spare worker waits, and a plugin added to a plugin folder is loaded by it (it becomes the worker, a new spare starts)
        """)
    func workersAcrossChanges() throws {
        let plugins = try Fixtures.makeTemporaryDirectory("preview-spare-plugins")
        let tint = try Fixtures.buildFixture("preview_tint", into: try Fixtures.makeTemporaryDirectory("preview-spare-tint"))
        let scene = try writeScene(movingBox("#ff0000"))
        let preview = try PreviewProcess(scene: scene, plugins: [plugins])
        let first = try preview.status(after: 0)
        #expect(first["state"] as? String == "ok", "\(first)")
        var frame = try RasterImage(pngData: try preview.get("/frame.png?token=\(preview.token)").body)
        #expect(frame.pixel(x: 85, y: 5) == RGBA(r: 255, g: 0, b: 0))   // the box at the end of its move
        #expect(frame.pixel(x: 5, y: 5) == RGBA(r: 255, g: 255, b: 255))
        let pid = preview.process.processIdentifier
        #expect(waitUntil(20) { workers(of: pid).count == 2 }, "\(workers(of: pid))")
        let live = try #require(workers(of: pid).first { !$0.spare }).pid
        let spare = try #require(workers(of: pid).first { $0.spare }).pid

        // The scene saved: the same worker builds it again; its clock starts again at 0, so the
        // box moves again and ends at x 80 (a clock left at 1 s would leave it at the start).
        try replaceFile(scene, with: movingBox("#0000ff"))
        let second = try preview.status(after: first["generation"] as? Int ?? 0)
        #expect(second["state"] as? String == "ok", "\(second)")
        frame = try RasterImage(pngData: try preview.get("/frame.png?token=\(preview.token)").body)
        #expect(frame.pixel(x: 85, y: 5) == RGBA(r: 0, g: 0, b: 255))
        #expect(frame.pixel(x: 5, y: 5) == RGBA(r: 255, g: 255, b: 255))
        #expect(workers(of: pid).map(\.pid).sorted() == [live, spare].sorted())

        // A plugin added: the spare loads the plugins as they are now and draws; a new spare starts.
        try FileManager.default.copyItem(at: tint, to: plugins.appendingPathComponent("preview_tint.so"))
        let third = try preview.status(after: second["generation"] as? Int ?? 0)
        #expect(third["state"] as? String == "ok", "\(third)")
        // (The former spare keeps its command line, --spare included.)
        #expect(waitUntil(20) { workers(of: pid).count == 2 && workers(of: pid).contains { $0.pid != live && $0.pid != spare } },
                "\(workers(of: pid))")
        let after = workers(of: pid).map(\.pid)
        #expect(after.contains(spare))
        #expect(!after.contains(live))
        #expect(waitUntil(5) { kill(live, 0) != 0 })   // the old worker is gone
    }

    @Test("""
        a worker that fails after its plugin file was rewritten in place under it (cp over a loaded .so) is not \
        reported: the scene renders again with the file as it is, and that render's own failure is shown
        """)
    func failureUnderARewrittenPlugin() throws {
        let (preview, plugin) = try slowCrashingPreview("preview-rewritten")
        let pid = preview.process.processIdentifier
        // While the first worker sleeps in drawRect:, the file is written again in place, same bytes
        // (truncated, written, closed: as cp does): its time changes, the code does not.
        #expect(waitUntil(20) { workers(of: pid).contains { !$0.spare } }, "stderr: \(preview.stderr)")
        usleep(300_000)
        try overwrite(plugin, with: try Data(contentsOf: plugin))

        // The first render's crash is set aside; the second, with the file as it is now, crashes on its own and is shown.
        let status = try preview.status(after: 0)
        #expect(status["state"] as? String == "failed", "\(status)")
        #expect(status["generation"] as? Int == 2, "\(status)")
        let failure = status["failure"] as? [String: Any] ?? [:]
        #expect(failure["reason"] as? String == "crashed with SIGSEGV (segmentation fault)", "\(status)")
        #expect(failure["class"] as? String == "CrashingView")
        #expect(failure["pluginFile"] as? String == plugin.path, "\(failure)")
        let log = preview.stderr
        #expect(log.contains("preview: a render failed after \(plugin.path) changed under it; not shown, the scene renders again"), "\(log)")
        #expect(!log.contains("preview: render 1 failed"), "\(log)")
        #expect(log.contains("preview: render 2 failed"), "\(log)")
    }

    @Test("""
        a plugin file rewritten in place again and again while every render crashes: three failures are set aside, \
        the fourth is shown (the scene does not keep rendering forever)
        """)
    func failuresSetAsideAtMostThreeTimes() throws {
        let (preview, plugin) = try slowCrashingPreview("preview-rewritten-often")
        let bytes = try Data(contentsOf: plugin)
        // The same bytes written in place every 0.3 s until a failure is shown: each render (1.2 s) sees its file change.
        let stop = Atomic<Bool>(false)
        let writer = Thread {
            while !stop.load(ordering: .relaxed) {
                try? overwrite(plugin, with: bytes)
                usleep(300_000)
            }
        }
        writer.start()
        defer { stop.store(true, ordering: .relaxed) }
        let status = try preview.status(after: 0, seconds: 40)
        stop.store(true, ordering: .relaxed)
        #expect(status["state"] as? String == "failed", "\(status)")
        #expect(status["generation"] as? Int == 4, "\(status)")
        let failure = status["failure"] as? [String: Any] ?? [:]
        // The fourth render is shown whatever it met: its crash, or its file caught half written
        // (the writer does not stop for it), which fails the load and names the file.
        let crashed = failure["reason"] as? String == "crashed with SIGSEGV (segmentation fault)"
        let caughtWriting = (failure["message"] as? String)?.hasPrefix(plugin.path + ": ") == true && failure["kind"] as? String == "load"
        #expect(crashed || caughtWriting, "\(status)")
        let log = preview.stderr
        #expect(log.components(separatedBy: "preview: a render failed after \(plugin.path) changed under it; not shown").count - 1 == 3, "\(log)")
        #expect(log.contains("preview: render 4 failed"), "\(log)")
    }
}
