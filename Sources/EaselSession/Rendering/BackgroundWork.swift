import FoundationEssentials
import Glibc

/// One piece of work run on a thread of its own, its result taken once with ``finish()``.
///
/// `easel render` reads and parses the scene file on a second core while the
/// plugins load on the main thread (plugin code runs only on the main thread:
/// easel.h, "Threads"). The work must not touch the registry or anything
/// else the main thread uses meanwhile. When no thread can be started the
/// work runs in ``finish()``, on the caller's thread.
final class BackgroundWork<Value>: BackgroundThreadBody, @unchecked Sendable {
    // Written by the worker thread before it ends, read after pthread_join:
    // the join orders the two, so no lock is needed.
    private let work: () -> Value
    private var value: Value?
    private var thread = pthread_t()
    private var started = false

    /// Starts `work` on a new thread.
    init(_ work: @escaping () -> Value) {
        self.work = work
        super.init()
        started = start()
    }

    private func start() -> Bool {
        let context = Unmanaged<BackgroundThreadBody>.passRetained(self).toOpaque()
        guard pthread_create(&thread, nil, backgroundThreadEntry, context) == 0 else {
            Unmanaged<BackgroundThreadBody>.fromOpaque(context).release()
            return false
        }
        return true
    }

    deinit {
        // Never finished (the caller gave up, e.g. on a plugin folder it could not
        // use): the thread ends by itself, and its resources with it.
        if started { pthread_detach(thread) }
    }

    override func runOnThread() { value = work() }

    /// Waits for the work to end and returns its result (runs it here when no thread started).
    func finish() -> Value {
        if started {
            pthread_join(thread, nil)
            started = false
        }
        if let value { return value }
        // No thread could start: the work runs here.
        let result = work()
        value = result
        return result
    }
}

/// What the thread function of a ``BackgroundWork`` calls (a class, not a
/// protocol: the thread reaches it without a conformance lookup).
class BackgroundThreadBody: @unchecked Sendable {
    func runOnThread() {}
}

/// The thread function of every ``BackgroundWork``: runs it and drops the reference its `start()` gave the thread.
private func backgroundThreadEntry(_ argument: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let argument else { return nil }
    Unmanaged<BackgroundThreadBody>.fromOpaque(argument).takeRetainedValue().runOnThread()
    return nil
}
