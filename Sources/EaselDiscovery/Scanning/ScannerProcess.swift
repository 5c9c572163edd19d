#if canImport(Glibc)
import Glibc
#endif
import EaselProbe
import EaselRuntime
import CEaselSupport
import Dispatch

/// Runs `easel-plugin-scanner` over a list of files, restarting it after
/// every plugin that crashes, exits or hangs (see PluginScanner.swift).
struct HelperRun {
    let helperPath: String
    let timeLimit: Double
    /// Passed to each helper (``ScannerHelper/builtInClassesOption``).
    let builtInClassNames: [String]
    /// The rules each file is opened and checked under before a helper gets it.
    let trust: PluginTrust
    /// Lines of standard error kept with a failure.
    static let outputLines = 5

    /// How the scan of a list of files went.
    struct Outcome {
        var results: [Result<PluginDescription, PluginLoadError>]
        var launches: Int
    }

    /// Starts a helper that inherits the descriptors of `files`.
    func launch(_ files: [CheckedPlugin]) -> Result<HelperSession, HelperLaunchError> {
        do {
            return .success(try HelperSession(
                helperPath: helperPath,
                arguments: [ScannerHelper.builtInClassesOption + builtInClassNames.joined(separator: ",")], files: files))
        } catch { return .failure(error) }
    }

    /// A file to probe, and the plugin folder it was found in.
    struct Request {
        let path: String
        let folder: String
    }

    /// What became of a file handed to ``checkAndScan(_:runs:)``.
    enum Answer {
        /// Refused by the checks that run no plugin code (never sent to a helper).
        case refused(PluginLoadError)
        /// The helper's answer.
        case scanned(Result<PluginDescription, PluginLoadError>)
    }

    /// Opens and checks `files` in this process (``PluginTrust/open(_:folder:)``:
    /// trust, ELF headers, libraries) and probes those that pass in helpers,
    /// `runs` of them in parallel: the list is cut into as many runs of
    /// consecutive files, each handled on its own thread, which checks its
    /// files, then starts its helper, which inherits the checked descriptors
    /// and loads those, never the paths, and scans them with it (restarted
    /// after a crash like any other).
    ///
    /// - Returns: An answer per file, in order, and the helpers started.
    func checkAndScan(_ files: [Request], runs: Int) -> (answers: [Answer], launches: Int) {
        guard runs > 1 else { return checkAndScan(files[...]) }
        let bounds = (0...runs).map { files.count * $0 / runs }
        let outcomes = UnsafeMutableBufferPointer<(answers: [Answer], launches: Int)>.allocate(capacity: runs)
        defer { outcomes.deallocate() }
        let slots = UncheckedBox(outcomes)
        DispatchQueue.concurrentPerform(iterations: runs) { index in
            (slots.value.baseAddress! + index).initialize(to: checkAndScan(files[bounds[index]..<bounds[index + 1]]))
        }
        var answers: [Answer] = []
        answers.reserveCapacity(files.count)
        var launches = 0
        for index in 0..<runs {
            let outcome = (outcomes.baseAddress! + index).move()
            answers += outcome.answers
            launches += outcome.launches
        }
        return (answers, launches)
    }

    /// One run of ``checkAndScan(_:runs:)``, on the calling thread.
    private func checkAndScan(_ files: ArraySlice<Request>) -> (answers: [Answer], launches: Int) {
        var refused: [Int: PluginLoadError] = [:]
        var passed: [CheckedPlugin] = []
        for (offset, file) in files.enumerated() {
            switch trust.open(file.path, folder: file.folder) {
            case .failure(let error): refused[offset] = error
            case .success(let checked): passed.append(checked)
            }
        }
        let outcome = passed.isEmpty ? Outcome(results: [], launches: 0) : scan(passed)
        var results = outcome.results.makeIterator()
        let answers = (0..<files.count).map { offset -> Answer in
            refused[offset].map { .refused($0) } ?? .scanned(results.next()!)
        }
        return (answers, outcome.launches)
    }

