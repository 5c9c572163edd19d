// Isolated rendering: plugin code runs in a child process, so that a crash
// or a hang in a plugin's method cannot take `easel` down.
//
// `easel render --isolate` and `easel invoke --isolate` scan the plugins as
// usual (the scan runs no plugin code in `easel`), then start a child: the
// `easel` executable itself, with a hidden subcommand. Between the two:
//
// - An IsolationExchange: one anonymous shared memory file (memfd), the
//   child's standard input. It holds the request (which plugin files to load,
//   the scene or the call, the views to skip), the FlightRecorder and the
//   pixels of the raster canvas, which the child draws into directly (a
//   cairo image surface over the shared memory), so that `easel` writes the
//   PNG from the very pixels the child drew, without copying them through a
//   pipe. An SVG or PDF is encoded by the child and stored in the file.
// - A socket, the child's standard output, on which it sends one JSON reply
//   when it is done (its errors, diagnostics, return value, timings) and
//   then exits. Its standard error is `easel`'s, so what plugins print still
//   shows; what they print to standard output lands on standard error too.
//
// The flight recorder is how `easel` knows what the child was doing when it
// died. Before every call into plugin code the child notes, in the shared
// memory and without a system call, the receiver's class, the selector and
// the plugin (PluginCallObserver, a process-wide hook at every place the host
// calls a plugin method), and while a view draws, the view (its JSON path,
// class, frame and drawing ordinal; RenderObserver). When the child dies of a
// signal, `easel` reads the record and names the view, class, selector and
// plugin. The outermost call's start time is an atomic word of the record:
// `easel` sleeps in poll() on the socket until that call's deadline, and
// when the same call is still running then, kills the child (SIGKILL) and
// reports a hang. So the watch costs no system call per plugin call and one
// wake-up per time limit at most.
//
// The child leads a process group of its own. `easel` stops reading at the
// end of the reply line, not at the socket's end (a process plugin code
// forked holds the socket open as long as it lives), watches the child's
// exit through a pidfd, and when the run ends kills the whole group, so
// nothing plugin code started outlives the run or holds its result back.
//
// With --keep-going, `easel` starts the child again, telling it to skip the
// views (by drawing ordinal) whose drawing failed; the child draws a failure
// mark over each skipped view's bounds instead, and the render goes on until
// one attempt completes. A failure outside a view's drawing (loading,
// building the scene, steps, layout) cannot be skipped and ends the command.

import EaselDiscovery
import CEaselSupport
import EaselRuntime
import EaselViews
#if canImport(Glibc)
import Glibc
#endif

