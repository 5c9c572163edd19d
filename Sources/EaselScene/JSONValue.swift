import EaselEncoding
import Foundation

extension Value {
    /// Converts what `JSONSerialization` read into a value, telling booleans
    /// from numbers (a JSON `true` or `false` is an `NSNumber` whose type is
    /// `c`, which no JSON number is given).
    ///
    /// Foundation's `JSONDecoder` reads the same values, but only by trying
    /// each type in turn, and every failed try builds its coding path: a cost
    /// of the nesting depth per value, so that a scene of deeply nested views
    /// took seconds (a chain of 200 views: 1.3 s). `JSONSerialization` limits
    /// nesting to 512 levels, which bounds this recursion.
    ///
    /// - Returns: `nil` for an object of a type `JSONSerialization` does not make.
    init?(jsonObject object: Any) {
        // Containers first: casting a Swift dictionary or array to a class
        // (NSNull, NSNumber) would bridge the whole of it to Foundation first.
        switch object {
        case let dictionary as [String: Any]:
            var members: [String: Value] = [:]
            members.reserveCapacity(dictionary.count)
            for (key, element) in dictionary {
                guard let value = Value(jsonObject: element) else { return nil }
                members[key] = value
            }
            self = .object(members)
        case let array as [Any]:
            var values: [Value] = []
            values.reserveCapacity(array.count)
            for element in array {
                guard let value = Value(jsonObject: element) else { return nil }
                values.append(value)
            }
            self = .list(values)
        case let string as String:
            self = .string(string)
        case let number as NSNumber:
            if String(cString: number.objCType) == "c" {
                self = .bool(number.boolValue)
            } else {
                self = .number(number.doubleValue)
            }
        case is NSNull:
            self = .null
        default:
            return nil
        }
    }
}
