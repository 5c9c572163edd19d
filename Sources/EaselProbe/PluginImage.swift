// Loading exactly the bytes that were checked.
//
// A plugin used to be checked by path (stat, the ELF headers, in EaselDiscovery
// the owner, mode and SHA-256 digest) and then dlopen()ed by the same path,
// which opens the file again. Whoever can rename files in the folder could
// swap the file in between, and the loader ran bytes nobody had checked.
//
// Now a file is opened once, as a `PluginImage`: every check reads the open
// descriptor (fstat, pread), and the loader is handed that descriptor as
// `/proc/self/fd/N`, which names the open file itself, not a path that can be
// swapped. Under an allow-list the file is first copied into a sealed memfd
// while its digest is computed (EaselDiscovery's `PluginTrust`), so that a
// write into the file itself after the check cannot change what runs either.
// The descriptor of a loaded image is never closed: the loader knows the
// library by that name for the life of the process (a later dlopen of the
// same name would return the old library), and libraries are never unloaded.
//
// Loading through `/proc/self/fd/N` changes what `$ORIGIN` means in the
// library's RUNPATH (the loader takes the folder of the name it was given,
// `/proc/self/fd`). So the libraries a plugin needs from outside the system's
// folders are found beforehand as the loader would find them, from the real
// path (`PluginDependencies`), checked like the plugin, and loaded first
// through their own descriptors, leaves first; the loader then matches the
// plugin's `DT_NEEDED` names against their `DT_SONAME`s and opens nothing
// itself. Such a library must have a `DT_SONAME` equal to the name the
// plugin needs it by (`-Wl,-soname,libdep.so`), or the plugin is refused with
// a message that says so.

#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import CEaselSupport

