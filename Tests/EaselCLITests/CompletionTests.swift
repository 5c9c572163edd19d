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

    @Test("bash completes the property names of the class after easel inspect CLASS, and value names after an invoke setter")
    func bashPropertyCompletion() throws {
        let samples = try Fixtures.samplePluginsDirectory().path
        // Swatch's own and View's, inherited (the built-in ones too).
        let swatch = try bash("complete_words easel inspect --plugins '\(samples)' Swatch ''")
        #expect(["color\n", "cornerRadius\n", "style\n", "alpha\n", "backgroundColor\n"].allSatisfy(swatch.contains), "\(swatch)")
        // Chart's own and Swatch's, inherited.
        #expect(try bash("complete_words easel inspect --plugins '\(samples)' Chart line") == "lineColor\nlineWidth\n")
        #expect(try bash("complete_words easel inspect --plugins '\(samples)' Chart co") == "color\ncontentMode\ncontentScaleFactor\ncornerRadius\n")
        #expect(try bash("complete_words easel invoke --plugins '\(samples)' Swatch setStyle: ''") == "circle\npill\nrounded\n")
        #expect(try bash("complete_words easel invoke --plugins '\(samples)' Swatch setStyle: p") == "pill\n")
    }

    /// The script `easel --generate-completion-script SHELL` prints, in a file of a new folder.
    func script(_ shell: String) throws -> URL {
        let folder = try Fixtures.makeTemporaryDirectory("completion-\(shell)")
        let result = try easel(["--generate-completion-script", shell])
        #expect(result.status == 0, "\(result.stderr)")
        let file = folder.appendingPathComponent("easel.\(shell)")
        try Data(result.stdout.utf8).write(to: file)
        return file
    }

    @Test("zsh parses its script (zsh -n), which asks easel for classes, selectors, properties and values")
    func zshScript() throws {
        let file = try script("zsh")
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.hasPrefix("#compdef easel"))
        for (command, position) in [("inspect", 0), ("inspect", 1), ("invoke", 0), ("invoke", 1), ("invoke", 2)] {
            #expect(text.contains("---completion \(command) -- positional@\(position)"), "\(command) positional@\(position)")
        }
        guard let zsh = try? Fixtures.executable(named: "zsh") else { return }   // Debian: apt-get install zsh
        let result = try Fixtures.run(zsh, ["-n", file.path])
        #expect(result.status == 0 && result.stderr == "", "\(result.stderr)")
    }

    @Test("fish parses its script (fish -n), which asks easel for classes, selectors, properties and values")
    func fishScript() throws {
        let file = try script("fish")
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains("complete -c 'easel'"))
        guard let fish = try? Fixtures.executable(named: "fish") else { return }   // Debian: apt-get install fish
        let parsed = try Fixtures.run(fish, ["-n", file.path])
        #expect(parsed.status == 0 && parsed.stderr == "", "\(parsed.stderr)")
        // The completions ask easel for the names: inspect's class and property, invoke's class, selector and values.
        // (fish's `complete -C` cannot run them non-interactively: its `commandline` needs an interactive shell; the
        // answers themselves are the ones bash gets, checked above.)
        for (command, position) in [("inspect", 0), ("inspect", 1), ("invoke", 0), ("invoke", 1), ("invoke", 2)] {
            #expect(text.contains("---completion \(command) -- positional@\(position) "), "\(command) positional@\(position)")
        }
    }

    @Test("bash completes invoke's class, then the selectors that class responds to (own and inherited)")
    func bashInvokeCompletion() throws {
        let samples = try Fixtures.samplePluginsDirectory().path
        #expect(try bash("complete_words easel invoke --plugins '\(samples)' Swa") == "Swatch\n")
        #expect(try bash("complete_words easel invoke --plugins '\(samples)' Swatch size") == "sizeThatFits:\n")
        #expect(try bash("complete_words easel invoke --plugins '\(samples)' Chart draw") == "drawBadgeAt:count:filled:label:\ndrawBorder:inContext:\ndrawCurve:inContext:\ndrawRect:\n")
        #expect(try bash("complete_words easel invoke --size 10x10 --plugins '\(samples)' Tally add") == "addInt:toDouble:\n")
    }
}
