// The plugin's metadata (easel.metadata.v1): what `easel list` and `easel inspect` show about it.

import EaselABI
import Synchronization

extension Plugin {
    /// What one class says about itself: a one-line summary, preview property values, and
    /// descriptions and value names of its properties.
    public struct ClassInfo: Sendable {
        /// The class's name.
        public let className: String
        /// A one-line summary.
        public let summary: String?
        /// Preview values: a JSON object as a scene's "properties" take it, e.g. `#"{"color": "#3366cc"}"#`.
        public let previewProperties: String?
        /// What the class says about its properties (easel.metadata.v1, class metadata size 48).
        public let properties: [PropertyInfo]

        /// The metadata of `type`.
        ///
        /// - Parameters:
        ///   - type: The class.
        ///   - summary: A one-line summary.
        ///   - previewProperties: Preview values as a JSON object.
        ///   - properties: Descriptions and value names of properties `type` declares.
        public init(_ type: any PluginClass.Type, summary: String? = nil, previewProperties: String? = nil,
                    properties: [PropertyInfo] = []) {
            self.className = type.className
            self.summary = summary
            self.previewProperties = previewProperties
            self.properties = properties
        }
    }

    /// What a class says about one of its properties: a one-line description and, for an
    /// integer property, the names of its values (an enumeration scenes and `easel invoke`
    /// accept by name).
    ///
    /// ```swift
    /// .init("style", description: "The shape of its ends", names: ["plain", "rounded", "pill"])
    /// .init("weight", names: [("light", 300), ("bold", 700)])
    /// ```
    public struct PropertyInfo: Sendable {
        /// The property's name.
        public let name: String
        /// A one-line description.
        public let description: String?
        /// Its named values, in order.
        public let cases: [(name: String, value: Int64)]

        /// A property with a description and names for the values 0, 1, 2, ….
        public init(_ name: String, description: String? = nil, names: [String] = []) {
            self.name = name
            self.description = description
            self.cases = names.enumerated().map { ($0.element, Int64($0.offset)) }
        }

        /// A property with a description and named values.
        public init(_ name: String, description: String? = nil, names: [(String, Int64)]) {
            self.name = name
            self.description = description
            self.cases = names.map { ($0.0, $0.1) }
        }
    }

    /// The metadata once built, under a lock (0 before).
    private static let metadataState = Mutex<UInt>(0)

    /// The body of `easel_plugin_metadata_v2`, the optional second function a plugin exports:
    /// builds the `const easel_plugin_metadata *` on the first call and keeps it for the life of
    /// the process.
    ///
    /// ```swift
    /// @_cdecl("easel_plugin_metadata_v2")
    /// public func easelPluginMetadata() -> UnsafeRawPointer? {
    ///     Plugin.metadata(description: "Stars", version: "1.0.0", license: "MIT",
    ///                     classes: [.init(SwiftStar.self, summary: "A five-pointed star")])
    /// }
    /// ```
    public static func metadata(description: String? = nil, version: String? = nil, author: String? = nil,
                                license: String? = nil, url: String? = nil, classes: [ClassInfo] = []) -> UnsafeRawPointer? {
        let built = metadataState.withLock { built -> UInt in
            if built == 0 {
                func text(_ value: String?) -> UnsafePointer<CChar>? { value.map(Permanent.cString) }
                let entries = classes.map { info in
                    let properties = info.properties.map { property in
                        easel_property_metadata(
                            abi_version: abiVersion, struct_size: UInt32(MemoryLayout<easel_property_metadata>.size),
                            property_name: Permanent.cString(property.name), description: text(property.description),
                            enum_count: UInt32(property.cases.count), reserved: 0,
                            enum_names: Permanent.array(property.cases.map { Optional(Permanent.cString($0.name)) }),
                            enum_values: Permanent.array(property.cases.map(\.value)))
                    }
                    return easel_class_metadata(
                        abi_version: abiVersion, struct_size: UInt32(MemoryLayout<easel_class_metadata>.size),
                        class_name: Permanent.cString(info.className), summary: text(info.summary),
                        preview_properties: text(info.previewProperties),
                        property_count: UInt32(properties.count), properties: Permanent.array(properties))
                }
                let metadata = Permanent.value(easel_plugin_metadata(
                    abi_version: abiVersion, struct_size: UInt32(MemoryLayout<easel_plugin_metadata>.size),
                    description: text(description), version: text(version), author: text(author),
                    license: text(license), url: text(url),
                    class_count: UInt32(entries.count), classes: Permanent.array(entries)))
                built = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(metadata)))
            }
            return built
        }
        return UnsafeRawPointer(bitPattern: built)
    }
}
