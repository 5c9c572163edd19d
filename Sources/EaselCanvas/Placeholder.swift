// Temporary stand-in until the canvas lands.
import EaselABI
public final class Canvas {
    nonisolated(unsafe) package static let graphicsAPI: UnsafePointer<easel_graphics_api> = {
        let p = UnsafeMutablePointer<easel_graphics_api>.allocate(capacity: 1)
        p.initialize(to: easel_graphics_api())
        return UnsafePointer(p)
    }()
}
