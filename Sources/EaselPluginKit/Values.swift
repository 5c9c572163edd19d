// Swift values that cross the C ABI: property values, message arguments and
// results. Each knows its Objective-C type encoding and its C form.

import EaselABI

/// A Swift value that can be sent to an object as a message argument.
///
/// The kit converts the value to its C form (``CValue``) for the call and
/// derives the method's type encoding from ``typeEncoding``. You rarely use
/// this protocol directly: the numeric types, `Bool`, `String`, the geometry
/// and colour types, `[Point]`, `[String]`, ``ObjectRef``, ``ViewRef``,
/// ``Instance`` and ``Graphics`` conform.
public protocol EaselArgument {
    /// The value's C form, laid out as the type encoding describes.
    associatedtype CValue: BitwiseCopyable
    /// The Objective-C type encoding of `CValue`, e.g. `"d"` or `"{CGRect={CGPoint=dd}{CGSize=dd}}"`.
    static var typeEncoding: String { get }
    /// The C form. Strings and arrays are copied into memory the kit owns.
    func makeCValue() -> CValue
    /// Frees what ``makeCValue()`` allocated, when the kit allocated it.
    static func releaseCValue(_ value: CValue)
}

extension EaselArgument {
    /// Nothing to free: plain values.
    public static func releaseCValue(_ value: CValue) {}
}

/// A Swift value that can also be read back from its C form: the type of a
/// declared property (``Property``), an instance variable (``Ivar``) or a
/// message result.
public protocol EaselValue: EaselArgument {
    /// Reads a value from its C form (which the kit or the host stored).
    init(cValue: CValue)
}

extension EaselArgument where CValue == Self {
    /// The value itself: its Swift and C layouts are the same.
    public func makeCValue() -> Self { self }
}

extension EaselValue where CValue == Self {
    /// The value itself: its Swift and C layouts are the same.
    public init(cValue: Self) { self = cValue }
}

// MARK: - Numbers and booleans

extension Double: EaselValue { public static var typeEncoding: String { "d" } }
extension Float: EaselValue { public static var typeEncoding: String { "f" } }
extension Int8: EaselValue { public static var typeEncoding: String { "c" } }
extension UInt8: EaselValue { public static var typeEncoding: String { "C" } }
extension Int16: EaselValue { public static var typeEncoding: String { "s" } }
extension UInt16: EaselValue { public static var typeEncoding: String { "S" } }
extension Int32: EaselValue { public static var typeEncoding: String { "i" } }
extension UInt32: EaselValue { public static var typeEncoding: String { "I" } }
extension Int64: EaselValue { public static var typeEncoding: String { "q" } }
extension UInt64: EaselValue { public static var typeEncoding: String { "Q" } }
/// `Int` is 64 bits wide on every platform Easel supports: `long long`, "q".
extension Int: EaselValue { public static var typeEncoding: String { "q" } }
/// A C `_Bool` / Objective-C `BOOL`: one byte, "B".
extension Bool: EaselValue { public static var typeEncoding: String { "B" } }

// MARK: - Geometry and colour

extension easel_point: EaselValue { public static var typeEncoding: String { EASEL_ENCODE_POINT } }
extension easel_size: EaselValue { public static var typeEncoding: String { EASEL_ENCODE_SIZE } }
extension easel_rect: EaselValue { public static var typeEncoding: String { EASEL_ENCODE_RECT } }
extension easel_affine_transform: EaselValue { public static var typeEncoding: String { EASEL_ENCODE_TRANSFORM } }
extension easel_color: EaselValue { public static var typeEncoding: String { EASEL_ENCODE_COLOR } }

// MARK: - Strings and arrays

/// A UTF-8 C string, "*". A NULL string reads as "".
extension String: EaselValue {
    public static var typeEncoding: String { EASEL_ENCODE_STRING }

    public init(cValue: UnsafePointer<CChar>?) {
        self = cValue.map { String(cString: $0) } ?? ""
    }

