import EaselDiscovery
import EaselProbe
import EaselRuntime
import EaselViews
import FoundationEssentials

/// What `easel list` shows: the plugin folders, the plugins and the files that failed to load.
///
/// Made by ``PluginEnvironment/listing(warn:)`` without running plugin code
/// when the scanner is there; its text is kept by ``ListingCache`` so that
/// listing an unchanged search path again prints it without scanning.
public struct PluginListing {
    /// The plugins and failures.
    public let catalog: PluginCatalog
    /// The plugin folders, in search-path order.
    public let folders: [String]
    /// The scan it came from; `nil` when the plugins were loaded in this process.
    let scan: PluginScan?
    /// The trust policy of the scan.
    let trust: PluginTrust

    /// The listing: folders, then each plugin with its classes, properties and selectors, then the failures.
    public var text: String {
        var out = "Plugin folders:\n" + folders.map { "  \($0)\n" }.joined()
        out += "\n\(catalog.plugins.count) plugin\(catalog.plugins.count == 1 ? "" : "s") loaded\n"
        let views = viewClassNames
        for plugin in catalog.plugins {
            out += "\n\(PluginLoadError.displayed(plugin.path))\n  plugin \(plugin.name), ABI \(plugin.abiMajor).\(plugin.abiMinor)\n"
            for line in Self.metadataLines(plugin.metadata) { out += "  \(line)\n" }
            for cls in plugin.classes {
                out += "  class \(cls.name) : \(cls.superclass)\n"
                if let summary = plugin.metadata?.forClass(cls.name)?.summary { out += "    summary: \(DisplayText.escaped(summary))\n" }
                for property in cls.properties {
                    out += "    property \(property.name): \(property.readableType)  \(property.encoding)\n"
                }
                for method in cls.methods {
                    out += "    \(method.readableSignature(className: cls.name))  \(method.encoding)\n"
                }
                for warning in warnings(for: cls, views: views) { out += "    warning: \(warning)\n" }
            }
        }
        if !catalog.failures.isEmpty {
            out += "\n\(failureCount)\n"
            for failure in catalog.failures {
                out += "  \(PluginLoadError.displayed(failure.error.path)): \(failure.error.message)\n"
                for line in failure.error.output { out += "      | \(PluginLoadError.displayed(line))\n" }
            }
        }
        return out
    }

    /// The lines that show a plugin's metadata (`description: …`, `version: …`, `author: …`,
    /// `license: …`, `url: …`), each present field on one line, control characters escaped.
    static func metadataLines(_ metadata: PluginMetadata?) -> [String] {
        guard let metadata else { return [] }
        return [("description", metadata.description), ("version", metadata.version), ("author", metadata.author),
                ("license", metadata.license), ("url", metadata.url)]
            .compactMap { label, value in value.map { "\(label): \(DisplayText.escaped($0))" } }
    }

    /// The class names of every listed plugin class that is a view
    /// (its superclass chain reaches a built-in view class).
    var viewClassNames: Set<String> {
        let superclasses = Dictionary(catalog.plugins.flatMap { $0.classes.map { ($0.name, $0.superclass) } },
                                      uniquingKeysWith: { first, _ in first })
        var views = Set<String>()
        for name in superclasses.keys {
            var current = name
            var steps = 0
            while let next = superclasses[current], steps <= superclasses.count {
                current = next
                steps += 1
            }
            if ViewCallbackCheck.builtInViewClasses.contains(current) { views.insert(name) }
        }
        return views
    }

    /// Warnings for a view class's callbacks declared with a signature the host does not call.
    func warnings(for cls: ClassDescription, views: Set<String>? = nil) -> [String] {
        guard (views ?? viewClassNames).contains(cls.name) else { return [] }
        return cls.methods.compactMap {
            ViewCallbackCheck.warning(className: cls.name, selector: $0.selector, encoding: $0.encoding)
        }
    }