    /// Scans `files` in order in one helper at a time.
    func scan(_ checked: [CheckedPlugin]) -> Outcome {
        let files = checked.map(\.path)
        var results: [Result<PluginDescription, PluginLoadError>] = []
        results.reserveCapacity(files.count)
        var launches = 0
        while results.count < files.count {
            launches += 1
            let remaining = Array(checked[results.count...])
            let session: HelperSession
            switch launch(remaining) {
            case .success(let started): session = started
            case .failure(let error):
                results += remaining.map { .failure(notScanned($0.path, "could not be started: \(error.reason)")) }
                return Outcome(results: results, launches: launches)
            }
            let ending = session.run(timeLimit: timeLimit) { results.append($0) }
            guard results.count < files.count else { break }
            let culprit = files[results.count]
            switch ending {
            case .finished:
                // The helper ended its answers early without dying of a plugin.
                results.append(.failure(notScanned(culprit, "stopped answering")))
            case .notReady(let why, let output):
                results += files[results.count...].map { .failure(notScanned($0, why, output: output)) }
            case .badReply(let line):
                results.append(.failure(notScanned(culprit, "sent a reply this easel cannot read: \(line.prefix(200))")))
            case .signaled(let signal, let output):
                results.append(.failure(PluginLoadError(path: culprit, kind: .crashed,
                    message: "crashed with \(SignalNames.describe(signal)) while being scanned", output: output)))
            case .exited(let status, let output):
                results.append(.failure(PluginLoadError(path: culprit, kind: .exited,
                    message: "exited with status \(status) while being scanned", output: output)))
            case .timedOut(let output):
                results.append(.failure(PluginLoadError(path: culprit, kind: .timedOut,
                    message: "did not finish loading within \(formatSeconds(timeLimit))", output: output)))
            }
        }
        return Outcome(results: results, launches: launches)
    }

    private func notScanned(_ path: String, _ why: String, output: [String] = []) -> PluginLoadError {
        PluginLoadError(path: path, kind: .scannerFailed,
                        message: "not scanned: the plugin scanner \(helperPath) \(why)", output: output)
    }
}

/// A value handed to the threads of `DispatchQueue.concurrentPerform`, each
/// of which touches only its own part of it.
private struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// Why a helper could not be started.
struct HelperLaunchError: Error {
    let reason: String
}

/// One helper process: spawned with its standard input, output and error
/// connected to this process, fed requests and read until it ends.
final class HelperSession {
    enum Ending {
        /// Answered every request and ended.
        case finished
        /// Died or misbehaved before its hello.
        case notReady(String, output: [String])
        /// Wrote a line that is not a reply to the current file.
        case badReply(String)
        /// Killed by a signal while probing the current file.
        case signaled(Int32, output: [String])
        /// Exited while probing the current file.
        case exited(Int32, output: [String])
        /// Killed for taking longer than the time limit on the current file.
        case timedOut(output: [String])
    }

    private let pid: pid_t
    private var input: Int32      // a socket: the helper's standard input
    private var output: Int32     // a pipe: the helper's standard output (the protocol)
    private var errors: Int32     // a pipe: the helper's standard error (and the plugins' output)
    private var reaped = false
    private var readBuffer = [UInt8](repeating: 0, count: 65536)
    /// The files to probe, in order.
    private let files: [String]
    /// Their requests (ScannerProtocol), naming the descriptors as the helper has them.
    private let requests: [UInt8]

