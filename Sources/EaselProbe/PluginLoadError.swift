/// Why a plugin file was not loaded.
///
/// Every load error names the file; where a class or a selector is at fault
/// it names those too. ``Kind`` is an open set of reasons (a newer host may
/// add reasons), compared by value.
public struct PluginLoadError: Error, Sendable, CustomStringConvertible, Equatable, Codable {
    /// A reason a plugin is refused.
    public struct Kind: RawRepresentable, Hashable, Sendable, CustomStringConvertible, Codable {
        /// A short stable identifier, e.g. `"abi-major"`, used in JSON output.
        public let rawValue: String
        /// Wraps an identifier.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The identifier.
        public var description: String { rawValue }

        /// The plugin folder does not exist or is not a folder.
        public static let missingFolder = Kind(rawValue: "missing-folder")
        /// The file cannot be read (permissions, I/O error).
        public static let unreadable = Kind(rawValue: "unreadable")
        /// The file is not an ELF shared object.
        public static let notSharedObject = Kind(rawValue: "not-shared-object")
        /// The dynamic loader refused the file (truncated, missing dependency, …).
        public static let dlopenFailed = Kind(rawValue: "dlopen-failed")
        /// The library exports no `easel_plugin_entry_v2` (nor an entry point of another major).
        public static let noEntryPoint = Kind(rawValue: "no-entry-point")
        /// The entry point returned NULL.
        public static let entryReturnedNull = Kind(rawValue: "entry-returned-null")
        /// The plugin was built for another ABI major version.
        public static let abiMajor = Kind(rawValue: "abi-major")
        /// The plugin was built for a newer ABI minor version than the host's.
        public static let abiMinor = Kind(rawValue: "abi-minor")
        /// The plugin's geometry struct sizes differ from the host's.
        public static let layoutMismatch = Kind(rawValue: "layout-mismatch")
        /// A description struct is malformed (NULL name, bad size, bad offset, …).
        public static let invalidDescription = Kind(rawValue: "invalid-description")
        /// A name the plugin gives (its own, a class's, a property's, a
        /// selector) holds a control character, bytes that are not UTF-8, or a
        /// character its kind of name cannot hold (see `PluginNames` in EaselProbe).
        public static let invalidName = Kind(rawValue: "invalid-name")
        /// A method or property type encoding does not parse.
        public static let malformedEncoding = Kind(rawValue: "malformed-encoding")
        /// A method's encoding declares a different number of arguments than its selector.
        public static let arityMismatch = Kind(rawValue: "arity-mismatch")
        /// A method's function pointer is NULL.
        public static let nullImplementation = Kind(rawValue: "null-implementation")
        /// A class's superclass is not defined by any built-in or loaded plugin.
        public static let missingSuperclass = Kind(rawValue: "missing-superclass")
        /// A class name is already defined by a built-in or an earlier plugin.
        public static let duplicateClass = Kind(rawValue: "duplicate-class")
        /// The plugin killed the scanner process with a signal while it was
        /// being probed (a crash in a constructor or the entry point, an abort).
        public static let crashed = Kind(rawValue: "crashed")
        /// The plugin made the scanner process exit while it was being probed.
        public static let exited = Kind(rawValue: "exited")
        /// The plugin did not finish loading within the scanner's time limit.
        public static let timedOut = Kind(rawValue: "timed-out")
        /// The plugin scanner itself could not run, so the file was not probed.
        public static let scannerFailed = Kind(rawValue: "scanner-failed")
        /// The plugin file or folder (or a link's target, or its folder) is
        /// writable by group or others, or owned by someone other than the
        /// user or root (see `PluginTrust` in EaselDiscovery).
        public static let insecurePermissions = Kind(rawValue: "insecure-permissions")
        /// A library the plugin needs from outside the system's folders cannot
        /// be loaded the way the host loads a plugin's libraries (no matching
        /// `DT_SONAME`, a search path the host does not resolve, too many), or
        /// cannot be opened (see `PluginDependencies` in EaselProbe). A library
        /// that breaks the permission rules or is not in the allow-list is
        /// refused as ``insecurePermissions`` or ``notAllowListed``.
        public static let dependencyRefused = Kind(rawValue: "dependency-refused")
        /// An allow-list is in force and the file's SHA-256 digest is not in it
        /// (see `PluginAllowList` in EaselDiscovery).
        public static let notAllowListed = Kind(rawValue: "not-allow-listed")
    }

    /// The plugin file (or folder) at fault.
    public let path: String
    /// The reason.
    public let kind: Kind
    /// The class at fault, when one is.
    public let className: String?
    /// The selector at fault, when one is.
    public let selector: String?
    /// A complete sentence that explains the reason (without the path).
    public let message: String
    /// The last lines the plugin wrote to standard error before its scan
    /// crashed, exited or timed out (empty otherwise).
    public let output: [String]

    /// Creates a load error.
    public init(path: String, kind: Kind, className: String? = nil, selector: String? = nil, message: String,
                output: [String] = []) {
        self.path = path
        self.kind = kind
        self.className = className
        self.selector = selector
        self.message = message
        self.output = output
    }

    /// Text from a file name or a plugin (a path, a line the plugin printed)
    /// as it is safe to print on a terminal: control characters, invisible
    /// reordering characters and bytes that are not UTF-8 written `\xNN`.
    public static func displayed(_ text: String) -> String { DisplayText.escaped(text) }

    /// `<path>: <message>`, with the path's control characters and bytes
    /// that are not UTF-8 written `\xNN`.
    public var description: String { "\(DisplayText.escaped(path)): \(message)" }
}
