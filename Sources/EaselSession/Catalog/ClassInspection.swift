import EaselDiscovery
import EaselEncoding
import EaselProbe
import EaselRuntime
import EaselViews

/// What `easel inspect CLASS` shows: one class in full, from the scan of
/// the plugins (no plugin code runs) and the host's built-in classes.
public struct ClassInspection: Encodable, Sendable {
    /// A property, where it is declared, its type and its default.
    public struct Property: Encodable, Sendable {
        public let name: String
        public let type: String
        public let encoding: String
        /// The class that declares it.
        public let declaredBy: String
        /// The default value as `easel invoke` prints values (by its name for an
        /// enumeration), `nil` for a pointer (its value is an address in the plugin's
        /// process) or a built-in property.
        public let defaultValue: String?
        /// Its one-line description, from its plugin's metadata.
        public let description: String?
        /// Its value names (an enumeration), from its plugin's metadata; `nil` when none.
        public let values: [PropertyMetadata.EnumCase]?
    }

    /// A delegate protocol whose calls the class answers.
    public struct DelegateProtocol: Encodable, Sendable {
        /// The protocol, e.g. `scroll view delegate`.
        public let name: String
        /// The class whose instances send the calls, e.g. `ScrollView`.
        public let sender: String
        /// The selectors of the protocol the class answers.
        public let selectors: [String]
    }

    /// The delegate protocols the host's classes send, with their selectors.
    static let knownDelegateProtocols: [(name: String, sender: String, selectors: [String])] = [
        ("right-handed view delegate", "RHView", ["drawView:inRect:inContext:"]),
        ("scroll view delegate", "ScrollView", ["scrollViewDidScroll:", "scrollViewWillBeginDragging:",
                                                "scrollViewDidEndDragging:willDecelerate:", "scrollViewWillBeginDecelerating:",
                                                "scrollViewDidEndDecelerating:"]),
        ("gesture recognizer delegate", "GestureRecognizer", ["gestureRecognizerShouldBegin:", "gestureRecognizer:shouldReceiveTouch:",
                                                               "gestureRecognizer:shouldRecognizeSimultaneouslyWithGestureRecognizer:"]),
        ("layer delegate", "Layer", ["drawLayer:inContext:"]),
    ]

    /// A method, with where it is implemented.
    public struct Method: Encodable, Sendable {
        public let selector: String
        public let encoding: String
        public let signature: String
        /// The class that implements it (this class or the superclass it is inherited from).
        public let implementedBy: String
        /// The plugin file it comes from, `nil` for the host.
        public let file: String?
        /// Whether a subclass closer to the inspected class overrides it.
        public let overridden: Bool
    }

    /// The class name.
    public let name: String
    /// The superclass chain, nearest first, ending at `Object`.
    public let superclasses: [String]
    /// The plugin that defines it (name and file), `nil` for a built-in class.
    public let plugin: String?
    public let file: String?
    /// Whether it is a view class (its chain reaches `View`).
    public let isView: Bool
    /// Its properties, the inherited ones first (each class's in declaration order).
    public let properties: [Property]
    /// Its methods and the inherited ones.
    public let methods: [Method]
    /// UIKit callbacks declared with a signature the host does not call.
    public let warnings: [String]
    /// The delegate protocols (right-handed view, scroll view, gesture recognizer, layer) whose
    /// calls this class answers, with the selectors it answers.
    public let delegateProtocols: [DelegateProtocol]
    /// Selectors besides `drawRect:` with its signature (`v@:{CGRect=…}`), which an overlay
    /// can draw with (a scene's "overlays", easel.h's `add_overlay`).
    public let overlays: [String]
    /// Whether the class is an overlay view itself (its chain reaches `OverlayView`).
    public let isOverlayView: Bool
    /// The class's one-line summary, from its plugin's metadata.
    public let summary: String?
    /// Preview property values (a JSON object, as the plugin wrote it), from its plugin's metadata.
    public let previewProperties: String?
    /// What the defining plugin says about itself, `nil` for a built-in class or a plugin without metadata.
    public let pluginMetadata: PluginMetadata?

