import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Watches folders with inotify for changes to some of their files (or to any).
///
/// Folders rather than files are watched, since editors and compilers save
/// by writing a new file and renaming it over the old one, which a watch on
/// the old file would miss. Used from one thread (the preview loop).
final class FileWatcher {
    /// The inotify descriptor; -1 when inotify is not available.
    let descriptor: Int32
    /// What each watch is for: the folder, and the names that matter there (`nil` for every name).
    private var watches: [Int32: (folder: String, names: Set<String>?)] = [:]
    /// The folders watched, by path.
    private var byFolder: [String: Int32] = [:]
    /// At most this many folders are watched (the list comes from a scene file).
    static let maximumFolders = 256
    /// Whether every file changed since ``startNewBurst()`` is complete: its last event was a
    /// rename onto its name (an editor's atomic save) or the close of a file written to, not a
    /// write still going on, a removal or a change of attributes. A file renamed away counts as
    /// complete when a file was renamed onto another name in the same burst (the temporary file
    /// of a save that renames it into place). False after lost events.
    var burstComplete: Bool {
        let renamedInto = burst.values.contains { $0 & UInt32(IN_MOVED_TO) != 0 }
        let complete = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO) | (renamedInto ? UInt32(IN_MOVED_FROM) : 0)
        return !burst.isEmpty && !burstLostEvents && burst.values.allSatisfy { $0 & complete != 0 }
    }
    /// The last event of each file changed in the current burst (an event has one event bit).
    private var burst: [String: UInt32] = [:]
    private var burstLostEvents = false

    /// Forgets the files of the burst that settled: the next change starts a new one.
    func startNewBurst() {
        burst = [:]
        burstLostEvents = false
    }

    /// Opens an inotify instance.
    init() {
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Sets what is watched: each folder with the names that matter in it (`nil` for all).
    ///
    /// - Returns: The folders that cannot be watched, with the system's reason.
    @discardableResult
    func watch(_ interests: [String: Set<String>?]) -> [String] {
        guard descriptor >= 0 else { return ["inotify: \(String(cString: strerror(errno)))"] }
        var problems: [String] = []
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_MODIFY | IN_ATTRIB
                          | IN_DELETE_SELF | IN_MOVE_SELF)
        for (folder, wd) in byFolder where interests[folder] == nil {
            inotify_rm_watch(descriptor, wd)
            watches[wd] = nil
            byFolder[folder] = nil
        }
        for (folder, names) in interests.sorted(by: { $0.key < $1.key }).prefix(Self.maximumFolders) {
            let wd = inotify_add_watch(descriptor, folder, mask)
            guard wd >= 0 else {
                problems.append("\(folder): \(String(cString: strerror(errno)))")
                continue
            }
            watches[wd] = (folder, names)
            byFolder[folder] = wd
        }
        return problems
    }

    /// Reads the events waiting (never blocks).
    ///
    /// - Returns: The paths of changed files that matter (the folder itself when it went away).
    func readChanges() -> [String] {
        guard descriptor >= 0 else { return [] }
        var changed: [String] = []
        let size = 64 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
        defer { buffer.deallocate() }
        // Bounded: each read takes what is queued, and the queue is finite (a full one is IN_Q_OVERFLOW).
        for _ in 0..<64 {
            let count = read(descriptor, buffer, size)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= count {
                let event = buffer.advanced(by: offset)
                let wd = event.load(fromByteOffset: 0, as: Int32.self)
                let mask = event.load(fromByteOffset: 4, as: UInt32.self)
                let length = Int(event.load(fromByteOffset: 12, as: UInt32.self))
                guard offset + header + length <= count else { break }
                let namePointer = event.advanced(by: header).assumingMemoryBound(to: CChar.self)
                let name = length > 0 ? String(cString: namePointer) : ""
                offset += header + length
                if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                    burstLostEvents = true
                    changed.append("")   // events were lost: treat as a change
                    continue
                }
                guard let watch = watches[wd] else { continue }
                if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED) != 0 {
                    burstLostEvents = true
                    changed.append(watch.folder)
                    continue
                }
                if let names = watch.names, !names.contains(name) { continue }
                let path = (watch.folder as NSString).appendingPathComponent(name)
                if burst.count < 10_000 { burst[path] = mask } else { burstLostEvents = true }
                changed.append(path)
            }
        }
        return changed
    }
}
