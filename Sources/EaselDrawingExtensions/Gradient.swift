import EaselCanvas
import EaselGraphicsCore
import EaselABI
import Synchronization

/// A gradient's colour stops: the object behind an `easel_gradient *`
/// (easel.h, "extension easel.paint.v1").
///
/// A plugin makes one with `gradient_create` and owns it until
/// `gradient_release`; it is not tied to a canvas. The handle is not an
/// address but a token: a slot of a table of live gradients and the slot's
/// generation (see ``Handles``), so a released or made-up handle is found
/// out without touching memory, and is an error of the drawing call rather
/// than a dangling pointer; and a widget that makes a gradient per draw call
/// pays no hashing for it.
package final class Gradient: Sendable {
    /// One colour at a location in 0...1.
    package struct Stop: Sendable, Equatable {
        package var location: Double
        package var color: easel_color

        package static func == (a: Stop, b: Stop) -> Bool {
            a.location == b.location && a.color.red == b.color.red && a.color.green == b.color.green
                && a.color.blue == b.color.blue && a.color.alpha == b.color.alpha
        }
    }

    /// The most colours one gradient may have.
    package static let maximumStops = 1024

    /// The stops, in the order given, locations clamped to 0...1.
    package let stops: [Stop]

    private init(stops: [Stop]) { self.stops = stops }

    /// The live gradients: slot `i` of handle `(i + 1) | generation << 32`.
    ///
    /// A slot's generation changes whenever it is freed, so an old handle to
    /// a reused slot is refused (until the 32-bit generation comes round
    /// again, after four billion reuses of that slot). Freed slots are reused
    /// first; the table is as long as the most gradients alive at once.
    struct Handles {
        var gradients: [Gradient?] = []
        var generations: [UInt32] = []
        var free: [Int] = []

        mutating func insert(_ gradient: Gradient) -> UInt? {
            let index: Int
            if let reused = free.popLast() {
                index = reused
            } else {
                guard gradients.count < Int(UInt32.max) else { return nil }
                index = gradients.count
                gradients.append(nil)
                generations.append(1)
            }
            gradients[index] = gradient
            return UInt(index + 1) | UInt(generations[index]) << 32
        }

        /// The slot of a live handle.
        func slot(_ handle: UInt) -> Int? {
            let index = Int(handle & 0xFFFF_FFFF) - 1
            guard index >= 0, index < gradients.count, gradients[index] != nil,
                  UInt(generations[index]) == handle >> 32 else { return nil }
            return index
        }

        mutating func remove(_ handle: UInt) {
            guard let index = slot(handle) else { return }
            gradients[index] = nil
            generations[index] = generations[index] == UInt32.max ? 1 : generations[index] + 1
            free.append(index)
        }
    }

    private static let live = Mutex(Handles())

    /// Makes a gradient and returns its handle, retained until ``release(_:)``.
    ///
    /// - Parameters:
    ///   - colors: `count` colours; NULL gives NULL.
    ///   - locations: `count` locations, or NULL for evenly spaced ones.
    ///   - count: 1 to ``maximumStops``.
    /// - Returns: The handle, or NULL for a bad count, NULL colours, or a
    ///   non-finite component or location.
    package static func create(
        colors: UnsafePointer<easel_color>?, locations: UnsafePointer<Double>?, count: UInt32
    ) -> OpaquePointer? {
        guard let colors, count > 0, count <= maximumStops else { return nil }
        var stops: [Stop] = []
        stops.reserveCapacity(Int(count))
        for index in 0..<Int(count) {
            let color = colors[index]
            let location = locations.map { $0[index] } ?? (count == 1 ? 0 : Double(index) / Double(count - 1))
            guard color.red.isFinite, color.green.isFinite, color.blue.isFinite, color.alpha.isFinite,
                  location.isFinite
            else { return nil }
            let clamped = easel_color(
                red: Canvas.clampUnit(color.red), green: Canvas.clampUnit(color.green),
                blue: Canvas.clampUnit(color.blue), alpha: Canvas.clampUnit(color.alpha))
            stops.append(Stop(location: Canvas.clampUnit(location), color: clamped))
        }
        let gradient = Gradient(stops: stops)
        return live.withLock { $0.insert(gradient) }.flatMap { OpaquePointer(bitPattern: $0) }
    }

    /// Makes a gradient from Swift; see ``create(colors:locations:count:)``.
    package static func create(colors: [easel_color], locations: [Double]?) -> OpaquePointer? {
        if let locations, locations.count != colors.count { return nil }
        return colors.withUnsafeBufferPointer { colorBuffer in
            guard let locations else {
                return create(colors: colorBuffer.baseAddress, locations: nil, count: UInt32(clamping: colors.count))
            }
            return locations.withUnsafeBufferPointer {
                create(colors: colorBuffer.baseAddress, locations: $0.baseAddress, count: UInt32(clamping: colors.count))
            }
        }
    }

    /// Releases a handle made by ``create(colors:locations:count:)``; NULL
    /// and dead handles do nothing.
    package static func release(_ handle: OpaquePointer?) {
        guard let handle else { return }
        live.withLock { $0.remove(UInt(bitPattern: Int(bitPattern: handle))) }
    }

    /// The stops of a live handle.
    ///
    /// - Throws: An argument error of `operation` for NULL or a handle that
    ///   is not live (released, or never made).
    static func stops(_ handle: UnsafeRawPointer?, in operation: String) throws(CanvasError) -> [Stop] {
        guard let handle else { throw .invalidArgument(operation, "NULL gradient") }
        let stops = live.withLock { handles -> [Stop]? in
            handles.slot(UInt(bitPattern: handle)).flatMap { handles.gradients[$0]?.stops }
        }
        guard let stops else { throw .invalidArgument(operation, "unknown or released gradient") }
        return stops
    }
}
