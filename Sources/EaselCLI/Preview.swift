import ArgumentParser
import EaselSession
import FoundationEssentials
import Glibc

// MARK: - easel preview

struct Preview: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Serve a live preview of a scene (or of every view class) to a browser, re-rendered when its files change.",
        discussion: """
            Prints a URL (http://127.0.0.1:PORT/?token=…) to open in a browser. Whenever the scene file, a file it \
            names or a plugin folder changes, the scene is rendered again in a new isolated worker (plugin code never \
            runs in the server) and the page updates without reloading; a failure shows a panel with the class, \
            selector, plugin, reason and JSON path while the last good frame stays, dimmed. Every request needs the \
            URL's token; the server listens on 127.0.0.1 unless --host says otherwise. Stop it with Ctrl-C.
            """)

    @Argument(help: "The scene file (JSON); without one, the gallery of every view class of the plugins.",
              completion: Completions.scenes)
    var scene: String?

    @Option(help: "The port to listen on (default 0: one the system picks).")
    var port: Int = 0

    @Option(help: ArgumentHelp(
        "The address to listen on (default 127.0.0.1). Anything else makes the preview reachable from other machines: it warns.",
        valueName: "address"))
    var host: String = "127.0.0.1"

    @Option(help: "Pixels per point of the frames (default: the scene's scale, else 1; 2 for the gallery).")
    var scale: Double?

    @Option(name: .customLong("draw-timeout"), help: ArgumentHelp(
        "Seconds a plugin method may run before it counts as hanging and its worker is stopped (default 10).",
        valueName: "seconds"))
    var drawTimeout: Double?

    @Flag(help: "Accepted for the same command line as render and invoke: the preview always runs plugin code in isolated workers, never in the server.")
    var isolate = false

    @OptionGroup var plugins: PluginOptions

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535; got \(port)") }
        if let scale, !(scale > 0 && scale <= 16) { throw ValidationError("--scale must be between 0 and 16; got \(scale)") }
        if let drawTimeout, !(drawTimeout > 0 && drawTimeout.isFinite) {
            throw ValidationError("--draw-timeout must be a positive number of seconds; got \(drawTimeout)")
        }
        if scene == "-" { throw ValidationError("easel preview watches a scene file; it cannot read one from standard input (-)") }
        if host.isEmpty { throw ValidationError("--host must name an address") }
    }

    func run() throws {
        if let scene {
            var info = stat()
            let found = stat(scene, &info) == 0
            let isFolder = found && (info.st_mode & S_IFMT) == S_IFDIR
            guard found, !isFolder else {
                throw CommandFailure(status: 2, lines: ["error: \(scene): cannot read the scene file: "
                    + (isFolder ? "it is a folder" : "No such file or directory")])
            }
        }
        if !["127.0.0.1", "localhost", "::1", "[::1]"].contains(host.lowercased()) {
            printError("warning: --host \(host): the preview is reachable from other machines on that address; "
                       + "anyone who has the URL (its token) can see the scene and make it render")
        }
        let configuration = PreviewConfiguration(
            scene: scene, host: host, port: port, scale: scale,
            timeLimit: drawTimeout ?? IsolationSettings.defaultTimeLimit)
        // The server is its own executable, easel-preview: this process becomes it.
        try perform { () throws(SessionError) in
            try PreviewLaunch(configuration: configuration, plugins: plugins.settings()).exec()
        }
    }
}
