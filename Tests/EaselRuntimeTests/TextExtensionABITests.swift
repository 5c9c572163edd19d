import EaselABI
import EaselCanvas
import EaselProbe
import EaselRuntime
import Testing

@Suite("ABI: the easel.text.v1 extension")
struct TextExtensionABITests {
    @Test("every size and offset pinned for easel.text.v1 in easel_abi_pins.h is what Swift imports")
    func pinnedLayoutMatchesSwift() {
        var count: UInt32 = 0
        let pins = UnsafeBufferPointer(start: easel_text_v1_pins(&count), count: Int(count))
        var sizes: [String: Int] = [:]
        var fields: [String: [(String, Int)]] = [:]
        for pin in pins {
            let type = String(cString: pin.type)
            if let field = pin.field {
                fields[type, default: []].append((String(cString: field), Int(pin.value)))
            } else {
                sizes[type] = Int(pin.value)
            }
        }
        func imported<T>(_ value: T) -> (size: Int, fields: [(String, Int)]) {
            var offset = 0
            var layout: [(String, Int)] = []
            for child in Mirror(reflecting: value).children {
                func place<F>(_ field: F) {
                    offset = (offset + MemoryLayout<F>.alignment - 1) / MemoryLayout<F>.alignment * MemoryLayout<F>.alignment
                    layout.append((child.label ?? "?", offset))
                    offset += MemoryLayout<F>.size
                }
                place(child.value)
            }
            return (MemoryLayout<T>.size, layout)
        }
        let swift: [String: (size: Int, fields: [(String, Int)])] = [
            "easel_font_desc": imported(easel_font_desc()), "easel_font_metrics": imported(easel_font_metrics()),
            "easel_text_style": imported(easel_text_style()), "easel_text_attribute": imported(easel_text_attribute()),
            "easel_text_api": imported(easel_text_api()),
        ]
        #expect(Set(sizes.keys) == Set(swift.keys))
        for (type, layout) in swift.sorted(by: { $0.key < $1.key }) {
            #expect(sizes[type] == layout.size, "\(type)")
            let pinned = fields[type] ?? []
            #expect(pinned.map(\.0) == layout.fields.map(\.0), "\(type): pinned fields differ from the imported ones")
            #expect(pinned.map(\.1) == layout.fields.map(\.1), "\(type): pinned offsets differ from the imported ones")
        }
    }

    @Test("get_extension(\"easel.text.v1\") is the canvas's text table, with its size")
    func registered() throws {
        let host = HostAPI.table.pointee
        let table = try #require(host.get_extension?(EASEL_TEXT_EXTENSION_ID))
        #expect(table == UnsafeRawPointer(Canvas.textAPI))
        #expect(table.assumingMemoryBound(to: easel_text_api.self).pointee.struct_size == 56)
    }
}
