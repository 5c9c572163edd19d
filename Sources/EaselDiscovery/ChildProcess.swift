#if canImport(Glibc)
import Glibc
#endif

/// Starting the helper processes Easel runs plugin code in (the scanner, the
/// isolated renderer), one way for both.
package enum ChildProcess {
    /// Spawns `executable` with `arguments` (argv[0] is the executable) and
    /// `redirections` (child descriptor ← this process's descriptor).
    ///
    /// The child starts with no blocked signals and default signal actions,
    /// and inherits this process's environment, except that the Swift
    /// runtime must not print its own backtrace over a crashing plugin's
    /// last words (and take its time doing so): `SWIFT_BACKTRACE=enable=no`.
    ///
    /// With `newProcessGroup`, the child leads a process group of its own
    /// (its id is the child's), so that it and every process it starts can
    /// be ended together (`kill(-pid, …)`).
    ///
    /// - Parameters:
    ///   - environment: Variables set in the child on top of this process's.
    ///   - quietsSwiftBacktrace: Set `SWIFT_BACKTRACE=enable=no` (false:
    ///     the child gets this process's setting, for a program started as
    ///     a user would start it).
    ///   - closesOtherDescriptors: Close every descriptor above 2 in the
    ///     child, not only those marked close-on-exec.
    /// - Returns: The child's process id, or posix_spawn's error number.
    package static func spawn(_ executable: String, arguments: [String] = [],
                      redirections: [(child: Int32, parent: Int32)], newProcessGroup: Bool = false,
                      environment overrides: [String: String] = [:], quietsSwiftBacktrace: Bool = true,
                      closesOtherDescriptors: Bool = false) -> Result<pid_t, Errno> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (child, parent) in redirections { posix_spawn_file_actions_adddup2(&actions, parent, child) }
        if closesOtherDescriptors { closeDescriptorsFrom3(&actions) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t(), allSignals = sigset_t()
        sigemptyset(&noSignals)
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        if newProcessGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= POSIX_SPAWN_SETPGROUP
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))
        var environment: [UnsafeMutablePointer<CChar>?] = quietsSwiftBacktrace ? [strdup("SWIFT_BACKTRACE=enable=no")] : []
        var index = 0
        while let variable = environ[index] {
            index += 1
            if quietsSwiftBacktrace && strncmp(variable, "SWIFT_BACKTRACE=", 16) == 0 { continue }
            // (A variable given in `overrides` is set below instead.)
            if !overrides.isEmpty, let equals = strchr(variable, 61 /* = */),
               overrides[String(decoding: UnsafeRawBufferPointer(start: variable, count: equals - variable), as: UTF8.self)] != nil {
                continue
            }
            environment.append(strdup(variable))
        }
        for (name, value) in overrides { environment.append(strdup("\(name)=\(value)")) }
        environment.append(nil)
        defer { environment.forEach { free($0) } }
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, &attributes, argv, environment)
        return status == 0 ? .success(pid) : .failure(Errno(code: status))
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which
    /// the Glibc module does not declare.
    private static let addCloseFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? =
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np").map {
            unsafeBitCast($0, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
        }

    /// Adds actions closing every descriptor above 2 in the child (without
    /// glibc's close-from action: each one open now, as /proc/self/fd lists them).
    private static func closeDescriptorsFrom3(_ actions: inout posix_spawn_file_actions_t) {
        if let addCloseFrom, addCloseFrom(&actions, 3) == 0 { return }
        guard let folder = opendir("/proc/self/fd") else { return }
        defer { closedir(folder) }
        let own = dirfd(folder)
        var open: [Int32] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if let fd = Int32(name), fd > 2, fd != own { open.append(fd) }
        }
        for fd in open { posix_spawn_file_actions_addclose(&actions, fd) }
    }

    /// An error number from a system call.
    package struct Errno: Error {
        package let code: Int32
        package var description: String { String(cString: strerror(code)) }
    }
}