/// A child process that runs plugin code for `easel`, watched through its
/// ``IsolationExchange`` (see IsolatedProcess.swift for the design).
package enum IsolatedProcess {
    /// How a child process ended.
    package enum Ending: Sendable {
        /// It exited with status 0 after writing its reply.
        case finished(reply: [UInt8])
        /// It was killed by a signal (a plugin crashed it).
        case crashed(signal: Int32)
        /// It exited with another status (a plugin called exit, or the child failed).
        case exited(status: Int32, reply: [UInt8])
        /// A plugin call ran longer than the time limit, and the child was killed.
        case timedOut
    }

    /// Why a child could not be started.
    package struct LaunchError: Error, Sendable {
        /// The system's reason.
        package let reason: String
    }

    /// Starts `executable` with `arguments`, the exchange as its standard
    /// input and a socket as its standard output, and waits for it to end,
    /// killing it when one plugin call (the outermost call in progress, as
    /// the exchange's recorder says) lasts longer than `timeLimit` seconds.
    package static func run(executable: String, arguments: [String], exchange: IsolationExchange,
                            timeLimit: Double) -> Result<Ending, LaunchError> {
        switch spawn(executable: executable, arguments: arguments, exchange: exchange) {
        case .failure(let error): return .failure(error)
        case .success(let child):
            defer { child.close() }
            return .success(watch(child, recorder: exchange.recorder, timeLimit: timeLimit))
        }
    }

    /// A started child: its process id, the parent's end of its socket, and its pidfd (-1 without one).
    struct Child {
        let pid: pid_t
        let channel: Int32
        let exited: Int32

        func close() {
            Glibc.close(channel)
            if exited >= 0 { Glibc.close(exited) }
        }
    }

    /// Starts the child with the exchange as its standard input and a socket as its standard output.
    static func spawn(executable: String, arguments: [String], exchange: IsolationExchange) -> Result<Child, LaunchError> {
        var sockets: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &sockets) == 0 else {
            return .failure(LaunchError(reason: String(cString: strerror(errno))))
        }
        // dup2 onto the same number would keep close-on-exec: keep sources above 2.
        let input = fcntl(exchange.memory.fileDescriptor, F_DUPFD_CLOEXEC, 3)
        let output = fcntl(sockets[1], F_DUPFD_CLOEXEC, 3)
        Glibc.close(sockets[1])
        defer { if input >= 0 { Glibc.close(input) } }
        guard input >= 0, output >= 0 else {
            let reason = String(cString: strerror(errno))
            if output >= 0 { Glibc.close(output) }
            Glibc.close(sockets[0])
            return .failure(LaunchError(reason: reason))
        }
        let spawned = ChildProcess.spawn(executable, arguments: arguments,
                                         redirections: [(STDIN_FILENO, input), (STDOUT_FILENO, output)],
                                         newProcessGroup: true)
        // The child has its copy; without closing ours, the socket would never
        // report the child's end. (Closed once: a second close could hit a
        // descriptor another thread has opened since.)
        Glibc.close(output)
        switch spawned {
        case .success(let pid): return .success(Child(pid: pid, channel: sockets[0], exited: easel_support_pidfd_open(pid)))
        case .failure(let error):
            Glibc.close(sockets[0])
            return .failure(LaunchError(reason: error.description))
        }
    }

    /// Reads the child's reply until it is complete (one line: a process the
    /// plugin forked may hold the socket open long after), watching the time
    /// limit and the child's end (a pidfd, where the kernel has one, else a
    /// check every 100 ms); then ends the child's process group, so that
    /// nothing plugin code started outlives the run, and reaps the child.
    private static func watch(_ child: Child, recorder: FlightRecorder, timeLimit: Double) -> Ending {
        var reply: [UInt8] = []
        if waitForLine(child, recorder: recorder, timeLimit: timeLimit, into: &reply) == .timedOut {
            end(group: child.pid)
            return .timedOut
        }
        // A whole reply is the job done, however the child ends after it.
        let complete = reply.last == UInt8(ascii: "\n")
        let status = end(group: child.pid, patience: complete ? 2000 : 100)
        if complete { return .finished(reply: reply) }
        return ending(status ?? ExitStatus(code: 0, signal: nil), reply)
    }

    /// How ``waitForLine(_:recorder:timeLimit:into:)`` returned.
    enum LineWait: Equatable {
        /// The buffer holds a whole line.
        case line
        /// The child ended, or closed its socket, before it sent a whole line (the buffer holds what it sent).
        case ended
        /// A plugin call ran past the time limit (the child is still running: the caller ends it).
        case timedOut
    }

    /// Reads from the child's socket into `buffer` until it holds a newline,
    /// the child ends, or the plugin call in progress passes its deadline.
    static func waitForLine(_ child: Child, recorder: FlightRecorder, timeLimit: Double, into buffer: inout [UInt8]) -> LineWait {
        let limit = UInt64(timeLimit * 1e9)
        var chunk = [UInt8](repeating: 0, count: 65536)
        let newline = UInt8(ascii: "\n")
        var open = true
        func receive(_ flags: Int32) -> Bool {
            let count = chunk.withUnsafeMutableBytes { recv(child.channel, $0.baseAddress!, $0.count, flags) }
            if count > 0 {
                buffer += chunk[..<count]
                return true
            }
            if count == 0 || (errno != EINTR && errno != EAGAIN) { open = false }
            return false
        }
        while open {
            if buffer.contains(newline) { return .line }
            // Sleep until the deadline of the call in progress, or for a whole
            // limit when none is (a call that begins later ends later).
            var wait = limit
            if let call = recorder.activeCall() {
                let now = monotonicNanoseconds()
                if now >= call.started &+ limit {
                    // Still the same call, past its deadline?
                    if let again = recorder.activeCall(), again.sequence == call.sequence { return .timedOut }
                    continue
                }
                wait = call.started + limit - now
            }
            if child.exited < 0 { wait = min(wait, 100_000_000) }
            var fds = [pollfd(fd: child.channel, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: child.exited, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, child.exited >= 0 ? 2 : 1, Int32(min(Double(wait) / 1e6 + 1, 86_400_000)))
            if ready < 0 && errno != EINTR { break }
            if ready > 0 && fds[0].revents != 0 { _ = receive(0) }
            if (ready > 0 && child.exited >= 0 && fds[1].revents != 0) || (child.exited < 0 && hasExited(child.pid)) {
                // The child has ended: what it wrote before is all there is.
                while open && receive(Int32(MSG_DONTWAIT)) {}
                return buffer.contains(newline) ? .line : .ended
            }
        }
        return buffer.contains(newline) ? .line : .ended
    }

    /// Whether the child has ended, without reaping it (so that its process group id stays its own).
    private static func hasExited(_ pid: pid_t, blocking: Bool = false) -> Bool {
        var info = siginfo_t()
        while true {
            let result = waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT | (blocking ? 0 : WNOHANG))
            if result < 0 && errno == EINTR { continue }
            // waitid leaves the siginfo zeroed when no child has changed state.
            return result == 0 && info.si_signo == SIGCHLD
        }
    }

    /// Kills every process left in the child's group (what plugin code forked;
    /// the child itself when it is still running after `patience`
    /// milliseconds: it ends just after its reply), then reaps the child.
    @discardableResult
    static func end(group pid: pid_t, patience: Int = 0) -> ExitStatus? {
        var fd = pollfd(fd: -1, events: 0, revents: 0)
        for _ in stride(from: 0, to: patience, by: 5) where !hasExited(pid) { _ = poll(&fd, 0, 5) }
        kill(-pid, SIGKILL)
        return reap(pid)
    }

    static func ending(_ status: ExitStatus, _ reply: [UInt8]) -> Ending {
        if let signal = status.signal { return .crashed(signal: signal) }
        return status.code == 0 ? .finished(reply: reply) : .exited(status: status.code, reply: reply)
    }

    struct ExitStatus {
        var code: Int32
        var signal: Int32?
    }

    /// Waits for the child; `nil` when `blocking` is false and it is still running.
    private static func reap(_ pid: pid_t, blocking: Bool = true) -> ExitStatus? {
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, blocking ? 0 : WNOHANG)
            if result == 0 { return nil }
            if result < 0 {
                if errno == EINTR { continue }
                return nil
            }
            break
        }
        // WIFSIGNALED / WTERMSIG / WEXITSTATUS, which Swift does not import.
        let termination = status & 0x7F
        if termination != 0 && termination != 0x7F { return ExitStatus(code: 128 + termination, signal: termination) }
        return ExitStatus(code: (status >> 8) & 0xFF, signal: nil)
    }
}

