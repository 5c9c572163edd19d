#if canImport(Glibc)
import Glibc
#endif

/// Standard output, kept away from plugin code, with every write checked.
///
/// Plugin code that runs in this process may print (`printf` in a
/// `drawRect:`): with `-o -` that text would land in the image. So before any
/// plugin code runs, ``protect()`` keeps a private, close-on-exec copy of the
/// real standard output and points descriptor 1 at standard error: whatever
/// plugin code (or the C library's buffered `stdout`) writes goes to standard
/// error, and the command's own output (the PNG of `-o -`, the listing, a
/// return value) goes through ``write(_:)-(String)`` to the private copy.
///
/// Every write is checked: a failure (a full disk, `/dev/full`, a closed
/// descriptor) is a ``SessionError`` with the system's reason, `write error:
/// No space left on device`, and ``finish()`` checks the last one, closing.
public enum StandardOutput {
    /// The descriptor the command's output is written to: the private copy
    /// after ``protect()``, else descriptor 1. Touched by the main thread only.
    nonisolated(unsafe) public private(set) static var descriptor: Int32 = STDOUT_FILENO

    /// Keeps the real standard output for the command's own output, and
    /// sends what is written to descriptor 1 from now on to standard error.
    ///
    /// Call it once, early, before any plugin code runs. When standard output
    /// is closed, the command's writes fail later with `Bad file descriptor`.
    public static func protect() {
        guard descriptor == STDOUT_FILENO else { return }
        let copy = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3)
        descriptor = copy
        _ = dup2(STDERR_FILENO, STDOUT_FILENO)
    }

    /// Writes text to the command's output.
    ///
    /// - Throws: ``SessionError`` `write error: <reason>` when the system refuses.
    public static func write(_ text: String) throws(SessionError) {
        var text = text
        try check(text.withUTF8 { writeAll(descriptor, UnsafeRawBufferPointer($0)) })
    }

    /// Writes bytes (an image) to the command's output.
    ///
    /// - Throws: ``SessionError`` `write error: <reason>` when the system refuses.
    public static func write(_ bytes: [UInt8]) throws(SessionError) {
        try check(bytes.withUnsafeBytes { writeAll(descriptor, $0) })
    }

    private static func check(_ error: Int32?) throws(SessionError) {
        if let error { throw SessionError("write error: \(reason(error))") }
    }

    /// Closes the command's output, reporting a failure the system kept for
    /// the end (a file system that writes back late). Call it once, last.
    ///
    /// - Throws: ``SessionError`` `write error: <reason>`.
    public static func finish() throws(SessionError) {
        guard descriptor != STDOUT_FILENO, descriptor >= 0 else { return }
        let result = close(descriptor)
        let error = errno
        descriptor = -1
        if result != 0 && error != EINTR { throw SessionError("write error: \(reason(error))") }
    }
}

/// Standard error, where messages go.
public enum StandardError {
    /// Writes `line` and a line break, whole (a failure to do so has nowhere
    /// to be reported, and ends nothing).
    public static func write(line: String) {
        var text = line + "\n"
        _ = text.withUTF8 { writeAll(STDERR_FILENO, UnsafeRawBufferPointer($0)) }
    }
}

/// Writes all of `buffer` to `descriptor`; the error number when the system refuses.
func writeAll(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) -> Int32? {
    var written = 0
    while written < buffer.count {
        let count = Glibc.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
        if count < 0 {
            if errno == EINTR { continue }
            return errno
        }
        if count == 0 { return EIO }
        written += count
    }
    return nil
}

/// The system's sentence for an error number, e.g. `No space left on device`.
func reason(_ error: Int32) -> String { String(cString: strerror(error)) }
