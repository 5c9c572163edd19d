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
/// generation (see ``HandleTable``), so a released or made-up handle is found
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

    /// The live gradients, by handle (see ``HandleTable``).
    private static let live = Mutex(HandleTable<Gradient>())

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
            handles.object(UInt(bitPattern: handle))?.stops
        }
        guard let stops else { throw .invalidArgument(operation, "unknown or released gradient") }
        return stops
    }
}
