import EaselTestSupport
import Foundation
import Testing

/// `easel preview` checks its arguments and becomes `easel-preview`, the server's own executable.
@Suite("easel preview hands over to easel-preview")
struct PreviewLaunchTests {
    @Test("without easel-preview beside easel, the preview names the file it could not start (exit 1)")
    func missingServer() throws {
        let folder = try Fixtures.makeTemporaryDirectory("lone-easel")
        defer { try? FileManager.default.removeItem(at: folder) }
        let easel = folder.appendingPathComponent("easel")
        try FileManager.default.copyItem(at: try Fixtures.samplePluginsDirectory().appendingPathComponent("easel"), to: easel)
        let scene = folder.appendingPathComponent("scene.json")
        try Data(#"{"canvas": {"size": [10, 10]}}"#.utf8).write(to: scene)
        let result = try Fixtures.run(easel, ["preview", scene.path])
        #expect(result.status == 1)
        #expect(result.stderr == "error: easel preview: cannot start \(folder.path)/easel-preview: No such file or directory\n")
        #expect(result.stdout.isEmpty)
        // Its arguments are checked before: a usage error does not need the server.
        let usage = try Fixtures.run(easel, ["preview", scene.path, "--port", "70000"])
        #expect(usage.status == 2)
        #expect(usage.stderr.contains("--port must be between 0 and 65535; got 70000"), "\(usage.stderr)")
    }

    @Test("easel-preview started by hand, not by easel preview, says so (exit 2)")
    func startedByHand() throws {
        let server = try Fixtures.samplePluginsDirectory().appendingPathComponent("easel-preview")
        let none = try Fixtures.run(server, [])
        #expect(none.status == 2)
        #expect(none.stderr == "error: easel-preview is started by `easel preview`, with one argument; run `easel preview --help`\n")
        let wrong = try Fixtures.run(server, ["demo.json"])
        #expect(wrong.status == 2)
        #expect(wrong.stderr.hasPrefix("error: easel-preview is started by `easel preview`; its argument is not a launch: "),
                "\(wrong.stderr)")
    }
}
