import EaselGraphicsCore
import EaselCanvas
import EaselTestSupport
import Foundation
import Testing

/// `unruly_draw.so` (views that print, flood standard output, exit, fork) in a folder of its own, built once.
private let unrulyFolder: Result<URL, FixtureError> = {
    do {
        let folder = try Fixtures.makeTemporaryDirectory("unruly-plugins")
        _ = try Fixtures.buildFixture("unruly_draw", into: folder)
        return .success(folder)
    } catch let error as FixtureError {
        return .failure(error)
    } catch {
        return .failure(FixtureError("cannot build unruly_draw: \(error)"))
    }
}()

/// The eight bytes every PNG starts with.
private let pngSignature = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
/// The last twelve bytes of every PNG: the empty IEND chunk and its CRC.
private let pngEnd = Data([0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])

@Suite("output integrity, exit status and write errors")
struct OutputIntegrityTests {
    func plugins() throws -> [String] {
        let folder = try unrulyFolder.get()
        return ["--plugins", folder.path]
    }

    func pluginPath() throws -> String { try unrulyFolder.get().appendingPathComponent("unruly_draw.so").path }

    /// A 40x20 scene with one view of `className` at (0, 0, 20, 20), on white.
    func scene(_ className: String) throws -> URL {
        try writeScene(##"""
            { "canvas": { "size": [40, 20], "scale": 1, "background": "#ffffff" },
              "root": { "subviews": [ { "class": "\##(className)", "frame": [0, 0, 20, 20] } ] } }
            """##, label: "unruly")
    }

    /// Checks that `bytes` are exactly one PNG of the scene: signature first, IEND last, green where the view drew.
    func expectOnlyTheImage(_ bytes: Data) throws {
        #expect(bytes.prefix(8) == pngSignature)
        #expect(bytes.suffix(12) == pngEnd)
        let image = try RasterImage(pngData: Array(bytes))
        #expect(image.width == 40 && image.height == 20)
        #expect(image.pixel(x: 10, y: 10) == RGBA(r: 0, g: 255, b: 0))
        #expect(image.pixel(x: 30, y: 10) == RGBA(r: 255, g: 255, b: 255))
    }

    @Test("-o -: what a plugin printfs while drawing goes to standard error, never into the PNG")
    func printfStaysOutOfTheImage() throws {
        let result = try easel(["render", try scene("PrintingView").path, "-o", "-"] + plugins())
        #expect(result.status == 0, "\(result.stderr)")
        try expectOnlyTheImage(result.stdoutBytes)
        #expect(result.stderr == "PrintingView was here\n")
    }

    @Test("-o -: 4 MiB a plugin writes while drawing go to standard error, not in front of the PNG")
    func floodStaysOutOfTheImage() throws {
        let result = try easel(["render", try scene("FloodView").path, "-o", "-"] + plugins())
        #expect(result.status == 0)
        try expectOnlyTheImage(result.stdoutBytes)
        #expect(result.stderr.utf8.count == 4 << 20)
        #expect(result.stderr.utf8.allSatisfy { $0 == UInt8(ascii: "F") })
    }

    @Test("exit(0) in drawRect: is an error naming the class, selector, plugin and stage; status 1, nothing written")
    func exitInDrawRect() throws {
        let file = try scene("ExitingView")
        let output = file.deletingLastPathComponent().appendingPathComponent("out.png")
        for target in [output.path, "-"] {
            let result = try easel(["render", file.path, "-o", target] + plugins())
            #expect(result.status == 1)
            #expect(result.stderr == """
                error: -[ExitingView drawRect:] (plugin unruly_draw, \(try pluginPath())) called exit(0) while drawing; the command did not finish

                """)
            #expect(result.stdoutBytes.isEmpty)
        }
        #expect(!FileManager.default.fileExists(atPath: output.path))
        let invoked = try easel(["invoke", "ExitingView", "drawRect:", "0,0,10,10"] + plugins())
        #expect(invoked.status == 1)
        #expect(invoked.stderr == """
            error: -[ExitingView drawRect:] (plugin unruly_draw, \(try pluginPath())) called exit(0) while invoking; the command did not finish

            """)
    }

    @Test("_exit(3) cannot be caught in-process; with --isolate it is an error naming the view, class, selector and plugin")
    func quickExit() throws {
        let file = try scene("QuickExitView")
        let output = file.deletingLastPathComponent().appendingPathComponent("out.png")
        let result = try easel(["render", file.path, "-o", output.path, "--isolate"] + plugins())
        #expect(result.status == 1)
        #expect(result.stderr == """
            error: \(file.path): root.subviews[0]: -[QuickExitView drawRect:] made the process exit with status 3 (plugin unruly_draw, \(try pluginPath()))

            """)
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test("a full standard output is an error with the system's reason and status 1: render -o -, list, invoke, cache path")
    func fullStandardOutput() throws {
        let file = try scene("PrintingView")
        let render = try easel(["render", file.path, "-o", "-"] + plugins(), standardOutput: "/dev/full")
        #expect(render.signal == nil)
        #expect(render.status == 1)
        #expect(render.stderr == "PrintingView was here\nerror: write error: No space left on device\n")

        // Listing from a scan, then from the last listing kept in the cache (the second run).
        let cache = try Fixtures.makeTemporaryDirectory("full-list-cache").path
        let environment = ["EASEL_PLUGIN_PATH": "", "XDG_CACHE_HOME": cache]
        let scanned = try easel(["list"] + plugins(), environment: environment)
        #expect(scanned.status == 0 && scanned.stdout.contains("PrintingView"))
        let cached = try easel(["list"] + plugins(), environment: environment, standardOutput: "/dev/full")
        let fresh = try easel(["list", "--no-cache", "--json"] + plugins(), standardOutput: "/dev/full")
        let invoke = try easel(["invoke", "Swatch", "sizeThatFits:", "120,40"], standardOutput: "/dev/full")
        let path = try easel(["cache", "path"], standardOutput: "/dev/full")
        for result in [cached, fresh, invoke, path] {
            #expect(result.status == 1)
            #expect(result.stderr == "error: write error: No space left on device\n")
        }
    }

    @Test("an output that cannot be written names the file and the system's reason, and leaves no temporary file")
    func unwritableOutput() throws {
        let file = try scene("PrintingView")
        let missing = try easel(["render", file.path, "-o", "/no/such/dir/x.png"] + plugins())
        #expect(missing.status == 1)
        #expect(missing.stderr == "PrintingView was here\nerror: cannot write '/no/such/dir/x.png': No such file or directory\n")

        let folder = try Fixtures.makeTemporaryDirectory("unwritable")
        let directory = folder.appendingPathComponent("taken.svg")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        let taken = try easel(["render", file.path, "-o", directory.path] + plugins())
        #expect(taken.status == 1)
        #expect(taken.stderr.hasSuffix("error: cannot write '\(directory.path)': Is a directory\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["taken.svg"])
    }

    @Test("an output file is replaced whole by a rename: a hard link to the old file keeps the old bytes")
    func replacedByRename() throws {
        let file = try scene("PrintingView")
        let folder = file.deletingLastPathComponent()
        let output = folder.appendingPathComponent("out.png")
        let link = folder.appendingPathComponent("old.png")
        try Data("old".utf8).write(to: output)
        try FileManager.default.linkItem(at: output, to: link)
        let result = try easel(["render", file.path, "-o", output.path] + plugins())
        #expect(result.status == 0)
        try expectOnlyTheImage(try Data(contentsOf: output))
        #expect(try Data(contentsOf: link) == Data("old".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["old.png", "out.png", "scene.json"])
        // The mode of a new file: 0666 less the umask (easel's is this process's).
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let umaskLine = try #require(status.split(separator: "\n").first { $0.hasPrefix("Umask:") })
        let mask = try #require(Int(umaskLine.dropFirst(6).trimmingCharacters(in: .whitespaces), radix: 8))
        let mode = try FileManager.default.attributesOfItem(atPath: output.path)[.posixPermissions] as? Int
        #expect(mode == 0o666 & ~mask)
    }
}
