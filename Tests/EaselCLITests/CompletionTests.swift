import EaselTestSupport
import Foundation
import Testing

@Suite("Shell completion")
struct CompletionTests {
    /// Runs `body` in bash after sourcing easel's generated bash completion script; its standard output.
    func bash(_ body: String) throws -> String {
        let folder = try Fixtures.makeTemporaryDirectory("completion")
        let script = try easel(["--generate-completion-script", "bash"])
        #expect(script.status == 0)
        let file = folder.appendingPathComponent("easel.bash")
        try Data(script.stdout.utf8).write(to: file)
        try Data(#"{"canvas": {"size": [1, 1]}, "root": {}}"#.utf8).write(to: folder.appendingPathComponent("scene.json"))
        try Data().write(to: folder.appendingPathComponent("notes.txt"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("shots"), withIntermediateDirectories: true)
        let easelFolder = try Fixtures.samplePluginsDirectory().path
        let program = """
            cd '\(folder.path)'
            source easel.bash
            complete_words() { COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}; COMPREPLY=()
              _easel easel "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"; printf '%s\\n' "${COMPREPLY[@]}" | sort; }
            \(body)
            """
        let result = try Fixtures.run(URL(fileURLWithPath: "/bin/bash"), ["-c", program],
                                      environment: ["PATH": easelFolder + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout
    }

    @Test("bash completes subcommands, options, scene files by extension and class names of the plugins")
    func bashCompletion() throws {
        let samples = try Fixtures.samplePluginsDirectory().path
        #expect(try bash("complete -p easel") == "complete -o filenames -F _easel easel\n")
        #expect(try bash("complete_words easel ins") == "inspect\n")
        #expect(try bash("complete_words easel render --comp").contains("--compression\n"))
        let scenes = try bash("complete_words easel render ''")
        #expect(scenes.contains("scene.json\n") && !scenes.contains("notes.txt"))
        #expect(try bash("complete_words easel inspect --plugins '\(samples)' Bub") == "BubbleView\n")
        #expect(try bash("complete_words easel inspect --plugins '\(samples)' Ch") == "Chart\nChartCoordinator\n")
    }
}
