import Synchronization

/// The process-wide table of interned names: selectors and class names.
///
/// An interned name is a NUL-terminated copy that is never freed, so its
/// address identifies the name for the life of the process, for every
/// registry, and can be handed to plugins as an `easel_sel` or `easel_class`
/// handle (as the original Objective-C runtime's `SEL` was a unique `char *`).
package enum InternTable {
    private struct Entry: @unchecked Sendable { let pointer: UnsafePointer<CChar> }
    private static let table = Mutex<[String: Entry]>([:])

    /// The unique C string for `name`.
    package static func intern(_ name: String) -> UnsafePointer<CChar> {
        table.withLock { table in
            if let entry = table[name] { return entry.pointer }
            let utf8 = Array(name.utf8CString)
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: utf8.count)
            copy.initialize(from: utf8, count: utf8.count)
            table[name] = Entry(pointer: copy)
            return UnsafePointer(copy)
        }
    }

    /// The name interned at `pointer`, or `nil` when no interned name is there
    /// (a pointer from plugin code is never read before it is found in the table).
    package static func name(at pointer: UnsafeRawPointer) -> String? {
        table.withLock { table in
            table.first { UnsafeRawPointer($0.value.pointer) == pointer }?.key
        }
    }
}

/// A method name, interned: two selectors with the same name are equal and
/// share one C string, which plugins receive as their `_cmd` argument.
public struct Selector: Hashable, @unchecked Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    package let pointer: UnsafePointer<CChar>

    /// Interns a selector name such as `"drawRect:"`.
    public init(_ name: String) { pointer = InternTable.intern(name) }

    /// Interns a selector name given as a literal.
    public init(stringLiteral name: String) { self.init(name) }

    /// Wraps a pointer that came from the intern table (an `easel_sel` handed out by the host).
    package init(interned pointer: UnsafePointer<CChar>) { self.pointer = pointer }

    /// The selector's name.
    public var name: String { String(cString: pointer) }

    /// The selector's name.
    public var description: String { name }

    /// The number of declared arguments: the colons in the name.
    public var declaredArgumentCount: Int { name.utf8.count(where: { $0 == UInt8(ascii: ":") }) }

    /// The name split into its keyword parts, each ending in a colon (or the whole name when it takes no argument).
    public var keywords: [String] {
        guard declaredArgumentCount > 0 else { return [name] }
        return name.split(separator: ":", omittingEmptySubsequences: false).dropLast().map { $0 + ":" }
    }

    public static func == (lhs: Selector, rhs: Selector) -> Bool { lhs.pointer == rhs.pointer }
    public func hash(into hasher: inout Hasher) { hasher.combine(pointer) }
}
