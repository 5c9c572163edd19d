#if canImport(Glibc)
import Glibc
#endif

/// The set-up every helper process that runs plugin code makes first
/// (`easel-plugin-scanner`, the isolated render worker).
package enum PluginProcess {
    /// Keeps the original standard input and output for the process's own
    /// protocol (duplicated above the standard descriptors, close-on-exec),
    /// gives plugin code an empty standard input, sends what it prints to
    /// standard output to standard error instead, and turns core dumps off (a
    /// crashing plugin must not cost one per run).
    ///
    /// - Parameter name: The program, for the message when this fails.
    /// - Returns: The protocol's input and output descriptors, or `nil` after
    ///   printing why they could not be set up.
    package static func takeStandardStreams(name: String) -> (input: Int32, output: Int32)? {
        let input = fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 3)
        let output = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3)
        let empty = open("/dev/null", O_RDONLY | O_CLOEXEC)
        guard input >= 0, output >= 0, empty >= 0, dup2(empty, STDIN_FILENO) >= 0,
              dup2(STDERR_FILENO, STDOUT_FILENO) >= 0 else {
            perror("\(name): cannot set up its input and output")
            return nil
        }
        close(empty)
        var noCore = rlimit(rlim_cur: 0, rlim_max: 0)
        _ = setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &noCore)
        return (input, output)
    }
}
