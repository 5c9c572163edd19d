import EaselTestSupport
import Foundation
import Testing

/// A temporary folder laid out like the repository the documentation's commands run in, for
/// running an article's `sh` block verbatim: `Sources/EaselABI/include` (a link to the header
/// folder), `.build/debug/` with `easel`, `easel-plugin-scanner`, `Modules` and
/// `libEaselPluginKit.a` (links to this build's), and `easel` on `PATH`.
struct DocumentationWorkspace {
    let root: URL

    /// A fresh workspace; `build` false leaves out `.build/`.
    init(_ label: String, build: Bool = true) throws {
        root = try Fixtures.makeTemporaryDirectory(label)
        try link("Sources/EaselABI/include", to: Fixtures.abiIncludeDirectory)
        if build {
            let built = try Fixtures.samplePluginsDirectory()
            for name in ["easel", "easel-plugin-scanner", "Modules", "libEaselPluginKit.a"] {
                try link(".build/debug/\(name)", to: built.appendingPathComponent(name))
            }
        }
    }

    /// A fresh workspace laid out as the package `Kit/` is (its `Package.swift`, and `Sources/EaselABI`,
    /// `Sources/EaselGeometry` and `Sources/EaselPluginKit` linked to the repository's), so that
    /// `swift build --product EaselPluginKit` builds the kit into `.build/debug/`, where `easel` and
    /// its scanner are linked already.
    static func kitPackage(_ label: String) throws -> DocumentationWorkspace {
        let workspace = DocumentationWorkspace(root: try Fixtures.makeTemporaryDirectory(label))
        try FileManager.default.copyItem(at: Fixtures.packageRoot.appendingPathComponent("Kit/Package.swift"),
                                         to: workspace.url("Package.swift"))
        for target in ["EaselABI", "EaselGeometry", "EaselPluginKit"] {
            try workspace.link("Sources/\(target)", to: Fixtures.packageRoot.appendingPathComponent("Sources/\(target)"))
        }
        // SwiftPM's .build/debug is a link to .build/<triple>/debug; the executables wait there.
        let built = try Fixtures.samplePluginsDirectory().resolvingSymlinksInPath()
        let triple = built.deletingLastPathComponent().lastPathComponent
        for name in ["easel", "easel-plugin-scanner"] {
            try workspace.link(".build/\(triple)/debug/\(name)", to: built.appendingPathComponent(name))
        }
        try FileManager.default.createSymbolicLink(atPath: workspace.url(".build/debug").path, withDestinationPath: "\(triple)/debug")
        return workspace
    }

    private init(root: URL) { self.root = root }

    /// `relativePath` inside the workspace.
    func url(_ relativePath: String) -> URL { root.appendingPathComponent(relativePath) }

    /// Makes `relativePath` a symbolic link to `target` (creating the folders above it).
    func link(_ relativePath: String, to target: URL) throws {
        let place = url(relativePath)
        try FileManager.default.createDirectory(at: place.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: place, withDestinationURL: target)
    }

    /// Writes `text` to `relativePath` (creating the folders above it).
    func write(_ relativePath: String, _ text: String) throws {
        let place = url(relativePath)
        try FileManager.default.createDirectory(at: place.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: place)
    }

    /// Copies `relativePaths` of the repository to the same places in the workspace.
    func copyFromRepository(_ relativePaths: [String]) throws {
        for path in relativePaths {
            let place = url(path)
            try FileManager.default.createDirectory(at: place.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: Fixtures.packageRoot.appendingPathComponent(path), to: place)
        }
    }

    /// The environment a block runs in: the built `easel` first on `PATH`, no plugin folders
    /// of the user's, a fresh plugin cache, and the trust settings of the shell running the tests
    /// not applied.
    func environment() throws -> [String: String] {
        let built = try Fixtures.samplePluginsDirectory()
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return ["PATH": built.path + ":" + path, "EASEL_PLUGIN_PATH": "",
                "XDG_CACHE_HOME": url(".cache").path, "EASEL_ALLOW_WRITABLE_PLUGINS": "", "EASEL_ALLOW_LIST": ""]
    }

    /// Runs `script` (an `sh` block of the documentation, as written) with bash in the workspace,
    /// stopping at the first command that fails (`set -e`); cargo builds into the folders the block
    /// names (a `CARGO_TARGET_DIR` of the shell running the tests is unset).
    func run(_ script: String, timeout: Double = 120) throws -> ProcessResult {
        var environment = try environment()
        environment["EASEL_DOC_WORKSPACE"] = root.path
        return try Fixtures.run(URL(fileURLWithPath: "/bin/bash"),
                                ["-e", "-o", "pipefail", "-c", "cd \"$EASEL_DOC_WORKSPACE\" || exit 99\nunset CARGO_TARGET_DIR\n" + script],
                                environment: environment, timeout: timeout)
    }

    /// Runs `script` with bash in the workspace in the background until its standard output holds
    /// `text` (or it ends, or `timeout` seconds pass), calls `body` with what it printed so far while
    /// it still runs, then stops it (SIGTERM to its process group) and returns what it printed.
    func runUntil(_ script: String, printed text: String, timeout: Double = 60,
                  _ body: (String) throws -> Void) throws -> (stdout: String, stderr: String) {
        let output = url(".run"), errors = url(".run-errors")
        for file in [output, errors] { FileManager.default.createFile(atPath: file.path, contents: nil) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-e", "-o", "pipefail", "-c", "cd \"$EASEL_DOC_WORKSPACE\" || exit 99\n" + script]
        var environment = ProcessInfo.processInfo.environment.merging(try self.environment()) { _, added in added }
        environment["EASEL_DOC_WORKSPACE"] = root.path
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        defer {
            // Foundation starts the child in a process group of its own: stop bash and what it started.
            let pid = process.processIdentifier
            kill(getpgid(pid) == pid ? -pid : pid, SIGTERM)
            process.waitUntilExit()
        }
        func read(_ file: URL) -> String { (try? String(contentsOf: file, encoding: .utf8)) ?? "" }
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, !read(output).contains(text), Date() < deadline { usleep(50_000) }
        if process.isRunning, read(output).contains(text) { try body(read(output)) }
        return (read(output), read(errors))
    }
}
