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
    /// - Returns: The child's process id, or posix_spawn's error number.
    package static func spawn(_ executable: String, arguments: [String] = [],
                      redirections: [(child: Int32, parent: Int32)], newProcessGroup: Bool = false) -> Result<pid_t, Errno> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (child, parent) in redirections { posix_spawn_file_actions_adddup2(&actions, parent, child) }
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
        var environment: [UnsafeMutablePointer<CChar>?] = [strdup("SWIFT_BACKTRACE=enable=no")]
        var index = 0
        while let variable = environ[index] {
            if strncmp(variable, "SWIFT_BACKTRACE=", 16) != 0 { environment.append(strdup(variable)) }
            index += 1
        }
        environment.append(nil)
        defer { environment.forEach { free($0) } }
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, &attributes, argv, environment)
        return status == 0 ? .success(pid) : .failure(Errno(code: status))
    }

    /// An error number from a system call.
    package struct Errno: Error {
        package let code: Int32
        package var description: String { String(cString: strerror(code)) }
    }
}
