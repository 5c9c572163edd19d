// The plugin's metadata (easel.metadata.v1): what `easel list` and `easel inspect` show about it.

import EaselABI
import Synchronization

extension Plugin {
    /// What one class says about itself: a one-line summary and preview property values.
    public struct ClassInfo: Sendable {
        /// The class's name.
        public let className: String
        /// A one-line summary.
        public let summary: String?
        /// Preview values: a JSON object as a scene's "properties" take it, e.g. `#"{"color": "#3366cc"}"#`.
        public let previewProperties: String?

        /// The metadata of `type`.
        public init(_ type: any PluginClass.Type, summary: String? = nil, previewProperties: String? = nil) {
            self.className = type.className
            self.summary = summary
            self.previewProperties = previewProperties
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
                    easel_class_metadata(
                        abi_version: abiVersion, struct_size: UInt32(MemoryLayout<easel_class_metadata>.size),
                        class_name: Permanent.cString(info.className), summary: text(info.summary),
                        preview_properties: text(info.previewProperties))
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