    /// The inspection of `className`, or `nil` when neither a listed plugin nor the host defines it.
    static func make(_ className: String, listing: PluginListing) -> ClassInspection? {
        var described: [String: (cls: ClassDescription, plugin: PluginDescription)] = [:]
        for plugin in listing.catalog.plugins {
            for cls in plugin.classes where described[cls.name] == nil { described[cls.name] = (cls, plugin) }
        }
        let builtIns = Registry()
        guard described[className] != nil || builtIns.objectClass(named: className) != nil else { return nil }
        // The chain: plugin classes, then built-ins.
        var chain: [String] = [className]
        var current = className
        while chain.count <= 4096 {
            let next: String?
            if let entry = described[current] { next = entry.cls.superclass } else { next = builtIns.objectClass(named: current)?.superclass?.name }
            guard let next else { break }
            chain.append(next)
            current = next
        }
        var properties: [Property] = []
        var methods: [Method] = []
        var implemented = Set<String>()
        for name in chain {   // nearest first: the first implementation seen is the one used
            if let entry = described[name] {
                for method in entry.cls.methods {
                    methods.append(Method(selector: method.selector, encoding: method.encoding,
                                          signature: method.readableSignature(className: name), implementedBy: name,
                                          file: entry.plugin.path, overridden: implemented.contains(method.selector)))
                    implemented.insert(method.selector)
                }
            } else if let builtIn = builtIns.objectClass(named: name) {
                for method in builtIn.methods {
                    let selector = method.selector.name
                    methods.append(Method(selector: selector, encoding: method.signature.encoding,
                                          signature: MethodDescription(selector: selector, encoding: method.signature.encoding)
                                            .readableSignature(className: name),
                                          implementedBy: name, file: nil, overridden: implemented.contains(selector)))
                    implemented.insert(selector)
                }
            }
        }
        for name in chain.reversed() {   // farthest first, as the storage is laid out
            if let entry = described[name] {
                let classMetadata = entry.plugin.metadata?.forClass(name)
                for property in entry.cls.properties {
                    let info = classMetadata?.forProperty(property.name)
                    var defaultValue = Self.defaultText(property)
                    if let text = defaultValue, let value = Int64(text), let named = info?.name(of: value) { defaultValue = named }
                    properties.append(Property(name: property.name, type: property.readableType, encoding: property.encoding,
                                               declaredBy: name, defaultValue: defaultValue, description: info?.description,
                                               values: (info?.enumCases.isEmpty ?? true) ? nil : info?.enumCases))
                }
            } else if let builtIn = builtIns.objectClass(named: name) {
                // Defaults of the host's own properties, read from a fresh instance of the built-in class.
                let instance = try? builtIns.makeObject(ofClass: name)
                for (propertyName, property) in builtIn.builtInProperties.sorted(by: { $0.key < $1.key }) {
                    let value: String? = instance.flatMap { object in
                        guard !Self.holdsAddress(property.type) else { return nil }
                        let bytes = property.get(object)
                        guard bytes.count >= property.type.size else { return nil }
                        return bytes.withUnsafeBytes { ValueCodec.format($0, as: property.type) }
                    }
                    properties.append(Property(name: propertyName, type: property.type.readableName,
                                               encoding: property.type.encoding, declaredBy: name, defaultValue: value,
                                               description: nil, values: nil))
                }
            }
        }
        let isView = chain.contains("View")
        let own = described[className]
        let warnings = isView ? (own?.cls.methods ?? []).compactMap {
            ViewCallbackCheck.warning(className: className, selector: $0.selector, encoding: $0.encoding)
        } : []
        let delegates = knownDelegateProtocols.compactMap { known -> DelegateProtocol? in
            let answered = known.selectors.filter { implemented.contains($0) }
            return answered.isEmpty ? nil : DelegateProtocol(name: known.name, sender: known.sender, selectors: answered)
        }
        let overlays = methods.filter { method in
            guard !method.overridden, method.selector != "drawRect:",
                  let signature = try? MethodSignature.cached(method.encoding) else { return false }
            return signature.returnType == .void && signature.numberOfArguments == 3 && signature.argumentType(at: 2) == .rect
        }.map(\.selector)
        return ClassInspection(
            name: className, superclasses: Array(chain.dropFirst()), plugin: own?.plugin.name,
            file: own.map { FileSystemName.jsonText($0.plugin.path) }, isView: isView,
            properties: properties, methods: methods, warnings: warnings,
            delegateProtocols: delegates, overlays: overlays, isOverlayView: chain.contains("OverlayView"),
            summary: own?.plugin.metadata?.forClass(className)?.summary,
            previewProperties: own?.plugin.metadata?.forClass(className)?.previewProperties,
            pluginMetadata: own?.plugin.metadata.map { metadata in
                var plugin = metadata
                plugin.classes = []   // the class's own entry is summary and previewProperties
                return plugin
            })
    }

    /// A property's default as text, when it is a value (not an address).
    static func defaultText(_ property: PropertyDescription) -> String? {
        guard let type = try? TypeEncoding(parsing: property.encoding), !Self.holdsAddress(type) else { return nil }
        var bytes = property.defaultBytes ?? []
        guard bytes.count <= type.size || property.defaultBytes == nil else { return nil }
        if bytes.count < type.size { bytes += [UInt8](repeating: 0, count: type.size - bytes.count) }
        return bytes.withUnsafeBytes { ValueCodec.format($0, as: type) }
    }

