import ArgumentParser
import EaselCanvas
import EaselHost
import EaselInvocation
import Foundation

/// A failure with the exit status it should end the process with.
struct CommandFailure: Error {
    /// 1 for a runtime failure, 2 for a usage error.
    let status: Int32
    /// Lines for standard error.
    let lines: [String]
}

/// Options shared by every command that loads plugins.
struct PluginOptions: ParsableArguments {
    @Option(name: .customLong("plugins"), help: ArgumentHelp(
        "A plugin folder (repeatable), searched before EASEL_PLUGIN_PATH; without either, the folder of the easel executable.",
        valueName: "dir"))
    var folders: [String] = []

    /// Loads the plugins of the search path into a new registry.
    func loadRegistry() -> (Registry, [String]) {
        let folders = PluginSearchPath.resolve(explicit: folders, environment: ProcessInfo.processInfo.environment)
        let registry = Registry()
        registry.loadPlugins(from: folders)
        return (registry, folders)
    }
}

func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

@main
struct Easel: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "easel",
        abstract: "Load widget plugins, list their classes and selectors, invoke their methods, and render scenes of views.",
        subcommands: [List.self, Invoke.self, Render.self, Gallery.self])

    /// Runs the command with Easel's exit statuses: 0 success, 1 runtime failure, 2 usage error.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let failure as CommandFailure {
            failure.lines.forEach(printError)
            Foundation.exit(failure.status)
        } catch {
            let code = exitCode(for: error)
            let text = fullMessage(for: error)
            if code == .success {
                print(text)
                Foundation.exit(0)
            }
            printError(text)
            Foundation.exit(code == .validationFailure ? 2 : 1)
        }
    }
}

// MARK: - easel list

struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List plugins, their classes, properties and selectors, then the files that failed to load.")

    @OptionGroup var plugins: PluginOptions

    @Flag(help: "Print JSON instead of text.")
    var json = false

    func run() throws {
        let (registry, folders) = plugins.loadRegistry()
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let data = try encoder.encode(Listing(registry: registry, folders: folders))
            print(String(decoding: data, as: UTF8.self))
            return
        }
        print(Listing.text(registry: registry, folders: folders), terminator: "")
    }
}

/// The JSON form of `easel list`.
struct Listing: Encodable {
    struct PropertyEntry: Encodable { let name: String; let encoding: String; let type: String }
    struct MethodEntry: Encodable { let selector: String; let encoding: String; let signature: String }
    struct ClassEntry: Encodable {
        let name: String; let superclass: String
        let properties: [PropertyEntry]; let methods: [MethodEntry]
    }
    struct PluginEntry: Encodable { let path: String; let name: String; let abiVersion: String; let classes: [ClassEntry] }
    struct FailureEntry: Encodable {
        let path: String; let reason: String; let message: String
        let className: String?; let selector: String?
    }
    let folders: [String]
    let plugins: [PluginEntry]
    let failures: [FailureEntry]

    init(registry: Registry, folders: [String]) {
        self.folders = folders
        plugins = registry.plugins.map { plugin in
            PluginEntry(path: plugin.path, name: plugin.name, abiVersion: "\(plugin.abiMajor).\(plugin.abiMinor)",
                        classes: plugin.classNames.compactMap(registry.objectClass(named:)).map(Listing.classEntry))
        }
        failures = registry.failures.map {
            FailureEntry(path: $0.path, reason: $0.kind.rawValue, message: $0.message,
                         className: $0.className, selector: $0.selector)
        }
    }

    static func classEntry(_ cls: ObjectClass) -> ClassEntry {
        ClassEntry(
            name: cls.name, superclass: cls.superclass?.name ?? "",
            properties: cls.properties.map { PropertyEntry(name: $0.name, encoding: $0.type.encoding, type: $0.type.readableName) },
            methods: cls.methods.map {
                MethodEntry(selector: $0.selector.name, encoding: $0.signature.encoding,
                            signature: $0.readableSignature(className: cls.name))
            })
    }

