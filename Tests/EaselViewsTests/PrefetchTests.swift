import CEaselTestFunctions
import EaselRuntime
import EaselTestSupport
@testable import EaselViews
import Testing

@Suite("The renderer's prefetch size")
struct PrefetchTests {
    @Test("a whole view object, starting anywhere in a 64-byte cache line, lies within the bytes the renderer fetches ahead")
    func viewFitsPrefetch() throws {
        let registry = Registry()
        for className in ["View", "Window", "OverlayView", "RHView"] {
            let view = try registry.makeView(ofClass: className)
            // The allocation holds the whole object (malloc rounds it up a little).
            let allocated = easel_test_usable_size(Unmanaged.passUnretained(view).toOpaque())
            #expect(allocated + 63 <= View.prefetchBytes, "\(className): \(allocated) bytes")
        }
    }
}
