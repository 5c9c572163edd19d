import EaselGraphicsCore
import EaselABI
import EaselCanvas
import EaselIsolation
import EaselTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif


/// A folder with sandbox_escape.so alone, built once.
private let escapeFolder: Result<URL, FixtureError> = {
    do {
        let folder = try Fixtures.makeTemporaryDirectory("sandbox-plugins")
        _ = try Fixtures.buildFixture("sandbox_escape", into: folder)
        return .success(folder)
    } catch let error as FixtureError {
        return .failure(error)
    } catch {
        return .failure(FixtureError("cannot build sandbox_escape: \(error)"))
    }
}()

@Suite("The isolated worker's sandbox")
struct SandboxTests {
    func plugin() throws -> String { try escapeFolder.get().appendingPathComponent("sandbox_escape.so").path }

    /// `easel` with the escaping plugin, `EASEL_SANDBOX_TARGET` (the file Writer opens) and `EASEL_SANDBOX_SECRET`.
    func run(_ arguments: [String], target: URL? = nil, secret: URL? = nil) throws -> ProcessResult {
        var environment = ["EASEL_PLUGIN_PATH": ""]
        environment["EASEL_SANDBOX_TARGET"] = target?.path
        environment["EASEL_SANDBOX_SECRET"] = secret?.path
        return try easel(arguments + ["--plugins", try escapeFolder.get().path], environment: environment)
    }