    public func makeCValue() -> UnsafePointer<CChar>? {
        let bytes = utf8CString
        let buffer = OwnedBuffers.allocate(byteCount: bytes.count)
        bytes.withUnsafeBytes { buffer.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        return UnsafePointer(buffer.assumingMemoryBound(to: CChar.self))
    }

    public static func releaseCValue(_ value: UnsafePointer<CChar>?) {
        OwnedBuffers.release(value.map(UnsafeRawPointer.init))
    }
}

/// An array of points (a curve), easel_point_array.
extension Array: EaselArgument where Element: ArrayPropertyElement {
    public typealias CValue = Element.ArrayCValue
    public static var typeEncoding: String { Element.arrayTypeEncoding }
    public func makeCValue() -> Element.ArrayCValue { Element.makeArrayCValue(self) }
    public static func releaseCValue(_ value: Element.ArrayCValue) { Element.releaseArrayCValue(value) }
}

extension Array: EaselValue where Element: ArrayPropertyElement {
    public init(cValue: Element.ArrayCValue) { self = Element.array(from: cValue) }
}

/// An element of an array the ABI can hold: `Point` (easel_point_array) or
/// `String` (easel_string_array).
public protocol ArrayPropertyElement {
    /// The C form of an array of this element.
    associatedtype ArrayCValue: BitwiseCopyable
    /// The type encoding of that C form.
    static var arrayTypeEncoding: String { get }
    /// Copies `elements` into memory the kit owns.
    static func makeArrayCValue(_ elements: [Self]) -> ArrayCValue
    /// Frees what ``makeArrayCValue(_:)`` allocated, when the kit allocated it.
    static func releaseArrayCValue(_ value: ArrayCValue)
    /// Reads the elements.
    static func array(from value: ArrayCValue) -> [Self]
}

extension easel_point: ArrayPropertyElement {
    public static var arrayTypeEncoding: String { EASEL_ENCODE_POINT_ARRAY }

    public static func makeArrayCValue(_ elements: [easel_point]) -> easel_point_array {
        guard !elements.isEmpty else { return easel_point_array(points: nil, count: 0) }
        let buffer = OwnedBuffers.allocate(byteCount: MemoryLayout<easel_point>.stride * elements.count)
        let points = buffer.bindMemory(to: easel_point.self, capacity: elements.count)
        points.initialize(from: elements, count: elements.count)
        return easel_point_array(points: UnsafePointer(points), count: UInt64(elements.count))
    }

    public static func releaseArrayCValue(_ value: easel_point_array) {
        OwnedBuffers.release(value.points.map(UnsafeRawPointer.init))
    }

    public static func array(from value: easel_point_array) -> [easel_point] {
        guard let points = value.points, value.count > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: points, count: Int(value.count)))
    }
}

extension String: ArrayPropertyElement {
    public static var arrayTypeEncoding: String { EASEL_ENCODE_STRING_ARRAY }

    /// One buffer: the table of string pointers, then the strings' bytes.
    public static func makeArrayCValue(_ elements: [String]) -> easel_string_array {
        guard !elements.isEmpty else { return easel_string_array(strings: nil, count: 0) }
        let tableSize = MemoryLayout<UnsafePointer<CChar>?>.stride * elements.count
        let utf8 = elements.map(\.utf8CString)
        let buffer = OwnedBuffers.allocate(byteCount: tableSize + utf8.reduce(0) { $0 + $1.count })
        let table = buffer.bindMemory(to: UnsafePointer<CChar>?.self, capacity: elements.count)
        var cursor = buffer + tableSize
        for (index, bytes) in utf8.enumerated() {
            bytes.withUnsafeBytes { cursor.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
            (table + index).initialize(to: UnsafePointer(cursor.assumingMemoryBound(to: CChar.self)))
            cursor += bytes.count
        }
        return easel_string_array(strings: UnsafePointer(table), count: UInt64(elements.count))
    }

    public static func releaseArrayCValue(_ value: easel_string_array) {
        OwnedBuffers.release(value.strings.map(UnsafeRawPointer.init))
    }

    public static func array(from value: easel_string_array) -> [String] {
        guard let strings = value.strings, value.count > 0 else { return [] }
        return (0..<Int(value.count)).map { String(cValue: strings[$0]) }
    }
}
