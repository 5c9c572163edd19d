import ArgumentParser
import EaselSession
import FoundationEssentials

// MARK: - easel inspect

/// `easel inspect CLASS`: one class in full.
struct Inspect: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Show one class in full: its superclass chain, properties with types and defaults, and every selector.",
        discussion: """
            Reads the plugin scan (no plugin code runs in easel itself): the class's plugin and file, its superclass \
            chain, the properties it declares and inherits with their types and default values, every selector it \
            answers with its signature and the class that implements it (own, inherited or overridden), the \
            right-handed view delegate calls it answers, and warnings for view callbacks declared with a signature \
            the host does not call. Built-in classes (View, Window, …) can be inspected too.
            """)

    @Argument(help: "The class name.", completion: Completions.classes)
    var className: String

    @Argument(help: "A property of the class to show alone: its type, default, description and value names.",
              completion: Completions.propertiesOfClass)
    var property: String?

    @Flag(help: "Print JSON instead of text.")
    var json = false

    @OptionGroup var plugins: PluginOptions

    func run() throws {
        let session = plugins.session()
        let inspection = try perform { () throws(SessionError) in try session.inspect(className: className) }
        if let property {
            let found = try perform { () throws(SessionError) in try inspection.property(named: property) }
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                try printOutput(String(decoding: try encoder.encode(found), as: UTF8.self))
            } else {
                try printOutput(inspection.propertyText(found), terminator: "")
            }
            return
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let data = try encoder.encode(inspection)
            try printOutput(String(decoding: data, as: UTF8.self))
        } else {
            try printOutput(inspection.text, terminator: "")
        }
    }
}
