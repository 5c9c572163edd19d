// libFuzzer target: scene files. Parse, build the view tree from the
// built-in view classes (no plugins), and apply the steps; every error must
// be a SceneError, never a crash.
import EaselScene
import EaselRuntime
import EaselViews
import Foundation

nonisolated(unsafe) private let registry = Registry()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScene(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = Data(UnsafeBufferPointer(start: data, count: count))
    guard let scene = try? Scene.parse(bytes, file: "fuzz.json"),
          let tree = try? scene.build(in: registry) else { return 0 }
    for step in tree.steps { tree.apply(step) }
    return 0
}