    /// Each class of sandbox_escape and what the sandbox says it refused (`TARGET` is the file Writer opens).
    static let attempts: [(className: String, refusal: String)] = [
        ("Forker", "clone() to start a process"),
        ("Networker", "socket()"),
        ("Writer", #"openat("TARGET") for writing"#),
        ("Executor", #"execve("/nonexistent/easel-no-such-program")"#),
        ("Signaller", "kill() of another process"),
        ("Limiter", "prlimit64() to change a limit"),
    ]

    /// The six views side by side, 20 points square, on white.
    static let scene = ##"""
        { "canvas": { "size": [130, 30], "background": "#ffffff" },
          "root": { "subviews": [
            { "class": "Forker", "frame": [5, 5, 20, 20] },
            { "class": "Networker", "frame": [25, 5, 20, 20] },
            { "class": "Writer", "frame": [45, 5, 20, 20] },
            { "class": "Executor", "frame": [65, 5, 20, 20] },
            { "class": "Signaller", "frame": [85, 5, 20, 20] },
            { "class": "Limiter", "frame": [105, 5, 20, 20] } ] } }
        """##

    @Test("each forbidden call in drawRect: stops the call with the refusal named; --keep-going marks all six; no file is written")
    func forbiddenCalls() throws {
        let file = try writeScene(Self.scene, label: "sandbox-scene")
        let folder = file.deletingLastPathComponent()
        let target = folder.appendingPathComponent("escaped.txt")
        let output = folder.appendingPathComponent("out.png")

        let stopped = try run(["render", file.path, "-o", output.path, "--isolate"], target: target)
        #expect(stopped.status == 1)
        #expect(stopped.signal == nil)
        #expect(stopped.stderr == """
            error: \(file.path): root.subviews[0]: -[Forker drawRect:] was stopped: the sandbox refused clone() to start a process (plugin sandbox_escape, \(try plugin()))

            """)
        #expect(!FileManager.default.fileExists(atPath: output.path))

        let marked = try run(["render", file.path, "-o", output.path, "--isolate", "--keep-going"], target: target)
        #expect(marked.status == 1)
        let errors = Self.attempts.enumerated().map { index, attempt in
            let refusal = attempt.refusal.replacingOccurrences(of: "TARGET", with: target.path)
            return "error: \(file.path): root.subviews[\(index)]: -[\(attempt.className) drawRect:] was stopped: "
                + "the sandbox refused \(refusal) (plugin sandbox_escape, \((try? plugin()) ?? ""))\n"
        }
        #expect(marked.stderr == errors.joined() + "note: \(output.path) was written with 6 views marked as failed\n")
        #expect(!FileManager.default.fileExists(atPath: target.path))
        let image = try RasterImage(contentsOfPNG: output.path)
        for index in 0..<6 {
            #expect(image.pixel(x: 15 + 20 * index, y: 15).isClose(to: RGBA(r: 219, g: 20, b: 20), tolerance: 2))   // the cross
        }

        // Without the sandbox every call goes through: the plugin really does what was refused.
        let plain = try run(["render", file.path, "-o", output.path], target: target)
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stderr == "")
        #expect(try String(contentsOf: target, encoding: .utf8) == "escaped\n")
        let drawn = try RasterImage(contentsOfPNG: output.path)
        for index in 0..<6 {
            #expect(drawn.pixel(x: 15 + 20 * index, y: 15) == RGBA(r: 0, g: 128, b: 0))
        }
    }

    @Test("easel invoke --isolate names the refused call of each forbidden attempt, exit status 1", arguments: attempts)
    func invoke(className: String, refusal: String) throws {
        let target = try Fixtures.makeTemporaryDirectory("sandbox-invoke").appendingPathComponent("escaped.txt")
        let result = try run(["invoke", className, "drawRect:", "0,0,10,10", "--isolate"], target: target)
        #expect(result.status == 1)
        #expect(result.signal == nil)
        #expect(result.stdout == "")
        #expect(result.stderr == """
            error: -[\(className) drawRect:] was stopped: the sandbox refused \(refusal.replacingOccurrences(of: "TARGET", with: target.path)) (plugin sandbox_escape, \(try plugin()))

            """)
        #expect(!FileManager.default.fileExists(atPath: target.path))
    }

    @Test("an entry point that opens a socket loads without --isolate; in the worker, loading it is stopped and named")
    func entryPoint() throws {
        let folder = try Fixtures.makeTemporaryDirectory("sandbox-entry")
        let plugin = try Fixtures.buildFixture("sandbox_entry", into: folder).path
        let plain = try easel(["invoke", "Caller", "drawRect:", "0,0,10,10", "--plugins", folder.path])
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stderr == "")
        let isolated = try easel(["invoke", "Caller", "drawRect:", "0,0,10,10", "--isolate", "--plugins", folder.path])
        #expect(isolated.status == 1)
        #expect(isolated.stderr == """
            error: while loading the plugins: the plugin \(plugin) was stopped: the sandbox refused socket()

            """)
    }

    @Test("a worker whose filter cannot be loaded runs no plugin code: the command fails and says why")
    func failsClosed() throws {
        let folder = try Fixtures.makeTemporaryDirectory("sandbox-closed")
        _ = try Fixtures.buildFixture("sandbox_entry", into: folder)
        let shim = try Fixtures.buildFixture("no_seccomp", into: try Fixtures.makeTemporaryDirectory("sandbox-shim"))
        let result = try easel(["invoke", "Caller", "drawRect:", "0,0,10,10", "--isolate", "--plugins", folder.path],
                               environment: ["EASEL_PLUGIN_PATH": "", "LD_PRELOAD": shim.path])
        #expect(result.status == 1)
        #expect(result.stderr == """
            error: easel isolated-worker: cannot load the sandbox's system call filter: Operation not permitted

            """)
    }

    @Test("inside: no new privileges, the limits, threads still start, user lookups work, reads only under the allowed folders (Landlock)")
    func limits() throws {
        let secret = try Fixtures.makeTemporaryDirectory("sandbox-secret").appendingPathComponent("secret.txt")
        try Data("a secret\n".utf8).write(to: secret)
        func probe(_ selector: String, isolated: Bool, secret: URL? = nil) throws -> String {
            let result = try run(["invoke", "SandboxProbe", selector] + (isolated ? ["--isolate"] : []), secret: secret)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr == "")
            return result.stdout
        }
        #expect(try probe("noNewPrivileges", isolated: true) == "1\n")
        #expect(try probe("noNewPrivileges", isolated: false) == "0\n")
        #expect(try probe("openFileLimit", isolated: true) == "\(Sandbox.openFiles)\n")
        #expect(try probe("fileSizeLimit", isolated: true) == "1024\n")
        #expect(try probe("cpuLimit", isolated: true) == "120\n")   // --draw-timeout 10
        let timed = try run(["invoke", "SandboxProbe", "cpuLimit", "--isolate", "--draw-timeout", "2"])
        #expect(timed.stdout == "72\n")
        // 4 GiB and the shared memory (a page of header, the recorder, no pixels: under a MiB).
        #expect(try probe("addressSpaceLimit", isolated: true) == "4096\n")
        #expect(try probe("spawnThread", isolated: true) == "1\n")
        // A local socket fails quietly, so that looking up a user (nscd's socket first, then the files) still works.
        #expect(try probe("localSocket", isolated: false) == "1\n")
        #expect(try probe("localSocket", isolated: true) == "\(-EACCES)\n")
        #expect(try probe("lookUpUser", isolated: true) == "1\n")
        // A file of the user's outside the plugin folders: read without the sandbox, refused inside.
        #expect(try probe("readSecret", isolated: false, secret: secret) == "9\n")
        if Sandbox.landlockVersion > 0 {
            #expect(try probe("readSecret", isolated: true, secret: secret) == "\(-EACCES)\n")
        }
        // The plugin's own folder stays readable.
        let besidePlugin = try escapeFolder.get().appendingPathComponent("data.txt")
        try Data("plugin data\n".utf8).write(to: besidePlugin)
        #expect(try probe("readSecret", isolated: true, secret: besidePlugin) == "12\n")
    }

    /// Runs `easel invoke <className> drawRect: --isolate` with standard error a file of `size` bytes
    /// (sparse), written from its end; returns the exit status, what was written past `size`, and the file's size.
    func invokeWithLog(_ className: String, logSize: Int64) throws -> (status: Int32, written: String, size: UInt64) {
        let log = try Fixtures.makeTemporaryDirectory("sandbox-log").appendingPathComponent("stderr.log")
        let fd = open(log.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        try #require(fd >= 0)
        try #require(ftruncate(fd, off_t(logSize)) == 0 && lseek(fd, off_t(logSize), SEEK_SET) == off_t(logSize))
        let process = Process()
        process.executableURL = try Fixtures.samplePluginsDirectory().appendingPathComponent("easel")
        process.arguments = ["invoke", className, "drawRect:", "0,0,10,10", "--isolate", "--plugins", try escapeFolder.get().path]
        process.environment = ProcessInfo.processInfo.environment.merging([
            "EASEL_PLUGIN_PATH": "", "XDG_CACHE_HOME": try Fixtures.makeTemporaryDirectory("cache").path,
            "EASEL_ALLOW_WRITABLE_PLUGINS": "", "EASEL_ALLOW_LIST": "",
        ]) { _, new in new }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        try process.run()
        process.waitUntilExit()
        let reader = try FileHandle(forReadingFrom: log)
        defer { try? reader.close() }
        try reader.seek(toOffset: UInt64(logSize))
        let written = String(decoding: try reader.readToEnd() ?? Data(), as: UTF8.self)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: log.path)[.size] as? UInt64)
        return (process.terminationStatus, written, size)
    }

    @Test("a plugin that grows a file past the limit is stopped; one printing to a log already past 1 GiB is not")
    func fileSize() throws {
        let grown = try invokeWithLog("Grower", logSize: 0)
        #expect(grown.status == 1)
        #expect(grown.written == """
            error: -[Grower drawRect:] was stopped: it wrote past the sandbox's file size limit (1 GiB beyond the largest file it was given) (plugin sandbox_escape, \(try plugin()))

            """)
        #expect(grown.size == UInt64(grown.written.utf8.count))   // nothing at 3 GiB
        let talked = try invokeWithLog("Talker", logSize: 2 << 30)
        #expect(talked.status == 0)
        #expect(talked.written == "talking\n")
        #expect(talked.size == (2 << 30) + 8)
    }

    @Test("every example scene renders to the same PNG bytes with and without the sandbox",
          arguments: ["bubble", "calendar", "compositing", "demo", "graph", "minipicker"])
    func examples(name: String) throws {
        let scene = Fixtures.packageRoot.appendingPathComponent("Examples/\(name).json").path
        let folder = try Fixtures.makeTemporaryDirectory("sandbox-example")
        var images: [Data] = []
        for isolated in [false, true] {
            let output = folder.appendingPathComponent(isolated ? "isolated.png" : "plain.png")
            let result = try easel(["render", scene, "-o", output.path] + (isolated ? ["--isolate"] : []))
            #expect(result.status == 0 && result.stderr == "", "\(result.stderr)")
            images.append(try Data(contentsOf: output))
        }
        #expect(images[0].count > 1000)
        #expect(images[1] == images[0])
    }

    @Test("good plugins render identically with and without the sandbox: the demo as PDF, and invoke's PNG")
    func identical() throws {
        let demo = Fixtures.packageRoot.appendingPathComponent("Examples/demo.json").path
        let folder = try Fixtures.makeTemporaryDirectory("sandbox-identical")
        for isolated in [false, true] {
            let name = isolated ? "isolated" : "plain"
            let render = try easel(["render", demo, "-o", folder.appendingPathComponent("\(name).pdf").path]
                                   + (isolated ? ["--isolate"] : []))
            #expect(render.status == 0 && render.stderr == "", "\(render.stderr)")
            let invoke = try easel(["invoke", "Swatch", "drawRect:", "0,0,40,40", "--size", "40x40",
                                    "-o", folder.appendingPathComponent("\(name).png").path] + (isolated ? ["--isolate"] : []))
            #expect(invoke.status == 0 && invoke.stderr == "", "\(invoke.stderr)")
        }
        /// The bytes of a file, except a PDF's creation time (the two renders may fall in different seconds).
        func contents(_ name: String) throws -> String {
            let text = try #require(String(data: try Data(contentsOf: folder.appendingPathComponent(name)), encoding: .isoLatin1))
            return text.replacingOccurrences(of: #"/CreationDate \(D:[0-9Z+'-]*\)"#, with: "", options: .regularExpression)
        }
        for name in ["pdf", "png"] {
            let plain = try contents("plain.\(name)")
            #expect(plain.count > 100)
            #expect(try contents("isolated.\(name)") == plain)
        }
        #expect(try contents("plain.pdf").hasPrefix("%PDF-"))
    }
}

@Suite("The sandbox's pieces, in process")
struct SandboxPartsTests {
    @Test("a refusal has its own slot in the flight recorder, after the deepest frame, and is read back")
    func refusalSlot() throws {
        let memory = UnsafeMutableRawPointer.allocate(byteCount: FlightRecorder.byteCount, alignment: 8)
        defer { memory.deallocate() }
        let recorder = FlightRecorder(memory)
        recorder.reset()
        #expect(recorder.snapshot().refusal == "")
        let long = String(repeating: "x", count: 2000)
        for depth in 0..<FlightRecorder.frameCapacity {
            recorder.beginCall(receiver: "R\(depth)", selector: "s\(depth)", plugin: ("p", "/" + long))
        }
        let slot = recorder.refusalSlot
        #expect(slot.address + slot.size == memory + FlightRecorder.byteCount)
        let text = Array("socket()".utf8)
        slot.address.storeBytes(of: UInt32(text.count), as: UInt32.self)
        (slot.address + 4).copyMemory(from: text, byteCount: text.count)
        let snapshot = recorder.snapshot()
        #expect(snapshot.refusal == "socket()")
        #expect(snapshot.calls.count == FlightRecorder.frameCapacity)
        #expect(snapshot.calls.last?.receiver == "R\(FlightRecorder.frameCapacity - 1)")
        #expect(snapshot.calls.last?.pluginPath.count == 1020)   // the deepest frame's path, whole in its slot
        recorder.reset()
        #expect(recorder.snapshot().refusal == "")
    }

    @Test("how a worker the sandbox stopped is described: a refused call, the CPU limit, the file size limit")
    func describeStop() {
        let settings = SandboxSettings(timeLimit: 10)
        #expect(settings.cpuSeconds == 120)
        #expect(SandboxSettings(timeLimit: 0.5).cpuSeconds == 63)
        #expect(Sandbox.describeStop(signal: SIGSYS, refusal: "socket()", settings: settings)
                == "was stopped: the sandbox refused socket()")
        #expect(Sandbox.describeStop(signal: SIGXCPU, refusal: "", settings: settings)
                == "was stopped: the worker used up its 120 s of CPU time (the sandbox's limit)")
        #expect(Sandbox.describeStop(signal: SIGXFSZ, refusal: "", settings: settings)
                == "was stopped: it wrote past the sandbox's file size limit (1 GiB beyond the largest file it was given)")
        #expect(Sandbox.describeStop(signal: SIGSEGV, refusal: "", settings: settings) == nil)
        #expect(Sandbox.describeStop(signal: nil, refusal: "", settings: settings) == nil)
    }
}