    /// `easel list --failed`: every failure with its reason, the time it was recorded and the plugin's last output.
    public var failedText: String {
        var out = "Plugin folders:\n" + folders.map { "  \($0)\n" }.joined()
        out += "\n\(failureCount)\n"
        for failure in catalog.failures {
            out += "  \(PluginLoadError.displayed(failure.error.path)): \(failure.error.message)\n"
            out += "    reason \(failure.error.kind.rawValue), recorded \(Self.timestamp(failure.recordedAt))\n"
            for line in failure.error.output { out += "      | \(PluginLoadError.displayed(line))\n" }
        }
        return out
    }

    /// The listing as pretty-printed JSON with sorted keys (`easel list --json`).
    ///
    /// - Parameter failedOnly: Only the `failures` (`--failed`).
    /// - Throws: An `EncodingError` (not expected for these values).
    public func json(failedOnly: Bool) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let listing = JSONListing(self)
        let data = failedOnly ? try encoder.encode(["failures": listing.failures]) : try encoder.encode(listing)
        return String(decoding: data, as: UTF8.self)
    }

    /// `1 file failed to load`, `3 files failed to load`.
    private var failureCount: String {
        "\(catalog.failures.count) file\(catalog.failures.count == 1 ? "" : "s") failed to load"
    }

    /// A time as ISO 8601 in UTC, e.g. `2025-06-01T12:34:56Z`.
    static func timestamp(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}

/// The JSON form of `easel list`.
struct JSONListing: Encodable {
    struct PropertyEntry: Encodable {
        let name: String; let encoding: String; let type: String
        /// The default as `easel invoke` prints values; absent for pointers (addresses in the plugin's process).
        let `default`: String?
        /// Its description and value names (an enumeration) from the plugin's metadata; omitted when none.
        let description: String?
        let values: [PropertyMetadata.EnumCase]?
    }
    struct MethodEntry: Encodable { let selector: String; let encoding: String; let signature: String }
    struct ClassEntry: Encodable {
        let name: String; let superclass: String
        /// The class's one-line summary and preview property values (JSON text) from the plugin's metadata; omitted when none.
        let summary: String?; let previewProperties: String?
        let properties: [PropertyEntry]; let methods: [MethodEntry]
        /// Callbacks declared with a signature the host does not call (view classes only); omitted when none.
        let warnings: [String]?
    }
    struct PluginEntry: Encodable {
        let path: String; let name: String; let abiVersion: String
        /// What the plugin says about itself (its metadata function); each omitted when not given.
        let description: String?; let version: String?; let author: String?; let license: String?; let url: String?
        /// The plugin's resource folders that exist (EaselRuntime's PluginResources).
        let resources: [String]
        let classes: [ClassEntry]
    }
    struct FailureEntry: Encodable {
        let path: String; let reason: String; let message: String
        let className: String?; let selector: String?
        let output: [String]; let recordedAt: String
    }
    let folders: [String]
    let plugins: [PluginEntry]
    let failures: [FailureEntry]

    init(_ listing: PluginListing) {
        folders = listing.folders
        let views = listing.viewClassNames
        plugins = listing.catalog.plugins.map { plugin in
            PluginEntry(path: FileSystemName.jsonText(plugin.path), name: plugin.name, abiVersion: "\(plugin.abiMajor).\(plugin.abiMinor)",
                        description: plugin.metadata?.description, version: plugin.metadata?.version,
                        author: plugin.metadata?.author, license: plugin.metadata?.license, url: plugin.metadata?.url,
                        resources: PluginResources.folders(forPluginAt: plugin.path).map(FileSystemName.jsonText),
                        classes: plugin.classes.map { cls in
                            JSONListing.classEntry(cls, warnings: listing.warnings(for: cls, views: views),
                                                   metadata: plugin.metadata?.forClass(cls.name))
                        })
        }
        failures = listing.catalog.failures.map {
            FailureEntry(path: FileSystemName.jsonText($0.error.path), reason: $0.error.kind.rawValue, message: $0.error.message,
                         className: $0.error.className, selector: $0.error.selector,
                         output: $0.error.output, recordedAt: PluginListing.timestamp($0.recordedAt))
        }
    }

