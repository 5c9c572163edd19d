// The isolated worker's sandbox: what plugin code may do inside
// `easel isolated-worker` (Sources/Easel/Easel.docc/Security.md, "The sandboxed worker", says
// what it promises to users).
//
// The worker enters it in two steps, around loading the plugins:
//
// 1. Before any plugin code runs (constructors and entry points included),
//    `enter`: no new privileges (PR_SET_NO_NEW_PRIVS: no set-user-ID program
//    and no file capability can raise them again), resource limits (address
//    space, CPU seconds, open files, file size), fontconfig initialised (its
//    configuration and caches are read, and a stale cache may be written,
//    before writing is refused), then a seccomp filter (libseccomp) on every
//    thread.
// 2. Once the plugins are loaded, `narrowReads`: where the kernel has
//    Landlock, files may be read only under the plugin folders, the scene
//    file and the image files it names, the system folders (/usr, /lib*, /etc), the folders of every
//    library already loaded, fontconfig's font and cache folders, and a few
//    devices. Not before loading: the system loader must still find each
//    plugin's dependencies wherever the plugin's RUNPATH or LD_LIBRARY_PATH
//    says, as it does without --isolate, so that the same plugins load in
//    both. Without Landlock (ENOSYS, or disabled) this step is skipped.
//
// The filter is a deny-list over a default of ALLOW, not an allow-list: what
// drawing needs (memory, futexes, threads, reading files, the exchange's
// descriptors, signals to itself) varies with glibc, the Swift runtime,
// cairo, pixman, FreeType and plugins' own libraries, and an allow-list that
// missed one call would break good plugins on some machine, which is exactly
// what "good plugins render identically inside and outside" rules out. The
// list covers the ways out: starting processes and programs, networking,
// changing the file system (opening for writing, creating, removing,
// renaming, linking, changing modes and owners), reaching other processes
// (ptrace, signals to others, pidfds), io_uring (which would perform those
// calls without going through the filter), and what only an administrator
// needs (mounts, namespaces, modules, keys, BPF, clocks, identities). A call
// of another architecture (32-bit x86 calls from a 64-bit worker) kills the
// process, so the list cannot be bypassed that way.
//
// A refused call traps (SIGSYS); the worker's handler (C, easel_sandbox.c)
// writes what was refused into the flight recorder and ends the process with
// SIGSYS, and `easel` reports the call in progress as stopped by the sandbox:
// `-[Spy drawRect:] was stopped: the sandbox refused socket()`. Two calls
// fail quietly instead: clone3 with ENOSYS (its flags are in memory the
// filter cannot read; glibc then creates threads and processes with clone,
// whose flags it can: a thread is allowed, a process is refused), and a
// local (AF_UNIX) socket with EACCES (glibc's user lookups try nscd's socket
// first and then read /etc/passwd; a plugin stopped for that would be a good
// plugin that cannot render inside).

#if canImport(Glibc)
import Glibc
#endif
import CEaselSupport
import CSeccomp

/// The limits easel gives a worker's sandbox, sent in the request.
package struct SandboxSettings: Codable, Sendable, Equatable {
    /// CPU seconds the worker may use in all (RLIMIT_CPU).
    package var cpuSeconds: Int

    /// The settings for a run whose plugin calls may each take `timeLimit` seconds.
    package init(timeLimit: Double) {
        cpuSeconds = Sandbox.cpuSeconds(timeLimit: timeLimit)
    }
}

/// A sandbox that could not be set up, described for the user.
package struct SandboxError: Error, CustomStringConvertible {
    /// What failed, starting with `cannot`.
    package let message: String
    /// The message.
    package var description: String { message }
}

