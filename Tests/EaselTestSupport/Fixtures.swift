// Helpers for tests that load plugins: the package's folders, compiling the
// C and C++ fixtures in Tests/Fixtures into shared objects, finding the
// built sample plugins, and running executables with a timeout.

import EaselDiscovery
import Foundation

/// A failure while preparing a fixture or running a process.
public struct FixtureError: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// What a finished process printed and how it ended.
public struct ProcessResult: Sendable {
    /// Everything written to standard output, decoded as UTF-8.
    public let stdout: String
    /// Everything written to standard error, decoded as UTF-8.
    public let stderr: String
    /// The exit status; for a process killed by a signal, 128 + the signal (as a shell reports it).
    public let status: Int32
    /// The signal that terminated the process, nil when it exited normally.
    public let signal: Int32?
    /// Whether the process was killed because it outlived the timeout.
    public let timedOut: Bool
    /// Everything written to standard output, as bytes (a PNG of `-o -`).
    public let stdoutBytes: Data

    public init(stdout: String, stderr: String, status: Int32, signal: Int32?, timedOut: Bool = false,
                stdoutBytes: Data? = nil) {
        self.stdoutBytes = stdoutBytes ?? Data(stdout.utf8)
        self.stdout = stdout
        self.stderr = stderr
        self.status = status
        self.signal = signal
        self.timedOut = timedOut
    }
}

