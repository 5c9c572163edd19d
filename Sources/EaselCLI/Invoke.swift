import ArgumentParser
import EaselSession
import FoundationEssentials

// MARK: - easel invoke

struct Invoke: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "invoke",
        abstract: "Create an instance of a class, send it a selector with arguments, print the result and optionally write the canvas.",
        discussion: """
            Arguments are read by the method's signature: integers (decimal or 0x…, range-checked), reals \
            (float, double, long double; too large is an error), complex numbers as 1.5+2i, booleans (true/false), \
            C strings as they are, structs as {3, 0.25}, [3, 0.25] or their values comma-separated (nested: \
            {{10, 20}, {100, 50}}), a struct with known field names also as JSON ({"x": 3, "y": 4}), colours as \
            #rrggbb or #rrggbbaa. An object argument is nil, self, a class name (a new instance) or a class name \
            with properties as JSON (Chart{"lineWidth": 3}); a Class a class name or nil; a SEL a selector name; \
            the context argument (^v) context or NULL; any other pointer only NULL. The return value is printed \
            by its type (to standard error with -o -, or to --print-to FILE).
            """)

    @Argument(help: "The class to instantiate.", completion: Completions.classes)
    var className: String

    @Argument(help: "The selector to send, e.g. drawRect:.", completion: Completions.selectorsOfClass)
    var selector: String

    @Argument(parsing: .allUnrecognized, help: "The selector's arguments.", completion: Completions.valuesOfSetter)
    var arguments: [String] = []

    @OptionGroup var plugins: PluginOptions

    @Option(help: ArgumentHelp("Canvas size in points.", valueName: "WxH"))
    var size: String = "200x200"

    @Option(help: "Pixels per point of the written image.")
    var scale: Double = 1

    @Option(name: .shortAndLong, help: ArgumentHelp("Write the canvas to FILE (.png, .jpg, .jpeg, .webp, .svg or .pdf; - for PNG on standard output).", valueName: "file"),
            completion: Completions.images)
    var output: String?

    @Option(name: .customLong("print-to"), help: ArgumentHelp(
        "Write the printed return value to FILE instead of standard output (standard error when -o - takes standard output).",
        valueName: "file"), completion: .file())
    var printTo: String?

    @Flag(help: "Send every call through libffi instead of the direct typed calls (also EASEL_FORCE_LIBFFI=1).")
    var forceLibffi = false

    @OptionGroup var isolation: IsolationOptions

    func validate() throws {
        guard parseSize(size) != nil else { throw ValidationError("--size must be WxH with positive numbers, e.g. 200x120; got '\(size)'") }
        guard scale > 0, scale <= 16 else { throw ValidationError("--scale must be between 0 and 16; got \(scale)") }
        if printTo == "-" || printTo == "" {
            throw ValidationError("--print-to must name a file; the return value goes to standard output without it")
        }
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
        if let value = outcome.returnValue {
            if let printTo {
                try perform { () throws(SessionError) in try OutputFile.write(Array((value + "\n").utf8), to: printTo) }
            } else if output == "-" {
                printError(value)   // standard output holds only the image
            } else {
                try printOutput(value)
            }
        }
        try perform { () throws(SessionError) in try outcome.writeOutput() }
        outcome.notes.forEach(printError)
        if outcome.failed { throw CommandFailure(status: 1, lines: []) }
    }
}
