#if canImport(Glibc)
import Glibc
#endif

/// File names as the kernel has them (bytes), kept losslessly in Swift
/// strings.
///
/// Linux file names are bytes, not text: `good\xff.so` is a valid name. Easel
/// keeps paths as `String`s, so a name that is not UTF-8 is decoded with each
/// byte of an invalid sequence mapped to a private-use scalar,
/// U+10FF00 + byte (the bytes 0x80...0xFF go to U+10FF80...U+10FFFF), much as
/// Python's `surrogateescape` does with lone surrogates (which Swift strings
/// cannot hold). Such a string goes back to exactly the original bytes when
/// it is handed to the system through the functions here, and is shown with
/// those bytes written `\xNN` (``DisplayText``). A valid name that itself
/// contains one of those private-use scalars is decoded the same way, byte by
/// byte, so the mapping is lossless for every name.
package enum FileSystemName {
    /// The first scalar of the range that stands for raw bytes.
    static let firstByteScalar: UInt32 = 0x10FF80

    /// The name's bytes as a string (see the type's documentation).
    package static func decode(_ bytes: some Collection<UInt8>) -> String {
        if let text = String(validating: bytes, as: UTF8.self),
           !text.unicodeScalars.contains(where: { $0.value >= firstByteScalar }) {
            return text
        }
        var scalars = String.UnicodeScalarView()
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            let length = byte < 0x80 ? 1 : byte >= 0xF0 && byte < 0xF5 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC2 && byte < 0xE0 ? 2 : 0
            if length > 0, let end = bytes.index(index, offsetBy: length, limitedBy: bytes.endIndex),
               let text = String(validating: bytes[index..<end], as: UTF8.self),
               let scalar = text.unicodeScalars.first, scalar.value < firstByteScalar {
                scalars.append(scalar)
                index = end
                continue
            }
            // A byte of an invalid sequence (always 0x80 or more).
            scalars.append(Unicode.Scalar(0x10FF00 + UInt32(byte)) ?? "?")
            index = bytes.index(after: index)
        }
        return String(scalars)
    }

    /// The bytes a path string stands for (without a terminating NUL).
    package static func bytes(_ path: String) -> [UInt8] {
        guard needsMapping(path) else { return Array(path.utf8) }
        var out: [UInt8] = []
        out.reserveCapacity(path.utf8.count)
        for scalar in path.unicodeScalars {
            if scalar.value >= firstByteScalar {
                out.append(UInt8(truncatingIfNeeded: scalar.value - 0x10FF00))
            } else {
                out.append(contentsOf: String(scalar).utf8)
            }
        }
        return out
    }

    /// The path for JSON and other text that escapes its own control
    /// characters: unchanged when it is UTF-8, else with every byte that is
    /// not written `\xNN` (as ``DisplayText`` shows it).
    package static func jsonText(_ path: String) -> String {
        needsMapping(path) ? DisplayText.escaped(path) : path
    }

    /// Whether the path has scalars standing for raw bytes (checked on its
    /// UTF-8 form: such a scalar starts with the byte 0xF4, rare in paths).
    @inline(__always)
    static func needsMapping(_ path: String) -> Bool {
        path.utf8.contains(0xF4) && path.unicodeScalars.contains { $0.value >= firstByteScalar }
    }

    /// Calls `body` with the path as the NUL-terminated bytes the kernel takes.
    package static func withCString<R>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
        guard needsMapping(path) else { return try path.withCString(body) }
        let raw = bytes(path).map { CChar(bitPattern: $0) } + [0]
        return try raw.withUnsafeBufferPointer { try body($0.baseAddress!) }
    }

    /// `stat(2)` of a path string.
    package static func stat(_ path: String, _ info: inout Glibc.stat) -> Int32 {
        withCString(path) { systemStat($0, &info) }
    }

    /// `lstat(2)` of a path string.
    package static func lstat(_ path: String, _ info: inout Glibc.stat) -> Int32 {
        withCString(path) { systemLstat($0, &info) }
    }

    /// `open(2)` of a path string.
    package static func open(_ path: String, _ flags: Int32) -> Int32 {
        withCString(path) { Glibc.open($0, flags) }
    }

    /// `realpath(3)` of a path string, decoded as ``decode(_:)``; `nil` when it fails.
    package static func realpath(_ path: String) -> String? {
        guard let resolved = withCString(path, { Glibc.realpath($0, nil) }) else { return nil }
        defer { free(resolved) }
        return decode(UnsafeBufferPointer(start: UnsafeRawPointer(resolved).assumingMemoryBound(to: UInt8.self),
                                          count: strlen(resolved)))
    }

    /// `readlink(2)` of a path string, as raw bytes; `nil` when it fails.
    package static func readlink(_ path: String) -> [UInt8]? {
        var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = withCString(path) { Glibc.readlink($0, &target, target.count - 1) }
        guard count > 0 else { return nil }
        return target[..<count].map { UInt8(bitPattern: $0) }
    }
}

// At file scope, where `stat` names the function as well as the structure.
private func systemStat(_ path: UnsafePointer<CChar>, _ info: inout stat) -> Int32 { stat(path, &info) }
private func systemLstat(_ path: UnsafePointer<CChar>, _ info: inout stat) -> Int32 { lstat(path, &info) }