    static func text(registry: Registry, folders: [String]) -> String {
        var out = "Plugin folders:\n" + folders.map { "  \($0)\n" }.joined()
        out += "\n\(registry.plugins.count) plugin\(registry.plugins.count == 1 ? "" : "s") loaded\n"
        for plugin in registry.plugins {
            out += "\n\(plugin.path)\n  plugin \(plugin.name), ABI \(plugin.abiMajor).\(plugin.abiMinor)\n"
            for cls in plugin.classNames.compactMap(registry.objectClass(named:)) {
                out += "  class \(cls.name) : \(cls.superclass?.name ?? "")\n"
                for property in cls.properties {
                    out += "    property \(property.name): \(property.type.readableName)  \(property.type.encoding)\n"
                }
                for method in cls.methods {
                    out += "    \(method.readableSignature(className: cls.name))  \(method.signature.encoding)\n"
                }
            }
        }
        if !registry.failures.isEmpty {
            out += "\n\(registry.failures.count) file\(registry.failures.count == 1 ? "" : "s") failed to load\n"
            for failure in registry.failures { out += "  \(failure.path): \(failure.message)\n" }
        }
        return out
    }
}

// MARK: - easel invoke

struct Invoke: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Create an instance of a class, send it a selector with arguments, print the result and optionally write the canvas.",
        discussion: """
            Arguments are read by the method's signature: a rect as x,y,w,h, a point as x,y, a size as w,h, \
            integers, reals, booleans (true/false), strings, colours as #rrggbb or #rrggbbaa. An object argument \
            is nil, self or a class name (a new instance); a context argument (^v) is context or NULL.
            """)

    @Argument(help: "The class to instantiate.")
    var className: String

    @Argument(help: "The selector to send, e.g. drawRect:.")
    var selector: String

    @Argument(parsing: .allUnrecognized, help: "The selector's arguments.")
    var arguments: [String] = []

    @OptionGroup var plugins: PluginOptions

    @Option(help: ArgumentHelp("Canvas size in points.", valueName: "WxH"))
    var size: String = "200x200"

    @Option(help: "Pixels per point of the written image.")
    var scale: Double = 1

    @Option(name: .shortAndLong, help: ArgumentHelp("Write the canvas to FILE (.png, .svg or .pdf; - for PNG on standard output).", valueName: "file"))
    var output: String?

    @Flag(help: "Send every call through libffi instead of the direct typed calls (also EASEL_FORCE_LIBFFI=1).")
    var forceLibffi = false

    func validate() throws {
        guard parseSize(size) != nil else { throw ValidationError("--size must be WxH with positive numbers, e.g. 200x120; got '\(size)'") }
        guard scale > 0, scale <= 16 else { throw ValidationError("--scale must be between 0 and 16; got \(scale)") }
    }

    func parseSize(_ text: String) -> (Double, Double)? {
        let parts = text.lowercased().split(separator: "x").compactMap { Double($0) }
        guard parts.count == 2, parts[0] > 0, parts[1] > 0 else { return nil }
        return (parts[0], parts[1])
    }

    func run() throws {
        if forceLibffi { InvocationOptions.forceLibffi = true }
        let (registry, _) = plugins.loadRegistry()
        for failure in registry.failures { printError("warning: \(failure)") }
        let (width, height) = parseSize(size)!
        let canvas: Canvas
        do { canvas = try Canvas(width: width, height: height) } catch {
            throw CommandFailure(status: 1, lines: ["error: \(error)"])
        }
        let result: InvokeResult
        do {
            result = try registry.invoke(className: className, selector: selector, arguments: arguments, canvas: canvas)
        } catch {
            var lines = ["error: \(error.message)"]
            if let usage = error.usage { lines.append("usage: \(usage)") }
            throw CommandFailure(status: error.isUsageError ? 2 : 1, lines: lines)
        }
        for diagnostic in result.diagnostics { printError(diagnostic.description) }
        if let value = result.returnValue { print(value) }
        if let output {
            do {
                if output == "-" {
                    FileHandle.standardOutput.write(Data(try canvas.pngData(scale: scale)))
                } else {
                    try canvas.write(to: output, scale: scale)
                }
            } catch {
                throw CommandFailure(status: 1, lines: ["error: \(error)"])
            }
        }
        if result.diagnostics.contains(where: { $0.severity == .error }) {
            throw CommandFailure(status: 1, lines: [])
        }
    }
}