public enum Fixtures {
    /// The package root, found from #filePath (this file is Tests/EaselTestSupport/Fixtures.swift).
    public static var packageRoot: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // Tests/EaselTestSupport
            .deletingLastPathComponent()  // Tests
            .deletingLastPathComponent()  // the package root
    }

    /// Tests/Fixtures: the C and C++ sources of the fixture plugins.
    public static var fixturesDirectory: URL {
        packageRoot.appendingPathComponent("Tests/Fixtures", isDirectory: true)
    }

    /// Sources/EaselABI/include: the folder holding easel.h.
    public static var abiIncludeDirectory: URL {
        packageRoot.appendingPathComponent("Sources/EaselABI/include", isDirectory: true)
    }

    /// Compiles Tests/Fixtures/<name>.c (or, when there is none, <name>.cpp) into
    /// `<directory>/<soName ?? name>.so` with `cc -shared -fPIC -O1 -I Sources/EaselABI/include`
    /// (`c++` for a `.cpp` fixture), then `linkArguments` (after the source, e.g. `-L dir -lfoo`),
    /// and returns the path.
    /// `$CC` overrides the C compiler and `$CXX` the C++ one. Throws with the compiler's stderr on failure.
    public static func buildFixture(_ name: String, into directory: URL, soName: String? = nil,
                                    linkArguments: [String] = []) throws -> URL {
        let cSource = fixturesDirectory.appendingPathComponent("\(name).c")
        let cxxSource = fixturesDirectory.appendingPathComponent("\(name).cpp")
        let source: URL
        let compilerName: String
        if FileManager.default.fileExists(atPath: cSource.path) {
            source = cSource
            compilerName = ProcessInfo.processInfo.environment["CC"] ?? "cc"
        } else if FileManager.default.fileExists(atPath: cxxSource.path) {
            source = cxxSource
            compilerName = ProcessInfo.processInfo.environment["CXX"] ?? "c++"
        } else {
            throw FixtureError(
                "no fixture named \(name): neither \(cSource.path) nor \(cxxSource.lastPathComponent) exists")
        }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let fileName = soName ?? name
        let output = directory.appendingPathComponent(fileName.hasSuffix(".so") ? fileName : "\(fileName).so")

        let compiler = try executable(named: compilerName)
        let result = try run(
            compiler,
            ["-shared", "-fPIC", "-O1", "-I", abiIncludeDirectory.path, "-o", output.path, source.path] + linkArguments)
        guard result.status == 0, result.signal == nil else {
            throw FixtureError(
                "\(compiler.path) failed to compile \(source.lastPathComponent) (status \(result.status)):\n"
                    + result.stderr)
        }
        return output
    }

    /// Compiles a C source file anywhere into the shared object `output`,
    /// as ``buildFixture(_:into:soName:linkArguments:)`` compiles fixtures.
    public static func compileC(_ source: URL, into output: URL) throws -> URL {
        let compiler = try executable(named: ProcessInfo.processInfo.environment["CC"] ?? "cc")
        let result = try run(compiler, ["-shared", "-fPIC", "-O1", "-I", abiIncludeDirectory.path, "-o", output.path, source.path])
        guard result.status == 0, result.signal == nil else {
            throw FixtureError("\(compiler.path) failed to compile \(source.lastPathComponent) (status \(result.status)):\n"
                               + result.stderr)
        }
        return output
    }

    /// The built `easel-plugin-scanner`, next to the sample plugins and `easel`.
    public static func scannerExecutable() throws -> URL {
        try samplePluginsDirectory().appendingPathComponent("easel-plugin-scanner")
    }

    /// A fresh, empty temporary directory (unique per call) whose name contains `label`.
    public static func makeTemporaryDirectory(_ label: String) throws -> URL {
        let safeLabel = String(label.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" })
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("easel-\(safeLabel)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// The folder holding the built sample plugins (libShapes.so, libCharts.so).
    ///
    /// In order: `$EASEL_PLUGINS_DIR` when set; the folder of the running test
    /// executable when it holds libShapes.so (the build the tests belong to);
    /// otherwise the folder of the newest libShapes.so under any `.build*`
    /// scratch folder of the package (`<scratch>/{debug,release}` and
    /// `<scratch>/<triple>/{debug,release}`).
    public static func samplePluginsDirectory() throws -> URL {
        let fileManager = FileManager.default
        let library = "libShapes.so"
        func holdsPlugins(_ directory: URL) -> Bool {
            fileManager.fileExists(atPath: directory.appendingPathComponent(library).path)
        }

        if let override = ProcessInfo.processInfo.environment["EASEL_PLUGINS_DIR"], !override.isEmpty {
            let directory = URL(fileURLWithPath: override, isDirectory: true)
            guard holdsPlugins(directory) else {
                throw FixtureError("EASEL_PLUGINS_DIR=\(override) holds no \(library)")
            }
            return directory
        }

        // Next to the test executable: .build/<triple>/<config>/EaselPackageTests.xctest
        let executablePaths: [String?] = [Bundle.main.executablePath, CommandLine.arguments.first, "/proc/self/exe"]
        for path in executablePaths.compactMap({ $0 }) where path.hasPrefix("/") {
            let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath()
            let directory = resolved.deletingLastPathComponent()
            if holdsPlugins(directory) { return directory }
        }

        // Any scratch folder of the package: .build, .build-plugins, ...
        var found: [(directory: URL, modified: Date)] = []
        let scratchFolders = ((try? fileManager.contentsOfDirectory(atPath: packageRoot.path)) ?? [])
            .filter { $0.hasPrefix(".build") }
            .map { packageRoot.appendingPathComponent($0, isDirectory: true) }
        for scratch in scratchFolders {
            var roots = [scratch]
            for child in (try? fileManager.contentsOfDirectory(atPath: scratch.path)) ?? [] {
                roots.append(scratch.appendingPathComponent(child, isDirectory: true))
            }
            for root in roots {
                for configuration in ["debug", "release"] {
                    let directory = root.appendingPathComponent(configuration, isDirectory: true)
                        .resolvingSymlinksInPath()
                    let file = directory.appendingPathComponent(library)
                    guard let attributes = try? fileManager.attributesOfItem(atPath: file.path),
                        let modified = attributes[.modificationDate] as? Date
                    else { continue }
                    if !found.contains(where: { $0.directory.path == directory.path }) {
                        found.append((directory, modified))
                    }
                }
            }
        }
        guard let newest = found.max(by: { $0.modified < $1.modified }) else {
            throw FixtureError(
                "no \(library) found next to the test executable or under \(packageRoot.path)/.build*; "
                    + "build it with `swift build --product Shapes` (and `--product Charts`)")
        }
        return newest.directory
    }

    /// Runs `executable` with `arguments`, adding `environment` to this process's
    /// environment, and waits for it. Standard output and error are captured
    /// (through files, so a chatty child cannot block on a full pipe). A process
    /// still running after `timeout` seconds is sent SIGTERM, then SIGKILL five
    /// seconds later (with its process group, so its children go too).
    /// `standardOutput` replaces the captured standard output with a file
    /// opened for writing, e.g. `/dev/full` (then ``ProcessResult/stdout`` is empty).
    ///
    /// The child is started with `posix_spawn` (``ChildProcess/spawn``, as Easel
    /// starts its helpers), in a process group of its own, with every
    /// descriptor above 2 closed. Not with Foundation's `Process`:
    /// the test process keeps a descriptor per plugin it ever loaded (thousands
    /// over a run), and `Process` adds a close action for every number up to the
    /// highest open one and watches each child through a `CFSocket`; with many
    /// tests starting children at once that crashed the test process.
    public static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String] = [:], timeout: Double = 60,
        standardOutput: String? = nil
    ) throws -> ProcessResult {
        let fileManager = FileManager.default
        let scratch = try makeTemporaryDirectory("run")
        defer { try? fileManager.removeItem(at: scratch) }
        let stdoutPath = standardOutput ?? scratch.appendingPathComponent("stdout").path
        let stderrPath = scratch.appendingPathComponent("stderr").path

        // The child's standard streams; these copies are closed once it has its own.
        let input = open("/dev/null", O_RDONLY | O_CLOEXEC)
        let output = open(stdoutPath, O_WRONLY | O_CREAT | O_CLOEXEC | (standardOutput == nil ? O_TRUNC : 0), 0o600)
        let errors = open(stderrPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        defer { for fd in [input, output, errors] where fd >= 0 { close(fd) } }
        guard input >= 0, output >= 0, errors >= 0 else {
            throw FixtureError("could not open the standard streams of \(executable.path): \(String(cString: strerror(errno)))")
        }
        let pid: pid_t
        switch ChildProcess.spawn(
            executable.path, arguments: arguments, redirections: [(0, input), (1, output), (2, errors)],
            newProcessGroup: true, environment: environment, quietsSwiftBacktrace: false, closesOtherDescriptors: true)
        {
        case .success(let child): pid = child
        case .failure(let error): throw FixtureError("could not run \(executable.path): \(error.description)")
        }

        // Waits up to `seconds` for the child; its wait status, or nil when it is still running.
        func reap(within seconds: Double) -> Int32? {
            let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(seconds, 0) * 1e9)
            var pause: UInt32 = 200
            while true {
                var status: Int32 = 0
                let result = waitpid(pid, &status, WNOHANG)
                if result == pid { return status }
                if result < 0 && errno != EINTR { return 255 << 8 }  // (reaped by someone else: shows as exit 255)
                if DispatchTime.now().uptimeNanoseconds >= deadline { return nil }
                usleep(pause)
                pause = min(pause * 2, 10_000)
            }
        }
        var timedOut = false
        var status = reap(within: timeout)
        if status == nil {
            timedOut = true
            kill(-pid, SIGTERM)
            status = reap(within: 5)
            if status == nil {
                kill(-pid, SIGKILL)
                status = reap(within: .infinity)
            }
        }
        let waitStatus = status ?? 0

        let stdoutBytes = standardOutput == nil ? ((try? Data(contentsOf: URL(fileURLWithPath: stdoutPath))) ?? Data()) : Data()
        let stdout = String(decoding: stdoutBytes, as: UTF8.self)
        let stderr = String(decoding: (try? Data(contentsOf: URL(fileURLWithPath: stderrPath))) ?? Data(), as: UTF8.self)
        let signal = waitStatus & 0x7f
        if signal != 0 && signal != 0x7f {
            return ProcessResult(stdout: stdout, stderr: stderr, status: 128 + signal, signal: signal,
                                 timedOut: timedOut, stdoutBytes: stdoutBytes)
        }
        return ProcessResult(stdout: stdout, stderr: stderr, status: (waitStatus >> 8) & 0xff, signal: nil,
                             timedOut: timedOut, stdoutBytes: stdoutBytes)
    }

    /// An executable found on PATH (or `name` itself when it is a path).
    public static func executable(named name: String) throws -> URL {
        if name.contains("/") { return URL(fileURLWithPath: name) }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw FixtureError("\(name) not found on PATH (\(path))")
    }
}
