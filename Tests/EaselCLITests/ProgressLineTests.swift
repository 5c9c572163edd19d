import EaselTestSupport
import Foundation
import Testing

/// Runs the built `easel` with its standard error on a pseudo-terminal (Python's `pty`); returns
/// the exit status and what it wrote there (standard output goes to /dev/null).
func easelOnTerminal(_ arguments: [String], label: String) throws -> (status: Int32, terminal: String) {
    let easel = try Fixtures.samplePluginsDirectory().appendingPathComponent("easel")
    let program = """
        import os, pty, subprocess, sys
        master, slave = pty.openpty()
        child = subprocess.Popen(sys.argv[1:], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=slave)
        os.close(slave)
        data = b""
        while True:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                break
            if not chunk:
                break
            data += chunk
        sys.stdout.buffer.write(data)
        sys.exit(child.wait())
        """
    let cache = try Fixtures.makeTemporaryDirectory("\(label)-cache")
    let result = try Fixtures.run(URL(fileURLWithPath: "/usr/bin/python3"), ["-c", program, easel.path] + arguments,
                                  environment: ["EASEL_PLUGIN_PATH": "", "XDG_CACHE_HOME": cache.path,
                                                "EASEL_ALLOW_WRITABLE_PLUGINS": "", "EASEL_ALLOW_LIST": ""],
                                  timeout: 120)
    return (result.status, result.stdout)
}

@Suite("Progress on a terminal for the gallery and animations; none when standard error is piped")
struct ProgressLineTests {
    let erase = "\r\u{1B}[K"

    @Test("easel gallery on a terminal: [i/n] and each class, then the sheet, erased at the end")
    func galleryOnTerminal() throws {
        let folder = try Fixtures.makeTemporaryDirectory("progress-gallery")
        let (status, terminal) = try easelOnTerminal(
            ["gallery", "--cell", "60x40", "--scale", "1", "-o", folder.appendingPathComponent("sheet.png").path],
            label: "progress-gallery")
        #expect(status == 0, "\(terminal)")
        #expect(terminal.hasPrefix("\(erase)[1/"), "\(terminal.debugDescription)")
        #expect(terminal.contains("] Swatch\(erase)"), "\(terminal.debugDescription)")
        // The last count is the number of classes: "[n/n] drawing the sheet", then the line is erased.
        let last = try #require(terminal.components(separatedBy: erase).dropLast().last)
        let counts = last.dropFirst().prefix { $0 != "]" }.split(separator: "/")
        #expect(counts.count == 2 && counts[0] == counts[1] && last.hasSuffix("] drawing the sheet"), "\(last)")
        #expect(terminal.hasSuffix(erase), "\(terminal.debugDescription)")
    }

    @Test("easel render --duration on a terminal: one line per frame")
    func animationOnTerminal() throws {
        let scene = try writeScene(##"{"canvas": {"size": [20, 20]}, "root": {"backgroundColor": "#3366cc"}}"##, label: "progress-anim")
        let output = scene.deletingLastPathComponent().appendingPathComponent("frames/%02d.png")
        let (status, terminal) = try easelOnTerminal(["render", scene.path, "--duration", "0.3", "--fps", "10", "-o", output.path],
                                                     label: "progress-anim")
        #expect(status == 0, "\(terminal)")
        #expect(terminal == "\(erase)[1/3] frame 1 of \(scene.path)\(erase)[2/3] frame 2 of \(scene.path)"
                + "\(erase)[3/3] frame 3 of \(scene.path)\(erase)", "\(terminal.debugDescription)")
    }

    @Test("piped, standard error stays empty", arguments: [["gallery"], ["render", "--duration"]])
    func piped(command: [String]) throws {
        let scene = try writeScene(#"{"canvas": {"size": [20, 20]}, "root": {}}"#, label: "progress-piped")
        let folder = scene.deletingLastPathComponent()
        let arguments = command == ["gallery"]
            ? ["gallery", "--cell", "60x40", "--scale", "1", "-o", folder.appendingPathComponent("sheet.png").path]
            : ["render", scene.path, "--duration", "0.3", "--fps", "10", "-o", folder.appendingPathComponent("anim.gif").path]
        let result = try easel(arguments)
        #expect(result.status == 0)
        #expect(result.stderr == "", "\(result.stderr.debugDescription)")
    }
}
