#if canImport(Glibc)
import Glibc
#endif
import EaselProbe
import EaselRuntime
import CGLib
import CEaselSupport

/// SHA-256 digests through GLib's `GChecksum`, for plugin allow-lists.
package enum SHA256 {
    /// The digest of `bytes`, as 64 lowercase hexadecimal digits.
    package static func hexDigest(of bytes: [UInt8]) -> String {
        var hasher = Hasher()
        bytes.withUnsafeBytes { hasher.update($0) }
        return hasher.finish()
    }

    /// The digest of a file's contents (following symbolic links), as 64
    /// lowercase hexadecimal digits, the way `sha256sum` prints it.
    ///
    /// - Returns: The digest, or the reason the file cannot be read
    ///   (`strerror` text).
    package static func hexDigest(ofFileAt path: String) -> Result<String, DigestError> {
        let fd = FileSystemName.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return .failure(DigestError(reason: String(cString: strerror(errno)))) }
        defer { close(fd) }
        var hasher = Hasher()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(DigestError(reason: String(cString: strerror(errno))))
            }
            if count == 0 { break }
            buffer.withUnsafeBytes { hasher.update(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        }
        return .success(hasher.finish())
    }

    /// Copies an opened file into a sealed memfd while computing the digest
    /// of what was copied, so that what is loaded afterwards (the copy) is
    /// exactly what was digested, whatever happens to the file (see EaselProbe's PluginImage.swift).
    ///
    /// - Returns: The digest and the image of the copy (the same path and
    ///   identity, the copy's descriptor), or why the file cannot be read.
    package static func sealedCopy(of image: PluginImage) -> Result<(String, PluginImage), DigestError> {
        func failure() -> Result<(String, PluginImage), DigestError> {
            .failure(DigestError(reason: String(cString: strerror(errno))))
        }
        let copy = easel_support_sealable_memfd("easel-plugin")
        guard copy >= 0 else { return failure() }
        var hasher = Hasher()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var offset = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { pread(image.descriptor, $0.baseAddress!, $0.count, off_t(offset)) }
            if count < 0 {
                if errno == EINTR { continue }
                let result = failure()
                close(copy)
                return result
            }
            if count == 0 { break }
            var written = 0
            while written < count {
                let done = buffer.withUnsafeBytes { write(copy, $0.baseAddress! + written, count - written) }
                if done < 0 && errno == EINTR { continue }
                guard done > 0 else {
                    let result = failure()
                    close(copy)
                    return result
                }
                written += done
            }
            buffer.withUnsafeBytes { hasher.update(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
            offset += count
        }
        guard easel_support_seal(copy) == 0 else {
            let result = failure()
            close(copy)
            return result
        }
        return .success((hasher.finish(), image.replacingDescriptor(copy, size: offset)))
    }

    /// Why a file's digest could not be computed.
    package struct DigestError: Error, Equatable {
        /// The system's words for the failure, e.g. "Permission denied".
        package let reason: String
    }

    /// One running SHA-256 computation (a `GChecksum`).
    private struct Hasher: ~Copyable {
        private let checksum: OpaquePointer

        init() {
            // g_checksum_new fails only for an unknown type; GLib aborts when memory runs out.
            checksum = easel_g_checksum_new(Int32(EASEL_G_CHECKSUM_SHA256))
        }

        mutating func update(_ bytes: UnsafeRawBufferPointer) {
            guard let base = bytes.baseAddress, bytes.count > 0 else { return }
            easel_g_checksum_update(checksum, base.assumingMemoryBound(to: UInt8.self), bytes.count)
        }

        /// The digest as 64 lowercase hexadecimal digits (GLib's own text of it).
        consuming func finish() -> String {
            String(cString: easel_g_checksum_get_string(checksum))
        }

        deinit { easel_g_checksum_free(checksum) }
    }
}