    /// Whether a value of `type` holds an address (meaningless outside the plugin's process).
    static func holdsAddress(_ type: TypeEncoding) -> Bool {
        switch type {
        case .cString, .object, .class, .selector, .pointer, .unknown: true
        case .array(_, let element): holdsAddress(element)
        case .structure(_, let fields): fields.contains(where: holdsAddress)
        default: false
        }
    }

    /// The lines `easel inspect` prints for one property: `  name: type = default  (declaring class)`,
    /// then its description and value names, each on a line of its own.
    public func propertyText(_ property: Property) -> String {
        let value = property.defaultValue.map { " = \($0)" } ?? ""
        let from = property.declaredBy == name ? "" : "  (\(property.declaredBy))"
        var out = "  \(property.name): \(property.type)\(value)\(from)\n"
        if let description = property.description { out += "      \(DisplayText.escaped(description))\n" }
        if let values = property.values {
            out += "      values: \(values.map { "\($0.name) (\($0.value))" }.joined(separator: ", "))\n"
        }
        return out
    }

    /// The property `propertyName` of the class (its own or inherited).
    ///
    /// - Throws: ``SessionError`` (status 2) naming the class and the property, with a "did you mean".
    public func property(named propertyName: String) throws(SessionError) -> Property {
        if let found = properties.last(where: { $0.name == propertyName }) { return found }
        let names = properties.map(\.name)
        let known = names.isEmpty ? "it has none" : "it has: \(names.joined(separator: ", "))"
        throw SessionError("class '\(name)' has no property '\(propertyName)' (\(known))\(NameSuggestion.clause(for: propertyName, among: names))",
                           className: name, isUsageError: true)
    }

    /// The text `easel inspect` prints.
    public var text: String {
        var out = "class \(name) : \(superclasses.joined(separator: " : "))\n"
        if let summary { out += "  \(DisplayText.escaped(summary))\n" }
        if let plugin, let file { out += "  plugin \(plugin), \(PluginLoadError.displayed(file))\n" } else { out += "  built into the host\n" }
        for line in PluginListing.metadataLines(pluginMetadata) { out += "    \(line)\n" }
        if let previewProperties { out += "  preview: \(DisplayText.escaped(previewProperties))\n" }
        out += "\nproperties:\n"
        if properties.isEmpty { out += "  (none)\n" }
        for property in properties { out += propertyText(property) }
        out += "\nmethods:\n"
        if methods.isEmpty { out += "  (none)\n" }
        for method in methods {
            var from = method.implementedBy == name ? "" : "  (inherited from \(method.implementedBy))"
            if method.overridden { from = "  (\(method.implementedBy), overridden)" }
            out += "  \(method.signature)  \(method.encoding)\(from)\n"
        }
        if !delegateProtocols.isEmpty {
            out += "\ndelegate protocols:\n"
            for known in delegateProtocols {
                out += "  \(known.name) (sent by \(known.sender)): \(known.selectors.joined(separator: ", "))\n"
            }
        }
        if isOverlayView || !overlays.isEmpty {
            out += "\noverlays:\n"
            if isOverlayView { out += "  an overlay view itself (a subclass of OverlayView)\n" }
            for selector in overlays { out += "  \(selector)  (a scene's \"overlays\": [\"\(selector)\"])\n" }
        }
        for warning in warnings { out += "\nwarning: \(warning)\n" }
        return out
    }
}

extension Session {
    /// The host's own classes (`Object`, `View`, `Window`, …), which every scene and invocation can name.
    public static var builtInClassNames: [String] { BuiltIns.withViews.classNames }

    /// One class in full (`easel inspect`), from the plugin scan and the host's built-ins.
    ///
    /// - Throws: ``SessionError`` (status 2) naming the class, with a "did you
    ///   mean" when one is close, or the plugin that defined it when it was refused.
    public func inspect(className: String) throws(SessionError) -> ClassInspection {
        let listing = try listing()
        if let inspection = ClassInspection.make(className, listing: listing) { return inspection }
        if let refusal = listing.catalog.failures.first(where: { $0.error.className == className }) {
            throw SessionError("class '\(className)' is not loaded: \(refusal.error.description)", className: className,
                               isUsageError: true)
        }
        let known = listing.catalog.plugins.flatMap { $0.classes.map(\.name) } + Self.builtInClassNames
        throw SessionError("no class named '\(className)'\(NameSuggestion.clause(for: className, among: known))",
                           className: className, isUsageError: true)
    }
}
