import ArgumentParser
import EaselSession
import Foundation

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

    @Option(name: .shortAndLong, help: ArgumentHelp("Write the canvas to FILE (.png, .jpg, .jpeg, .webp, .svg or .pdf; - for PNG on standard output).", valueName: "file"))
    var output: String?

    @Flag(help: "Send every call through libffi instead of the direct typed calls (also EASEL_FORCE_LIBFFI=1).")
    var forceLibffi = false

    @OptionGroup var isolation: IsolationOptions

    func validate() throws {
        guard parseSize(size) != nil else { throw ValidationError("--size must be WxH with positive numbers, e.g. 200x120; got '\(size)'") }
        guard scale > 0, scale <= 16 else { throw ValidationError("--scale must be between 0 and 16; got \(scale)") }
    }

    func run() throws {
        guard let (width, height) = parseSize(size) else { throw ValidationError("--size must be WxH with positive numbers") }
        let request = InvokeRequest(className: className, selector: selector, arguments: arguments, width: width,
                                    height: height, scale: scale, output: output.map(OutputTarget.init),
                                    forceLibffi: forceLibffi)
        let session = plugins.session()
        let outcome = try perform { () throws(SessionError) in
            isolation.isolated
                ? try session.invokeIsolated(request, isolation: isolation.settings)
                : try session.invoke(request)
        }
        outcome.diagnostics.forEach(printError)
        if let value = outcome.returnValue { try printOutput(value) }
        try perform { () throws(SessionError) in try outcome.writeOutput() }
        outcome.notes.forEach(printError)
        if outcome.failed { throw CommandFailure(status: 1, lines: []) }
    }
}
