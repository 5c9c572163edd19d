import EaselRuntime
#if canImport(Glibc)
import Glibc
#endif

/// Catches plugin code that ends the process with `exit()` while `easel` runs it in-process.
///
/// A plugin that calls `exit(0)` in its `drawRect:` would otherwise end the
/// command with status 0, no output and no message. ``install()`` registers
/// an exit handler (`on_exit`, which is told the status) and a
/// ``PluginCallObserver`` that keeps the calls in progress as a small stack
/// of unretained references (the receiver, the selector, the method: no
/// strings, no allocation, no retain per call). When the process exits while
/// the guard is armed, the handler prints
/// `error: -[ExitingView drawRect:] (plugin unruly_draw, /path/unruly_draw.so) called exit(0) while drawing`
/// and ends the process with status 1 instead.
///
/// `_exit()` and signals bypass exit handlers: only the isolated worker
/// (`--isolate`, `--timeout`) can report those.
public enum PluginExitGuard {
    nonisolated(unsafe) private static var armed = false
    nonisolated(unsafe) private static var phase = ""
    nonisolated(unsafe) private static var tracker: CallTracker?

    /// Registers the exit handler and starts tracking plugin calls (once),
    /// and arms the guard. Call it before any plugin code runs; call
    /// ``disarm()`` before the command itself exits.
    public static func install() {
        if tracker == nil {
            let calls = CallTracker()
            tracker = calls
            if PluginCalls.observer == nil { PluginCalls.observer = calls }
            _ = on_exit({ status, _ in PluginExitGuard.processExits(status: status) }, nil)
        }
        armed = true
    }

    /// Lets the process exit without a message: the command is ending on its own.
    public static func disarm() { armed = false }

    /// Notes what the command is doing (`drawing`, `laying out the views`), for the message.
    ///
    /// - Parameter text: The stage, as the flight recorder names it.
    public static func setPhase(_ text: String) { phase = text }

    private static func processExits(status: Int32) {
        guard armed else { return }
        armed = false
        var what = "plugin code"
        if let call = tracker?.culprit() {
            what = "-[\(call.className) \(call.selector)]"
            if let plugin = call.plugin { what += " (plugin \(plugin.name), \(plugin.path))" }
        }
        let place = phase.isEmpty ? "" : " while \(phase)"
        var line = "error: \(what) called exit(\(status))\(place); the command did not finish\n"
        fflush(nil)   // what plugin code printed first
        line.withUTF8 { _ = writeAll(STDERR_FILENO, UnsafeRawBufferPointer($0)) }
        _exit(1)
    }
}

/// The calls into plugin code in progress, as unretained references: the
/// cheapest record that can name the class, selector and plugin later.
private final class CallTracker: PluginCallObserver {
    struct Frame {
        var receiver: Unmanaged<EaselObject>
        var selector: Selector
        var method: Unmanaged<Method>
    }

    static let capacity = 16
    private var depth = 0
    private let frames = UnsafeMutablePointer<Frame>.allocate(capacity: CallTracker.capacity)

    func willCall(_ receiver: EaselObject, _ selector: Selector, _ method: Method) {
        if depth < Self.capacity {
            frames[depth] = Frame(receiver: .passUnretained(receiver), selector: selector, method: .passUnretained(method))
        }
        depth += 1
    }

    func didCall() { depth -= 1 }

    /// The innermost call into a plugin's own method (a host built-in, such
    /// as an overlay's `drawRect:`, only forwards to one), else the innermost call.
    func culprit() -> (className: String, selector: String, plugin: LoadedPlugin?)? {
        let calls = (0..<min(depth, Self.capacity)).map { index in
            let frame = frames[index]
            let cls = frame.receiver.takeUnretainedValue().objectClass
            return (className: cls.name, selector: frame.selector.name,
                    plugin: cls.declaringClass(of: frame.method.takeUnretainedValue())?.plugin)
        }
        return calls.last(where: { $0.plugin != nil }) ?? calls.last
    }
}
