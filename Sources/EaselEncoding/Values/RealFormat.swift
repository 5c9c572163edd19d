/// Reading and printing `float`, `double` and `long double` values by their encoding.
///
/// Text is read at the type's own precision (a `float` as a `Float`, not a
/// `Double` narrowed afterwards) and printed as the shortest text that reads
/// back to the same value at that precision (`0.05` for the float nearest
/// 0.05, not the widened `0.05000000074505806`). A number too large for the
/// type is refused instead of becoming infinity; the texts `inf`, `infinity`
/// and `nan` (any case, with a sign) are infinity and NaN.
///
/// `long double` is the x87 80-bit format on x86_64, read and printed as
/// Swift's `Float80`. Where `long double` is IEEE binary128 (arm64 Linux) and
/// Swift has no such type, it is read and printed through `Double` (values
/// keep a double's precision), with ``quadBits(_:)`` and ``double(quad:)``.
package enum RealFormat {
    /// Whether a number fits the type without becoming infinite.
    static func fits(_ number: Double, _ type: TypeEncoding) -> Bool {
        guard number.isFinite, type == .float else { return true }
        return Float(number).isFinite
    }

    /// The largest finite magnitude of a real type, as text.
    static func largest(_ type: TypeEncoding) -> String {
        switch type {
        case .float, .complexFloat: return "\(Float.greatestFiniteMagnitude)"
        #if arch(x86_64) || arch(i386)
        case .longDouble, .complexLongDouble: return "\(Float80.greatestFiniteMagnitude)"
        #endif
        default: return "\(Double.greatestFiniteMagnitude)"
        }
    }

    /// Whether `text` names infinity (`inf`, `-Infinity`), which may be given on purpose.
    private static func namesInfinity(_ text: String) -> Bool {
        var lower = text.lowercased()
        if lower.hasPrefix("+") || lower.hasPrefix("-") { lower.removeFirst() }
        return lower == "inf" || lower == "infinity"
    }

    /// Stores `number` as a value of the real type at `offset`.
    static func store(_ number: Double, as type: TypeEncoding, into bytes: inout [UInt8], at offset: Int) {
        switch type {
        case .float: put(Float(number), into: &bytes, at: offset)
        case .longDouble:
            #if arch(x86_64) || arch(i386)
            put(Float80(number), into: &bytes, at: offset)
            #else
            put(quadBits(number), into: &bytes, at: offset)
            #endif
        default: put(number, into: &bytes, at: offset)
        }
    }

    /// Reads `text` as a value of the real type and stores it.
    ///
    /// - Returns: `nil` when the text is no number, `false` when it is one too
    ///   large for the type (nothing is stored), `true` when it was stored.
    static func store(text: String, as type: TypeEncoding, into bytes: inout [UInt8], at offset: Int) -> Bool? {
        func checked<T: BinaryFloatingPoint>(_ value: T?) -> Bool? {
            guard let value else { return nil }
            return value.isFinite || value.isNaN || namesInfinity(text)
        }
        switch type {
        case .float:
            let value = Float(text)
            guard let fits = checked(value) else { return nil }
            if fits, let value { put(value, into: &bytes, at: offset) }
            return fits
        case .longDouble:
            #if arch(x86_64) || arch(i386)
            let value = Float80(text)
            guard let fits = checked(value) else { return nil }
            if fits, let value { put(value, into: &bytes, at: offset) }
            return fits
            #else
            let value = Double(text)
            guard let fits = checked(value) else { return nil }
            if fits, let value { put(quadBits(value), into: &bytes, at: offset) }
            return fits
            #endif
        default:
            let value = Double(text)
            guard let fits = checked(value) else { return nil }
            if fits, let value { put(value, into: &bytes, at: offset) }
            return fits
        }
    }

    /// The shortest text of the value of a real type at the start of `bytes`: `60`, `0.05`, `-3.25`, `inf`.
    static func format(_ bytes: UnsafeRawBufferPointer, as type: TypeEncoding) -> String {
        switch type {
        case .float: return shortest(bytes.loadUnaligned(as: Float.self))
        case .longDouble:
            #if arch(x86_64) || arch(i386)
            return shortest(bytes.loadUnaligned(as: Float80.self))
            #else
            return shortest(double(quad: (bytes.loadUnaligned(as: UInt64.self), bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self))))
            #endif
        default: return shortest(bytes.loadUnaligned(as: Double.self))
        }
    }

    /// An integral value below 10^15 as an integer, any other as Swift prints it at its own precision.
    static func shortest<T: BinaryFloatingPoint & LosslessStringConvertible>(_ value: T) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    private static func put<T: BitwiseCopyable>(_ value: T, into bytes: inout [UInt8], at offset: Int) {
        withUnsafeBytes(of: value) { bytes.replaceSubrange(offset..<(offset + $0.count), with: $0) }
    }

    /// A double as IEEE binary128 (arm64 Linux's `long double`): the low and high 64 bits. Exact.
    package static func quadBits(_ value: Double) -> (low: UInt64, high: UInt64) {
        let sign: UInt64 = value.sign == .minus ? 1 << 63 : 0
        let bits = value.bitPattern
        let exponent = Int((bits >> 52) & 0x7FF)
        var fraction = bits & ((1 << 52) - 1)
        var quadExponent: UInt64
        if exponent == 0x7FF {
            quadExponent = 0x7FFF
        } else if exponent == 0 && fraction == 0 {
            quadExponent = 0
        } else if exponent == 0 {
            // A subnormal double is a normal quad: move the leading one out of the fraction.
            let top = 63 - fraction.leadingZeroBitCount
            fraction = (fraction << UInt64(52 - top)) & ((1 << 52) - 1)
            quadExponent = UInt64(top - 1074 + 16383)
        } else {
            quadExponent = UInt64(exponent - 1023 + 16383)
        }
        return (low: (fraction & 0xF) << 60, high: sign | quadExponent << 48 | fraction >> 4)
    }

    /// An IEEE binary128 value as the nearest double at or toward zero from it (its fraction truncated to 52 bits).
    package static func double(quad: (low: UInt64, high: UInt64)) -> Double {
        let sign: FloatingPointSign = quad.high >> 63 == 1 ? .minus : .plus
        let exponent = Int((quad.high >> 48) & 0x7FFF)
        let fraction = ((quad.high & ((1 << 48) - 1)) << 4) | (quad.low >> 60)
        if exponent == 0x7FFF {
            return fraction == 0 && quad.low == 0 ? (sign == .minus ? -.infinity : .infinity) : .nan
        }
        if exponent == 0 { return sign == .minus ? -0.0 : 0.0 }
        let significand = 1 + Double(fraction) / Double(1 << 52 as UInt64)
        return Double(sign: sign, exponent: exponent - 16383, significand: significand)
    }
}
