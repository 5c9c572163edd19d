import EaselTestSupport
import Foundation
import Testing

@Suite("easel list cannot be made to lie")
struct ListingNamesTests {
    @Test("a class name with a newline and a forged line is refused: the listing shows it escaped on one line and no forged class")
    func forgedClassLine() throws {
        let folder = try Fixtures.makeTemporaryDirectory("list-forged")
        chmod(folder.path, 0o755)
        let file = try Fixtures.buildFixture("bad_names", into: folder, linkArguments: ["-DFORGED_LINE"])
        chmod(file.path, 0o755)
        for arguments in [["list"], ["list", "--no-cache"]] {
            let result = try easel(arguments + ["--plugins", folder.path])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(!result.stdout.split(separator: "\n").contains { $0.hasPrefix("  class ") })
            #expect(!result.stdout.contains("\u{1B}"))
            #expect(result.stdout.contains(
                "\n  \(file.path): class #1: class name \"Evil\\x0a  class Forged : View\" has a control character at byte 4\n"))
        }
    }

    @Test("what a plugin printed before it crashed its scan is shown with its escapes written out")
    func escapedOutput() throws {
        let folder = try Fixtures.makeTemporaryDirectory("list-output")
        chmod(folder.path, 0o755)
        let file = try Fixtures.buildFixture("crash_entry", into: folder, linkArguments: ["-DEASEL_COLOURED_OUTPUT"])
        chmod(file.path, 0o755)
        let result = try easel(["list", "--plugins", folder.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.contains("\u{1B}"))
        #expect(result.stdout.contains("      | \\x1b[31mcrash_entry: about to write through a NULL pointer\n"))
    }
}
