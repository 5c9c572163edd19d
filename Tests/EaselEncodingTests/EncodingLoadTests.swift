import EaselDiscovery
import EaselRuntime
import EaselTestSupport
import EaselViews
import Foundation
import Testing

/// The size limit where a user meets it: loading a plugin folder.
@Suite("Oversized encodings at load")
struct EncodingLoadTests {
    @Test("a plugin declaring a 100 MiB argument or property is refused at once, naming the encoding and the limit; the samples load")
    func refusedAtLoad() throws {
        let folder = try Fixtures.makeTemporaryDirectory("huge-encoding")
        defer { try? FileManager.default.removeItem(at: folder) }
        let argument = try Fixtures.buildFixture("huge_encoding", into: folder, soName: "huge_argument.so")
        let property = try Fixtures.buildFixture("huge_encoding", into: folder, soName: "huge_property.so",
                                                 linkArguments: ["-DHUGE_PROPERTY"])
        let registry = Registry()
        let clock = ContinuousClock()
        let start = clock.now
        registry.loadPlugins(from: [try Fixtures.samplePluginsDirectory().path, folder.path])
        // Before the limit, preparing the frame alone took about 19 s and 690 MB.
        #expect(clock.now - start < .seconds(5))

        let huge = try #require(registry.failures.first { $0.path == argument.path })
        #expect(huge.kind == .malformedEncoding)
        #expect(huge.message == #"class 'HugeArgument': selector 'swallow:': malformed type encoding "v@:{A=[26843545i]}" at position 3: argument 2 is 107374180 bytes; by value the limit is 65536 bytes (64 KiB)"#)
        let blob = try #require(registry.failures.first { $0.path == property.path })
        #expect(blob.kind == .malformedEncoding)
        #expect(blob.message == #"class 'HugeProperty': property 'blob': malformed type encoding "{A=[26843545i]}" at position 0: the type is 107374180 bytes; by value the limit is 65536 bytes (64 KiB)"#)
        #expect(registry.objectClass(named: "HugeArgument") == nil && registry.objectClass(named: "HugeProperty") == nil)
        #expect(registry.objectClass(named: "Swatch") != nil && registry.objectClass(named: "MiniPicker") != nil)
    }
}