/// The isolated worker's sandbox (see Sandbox.swift for the design).
package enum Sandbox {
    /// The most descriptors the worker may have open (RLIMIT_NOFILE).
    package static let openFiles: UInt64 = 256
    /// How far past the largest file it is given the worker may write, in
    /// bytes (RLIMIT_FSIZE is that file's size plus this): it may open no file
    /// for writing, but it writes SVG and PDF output into the exchange, and
    /// plugin code writes to standard error, which may be a file, and one
    /// already large (a log appended to).
    package static let fileGrowth: UInt64 = 1 << 30
    /// The address space the worker may use besides the exchange (RLIMIT_AS).
    package static let addressSpace: UInt64 = 4 << 30

    /// CPU seconds a worker may use in all: a minute for starting and
    /// loading, and six times the time limit of one plugin call (the parent
    /// enforces that limit on each call; this one bounds all of them together,
    /// and threads that plugins leave running).
    package static func cpuSeconds(timeLimit: Double) -> Int {
        60 + Int(min(max(timeLimit, 0) * 6, 1e6).rounded(.up))
    }

    // MARK: Step 1: before plugin code runs

    /// Enters the sandbox, before loading any plugin: no new privileges, the
    /// limits, fontconfig initialised, the SIGSYS report into `recorder`, the
    /// seccomp filter.
    ///
    /// - Parameters:
    ///   - settings: The limits easel sent.
    ///   - recorder: Where a refused call is reported.
    ///   - exchange: The exchange: its mapping is added to the address-space
    ///     limit, and its file counts among the files the worker writes.
    /// - Throws: ``SandboxError`` when a layer cannot be set up: the worker
    ///   then runs no plugin code.
    package static func enter(_ settings: SandboxSettings, recorder: FlightRecorder,
                              exchange: IsolationExchange) throws(SandboxError) {
        let largest = [STDERR_FILENO, exchange.memory.fileDescriptor].map(regularFileSize).max() ?? 0
        guard easel_sandbox_no_new_privileges() == 0 else { throw failure("set no-new-privileges") }
        var limits: [(Int32, String, UInt64)] = [
            (Int32(RLIMIT_CPU.rawValue), "CPU time", UInt64(max(settings.cpuSeconds, 1))),
            (Int32(RLIMIT_NOFILE.rawValue), "open files", openFiles),
            (Int32(RLIMIT_FSIZE.rawValue), "file size", largest + fileGrowth),
        ]
        if easel_sandbox_under_sanitizer() == 0 {
            limits.append((Int32(RLIMIT_AS.rawValue), "address space", addressSpace + UInt64(exchange.memory.count)))
        }
        for (resource, name, value) in limits { try limit(resource, name, value) }
        warmFonts()
        let slot = recorder.refusalSlot
        guard easel_sandbox_install_reporter(slot.address, UInt32(slot.size)) == 0 else {
            throw failure("install the sandbox's SIGSYS handler")
        }
        try installFilter()
    }

    /// The size of the regular file open as `descriptor`, else 0.
    private static func regularFileSize(_ descriptor: Int32) -> UInt64 {
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return 0 }
        return UInt64(max(info.st_size, 0))
    }

    /// Lowers a limit (soft and hard) to `value`, never raising one that is lower already.
    private static func limit(_ resource: Int32, _ name: String, _ value: UInt64) throws(SandboxError) {
        let which = __rlimit_resource_t(UInt32(resource))
        var current = rlimit()
        guard getrlimit(which, &current) == 0 else { throw failure("read the \(name) limit") }
        // The CPU limit's hard limit is a little higher: SIGXCPU (reported) comes before SIGKILL.
        let hard = resource == Int32(RLIMIT_CPU.rawValue) ? value + 5 : value
        var lowered = rlimit(rlim_cur: min(current.rlim_cur, rlim_t(value)), rlim_max: min(current.rlim_max, rlim_t(hard)))
        guard setrlimit(which, &lowered) == 0 else { throw failure("limit the \(name) to \(value)") }
    }

    /// Initialises fontconfig as the first text drawn would: it reads its
    /// configuration and caches (and may rewrite a cache that is out of
    /// date), which the filter would refuse later. Through fontconfig itself,
    /// not a canvas: a cairo surface made here would shift the surface
    /// numbers in an SVG the worker writes.
    private static func warmFonts() {
        _ = easel_sandbox_warm_fontconfig()
    }

    // MARK: The seccomp filter

    /// One system call the filter refuses.
    private struct Refusal {
        /// Its name, as libseccomp resolves it (absent on some architectures: skipped).
        var call: String
        /// What the report says after `name()` (or `name("path")`), e.g. ` for writing`.
        var suffix: String
        /// Refused only when one of these holds (each one rule), or always when empty.
        var when: [scmp_arg_cmp] = []
        /// The argument that is a path, appended to the report, if any.
        var path: Int32 = -1
    }

    /// `flags & bit != 0` for argument `argument`.
    private static func has(_ argument: UInt32, _ bit: Int32) -> scmp_arg_cmp {
        scmp_arg_cmp(arg: argument, op: SCMP_CMP_MASKED_EQ, datum_a: UInt64(bit), datum_b: UInt64(bit))
    }

    /// Everything the filter refuses.
    private static func refusals() -> [Refusal] {
        var list: [Refusal] = []
        func refuse(_ calls: [String], _ suffix: String = "", path: Int32 = -1, when: [scmp_arg_cmp] = []) {
            for call in calls { list.append(Refusal(call: call, suffix: suffix, when: when, path: path)) }
        }
        // Processes and programs. A thread is a clone with CLONE_THREAD (0x10000).
        refuse(["fork", "vfork"])
        refuse(["clone"], " to start a process",
               when: [scmp_arg_cmp(arg: 0, op: SCMP_CMP_MASKED_EQ, datum_a: 0x0001_0000, datum_b: 0)])
        refuse(["execve"], path: 0)
        refuse(["execveat"], path: 1)
        // Networking. A local socket fails quietly instead (see `installFilter`); a connected
        // pair (socketpair) reaches nothing outside the worker and stays allowed.
        refuse(["socket"], when: [scmp_arg_cmp(arg: 0, op: SCMP_CMP_NE, datum_a: UInt64(AF_UNIX), datum_b: 0)])
        refuse(["connect", "bind", "listen", "accept", "accept4"])
        // Writing to the file system.
        let writing = [O_WRONLY, O_RDWR, O_CREAT, O_TRUNC]
        refuse(["open"], " for writing", path: 0, when: writing.map { has(1, $0) })
        refuse(["openat"], " for writing", path: 1, when: writing.map { has(2, $0) })
        refuse(["creat", "mkdir", "rmdir", "unlink", "rename", "link", "mknod", "truncate", "chmod", "chown", "lchown",
                "setxattr", "lsetxattr", "removexattr", "lremovexattr", "utime", "utimes"], path: 0)
        refuse(["openat2", "mkdirat", "unlinkat", "renameat", "renameat2", "linkat", "mknodat", "fchmodat", "fchmodat2",
                "fchownat", "utimensat", "futimesat"], path: 1)
        refuse(["symlink"], path: 1)
        refuse(["symlinkat"], path: 2)
        refuse(["ftruncate", "fchmod", "fchown", "fsetxattr", "fremovexattr", "name_to_handle_at", "open_by_handle_at"])
        // Other processes: signals go to this process only.
        let me = UInt64(getpid())
        refuse(["kill", "tgkill"], " of another process",
               when: [scmp_arg_cmp(arg: 0, op: SCMP_CMP_NE, datum_a: me, datum_b: 0)])
        refuse(["tkill", "ptrace", "process_vm_readv", "process_vm_writev", "process_madvise", "pidfd_open", "pidfd_getfd",
                "pidfd_send_signal"])
        // The limits stay (root could raise a hard limit): reading them (prlimit64 without a new limit) is allowed.
        refuse(["setrlimit"])
        refuse(["prlimit64"], " to change a limit", when: [scmp_arg_cmp(arg: 2, op: SCMP_CMP_NE, datum_a: 0, datum_b: 0)])
        // io_uring would carry out any of the above without passing the filter.
        refuse(["io_uring_setup", "io_uring_enter", "io_uring_register"])
        // What only an administrator needs.
        refuse([
            "mount", "umount2", "mount_setattr", "move_mount", "open_tree", "fsopen", "fsconfig", "fsmount", "fspick",
            "pivot_root", "chroot", "unshare", "setns", "quotactl_fd", "bpf", "perf_event_open", "userfaultfd",
            "keyctl", "add_key", "request_key", "init_module", "finit_module", "delete_module", "kexec_load",
            "kexec_file_load", "reboot", "swapon", "swapoff", "acct", "settimeofday", "clock_settime", "sethostname",
            "setdomainname", "quotactl", "fanotify_init", "setuid", "setgid", "setreuid", "setregid", "setresuid",
            "setresgid", "setgroups", "setfsuid", "setfsgid", "capset",
        ])
        return list
    }

    /// Builds and loads the filter on every thread of the process.
    private static func installFilter() throws(SandboxError) {
        guard let filter = seccomp_init(UInt32(SCMP_ACT_ALLOW)) else { throw SandboxError(message: "cannot create the sandbox's system call filter") }
        defer { seccomp_release(filter) }
        func check(_ result: Int32, _ what: @autoclosure () -> String) throws(SandboxError) {
            guard result == 0 else {
                throw SandboxError(message: "cannot \(what()): \(String(cString: strerror(-result)))")
            }
        }
        try check(seccomp_attr_set(filter, SCMP_FLTATR_ACT_BADARCH, UInt32(SCMP_ACT_KILL_PROCESS)),
                  "make the sandbox kill calls of other architectures")
        try check(seccomp_attr_set(filter, SCMP_FLTATR_CTL_TSYNC, 1), "make the sandbox's filter apply to every thread")
        var named = Set<Int32>()
        for refusal in refusals() {
            let number = seccomp_syscall_resolve_name(refusal.call)
            guard number >= 0 else { continue }   // not a call of this architecture
            if named.insert(number).inserted, easel_sandbox_name_refusal(number, refusal.call, refusal.suffix, refusal.path) != 0 {
                throw SandboxError(message: "cannot name the refusal of \(refusal.call)() for the sandbox's report")
            }
            if refusal.when.isEmpty {
                try check(seccomp_rule_add_array(filter, UInt32(SCMP_ACT_TRAP), number, 0, nil), "refuse \(refusal.call)()")
            }
            for condition in refusal.when {
                var condition = condition
                try check(seccomp_rule_add_array(filter, UInt32(SCMP_ACT_TRAP), number, 1, &condition), "refuse \(refusal.call)()")
            }
        }
        // Refused quietly, with an error code (SCMP_ACT_ERRNO) instead of stopping the worker:
        // - clone3, "not implemented": its flags are out of the filter's reach, and glibc falls back to clone;
        // - a local socket, "permission denied": glibc's user and group lookups (getpwuid, which
        //   libraries call) try the name service cache daemon's socket first, then read the files.
        let quiet: [(call: String, error: Int32, when: scmp_arg_cmp?)] = [
            ("clone3", ENOSYS, nil),
            ("socket", EACCES, scmp_arg_cmp(arg: 0, op: SCMP_CMP_EQ, datum_a: UInt64(AF_UNIX), datum_b: 0)),
        ]
        for rule in quiet {
            let number = seccomp_syscall_resolve_name(rule.call)
            guard number >= 0 else { continue }
            var condition = rule.when ?? scmp_arg_cmp()
            try check(seccomp_rule_add_array(filter, 0x0005_0000 | UInt32(rule.error), number, rule.when == nil ? 0 : 1, &condition),
                      "refuse \(rule.call)()")
        }
        try check(seccomp_load(filter), "load the sandbox's system call filter")
    }

    // MARK: Step 2: once the plugins are loaded

    /// What Landlock did for this worker.
    package enum ReadNarrowing: Equatable, Sendable {
        /// Reads are narrowed, with this Landlock ABI version.
        case narrowed(abi: Int32)
        /// The kernel has no Landlock (or it is disabled): reads are not narrowed.
        case unavailable(String)
    }

    /// The highest Landlock ABI version of the kernel, or 0 when it has no Landlock (or it is disabled).
    package static var landlockVersion: Int32 { max(easel_landlock_abi(), 0) }

    /// Where the kernel has Landlock, lets this thread (the worker's main
    /// thread, which runs every plugin call) and every thread and process it
    /// starts read only the plugin folders, the scene, the system folders,
    /// the folders of the libraries loaded, fontconfig's folders and a few
    /// devices; nothing may be written, created or removed anywhere.
    ///
    /// - Parameters:
    ///   - pluginFolders: The folders of the plugin files (and of a folder listing).
    ///   - files: Single files to read, e.g. the scene.
    /// - Returns: What was done, `.unavailable` naming the kernel's reason.
    /// - Throws: ``SandboxError`` when Landlock is there but refuses the rules.
    @discardableResult
    package static func narrowReads(pluginFolders: [String], files: [String]) throws(SandboxError) -> ReadNarrowing {
        let abi = easel_landlock_abi()
        guard abi > 0 else { return .unavailable(String(cString: strerror(-abi))) }
        var paths = pluginFolders + files + systemFolders + loadedLibraryFolders()
        withUnsafeMutablePointer(to: &paths) { list in
            easel_sandbox_font_folders({ folder, context in
                guard let folder, let context else { return }
                context.assumingMemoryBound(to: [String].self).pointee.append(String(cString: folder))
            }, list)
        }
        var seen = Set<String>()
        paths = paths.filter { !$0.isEmpty && seen.insert($0).inserted }
        let copies = paths.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        let pointers = copies.map { UnsafePointer($0) }
        let result = easel_landlock_restrict_reads(abi, pointers, pointers.count)
        guard result == 0 else {
            throw SandboxError(message: "cannot narrow the worker's reads with Landlock: \(String(cString: strerror(-result)))")
        }
        return .narrowed(abi: abi)
    }

    /// The system's folders and devices every worker may read.
    static let systemFolders = [
        "/usr", "/lib", "/lib64", "/lib32", "/libx32", "/etc", "/proc/self", "/sys/devices/system/cpu",
        "/dev/null", "/dev/zero", "/dev/urandom", "/dev/random",
    ]

    /// The folders of every shared object in the process (the Swift runtime's, for one, may be outside /usr).
    static func loadedLibraryFolders() -> [String] {
        var folders: [String] = []
        withUnsafeMutablePointer(to: &folders) { list in
            easel_sandbox_loaded_objects({ path, context in
                guard let path, let context else { return }
                let text = String(cString: path)
                if let slash = text.lastIndex(of: "/") {
                    context.assumingMemoryBound(to: [String].self).pointee.append(String(text[..<slash]))
                }
            }, list)
        }
        return folders
    }

    // MARK: The parent's side

    /// How `easel` describes a worker the sandbox stopped, or `nil` when the
    /// sandbox had no part in its end.
    ///
    /// - Parameters:
    ///   - signal: The signal that ended the worker, if one did.
    ///   - refusal: What the flight recorder says the sandbox refused (empty when nothing).
    ///   - settings: The limits the worker had.
    /// - Returns: E.g. `was stopped: the sandbox refused socket()`.
    package static func describeStop(signal: Int32?, refusal: String, settings: SandboxSettings) -> String? {
        if !refusal.isEmpty { return "was stopped: the sandbox refused \(refusal)" }
        switch signal {
        case SIGXCPU?: return "was stopped: the worker used up its \(settings.cpuSeconds) s of CPU time (the sandbox's limit)"
        case SIGXFSZ?: return "was stopped: it wrote past the sandbox's file size limit (\(fileGrowth >> 30) GiB beyond the largest file it was given)"
        default: return nil
        }
    }

    private static func failure(_ what: String) -> SandboxError {
        SandboxError(message: "cannot \(what): \(String(cString: strerror(errno)))")
    }
}

extension WorkerReply {
    /// The reply of a worker whose sandbox could not be set up (it ran no plugin code).
    init(_ error: SandboxError) {
        self.init()
        failure = .init(message: "easel isolated-worker: \(error)")
    }
}
