#if canImport(Glibc)
import Glibc
#endif

/// Writes an output file whole or not at all.
///
/// The bytes go to a new temporary file in the same folder (`.<name>.<random>`),
/// which is flushed to the disk (`fsync`) and then renamed over the path, so
/// a render that fails or is interrupted never leaves a truncated file where a
/// good one stood; on a failure the temporary file is removed. The file gets
/// the permissions a newly created one would (0666 less the umask). A path
/// that names something other than a regular file (a FIFO, `/dev/null`) is
/// written in place, and so is a writable file in a folder where no new
/// file can be created; a symbolic link is followed, and its target replaced.
/// A temporary file is removed when the process is interrupted (SIGINT,
/// SIGTERM, SIGHUP) while writing it, unless those signals are not left at
/// their default action.
public enum OutputFile {
    /// The temporary file being written, for the signal handler; touched by the main thread only.
    nonisolated(unsafe) private static var pending: UnsafeMutablePointer<CChar>?
    nonisolated(unsafe) private static var handlersInstalled = false

    /// Removes the temporary file on SIGINT, SIGTERM and SIGHUP, then ends the process as the signal would.
    private static func installInterruptHandlers() {
        guard !handlersInstalled else { return }
        handlersInstalled = true
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            var current = sigaction()
            // Only a signal at its default action (an ignored one stays ignored).
            guard sigaction(signal, nil, &current) == 0, current.__sigaction_handler.sa_handler == nil,
                  current.sa_flags & Int32(SA_SIGINFO) == 0 else { continue }
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signal in
                if let path = OutputFile.pending { unlink(path) }
                var fallback = sigaction()   // SIG_DFL
                sigaction(signal, &fallback, nil)
                raise(signal)
            }
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, nil)
        }
    }

    /// Creates a folder (and its missing parents, at most 64 levels), as `mkdir -p` does.
    ///
    /// - Throws: ``SessionError`` `cannot create the folder '<path>': <the system's reason>`.
    public static func makeFolder(_ path: String) throws(SessionError) {
        var info = stat()
        if stat(path, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else {
                throw SessionError("cannot create the folder '\(path)': a file of that name exists", file: path)
            }
            return
        }
        var missing: [String] = []
        var current = path
        while missing.count < 64, stat(current, &info) != 0 {
            missing.append(current)
            guard let slash = current.lastIndex(of: "/"), slash != current.startIndex else { break }
            current = String(current[..<slash])
        }
        for folder in missing.reversed() where mkdir(folder, 0o777) != 0 && errno != EEXIST {
            throw SessionError("cannot create the folder '\(folder)': \(reason(errno))", file: folder)
        }
    }

    /// Writes `bytes` to `path`.
    ///
    /// - Throws: ``SessionError`` `cannot write '<path>': <the system's reason>`, naming the file.
    public static func write(_ bytes: [UInt8], to path: String) throws(SessionError) {
        func failure(_ error: Int32) -> SessionError {
            SessionError("cannot write '\(path)': \(reason(error))", file: path)
        }
        var target = path
        var status = stat()
        if lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFLNK, let resolved = realpath(path, nil) {
            target = String(cString: resolved)
            free(resolved)
        }
        let exists = stat(target, &status) == 0
        func writeInPlace() throws(SessionError) {
            let descriptor = open(target, O_WRONLY | O_TRUNC | O_CLOEXEC)
            guard descriptor >= 0 else { throw failure(errno) }
            let error = bytes.withUnsafeBytes { writeAll(descriptor, $0) }
            let closed = close(descriptor) == 0 ? nil : errno
            if let error = error ?? closed { throw failure(error) }
        }
        if exists && (status.st_mode & S_IFMT) != S_IFREG { return try writeInPlace() }
        let slash = target.lastIndex(of: "/")
        let folder = slash.map { String(target[...$0]) } ?? ""
        let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
        // A new name beside the file, created with the mode a new file gets (0666 less the umask).
        var temporary = "", descriptor: Int32 = -1
        for _ in 0..<64 where descriptor < 0 {
            let suffix = String(UInt32.random(in: 0...UInt32.max), radix: 36)
            temporary = "\(folder).\(name).\(suffix)"
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if descriptor < 0 && errno != EEXIST { break }
        }
        if descriptor < 0 {
            // A folder where no file can be created may still hold a file that can be written.
            let reason = errno
            if exists && (reason == EACCES || reason == EPERM) && access(target, W_OK) == 0 { return try writeInPlace() }
            throw failure(reason)
        }
        installInterruptHandlers()
        pending = strdup(temporary)
        defer {
            let path = pending
            pending = nil
            free(path)
        }
        var error = bytes.withUnsafeBytes { writeAll(descriptor, $0) }
        if error == nil && fsync(descriptor) != 0 { error = errno }
        if close(descriptor) != 0 && error == nil && errno != EINTR { error = errno }
        if error == nil && rename(temporary, target) != 0 { error = errno }
        if let error {
            unlink(temporary)
            throw failure(error)
        }
    }
}