    /// Starts a helper that inherits the descriptors of `checked` (each
    /// plugin's and its libraries'), at numbers above every descriptor it is
    /// given, and will be asked to probe them.
    init(helperPath: String, arguments: [String], files checked: [CheckedPlugin]) throws(HelperLaunchError) {
        // The requests go through a socket pair (created close-on-exec in
        // one call; a write to a dead helper fails with EPIPE instead of
        // raising SIGPIPE). The answers and standard error come back through
        // pipes of up to 1 MiB: the host reads them only now and then (see
        // run), and a pipe holds that many bytes however small the writes,
        // where a socket's buffer counts every small write as a kilobyte or
        // more and would stop the helper after a couple of hundred answers.
        var sockets: [Int32] = [-1, -1], out: [Int32] = [-1, -1], err: [Int32] = [-1, -1]
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        guard socketpair(AF_UNIX, type, 0, &sockets) == 0, easel_support_pipe(&out, 1 << 20) == 0,
              easel_support_pipe(&err, 1 << 20) == 0 else {
            let reason = String(cString: strerror(errno))
            for fd in sockets + out + err where fd >= 0 { close(fd) }
            throw HelperLaunchError(reason: reason)
        }
        // Every inherited descriptor goes above every descriptor handed
        // over, so that no dup2() of the child overwrites one still to come.
        var redirections: [(child: Int32, parent: Int32)] = [
            (STDIN_FILENO, sockets[1]), (STDOUT_FILENO, out[1]), (STDERR_FILENO, err[1]),
        ]
        let handed = checked.flatMap { [$0.image.descriptor] + $0.dependencies.map(\.image.descriptor) }
        var next = max(handed.max() ?? 0, sockets[1], out[1], err[1]) + 1
        var requests: [UInt8] = []
        for plugin in checked {
            var libraries: [(descriptor: Int32, name: String, path: String)] = []
            for library in plugin.dependencies {
                redirections.append((next, library.image.descriptor))
                libraries.append((next, library.name, library.image.path))
                next += 1
            }
            redirections.append((next, plugin.image.descriptor))
            requests += ScannerHelper.requestRecords(plugin: (next, plugin.path), libraries: libraries)
            next += 1
        }
        self.files = checked.map(\.path)
        self.requests = requests
        let spawned = ChildProcess.spawn(helperPath, arguments: arguments, redirections: redirections)
        close(sockets[1]); close(out[1]); close(err[1])
        let child: pid_t
        switch spawned {
        case .success(let started): child = started
        case .failure(let error):
            close(sockets[0]); close(out[0]); close(err[0])
            throw HelperLaunchError(reason: error.description)
        }
        pid = child
        input = sockets[0]
        output = out[0]
        errors = err[0]
        for fd in [output, errors] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
    }

    deinit {
        if !reaped {
            kill(pid, SIGKILL)
            _ = waitForExit()
        }
        for fd in [input, output, errors] where fd >= 0 { close(fd) }
    }

    /// How often the host looks at a helper that is neither done nor dead:
    /// to take its answers (each restarts the clock of the next file), to
    /// keep its output flowing, and to notice a file past its time limit.
    static let tick = 0.025


