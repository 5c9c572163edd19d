import EaselABI
import Synchronization

/// The extensions a plugin finds through `host->get_extension(id)`.
///
/// A feature added to the ABI after 2.0 (a drawing, layer, animation or
/// gesture table) does not grow the host table: the module that implements it
/// registers a table under an identifier that names one layout for ever
/// (`"easel.layers.v1"`), and plugins ask for it, as LV2's `extension_data`
/// and CLAP's `get_extension` do. Each table starts with `{abi_version,
/// struct_size}` and stays valid for the life of the process.
///
/// The registry is per process: the scanner, which only asks plugins to
/// describe themselves, registers nothing, so `get_extension` answers NULL
/// there (easel.h tells plugins to query extensions in methods).
package enum HostExtensions {
    /// Registered tables by identifier, as addresses (tables are immutable and never freed).
    private static let tables = Mutex<[String: UInt]>([:])

    /// Registers `table` under `id`, replacing an earlier registration.
    ///
    /// - Parameters:
    ///   - id: The identifier plugins ask for, e.g. `"easel.example.v1"`.
    ///   - table: A table that starts with `{abi_version, struct_size}` and
    ///     lives for the rest of the process.
    package static func register(_ id: String, table: UnsafeRawPointer) {
        tables.withLock { $0[id] = UInt(bitPattern: Int(bitPattern: table)) }
    }

    /// The table registered under `id`, or nil.
    package static func table(_ id: String) -> UnsafeRawPointer? {
        tables.withLock { $0[id] }.flatMap { UnsafeRawPointer(bitPattern: $0) }
    }

    /// The `get_extension` slot of both host tables: the registered table, or NULL for an unknown or NULL id.
    package static let lookup: @convention(c) (UnsafePointer<CChar>?) -> UnsafeRawPointer? = { id in
        guard let id else { return nil }
        return table(String(cString: id))
    }
}
