import ArgumentParser
import EaselSession

/// Shell completion of the names the plugins define, for the scripts
/// `easel --generate-completion-script bash|zsh|fish` writes: the shell runs
/// `easel` to ask for them, which reads the plugin cache (no plugin code runs
/// when the cache is current).
enum Completions {
    /// The `--plugins` folders among the words typed so far.
    static func folders(in words: [String]) -> [String] {
        var folders: [String] = []
        var index = 0
        while index < words.count {
            if words[index] == "--plugins", index + 1 < words.count {
                folders.append(words[index + 1])
                index += 2
                continue
            }
            if words[index].hasPrefix("--plugins=") { folders.append(String(words[index].dropFirst("--plugins=".count))) }
            index += 1
        }
        return folders
    }

    /// Every class name of the loaded plugins and the host's built-ins that starts with `prefix`.
    static func classNames(_ words: [String], _: Int, _ prefix: String) -> [String] {
        let environment = PluginEnvironment(PluginSettings(folders: folders(in: words)))
        let session = Session(plugins: environment, report: { _ in })
        guard let listing = try? session.listing() else { return [] }
        let names = listing.catalog.plugins.flatMap { $0.classes.map(\.name) } + Session.builtInClassNames
        return names.filter { $0.hasPrefix(prefix) }.sorted()
    }

    /// Options of `invoke` that take a value (their values are not the class name).
    private static let invokeValueOptions: Set<String> = [
        "--plugins", "--size", "--scale", "-o", "--output", "--print-to", "--timeout", "--draw-timeout",
        "--scan-timeout", "--allow-list",
    ]

    /// The class name typed after `invoke` (its first argument), if any.
    static func invokedClass(in words: [String]) -> String? { firstArgument(of: "invoke", in: words) }

    /// The words typed after `command` that are not options or their values, in order.
    static func arguments(of command: String, in words: [String]) -> [String] {
        guard let start = words.firstIndex(of: command) else { return [] }
        var found: [String] = []
        var index = start + 1
        while index < words.count {
            let word = words[index]
            if invokeValueOptions.contains(word) {
                index += 2
                continue
            }
            if !word.hasPrefix("-") { found.append(word) }
            index += 1
        }
        return found
    }

    /// The inspection of the class named by the first argument of `command`, from the plugin cache.
    private static func inspection(of command: String, _ words: [String]) -> ClassInspection? {
        guard let className = arguments(of: command, in: words).first else { return nil }
        let environment = PluginEnvironment(PluginSettings(folders: folders(in: words)))
        return try? Session(plugins: environment, report: { _ in }).inspect(className: className)
    }

    /// The properties (own and inherited) of the class named after `inspect`, starting with `prefix`.
    static func properties(_ words: [String], _: Int, _ prefix: String) -> [String] {
        guard let inspection = inspection(of: "inspect", words) else { return [] }
        return Set(inspection.properties.map(\.name)).filter { $0.hasPrefix(prefix) }.sorted()
    }

    /// The value names of the enumeration an `invoke` setter sets (`invoke Swatch setStyle: <tab>`), starting with `prefix`.
    static func setterValues(_ words: [String], _: Int, _ prefix: String) -> [String] {
        let typed = arguments(of: "invoke", in: words)
        guard typed.count >= 2, let inspection = inspection(of: "invoke", words) else { return [] }
        let selector = typed[1]
        guard selector.hasPrefix("set"), selector.hasSuffix(":"), selector.count > 4 else { return [] }
        let stem = selector.dropFirst(3).dropLast()
        let name = stem.prefix(1).lowercased() + stem.dropFirst()
        let property = inspection.properties.last { $0.name == name || $0.name == String(stem) }
        return (property?.values ?? []).map(\.name).filter { $0.hasPrefix(prefix) }
    }

    /// The first argument typed after `command`, if any.
    static func firstArgument(of command: String, in words: [String]) -> String? {
        guard let start = words.firstIndex(of: command) else { return nil }
        var index = start + 1
        while index < words.count {
            let word = words[index]
            if invokeValueOptions.contains(word) {
                index += 2
                continue
            }
            if !word.hasPrefix("-") { return word }
            index += 1
        }
        return nil
    }

    /// The selectors the class named after `invoke` responds to (its own and inherited), starting with `prefix`.
    static func selectors(_ words: [String], _: Int, _ prefix: String) -> [String] {
        guard let className = invokedClass(in: words) else { return [] }
        let environment = PluginEnvironment(PluginSettings(folders: folders(in: words)))
        let session = Session(plugins: environment, report: { _ in })
        guard let inspection = try? session.inspect(className: className) else { return [] }
        return Set(inspection.methods.map(\.selector)).filter { $0.hasPrefix(prefix) }.sorted()
    }

    /// The kinds used by the commands.
    static let classes = CompletionKind.custom { words, index, prefix in classNames(words, index, prefix) }
    static let selectorsOfClass = CompletionKind.custom { words, index, prefix in selectors(words, index, prefix) }
    static let propertiesOfClass = CompletionKind.custom { words, index, prefix in properties(words, index, prefix) }
    static let valuesOfSetter = CompletionKind.custom { words, index, prefix in setterValues(words, index, prefix) }
    static let scenes = CompletionKind.file(extensions: ["json"])
    static let images = CompletionKind.file(extensions: ["png", "jpg", "jpeg", "webp", "svg", "pdf"])
    static let rasterImages = CompletionKind.file(extensions: ["png", "jpg", "jpeg", "webp", "gif", "svg"])
}
