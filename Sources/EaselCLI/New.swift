import ArgumentParser
import EaselSession
#if canImport(Glibc)
import Glibc
#endif

// MARK: - easel new

extension PluginProject.Language: ExpressibleByArgument {}

/// `easel new Name --language c|cpp|swift|rust`: writes a widget plugin project.
struct New: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Write a new widget plugin project: one view class, its build script, a scene and a golden test.",
        discussion: """
            The class has a `color` property and a drawRect: that fills its bounds with it and draws a white ellipse \
            in its middle. The project refers to Easel's source folder (easel.h, the Rust crate, the Swift kit \
            package): the one above this easel executable, or --easel-root. Prints the files written and the \
            commands that build the plugin, render the scene and run the golden test.
            """)

    @Argument(help: "The view class's name: a capital letter, then letters and digits (also the plugin's name).")
    var name: String

    @Option(help: "The language: c (C99), cpp (C++17), swift (a SwiftPM package using EaselPluginKit) or rust (a cargo cdylib).")
    var language: PluginProject.Language

    @Option(help: ArgumentHelp("The folder to write, which must not exist or be empty (default: ./<Name>).", valueName: "folder"),
            completion: .directory)
    var dir: String?

    @Option(name: .customLong("easel-root"), help: ArgumentHelp(
        "Easel's source folder, holding Sources/EaselABI/include/easel.h (default: found above the easel executable).",
        valueName: "folder"), completion: .directory)
    var easelRoot: String?

    func run() throws {
        let executable = PluginProject.runningExecutable ?? CommandLine.arguments[0]
        guard let root = easelRoot.map(absolute) ?? PluginProject.sourceRoot(aboveExecutable: executable) else {
            throw CommandFailure(status: 2, lines: [
                "error: cannot find Easel's source folder (with Sources/EaselABI/include/easel.h) above \(executable): "
                    + "give it with --easel-root"])
        }
        guard access(root + "/Sources/EaselABI/include/easel.h", R_OK) == 0 else {
            throw CommandFailure(status: 2, lines: ["error: --easel-root '\(root)' holds no Sources/EaselABI/include/easel.h"])
        }
        let folder = dir ?? name
        let written = try perform { () throws(SessionError) in
            let project = try PluginProject(name: name, language: language, easelRoot: root, easelExecutable: executable)
            return (project, try project.write(into: folder))
        }
        let (project, paths) = written
        try printOutput("wrote a \(language.displayName) widget plugin, class \(name), into \(folder):")
        for path in paths { try printOutput("  \(path)") }
        try printOutput("build it, render its scene and run its golden test:")
        try printOutput("  cd \(project.shellWord(folder))")
        for command in project.commands { try printOutput("  \(command)") }
    }

    /// `path` made absolute against the current folder.
    func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getcwd(&buffer, buffer.count) != nil else { return path }
        return String(cString: buffer) + "/" + path
    }
}