    /// Sends `files` and delivers each answer, in order, until the helper has
    /// answered them all, or stops for the file after the last answer.
    ///
    /// The host does not wake for every answer: the helper's answers and
    /// its standard error wait in their pipes while the host sleeps until
    /// the helper closes its answer channel (when every file is answered, or
    /// when it dies) or the next ``tick``. The helper follows every answer
    /// with a marker line on standard error, so that the lines a plugin
    /// wrote before dying are told apart from its predecessors' whenever
    /// they are read.
    func run(timeLimit: Double, deliver: (Result<PluginDescription, PluginLoadError>) -> Void) -> Ending {
        let files = self.files, requests = self.requests
        var sent = 0
        var answered = 0
        var ready = false
        var received: [UInt8] = []
        var errorText = StandardErrorTail()
        // Start-up gets at least 10 s, however short the limit for a plugin.
        var deadline = monotonicSeconds() + max(timeLimit, 10)
        var timedOut = false

        /// Handles the packets at the start of `received`; removes them.
        func handlePackets() -> Ending? {
            var consumed = 0
            defer { received.removeFirst(consumed) }
            while true {
                let read = received.withUnsafeBytes { ScannerProtocol.readPacket(UnsafeRawBufferPointer(rebasing: $0[consumed...])) }
                let message: ScannerProtocol.Message
                switch read {
                case .incomplete: return nil
                case .malformed:
                    let text = String(decoding: received[consumed...].prefix(200), as: UTF8.self)
                    return ready ? .badReply(text)
                                 : .notReady("wrote something other than its hello: \(text)", output: errorText.lines)
                case .message(let decoded, let length):
                    message = decoded
                    consumed += length
                }
                switch message {
                case .hello(let version, let abi):
                    guard !ready else { return .badReply("a second hello") }
                    guard version == ScannerProtocol.version, abi == HostABI.versionString else {
                        return .notReady("speaks protocol \(version) for ABI \(abi); this easel needs protocol \(ScannerProtocol.version) for ABI \(HostABI.versionString) (a scanner from another version of easel?)", output: [])
                    }
                    ready = true
                case .answer(let path, let result):
                    guard ready, answered < files.count, path == files[answered] else {
                        return .badReply("an answer for \(path)")
                    }
                    // Plugin code ran in the helper: its answer is checked like a probe's.
                    if case .success(let plugin) = result, let refusal = plugin.nameRefusal {
                        deliver(.failure(refusal))
                    } else {
                        deliver(result)
                    }
                    answered += 1
                    if answered == files.count { return .finished }
                }
                deadline = monotonicSeconds() + timeLimit
            }
        }

        func sendRequests() {
            guard input >= 0, sent < requests.count else { return }
            let count = requests.withUnsafeBytes { bytes in
                send(input, bytes.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
            }
            if count > 0 { sent += count }
            if count < 0 && errno != EAGAIN && errno != EINTR { sent = requests.count }   // the helper is gone
            if sent == requests.count { _ = shutdown(input, Int32(SHUT_WR)) }
        }

        var failure: Ending?
        sendRequests()
        while true {
            // Everything the helper has written so far. The marker after each
            // answer on standard error keeps each plugin's lines apart, so the
            // two need not be read in step.
            while errors >= 0 {
                let outcome = readChunk(errors) { errorText.append($0) }
                if outcome == .data { continue }
                if outcome == .ended { close(errors); errors = -1 }
                break
            }
            var ended = false
            while output >= 0 {
                let outcome = readChunk(output) { chunk in received += chunk }
                if outcome == .data { continue }
                if outcome == .ended { ended = true }
                break
            }
            if let ending = handlePackets() { failure = ending; break }
            if ended { close(output); output = -1; break }
            if monotonicSeconds() >= deadline { timedOut = true; break }

            // No event asked for: poll() still reports the pipe's end (POLLHUP).
            var fds = [pollfd(fd: output, events: 0, revents: 0)]
            if input >= 0 && sent < requests.count { fds.append(pollfd(fd: input, events: Int16(POLLOUT), revents: 0)) }
            let wait = min(deadline - monotonicSeconds(), Self.tick)
            if poll(&fds, nfds_t(fds.count), Int32(max(wait, 0) * 1000) + 1) > 0, fds.count > 1, fds[1].revents != 0 {
                sendRequests()
            }
        }

        if case .finished = failure {
            // Every file is answered: the helper has nothing left to do, and
            // nobody needs to wait while the kernel tears down its hundreds
            // of mapped libraries.
            stopInBackground()
            return .finished
        }
        if let failure {
            kill(pid, SIGKILL)
            _ = waitForExit()
            return failure
        }
        if timedOut {
            kill(pid, SIGKILL)
            _ = waitForExit()
            drainErrors(into: &errorText, wait: false)
            return ready ? .timedOut(output: errorText.lines)
                         : .notReady("did not start within \(formatSeconds(max(timeLimit, 10)))", output: errorText.lines)
        }
        // The protocol channel ended: the helper is done or dead.
        drainErrors(into: &errorText, wait: true)
        let status = waitForExit()
        if answered == files.count { return .finished }
        if !ready {
            let how = status.signal.map { "was killed by \(SignalNames.describe($0))" } ?? "exited with status \(status.exitStatus)"
            return .notReady("\(how) before it was ready", output: errorText.lines)
        }
        if let signal = status.signal { return .signaled(signal, output: errorText.lines) }
        return .exited(status.exitStatus, output: errorText.lines)
    }

    /// Reads what is left on standard error; with `wait`, until it ends (for
    /// at most 200 ms: a plugin's child process may keep it open).
    private func drainErrors(into tail: inout StandardErrorTail, wait: Bool) {
        let until = monotonicSeconds() + (wait ? 0.2 : 0)
        while errors >= 0 {
            var fd = pollfd(fd: errors, events: Int16(POLLIN), revents: 0)
            let left = max(0, until - monotonicSeconds())
            guard poll(&fd, 1, Int32(left * 1000)) > 0 else { break }
            if readChunk(errors, into: { tail.append($0) }) == .ended { close(errors); errors = -1 }
        }
    }

    private enum ReadOutcome { case data, nothingYet, ended }

    /// Reads once, without blocking.
    private func readChunk(_ fd: Int32, into consume: (ArraySlice<UInt8>) -> Void) -> ReadOutcome {
        while true {
            let count = readBuffer.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if count > 0 { consume(readBuffer[..<count]); return .data }
            if count < 0 && errno == EINTR { continue }
            return count < 0 && errno == EAGAIN ? .nothingYet : .ended
        }
    }

    /// Closes the connection, kills the helper and reaps it on a detached thread.
    private func stopInBackground() {
        for fd in [input, output, errors] where fd >= 0 { close(fd) }
        input = -1
        output = -1
        errors = -1
        kill(pid, SIGKILL)
        reaped = true
        let box = UnsafeMutablePointer<pid_t>.allocate(capacity: 1)
        box.initialize(to: pid)
        var thread = pthread_t()
        let created = pthread_create(&thread, nil, { argument in
            let pid = argument!.assumingMemoryBound(to: pid_t.self)
            var status: Int32 = 0
            while waitpid(pid.pointee, &status, 0) < 0 && errno == EINTR {}
            pid.deallocate()
            return nil
        }, box)
        if created == 0 {
            pthread_detach(thread)
        } else {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            box.deallocate()
        }
    }

    private struct ExitStatus {
        var exitStatus: Int32 = 0
        var signal: Int32?
    }

    private func waitForExit() -> ExitStatus {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { reaped = true; return ExitStatus() }
        }
        reaped = true
        // WIFSIGNALED / WTERMSIG / WEXITSTATUS, which Swift does not import.
        let termination = status & 0x7F
        if termination != 0 && termination != 0x7F { return ExitStatus(signal: termination) }
        return ExitStatus(exitStatus: (status >> 8) & 0xFF)
    }
}

