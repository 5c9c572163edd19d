import EaselEncoding

/// What a probe learned about a plugin file, as plain values: everything
/// `easel list` prints, without any pointer into the plugin.
///
/// The scanner process sends descriptions to the host and the registry cache
/// stores them, both as JSON (see PluginScanner.swift).
public struct PluginDescription: Sendable, Equatable, Codable {
    /// The file it was probed from.
    public var path: String
    /// The name the plugin gives itself.
    public var name: String
    /// The ABI major version it was built against.
    public var abiMajor: Int
    /// The ABI minor version it was built against.
    public var abiMinor: Int
    /// Its classes, in declaration order.
    public var classes: [ClassDescription]
    /// What it says about itself (`easel_plugin_metadata_v2`), nil when it exports no metadata.
    public var metadata: PluginMetadata?

    /// Creates a description.
    public init(path: String, name: String, abiMajor: Int, abiMinor: Int, classes: [ClassDescription],
                metadata: PluginMetadata? = nil) {
        self.path = path
        self.name = name
        self.abiMajor = abiMajor
        self.abiMinor = abiMinor
        self.classes = classes
        self.metadata = metadata
    }
}

/// What a plugin says about itself through its optional metadata function
/// (easel.h's `easel_plugin_metadata`, easel.metadata.v1): each text at most
/// 4096 bytes, nil when not given.
public struct PluginMetadata: Sendable, Equatable, Codable {
    /// What the plugin offers, in a sentence.
    public var description: String?
    /// Its version.
    public var version: String?
    /// Its author.
    public var author: String?
    /// Its licence.
    public var license: String?
    /// Its URL.
    public var url: String?
    /// What its classes say about themselves, in the plugin's order.
    public var classes: [ClassMetadata]

    /// Creates metadata.
    public init(description: String?, version: String?, author: String?, license: String?, url: String?,
                classes: [ClassMetadata]) {
        self.description = description
        self.version = version
        self.author = author
        self.license = license
        self.url = url
        self.classes = classes
    }

    /// The metadata of the class `name`, if the plugin gave any.
    public func forClass(_ name: String) -> ClassMetadata? { classes.first { $0.className == name } }
}

/// What one class says about itself (easel.h's `easel_class_metadata`).
public struct ClassMetadata: Sendable, Equatable, Codable {
    /// The class.
    public var className: String
    /// A one-line summary.
    public var summary: String?
    /// Preview property values: a JSON object as a scene's "properties" take it (unchecked text).
    public var previewProperties: String?
    /// What it says about the properties it declares (descriptions, value names), in its order.
    public var properties: [PropertyMetadata]

    /// Creates class metadata.
    public init(className: String, summary: String?, previewProperties: String?, properties: [PropertyMetadata] = []) {
        self.className = className
        self.summary = summary
        self.previewProperties = previewProperties
        self.properties = properties
    }

    private enum CodingKeys: String, CodingKey { case className, summary, previewProperties, properties }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        className = try container.decode(String.self, forKey: .className)
        summary = try container.decodeIfPresent(String.self, forKey: .summary)
        previewProperties = try container.decodeIfPresent(String.self, forKey: .previewProperties)
        properties = try container.decodeIfPresent([PropertyMetadata].self, forKey: .properties) ?? []
    }

    /// The metadata of the property `name`, if the class gave any.
    public func forProperty(_ name: String) -> PropertyMetadata? { properties.first { $0.name == name } }
}

/// What a class says about one of its properties (easel.h's `easel_property_metadata`):
/// a description and, for an integer property, the names of its values.
public struct PropertyMetadata: Sendable, Equatable, Codable {
    /// One named value of an enumeration.
    public struct EnumCase: Sendable, Equatable, Codable {
        /// The name, e.g. `rounded`.
        public var name: String
        /// Its value.
        public var value: Int64

        /// Creates a named value.
        public init(name: String, value: Int64) {
            self.name = name
            self.value = value
        }
    }

    /// The property.
    public var name: String
    /// A one-line description.
    public var description: String?
    /// The names of its values, in the plugin's order; empty when it is not an enumeration.
    public var enumCases: [EnumCase]

    /// Creates property metadata.
    public init(name: String, description: String?, enumCases: [EnumCase] = []) {
        self.name = name
        self.description = description
        self.enumCases = enumCases
    }

    /// The value named `name`, if the property has such a name.
    public func value(named name: String) -> Int64? { enumCases.first { $0.name == name }?.value }

    /// The first name of `value`, if it has one.
    public func name(of value: Int64) -> String? { enumCases.first { $0.value == value }?.name }
}

/// A class of a ``PluginDescription``.
public struct ClassDescription: Sendable, Equatable, Codable {
    /// The class name.
    public var name: String
    /// The name of its superclass.
    public var superclass: String
    /// Bytes of storage the class adds to every instance.
    public var instanceSize: Int
    /// Its declared properties, in declaration order.
    public var properties: [PropertyDescription]
    /// Its methods, in declaration order.
    public var methods: [MethodDescription]

    /// Creates a class description.
    public init(name: String, superclass: String, instanceSize: Int,
                properties: [PropertyDescription], methods: [MethodDescription]) {
        self.name = name
        self.superclass = superclass
        self.instanceSize = instanceSize
        self.properties = properties
        self.methods = methods
    }
}

