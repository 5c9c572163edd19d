#if canImport(Glibc)
import Glibc
#endif
import EaselRuntime

/// Names for the signals that end a process, as a user reads them.
package enum SignalNames {
    private static let names: [Int32: (String, String)] = [
        SIGHUP: ("SIGHUP", "hangup"), SIGINT: ("SIGINT", "interrupt"), SIGQUIT: ("SIGQUIT", "quit"),
        SIGILL: ("SIGILL", "illegal instruction"), SIGTRAP: ("SIGTRAP", "trace/breakpoint trap"),
        SIGABRT: ("SIGABRT", "aborted"), SIGBUS: ("SIGBUS", "bus error"),
        SIGFPE: ("SIGFPE", "floating-point exception"), SIGKILL: ("SIGKILL", "killed"),
        SIGUSR1: ("SIGUSR1", "user signal 1"), SIGSEGV: ("SIGSEGV", "segmentation fault"),
        SIGUSR2: ("SIGUSR2", "user signal 2"), SIGPIPE: ("SIGPIPE", "broken pipe"),
        SIGALRM: ("SIGALRM", "alarm clock"), SIGTERM: ("SIGTERM", "terminated"),
        SIGXCPU: ("SIGXCPU", "CPU time limit exceeded"), SIGXFSZ: ("SIGXFSZ", "file size limit exceeded"),
        SIGSYS: ("SIGSYS", "bad system call"),
    ]

    /// `SIGSEGV (segmentation fault)`, or `signal 42` for one without a name here.
    package static func describe(_ signal: Int32) -> String {
        guard let (name, meaning) = names[signal] else { return "signal \(signal)" }
        return "\(name) (\(meaning))"
    }
}

/// Seconds as `easel` prints a time limit: `5 s`, `0.5 s`.
package func formatSeconds(_ seconds: Double) -> String {
    if seconds == seconds.rounded(), seconds < 1e9 { return "\(Int(seconds)) s" }
    var text = String((seconds * 1000).rounded() / 1000)
    while text.hasSuffix("0") { text.removeLast() }
    return text + " s"
}