    static func classEntry(_ cls: ClassDescription, warnings: [String] = [], metadata: ClassMetadata? = nil) -> ClassEntry {
        ClassEntry(
            name: cls.name, superclass: cls.superclass, summary: metadata?.summary, previewProperties: metadata?.previewProperties,
            properties: cls.properties.map {
                let info = metadata?.forProperty($0.name)
                return PropertyEntry(name: $0.name, encoding: $0.encoding, type: $0.readableType,
                                     default: ClassInspection.defaultText($0), description: info?.description,
                                     values: (info?.enumCases.isEmpty ?? true) ? nil : info?.enumCases)
            },
            methods: cls.methods.map {
                MethodEntry(selector: $0.selector, encoding: $0.encoding, signature: $0.readableSignature(className: cls.name))
            },
            warnings: warnings.isEmpty ? nil : warnings)
    }
}

extension PluginEnvironment {
    /// The plugins and failures of the folders, without running plugin code when the scanner is there.
    ///
    /// - Parameter warn: Receives each warning line as it happens.
    /// - Throws: ``SessionError`` for an allow-list that cannot be used.
    public func listing(warn: (String) -> Void) throws(SessionError) -> PluginListing {
        let scanned = try scan(warn: warn)
        if let scan = scanned.scan {
            return PluginListing(catalog: PluginCatalog(scan), folders: folders, scan: scan, trust: scanned.trust)
        }
        let registry = Registry()
        registry.loadPlugins(from: folders, trust: scanned.trust)
        return PluginListing(catalog: PluginCatalog(registry: registry), folders: folders, scan: nil, trust: scanned.trust)
    }

    /// Writes the last listing of the folders to a file descriptor when
    /// nothing it depends on has changed (see ``ListingCache``), and the
    /// folders and files still pass the permission checks of folder trust.
    /// Never with an allow-list: the files' digests are computed on every run.
    ///
    /// - Parameter output: Where to write (standard output for `easel list`).
    /// - Returns: Whether it did; when not, nothing was written.
    /// - Throws: ``SessionError`` `write error: <reason>` when the listing cannot be written.
    public func writeCachedListing(to output: Int32) throws(SessionError) -> Bool {
        guard allowListPath == nil, !probesInProcess else { return false }
        let executable = PluginSearchPath.easelExecutablePath()
        guard let cache, let executable, PluginScanner.locateHelper(environment: variables, executablePath: executable) != nil
        else { return false }
        return try ListingCache(cache: cache, program: executable)
            .write(folders: folders, timeLimit: timeLimit, allowWritable: allowsWritable, to: output)
    }

    /// Keeps the text of a listing for the next `easel list`, when its scan can be replayed.
    ///
    /// - Parameters:
    ///   - text: What was printed: the listing's ``PluginListing/text``.
    ///   - listing: The listing it is the text of.
    public func recordListing(_ text: String, of listing: PluginListing) {
        guard let scan = listing.scan, let cache, let executable = PluginSearchPath.easelExecutablePath() else { return }
        ListingCache(cache: cache, program: executable).record(text, of: scan, timeLimit: timeLimit, trust: listing.trust)
    }

    /// Deletes the plugin cache and the last listing kept beside it.
    ///
    /// - Returns: The cache file and whether there was one.
    /// - Throws: ``SessionError`` when there is no cache folder (neither
    ///   `XDG_CACHE_HOME` nor `HOME` is set) or the file cannot be removed.
    public static func clearCache(variables: [String: String]) throws(SessionError) -> (file: String, existed: Bool) {
        let cache = try cacheLocation(variables: variables)
        ListingCache(cache: cache).clear()
        do {
            return (cache.file, try cache.clear())
        } catch {
            throw SessionError(describing: error, file: cache.file)
        }
    }

    /// The plugin cache of the environment variables.
    ///
    /// - Throws: ``SessionError`` when neither `XDG_CACHE_HOME` nor `HOME` is set.
    public static func cacheLocation(variables: [String: String]) throws(SessionError) -> RegistryCache {
        guard let directory = RegistryCache.defaultDirectory(environment: variables) else {
            throw SessionError("no cache folder: neither XDG_CACHE_HOME nor HOME is set")
        }
        return RegistryCache(directory: directory)
    }
}