/// The last lines a helper wrote to standard error since its last answer
/// (the helper marks each answer there, see `ScannerProtocol.answerMarker`).
struct StandardErrorTail {
    private(set) var complete: [String] = []
    private var partial: [UInt8] = []

    mutating func append(_ bytes: ArraySlice<UInt8>) {
        partial += bytes
        while let newline = partial.firstIndex(of: UInt8(ascii: "\n")) {
            // The helper's marker after an answer (maybe after a plugin's
            // unfinished line): what follows is the next file's.
            if newline > partial.startIndex, partial[newline - 1] == ScannerProtocol.answerMarker[0] {
                complete = []
                partial.removeSubrange(...newline)
                continue
            }
            complete.append(String(decoding: partial[..<newline], as: UTF8.self))
            partial.removeSubrange(...newline)
            if complete.count > HelperRun.outputLines { complete.removeFirst(complete.count - HelperRun.outputLines) }
        }
        if partial.count > 4096 { partial.removeFirst(partial.count - 4096) }
    }

    /// Up to the last few non-empty lines, the unfinished one included.
    var lines: [String] {
        var all = complete
        if !partial.isEmpty { all.append(String(decoding: partial, as: UTF8.self)) }
        return Array(all.filter { !$0.allSatisfy(\.isWhitespace) }.suffix(HelperRun.outputLines))
    }
}

/// Seconds on the monotonic clock.
func monotonicSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}
