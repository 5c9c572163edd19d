import EaselDiscovery
import FoundationEssentials
import Glibc

/// What `easel preview` serves.
public struct PreviewConfiguration: Sendable, Codable {
    /// The scene file; `nil` for the gallery of every view class.
    public var scene: String?
    /// The address to listen on (127.0.0.1 unless the user says otherwise).
    public var host: String
    /// The port; 0 for one the system picks.
    public var port: Int
    /// Pixels per point, overriding the pages' devicePixelRatio (the latest page to connect's) and the scene's.
    public var scale: Double?
    /// Seconds one plugin call may take before the worker is stopped.
    public var timeLimit: Double

    /// Creates a configuration.
    public init(scene: String?, host: String = "127.0.0.1", port: Int = 0, scale: Double? = nil,
                timeLimit: Double = IsolationSettings.defaultTimeLimit) {
        self.scene = scene
        self.host = host
        self.port = port
        self.scale = scale
        self.timeLimit = timeLimit
    }
}

/// How `easel preview` starts the server: the command parses and checks its
/// arguments, then replaces itself with the `easel-preview` executable beside
/// it, handing over this, encoded as JSON, as its one argument.
///
/// The server lives in its own executable so that `easel`, which every render
/// starts, does not load the HTTP server's libraries and Swift metadata.
public struct PreviewLaunch: Sendable, Codable {
    /// The executable's file name, in the folder of `easel`.
    public static let executableName = "easel-preview"

    /// What to serve.
    public var configuration: PreviewConfiguration
    /// The plugin flags, read again with the environment by the server.
    public var plugins: PluginSettings

    /// Creates a launch.
    public init(configuration: PreviewConfiguration, plugins: PluginSettings) {
        self.configuration = configuration
        self.plugins = plugins
    }

    /// The argument that carries this launch.
    public func argument() throws(SessionError) -> String {
        do { return String(decoding: try JSONEncoder().encode(self), as: UTF8.self) } catch {
            throw SessionError("easel preview: cannot encode its settings: \(error)")
        }
    }

    /// Reads the argument `easel preview` passed.
    public init(argument: String) throws(SessionError) {
        do { self = try JSONDecoder().decode(PreviewLaunch.self, from: Data(argument.utf8)) } catch {
            throw SessionError("\(Self.executableName) is started by `easel preview`; its argument is not a launch: \(error)")
        }
    }

    /// Replaces this process with `easel-preview` (from the folder of the running
    /// executable) serving this launch; returns only by throwing.
    ///
    /// Standard input, output and error, the process ID (so Ctrl-C and the
    /// parent's signals reach the server) and the environment pass on unchanged.
    public func exec() throws(SessionError) -> Never {
        guard let executable = PluginSearchPath.currentExecutablePath() else {
            throw SessionError("easel preview: cannot find the easel executable (/proc/self/exe), beside which \(Self.executableName) is")
        }
        let server = PluginSearchPath.defaultFolder(forExecutable: executable) + "/" + Self.executableName
        let arguments = [server, try argument()]
        var pointers = arguments.map { strdup($0) }
        pointers.append(nil)
        execv(server, pointers)
        let reason = String(cString: strerror(errno))
        pointers.forEach { free($0) }
        throw SessionError("easel preview: cannot start \(server): \(reason)")
    }
}