/// A declared property of a ``ClassDescription``.
///
/// In JSON, an array: `["color", "{EaselColor=dddd}", 0, "000000000000f03f…"]`
/// (name, encoding, offset, default bytes in hex or `null`), about half the
/// cost of an object to encode and decode.
public struct PropertyDescription: Sendable, Equatable, Codable {
    /// The property name.
    public var name: String
    /// Its type encoding, e.g. `d` or `{EaselColor=dddd}`.
    public var encoding: String
    /// Its byte offset in the class's storage.
    public var offset: Int
    /// The default value's bytes, as lowercase hex (`nil`: zeroes, or a
    /// value that holds pointers: an address in the scanner's process means
    /// nothing in another one).
    public var defaultValue: String?

    /// Creates a property description.
    public init(name: String, encoding: String, offset: Int, defaultValue: [UInt8]?) {
        self.name = name
        self.encoding = encoding
        self.offset = offset
        let holdsPointers = encoding.contains { "*^@#:".contains($0) }
        self.defaultValue = holdsPointers ? nil : defaultValue.map(Self.hex)
    }

    /// Creates a property description with its default value already in hex
    /// (as the scanner's protocol carries it).
    package init(name: String, encoding: String, offset: Int, hexDefault: String?) {
        self.name = name
        self.encoding = encoding
        self.offset = offset
        self.defaultValue = hexDefault
    }

    public init(from decoder: any Decoder) throws {
        var fields = try decoder.unkeyedContainer()
        name = try fields.decode(String.self)
        encoding = try fields.decode(String.self)
        offset = try fields.decode(Int.self)
        defaultValue = try fields.decodeIfPresent(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var fields = encoder.unkeyedContainer()
        try fields.encode(name)
        try fields.encode(encoding)
        try fields.encode(offset)
        try fields.encode(defaultValue)
    }

    /// The default value's bytes, or `nil` for zeroes.
    public var defaultBytes: [UInt8]? {
        guard let defaultValue, defaultValue.utf8.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(defaultValue.utf8.count / 2)
        var high: UInt8?
        for character in defaultValue.utf8 {
            guard let nibble = Self.nibble(character) else { return nil }
            if let h = high { bytes.append(h << 4 | nibble); high = nil } else { high = nibble }
        }
        return bytes
    }

    /// A readable type, e.g. `double` or `EaselColor` (the encoding when it does not parse).
    public var readableType: String {
        (try? TypeEncoding(parsing: encoding))?.readableName ?? encoding
    }

    private static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 15)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    private static func nibble(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): character - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}

/// A method of a ``ClassDescription``.
///
/// In JSON, a pair: `["drawRect:", "v@:{CGRect={CGPoint=dd}{CGSize=dd}}"]`.
public struct MethodDescription: Sendable, Equatable, Codable {
    /// The selector, e.g. `drawRect:`.
    public var selector: String
    /// Its type encoding, e.g. `v@:{CGRect={CGPoint=dd}{CGSize=dd}}`.
    public var encoding: String

    /// Creates a method description.
    public init(selector: String, encoding: String) {
        self.selector = selector
        self.encoding = encoding
    }

    public init(from decoder: any Decoder) throws {
        var fields = try decoder.unkeyedContainer()
        selector = try fields.decode(String.self)
        encoding = try fields.decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var fields = encoder.unkeyedContainer()
        try fields.encode(selector)
        try fields.encode(encoding)
    }

    /// A readable form such as `-[Swatch drawRect:(CGRect)]`, as
    /// `Method.readableSignature(className:)` prints it (the bare selector
    /// when the encoding does not parse).
    public func readableSignature(className: String) -> String {
        guard let signature = try? MethodSignature.cached(encoding) else { return "-[\(className) \(selector)]" }
        return Self.readableSignature(className: className, selector: Selector(selector), signature: signature)
    }

    /// The readable form of a selector with a signature, e.g.
    /// `-[Swatch sizeThatFits:(CGSize)] -> CGSize`.
    package static func readableSignature(className: String, selector: Selector, signature: MethodSignature) -> String {
        var parts: [String] = []
        let keywords = selector.keywords
        if selector.declaredArgumentCount == 0 {
            parts = [selector.name]
        } else {
            for (index, keyword) in keywords.enumerated() where index + 2 < signature.numberOfArguments {
                parts.append("\(keyword)(\(signature.argumentType(at: index + 2).readableName))")
            }
        }
        var text = "-[\(className) \(parts.joined(separator: " "))]"
        if signature.returnType != .void { text += " -> \(signature.returnType.readableName)" }
        return text
    }
}

extension PluginCandidate {
    /// The candidate as plain values (what the scanner reports).
    package var pluginDescription: PluginDescription {
        PluginDescription(path: path, name: name, abiMajor: abiMajor, abiMinor: abiMinor, classes: classes.map { spec in
            ClassDescription(
                name: spec.name, superclass: spec.superclassName, instanceSize: spec.instanceSize,
                properties: spec.properties.map {
                    PropertyDescription(name: $0.name, encoding: $0.type.encoding, offset: $0.offset, defaultValue: $0.defaultValue)
                },
                methods: spec.methods.map { MethodDescription(selector: $0.selector.name, encoding: $0.signature.encoding) })
        }, metadata: metadata)
    }
}
