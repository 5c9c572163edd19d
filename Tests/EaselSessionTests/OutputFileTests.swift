import EaselSession
import EaselTestSupport
import Foundation
import Testing

@Suite("Output files: written whole through a rename, errors with the system's reason")
struct OutputFileTests {
    @Test("a new file gets the bytes, and nothing else is left in its folder")
    func newFile() throws {
        let folder = try Fixtures.makeTemporaryDirectory("output-new")
        let path = folder.appendingPathComponent("out.png").path
        try OutputFile.write(Array("hello".utf8), to: path)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("hello".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.png"])
    }

    @Test("a symbolic link is followed: its target is replaced and the link kept")
    func symbolicLink() throws {
        let folder = try Fixtures.makeTemporaryDirectory("output-link")
        let target = folder.appendingPathComponent("real.png"), link = folder.appendingPathComponent("link.png")
        try Data("old".utf8).write(to: target)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        try OutputFile.write(Array("new".utf8), to: link.path)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target.path)
        #expect(try Data(contentsOf: target) == Data("new".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["link.png", "real.png"])
    }

    @Test("something other than a regular file is written in place: /dev/null stays a device")
    func device() throws {
        try OutputFile.write(Array("nothing".utf8), to: "/dev/null")
        let type = try FileManager.default.attributesOfItem(atPath: "/dev/null")[.type] as? FileAttributeType
        #expect(type == .typeCharacterSpecial)
    }

    @Test("failures name the file and the system's reason; a full device fails the write, not later")
    func failures() throws {
        func message(_ path: String) -> String? {
            do { try OutputFile.write(Array("x".utf8), to: path) } catch { return error.message }
            return nil
        }
        #expect(message("/no/such/dir/x.png") == "cannot write '/no/such/dir/x.png': No such file or directory")
        #expect(message("/dev/full") == "cannot write '/dev/full': No space left on device")
        let folder = try Fixtures.makeTemporaryDirectory("output-dir")
        #expect(message(folder.path) == "cannot write '\(folder.path)': Is a directory")
    }
}
