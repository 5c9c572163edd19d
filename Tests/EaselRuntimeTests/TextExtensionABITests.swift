import EaselABI
import EaselCanvas
import EaselProbe
import EaselRuntime
import Testing

@Suite("ABI: the easel.text.v1 extension")
struct TextExtensionABITests {
    // Its sizes and offsets are checked with every other pinned table's, by
    // ABITests.pinnedLayoutMatchesSwift.

    @Test("get_extension(\"easel.text.v1\") is the canvas's text table, with its size")
    func registered() throws {
        let host = HostAPI.table.pointee
        let table = try #require(host.get_extension?(EASEL_TEXT_EXTENSION_ID))
        #expect(table == UnsafeRawPointer(Canvas.textAPI))
        #expect(table.assumingMemoryBound(to: easel_text_api.self).pointee.struct_size == 56)
    }
}
