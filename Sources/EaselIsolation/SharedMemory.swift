#if canImport(Glibc)
import Glibc
#endif
import EaselRuntime
import EaselViews
import CEaselSupport

/// Memory shared between processes: an anonymous file (`memfd_create`)
/// mapped with `MAP_SHARED`, which a child process inherits as a file
/// descriptor and maps too.
///
/// What one process writes, the other reads at once; the memory lives as
/// long as some process holds the file or a mapping, so the parent still
/// reads what a child wrote after the child has died.
public final class SharedMemory {
    /// The file descriptor (close-on-exec; hand it to a child with `dup2`).
    public let fileDescriptor: Int32
    /// The start of the mapping.
    public let bytes: UnsafeMutableRawPointer
    /// The size of the mapping in bytes.
    public let count: Int

    /// Creates a zero-filled shared memory file of `count` bytes and maps it.
    ///
    /// - Parameters:
    ///   - name: A name for debugging (it appears in `/proc/<pid>/fd`).
    ///   - count: The size in bytes, more than 0.
    /// - Throws: ``SharedMemoryError`` with the system's reason.
    public init(name: String, count: Int) throws(SharedMemoryError) {
        let fd = easel_support_memfd_create(name)
        guard fd >= 0 else { throw SharedMemoryError("cannot create shared memory: \(String(cString: strerror(errno)))") }
        guard ftruncate(fd, off_t(count)) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw SharedMemoryError("cannot size shared memory to \(count) bytes: \(reason)")
        }
        do {
            bytes = try Self.map(fd, count)
        } catch {
            close(fd)
            throw error
        }
        fileDescriptor = fd
        self.count = count
    }

    /// Maps a shared memory file another process made, whole.
    ///
    /// - Parameter fileDescriptor: The file; the mapping takes it over (closes it when freed).
    /// - Throws: ``SharedMemoryError`` with the system's reason.
    public init(adopting fileDescriptor: Int32) throws(SharedMemoryError) {
        var info = stat()
        guard fstat(fileDescriptor, &info) == 0, info.st_size > 0 else {
            throw SharedMemoryError("file descriptor \(fileDescriptor) is not shared memory: \(String(cString: strerror(errno)))")
        }
        bytes = try Self.map(fileDescriptor, Int(info.st_size))
        self.fileDescriptor = fileDescriptor
        count = Int(info.st_size)
        _ = fcntl(fileDescriptor, F_SETFD, FD_CLOEXEC)
    }

    private static func map(_ fd: Int32, _ count: Int) throws(SharedMemoryError) -> UnsafeMutableRawPointer {
        let address = mmap(nil, count, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0)
        guard let address, address != MAP_FAILED else {
            throw SharedMemoryError("cannot map \(count) bytes of shared memory: \(String(cString: strerror(errno)))")
        }
        return address
    }

    deinit {
        munmap(bytes, count)
        close(fileDescriptor)
    }

    /// Writes bytes to the file past the mapping (the file grows), at `offset`.
    public func append(_ data: [UInt8], at offset: Int) throws(SharedMemoryError) {
        var written = 0
        while written < data.count {
            let count = data.withUnsafeBytes { pwrite(fileDescriptor, $0.baseAddress! + written, $0.count - written, off_t(offset + written)) }
            if count < 0 {
                if errno == EINTR { continue }
                throw SharedMemoryError("cannot write \(data.count) bytes to shared memory: \(String(cString: strerror(errno)))")
            }
            written += count
        }
    }

    /// Reads `length` bytes of the file at `offset` (also past the mapping).
    public func read(at offset: Int, length: Int) throws(SharedMemoryError) -> [UInt8] {
        var data = [UInt8](repeating: 0, count: length)
        var done = 0
        while done < length {
            let count = data.withUnsafeMutableBytes { pread(fileDescriptor, $0.baseAddress! + done, length - done, off_t(offset + done)) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                throw SharedMemoryError("cannot read \(length) bytes of shared memory at \(offset): \(count < 0 ? String(cString: strerror(errno)) : "end of file")")
            }
            done += count
        }
        return data
    }
}

/// A shared memory file that cannot be made, mapped, written or read.
public struct SharedMemoryError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, with the system's reason.
    public let message: String
    init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}