/// A child process that stays: `easel preview`'s live worker, which answers
/// one command line with one reply line for as long as it lives (the same
/// exchange, flight recorder and time limit per call as ``IsolatedProcess/run(executable:arguments:exchange:timeLimit:)``).
package final class LiveProcess {
    private let child: IsolatedProcess.Child
    private let recorder: FlightRecorder
    private let timeLimit: Double
    private var buffer: [UInt8] = []
    /// How the child ended, once it has.
    package private(set) var ending: IsolatedProcess.Ending?

    private init(child: IsolatedProcess.Child, recorder: FlightRecorder, timeLimit: Double) {
        self.child = child
        self.recorder = recorder
        self.timeLimit = timeLimit
    }

    deinit { stop() }

    /// Starts the child (its request already in the exchange).
    package static func start(executable: String, arguments: [String], exchange: IsolationExchange,
                              timeLimit: Double) -> Result<LiveProcess, IsolatedProcess.LaunchError> {
        IsolatedProcess.spawn(executable: executable, arguments: arguments, exchange: exchange).map {
            LiveProcess(child: $0, recorder: exchange.recorder, timeLimit: timeLimit)
        }
    }

    /// Waits for the next reply line; how the child ended when it sent none (it is then stopped and reaped).
    package func nextReply() -> Result<[UInt8], IsolatedProcess.Ending> {
        if let ending { return .failure(ending) }
        switch IsolatedProcess.waitForLine(child, recorder: recorder, timeLimit: timeLimit, into: &buffer) {
        case .line:
            let end = buffer.firstIndex(of: UInt8(ascii: "\n"))!
            let line = Array(buffer[..<end])
            buffer.removeSubrange(...end)
            return .success(line)
        case .timedOut:
            IsolatedProcess.end(group: child.pid)
            ending = .timedOut
        case .ended:
            let status = IsolatedProcess.end(group: child.pid, patience: 100)
            ending = IsolatedProcess.ending(status ?? .init(code: 0, signal: nil), buffer)
        }
        child.close()
        return .failure(ending!)
    }

    /// Sends one command line (a newline is added); false when the child is gone.
    package func send(_ command: [UInt8]) -> Bool {
        guard ending == nil else { return false }
        let line = command + [UInt8(ascii: "\n")]
        var sent = 0
        while sent < line.count {
            let count = line[sent...].withUnsafeBytes { Glibc.send(child.channel, $0.baseAddress!, $0.count, Int32(MSG_NOSIGNAL)) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }

    /// Ends the child and everything it started, and reaps it.
    package func stop() {
        guard ending == nil else { return }
        ending = .exited(status: 0, reply: [])
        IsolatedProcess.end(group: child.pid)
        child.close()
    }
}

/// A live worker's end, as the failure of waiting for its next reply.
extension IsolatedProcess.Ending: Error {}