/// A file the host runs code from (a plugin, or a library a plugin needs),
/// opened once: every check reads this descriptor and the loader is handed
/// the same one, so the bytes checked are the bytes that run (see PluginImage.swift).
package final class PluginImage: Sendable {
    /// The path it was opened by (what messages name).
    package let path: String
    /// The open file (or its sealed copy), close-on-exec.
    package let descriptor: Int32
    /// Its size in bytes.
    package let size: Int
    /// Its owner, mode, device and inode, from fstat() of the file opened
    /// (the original, also when ``descriptor`` is a sealed copy).
    package let owner: uid_t, group: gid_t, mode: mode_t, device: UInt64, inode: UInt64
    /// Whether the loader has it: then the descriptor stays open for ever.
    private let loaded = Atomic<Bool>(false)

    private init(path: String, descriptor: Int32, size: Int, owner: uid_t, group: gid_t, mode: mode_t,
                 device: UInt64, inode: UInt64) {
        self.path = path
        self.descriptor = descriptor
        self.size = size
        self.owner = owner
        self.group = group
        self.mode = mode
        self.device = device
        self.inode = inode
    }

    /// Adopts a descriptor handed over by another process (the scanner's
    /// requests): it was checked there.
    ///
    /// - Returns: The image, or `nil` when the descriptor is not an open regular file.
    package static func adopting(_ descriptor: Int32, path: String) -> PluginImage? {
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        return PluginImage(path: path, descriptor: descriptor, size: Int(info.st_size), owner: info.st_uid,
                           group: info.st_gid, mode: info.st_mode, device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// Opens a file to check and load (following links), without blocking on
    /// a FIFO, and refuses anything but a regular file.
    ///
    /// - Returns: The image, or the reason naming the file (kind ``PluginLoadError/Kind/unreadable``).
    package static func open(_ path: String) -> Result<PluginImage, PluginLoadError> {
        func fail(_ message: String) -> Result<PluginImage, PluginLoadError> {
            .failure(PluginLoadError(path: path, kind: .unreadable, message: message))
        }
        OpenFileLimit.raiseOnce()
        // A device or FIFO is refused before it is opened (opening one may
        // have effects); what is opened is checked again below.
        var before = stat()
        if FileSystemName.stat(path, &before) == 0, (before.st_mode & S_IFMT) != S_IFREG {
            return fail((before.st_mode & S_IFMT) == S_IFDIR ? "not a regular file (a folder)" : "not a regular file")
        }
        var fd: Int32
        repeat { fd = FileSystemName.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY) } while fd < 0 && errno == EINTR
        guard fd >= 0 else {
            let code = errno
            let reason = String(cString: strerror(code))
            var link = stat()
            if code == ELOOP {
                return fail("cannot read the file: it is a symbolic link in a loop, or through too many links (\(reason))")
            }
            if code == ENOENT, FileSystemName.lstat(path, &link) == 0, (link.st_mode & S_IFMT) == S_IFLNK {
                let destination = FileSystemName.readlink(path).map { DisplayText.escaped($0) } ?? "?"
                return fail("cannot read the file: it is a dangling symbolic link to '\(destination)' (\(reason))")
            }
            return fail("cannot read the file: \(reason)")
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            return fail("cannot read the file: \(reason)")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            return fail((info.st_mode & S_IFMT) == S_IFDIR ? "not a regular file (a folder)" : "not a regular file")
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return .success(PluginImage(path: path, descriptor: fd, size: Int(info.st_size), owner: info.st_uid,
                                    group: info.st_gid, mode: info.st_mode, device: UInt64(info.st_dev),
                                    inode: UInt64(info.st_ino)))
    }

    /// The same file's identity and path with another descriptor (a sealed
    /// copy of its bytes); this image's descriptor is closed when it goes.
    package func replacingDescriptor(_ copy: Int32, size: Int) -> PluginImage {
        PluginImage(path: path, descriptor: copy, size: size, owner: owner, group: group, mode: mode,
                    device: device, inode: inode)
    }

    /// Owner, group and mode as a `stat`, for the permission rules.
    package var status: stat {
        var info = stat()
        info.st_uid = owner
        info.st_gid = group
        info.st_mode = mode
        return info
    }

    /// The name the loader is given: the open descriptor itself.
    package var loaderPath: String { "/proc/self/fd/\(descriptor)" }

    /// The name to hand the loader: ``loaderPath``, or, when the loader
    /// already has a library by that name, the name of a duplicate descriptor
    /// that it has not; `nil` when none is found in 64 tries.
    ///
    /// The loader returns the library it already has for a name it knows,
    /// without opening anything. Loaded images keep their descriptors, so
    /// their numbers are never reused by this code; but a descriptor closed
    /// behind its back (a double close elsewhere in the process) would free a
    /// number the loader still knows, and a later image given that number
    /// would silently get the old library's code. The duplicate is kept open
    /// for the life of the process, as the descriptor of a loaded image is.
    package func loaderName() -> String? {
        var candidate = descriptor
        for _ in 0..<64 {
            let name = "/proc/self/fd/\(candidate)"
            if !Self.loaderKnows(name) { return name }
            let next = fcntl(descriptor, F_DUPFD_CLOEXEC, candidate + 1)
            guard next >= 0 else { return nil }
            candidate = next
        }
        return nil
    }

    /// Whether a library the loader has was loaded by this name.
    private static func loaderKnows(_ name: String) -> Bool { easel_support_loader_knows(name) != 0 }

    /// Notes that the loader has the image: its descriptor is never closed
    /// (the loader knows the library by ``loaderPath`` for ever).
    package func keepOpen() { loaded.store(true, ordering: .relaxed) }

    /// `text` with the loader's name for this image replaced by its path.
    package func naming(in text: String) -> String {
        text.replacingBytes(loaderPath, with: path)
    }

    deinit {
        if !loaded.load(ordering: .relaxed) { close(descriptor) }
    }
}

/// Loaded plugins keep a descriptor each: the soft limit of open files is
/// raised to the hard one (at most 65536) the first time a file is opened.
enum OpenFileLimit {
    private static let raised = Atomic<Bool>(false)

    static func raiseOnce() {
        guard !raised.exchange(true, ordering: .relaxed) else { return }
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return }
        let wanted = min(limit.rlim_max, 65536)
        guard limit.rlim_cur < wanted else { return }
        limit.rlim_cur = wanted
        _ = setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
    }
}
