import EaselIsolation
import EaselRuntime
#if canImport(Glibc)
import Glibc
#endif

/// Catches plugin code that ends the process with `exit()` while `easel` runs it in-process.
///
/// A plugin that calls `exit(0)` in its `drawRect:` would otherwise end the
/// command with status 0, no output and no message. ``install()`` registers
/// an exit handler (`on_exit`, which is told the status). When the process
/// exits while the guard is armed, the handler finds the plugin method on
/// the stack (``PluginStack``: the unwind tables and the registry of
/// ``watch(_:)``, so that nothing is recorded per call and the render's hot
/// path pays nothing), prints
/// `error: -[ExitingView drawRect:] (plugin unruly_draw, /path/unruly_draw.so) called exit(0) while drawing; the command did not finish`
/// and ends the process with status 1 instead.
///
/// `_exit()` and signals bypass exit handlers: only the isolated worker
/// (`--isolate`, `--timeout`) can report those.
public enum PluginExitGuard {
    nonisolated(unsafe) private static var armed = false
    nonisolated(unsafe) private static var installed = false
    nonisolated(unsafe) private static var phase = ""
    nonisolated(unsafe) private static var registry: Registry?

    /// Registers the exit handler (once) and arms the guard. Call it before
    /// any plugin code runs; call ``disarm()`` before the command itself exits.
    public static func install() {
        if !installed {
            installed = true
            _ = on_exit({ status, _ in PluginExitGuard.processExits(status: status) }, nil)
        }
        armed = true
    }

    /// Lets the process exit without a message: the command is ending on its own.
    public static func disarm() { armed = false }

    /// Notes the registry whose plugins run in this process, to name the method at fault.
    ///
    /// - Parameter registry: The registry the plugins were loaded into.
    public static func watch(_ registry: Registry) { self.registry = registry }

    /// Notes what the command is doing (`drawing`, `laying out the views`), for the message.
    ///
    /// - Parameter text: The stage, as the flight recorder names it.
    public static func setPhase(_ text: String) { phase = text }

    private static func processExits(status: Int32) {
        guard armed else { return }
        armed = false
        var what = "plugin code"
        if let registry, let culprit = PluginStack.culprit(in: registry) {
            let plugin = "(plugin \(culprit.pluginName), \(culprit.pluginPath))"
            if let className = culprit.className, let selector = culprit.selector {
                what = "-[\(className) \(selector)] \(plugin)"
            } else {
                what = "plugin code \(plugin)"
            }
        }
        let place = phase.isEmpty ? "" : " while \(phase)"
        var line = "error: \(what) called exit(\(status))\(place); the command did not finish\n"
        fflush(nil)   // what plugin code printed first
        line.withUTF8 { _ = writeAll(STDERR_FILENO, UnsafeRawBufferPointer($0)) }
        _exit(1)
    }
}
