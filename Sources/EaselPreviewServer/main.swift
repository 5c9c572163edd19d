// `easel-preview`: the server of `easel preview`, in its own executable.
//
// `easel preview` parses and checks its arguments and then replaces itself
// with this program (PreviewLaunch.exec), which serves the page until SIGINT
// or SIGTERM. It runs no plugin code: every render is an isolated worker,
// an `easel` process (PluginSearchPath.easelExecutablePath). Keeping the
// HTTP server, NIO and Foundation out of `easel` keeps them out of every
// `easel render`'s start-up.

import EaselPreview
import EaselSession
import Foundation

/// Writes a line to standard error.
@Sendable func printError(_ line: String) { StandardError.write(line: line) }

/// Serves the launch `easel preview` handed over; the exit status.
func serve() -> Int32 {
    let launch: PreviewLaunch
    let server: PreviewServer
    do throws(SessionError) {
        guard CommandLine.arguments.count == 2 else {
            throw SessionError("\(PreviewLaunch.executableName) is started by `easel preview`, with one argument; run `easel preview --help`")
        }
        launch = try PreviewLaunch(argument: CommandLine.arguments[1])
    } catch {
        printError("error: \(error.message)")
        return 2
    }
    let configuration = launch.configuration
    do {
        server = try PreviewServer(configuration: configuration,
                                   session: Session(plugins: PluginEnvironment(launch.plugins), report: printError),
                                   log: printError)
    } catch {
        printError("error: \(error.message)")
        return 1
    }
    // The server is asynchronous; the main thread waits for it (it runs until SIGINT or SIGTERM).
    let done = DispatchSemaphore(value: 0)
    let failure = FailureBox()
    Task.detached {
        do {
            try await server.run { url in
                do throws(SessionError) {
                    try StandardOutput.write(url + "\n")
                } catch {
                    printError("error: \(error.message)")
                }
                printError("easel preview: serving \(configuration.scene ?? "the gallery of every view class") at \(url) (Ctrl-C stops)")
            }
        } catch {
            failure.set("error: cannot serve the preview on \(configuration.host):\(configuration.port): \(error)")
        }
        done.signal()
    }
    done.wait()
    if let message = failure.get() {
        printError(message)
        return 1
    }
    return 0
}

/// A message handed from the server's task to the main thread.
private final class FailureBox: @unchecked Sendable {
    private let lock = NSLock()
    private var message: String?
    func set(_ text: String) { lock.withLock { message = text } }
    func get() -> String? { lock.withLock { message } }
}

exit(serve())
