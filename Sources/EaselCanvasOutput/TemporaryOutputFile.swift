import EaselGraphicsCore
#if canImport(Glibc)
import Glibc
#endif

/// A file written under a temporary name and renamed into place when complete.
///
/// The bytes go to a new file beside the target (`.<name>.<random>`, created
/// with the mode a new file gets: 0666 less the umask); ``commit()`` syncs
/// it to the disk and renames it over the target, so a write that fails or
/// is abandoned never leaves a truncated file where a good one stood.
/// ``discard()`` (or releasing the object uncommitted) removes it. As
/// EaselSession's `OutputFile` does: a symbolic link is followed and its
/// target replaced, and a path that names something other than a regular
/// file (a FIFO, `/dev/null`) is written in place.
///
/// An animation takes a while to render, so a temporary file is also removed
/// when the process is interrupted (SIGINT, SIGTERM, SIGHUP): the handler,
/// installed with the first file, removes the pending files and then does what
/// the signal did before (the previous handler, such as EaselSession's
/// `OutputFile`'s, or the default action; an ignored signal is left alone).
final class TemporaryOutputFile {
    /// The temporary files being written, for the signal handler (at most
    /// `pendingSlots`; more are written but not cleaned up on a signal).
    /// Changed on the thread that writes, read by the handler.
    nonisolated(unsafe) private static var pending: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let slots = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: pendingSlots)
        slots.initialize(repeating: nil, count: pendingSlots)
        return slots
    }()
    private static let pendingSlots = 16
    /// The actions SIGINT, SIGTERM and SIGHUP had before, by signal number (up to 32).
    nonisolated(unsafe) private static var previousActions: UnsafeMutablePointer<sigaction> = {
        let actions = UnsafeMutablePointer<sigaction>.allocate(capacity: 32)
        actions.initialize(repeating: sigaction(), count: 32)
        return actions
    }()
    nonisolated(unsafe) private static var handlersInstalled = false

    /// Removes the pending temporary files on SIGINT, SIGTERM and SIGHUP, then
    /// hands the signal on to what handled it before.
    private static func installInterruptHandlers() {
        guard !handlersInstalled else { return }
        handlersInstalled = true
        _ = pending
        _ = previousActions
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            var current = sigaction()
            guard sigaction(signal, nil, &current) == 0, current.sa_flags & Int32(SA_SIGINFO) == 0 else { continue }
            // An ignored signal stays ignored (SIG_IGN is 1).
            if let handler = current.__sigaction_handler.sa_handler,
               unsafeBitCast(handler, to: Int.self) == 1 { continue }
            previousActions[Int(signal)] = current
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signal in
                for slot in 0..<TemporaryOutputFile.pendingSlots {
                    if let path = TemporaryOutputFile.pending[slot] { unlink(path) }
                }
                let previous = TemporaryOutputFile.previousActions[Int(signal)]
                if let handler = previous.__sigaction_handler.sa_handler {
                    handler(signal)
                } else {
                    var fallback = sigaction()   // SIG_DFL
                    sigaction(signal, &fallback, nil)
                    raise(signal)
                }
            }
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, nil)
        }
    }

    /// Notes `path` for the signal handler; returns its slot, or `nil` when all are taken.
    private static func register(_ path: String) -> Int? {
        installInterruptHandlers()
        for slot in 0..<pendingSlots where pending[slot] == nil {
            pending[slot] = strdup(path)
            return slot
        }
        return nil
    }

    private static func unregister(_ slot: Int?) {
        guard let slot else { return }
        let path = pending[slot]
        pending[slot] = nil
        free(path)
    }

    /// This file's slot in `pending`.
    private var slot: Int?
    /// The path the file will have.
    let path: String
    /// The open file to write to.
    private(set) var descriptor: Int32
    /// The temporary name, or `nil` when writing in place.
    private var temporary: String?
    /// The final name (`path` with a symbolic link resolved).
    private let target: String

    /// Creates the temporary file.
    ///
    /// - Throws: ``CanvasError`` `cannot write <path>: <the system's reason>`.
    init(path: String) throws(CanvasError) {
        self.path = path
        var target = path
        var status = stat()
        if lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFLNK, let resolved = realpath(path, nil) {
            target = String(cString: resolved)
            free(resolved)
        }
        self.target = target
        let exists = stat(target, &status) == 0
        if exists && (status.st_mode & S_IFMT) == S_IFDIR {
            throw .cannotWrite(path, "it is a folder")
        }
        if exists && (status.st_mode & S_IFMT) != S_IFREG {
            descriptor = open(target, O_WRONLY | O_TRUNC | O_CLOEXEC)
            guard descriptor >= 0 else { throw .cannotWrite(path, Self.reason(errno)) }
            temporary = nil
            return
        }
        let slash = target.lastIndex(of: "/")
        let folder = slash.map { String(target[...$0]) } ?? ""
        let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
        var candidate = "", opened: Int32 = -1
        for _ in 0..<64 where opened < 0 {
            let suffix = String(UInt32.random(in: 0...UInt32.max), radix: 36)
            candidate = "\(folder).\(name).\(suffix)"
            opened = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if opened < 0 && errno != EEXIST { break }
        }
        guard opened >= 0 else { throw .cannotWrite(path, Self.reason(errno)) }
        descriptor = opened
        temporary = candidate
        slot = Self.register(candidate)
    }

    deinit { discard() }

    /// Syncs the file and renames it over the target.
    ///
    /// - Throws: ``CanvasError`` `cannot write <path>: <the system's reason>`;
    ///   the temporary file is removed then.
    func commit() throws(CanvasError) {
        guard descriptor >= 0 else { throw .cannotWrite(path, "the file is already closed") }
        var error: Int32? = nil
        if temporary != nil, fsync(descriptor) != 0 { error = errno }
        if close(descriptor) != 0 && error == nil && errno != EINTR { error = errno }
        descriptor = -1
        if error == nil, let temporary, rename(temporary, target) != 0 { error = errno }
        if let error {
            if let temporary { unlink(temporary) }
            temporary = nil
            Self.unregister(slot)
            slot = nil
            throw .cannotWrite(path, Self.reason(error))
        }
        temporary = nil
        Self.unregister(slot)
        slot = nil
    }

    /// Closes and removes the temporary file; nothing happens after ``commit()``.
    func discard() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        if let temporary { unlink(temporary) }
        temporary = nil
        Self.unregister(slot)
        slot = nil
    }

    /// Writes `bytes` to `path` whole or not at all.
    ///
    /// - Throws: ``CanvasError`` `cannot write <path>: <the system's reason>`.
    static func write(_ bytes: [UInt8], to path: String) throws(CanvasError) {
        let file = try TemporaryOutputFile(path: path)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return Glibc.write(file.descriptor, base + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                let error = errno
                file.discard()
                throw .cannotWrite(path, reason(error))
            }
            if written == 0 {
                file.discard()
                throw .cannotWrite(path, reason(EIO))
            }
            offset += written
        }
        try file.commit()
    }

    /// The system's description of `error`.
    static func reason(_ error: Int32) -> String { String(cString: strerror(error)) }
}
