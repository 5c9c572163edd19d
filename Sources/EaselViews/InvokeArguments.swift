import EaselCanvas
import EaselEncoding
import EaselProbe
import EaselRuntime
import FoundationEssentials

/// Reads `easel invoke`'s arguments by type and names what a result points to.
///
/// Values go through ``ValueCodec``; what only `invoke` has is here:
///
/// * A struct given as a JSON object (`{"x": 3, "y": 4}`, for a struct whose
///   field names are known) is read by ``JSONReader``; every other
///   text by the codec (`{3, 0.25}`, `[3, 0.25]`, `3,0.25`).
/// * References: an object (`@`) is `nil`, `self` (the receiver), a class
///   name (a new instance), a class name with properties as a JSON object
///   (`Chart{"lineWidth": 3}`), or the scene form
///   `{"class": "Chart", "properties": {…}}`; a class (`#`) is a registered
///   class's name or `nil`; a selector (`:`) its name or `NULL`; the
///   drawing context pointer (`^v`) `context` or `NULL`; any other pointer
///   only `NULL` (there is nothing for it to point to).
/// * Names for results: an object the call can know (the receiver, an
///   argument, one plugin code created) as `<Chart: 0x…; lineWidth = 3>`, a
///   class and a selector by name. A pointer it cannot know prints in
///   hexadecimal and is never read.
final class InvokeArguments {
    let registry: Registry
    let target: EaselObject
    let canvas: Canvas
    /// Strings and arrays of arguments, alive for the call.
    let storage = ValueArena()
    /// The objects made for arguments, alive for the call.
    private(set) var made: [EaselObject] = []

    init(registry: Registry, target: EaselObject, canvas: Canvas) {
        self.registry = registry
        self.target = target
        self.canvas = canvas
    }

    /// The bytes of an argument of `type` written as `text`.
    func bytes(_ text: String, as type: TypeEncoding) throws(ValueError) -> [UInt8] {
        let value = try Self.value(text, as: type)
        return try ValueCodec.encode(value, as: type, storage: storage, references: reference)
    }

    /// A struct's JSON object through ``JSONReader``, any other text as it is.
    static func value(_ text: String, as type: TypeEncoding) throws(ValueError) -> Value {
        guard case .structure = type, isJSONObject(text) else { return .text(text) }
        return try json(text)
    }

    /// Whether `text` starts as a JSON object with a member: `{"name":` (not `{"a, b", 3}`, a struct
    /// whose first field is a quoted string).
    static func isJSONObject(_ text: String) -> Bool {
        let start = text.drop(while: { $0 == " " })
        guard start.first == "{" else { return false }
        var rest = start.dropFirst().drop(while: { $0 == " " })
        guard rest.first == "\"" else { return false }
        rest = rest.dropFirst()
        while let character = rest.first, character != "\"" {
            rest = rest.dropFirst(character == "\\" ? 2 : 1)
        }
        return rest.dropFirst().drop(while: { $0 == " " }).first == ":"
    }

    /// Reads JSON text into a value; integers stay exact (as text the codec reads by the type).
    static func json(_ text: String) throws(ValueError) -> Value {
        let value: Value
        do { value = try JSONReader.read(text, integersAsText: true) } catch {
            throw ValueError(.invalid("'\(text)' is not JSON: \(error.reason)"))
        }
        guard Self.depth(of: value) <= 64 else { throw ValueError(.invalid("'\(text)' is not JSON")) }
        return value
    }

    /// How deeply a value nests (a scalar is 1), counted no further than 65.
    private static func depth(of value: Value, below limit: Int = 65) -> Int {
        guard limit > 0 else { return 1 }
        switch value {
        case .list(let values): return 1 + (values.map { depth(of: $0, below: limit - 1) }.max() ?? 0)
        case .object(let members): return 1 + (members.values.map { depth(of: $0, below: limit - 1) }.max() ?? 0)
        default: return 1
        }
    }

    // MARK: References

    /// An object, class, selector or pointer argument (``ValueCodec/References``).
    func reference(_ value: Value, as type: TypeEncoding) throws(ValueError) -> UnsafeRawPointer? {
        let text: String
        switch value {
        case .null: return nil
        case .text(let given), .string(let given): text = given.trimmingWhitespace()
        case .object(let members) where type == .object:
            return UnsafeRawPointer(try object(members, described: "the object"))
        default:
            throw ValueError(.expected(Self.referenceForm(type), got: value.kind))
        }
        if ["nil", "Nil", "NULL", "null"].contains(text) { return nil }
        switch type {
        case .object:
            if text == "self" { return UnsafeRawPointer(target.handle) }
            return UnsafeRawPointer(try object(text))
        case .class:
            guard let cls = registry.objectClass(named: text) else {
                throw ValueError(.invalid("no class named '\(text)' is registered; write a class name or nil"))
            }
            return UnsafeRawPointer(cls.internedName)
        case .selector:
            guard !text.isEmpty, text.utf8.allSatisfy({ byte in
                byte == UInt8(ascii: ":") || byte == UInt8(ascii: "_") || (byte >= 0x30 && byte <= 0x39)
                    || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            }) else {
                throw ValueError(.invalid("'\(text)' is not a selector name; write one such as drawRect: or NULL"))
            }
            return UnsafeRawPointer(Selector(text).pointer)
        case .pointer(.void) where text == "context" || text == "ctx":
            return UnsafeRawPointer(canvas.context)
        case .pointer(.void):
            throw ValueError(.invalid("'\(text)' is not a drawing context; write context or NULL"))
        default:
            throw ValueError(.invalid("'\(text)' cannot be given for \(type.readableName) (\(type.encoding)); "
                + "only NULL can (the drawing context is given only where a method declares void * (^v))"))
        }
    }

    /// What an argument of a reference type may be, for messages.
    static func referenceForm(_ type: TypeEncoding) -> String {
        switch type {
        case .object: "nil, self, a class name or a class name with properties {\"name\": value}"
        case .class: "a class name or nil"
        case .selector: "a selector name or NULL"
        case .pointer(.void): "context or NULL"
        default: "NULL"
        }
    }

    /// `Name` or `Name{"property": value, …}`: a new instance.
    private func object(_ text: String) throws(ValueError) -> OpaquePointer {
        guard let brace = text.firstIndex(of: "{") else { return try make(text).handle }
        if brace == text.startIndex {
            guard case .object(let members) = try Self.json(text) else {
                throw ValueError(.invalid("an object is {\"class\": \"Name\", \"properties\": {…}}"))
            }
            return try object(members, described: "the object")
        }
        let name = text[..<brace].trimmingWhitespace()
        guard case .object(let properties) = try Self.json(String(text[brace...])) else {
            throw ValueError(.invalid("the properties of '\(name)' must be a JSON object"))
        }
        return try object(["class": .string(name), "properties": .object(properties)], described: "'\(name)'")
    }

    /// `{"class": Name, "properties": {…}}`, as a scene writes an object.
    private func object(_ members: [String: Value], described: String) throws(ValueError) -> OpaquePointer {
        guard case .string(let name)? = members["class"] else {
            throw ValueError(.invalid("an object is {\"class\": \"Name\", \"properties\": {…}}; 'class' is missing"))
        }
        for key in members.keys.sorted() where key != "class" && key != "properties" {
            throw ValueError(.invalid("an object is {\"class\": \"Name\", \"properties\": {…}}; '\(key)' is not one of its keys"))
        }
        let object = try make(name)
        guard let given = members["properties"] else { return object.handle }
        guard case .object(let properties) = given else {
            throw ValueError(.invalid("the properties of '\(name)' must be a JSON object"))
        }
        let declared = object.objectClass.ancestry.reversed().flatMap { $0.properties.map(\.name) }
        for key in properties.keys.sorted() {
            guard declared.contains(key), let value = properties[key] else {
                let names = declared.isEmpty ? "it declares none" : "it declares: \(declared.joined(separator: ", "))"
                throw ValueError(.invalid("class '\(name)' has no property '\(key)' (\(names))"))
            }
            do throws(RuntimeError) {
                let type = try object.propertyType(key)
                var value = value
                if case .string(let name) = value, type.fitsInteger(0) != nil,
                   let enumeration = object.objectClass.propertyMetadata(key), !enumeration.enumCases.isEmpty {
                    do { value = .text(try enumeration.enumValueText(name, what: "property '\(key)' (\(type.readableName))")) } catch {
                        throw RuntimeError(.badArgument, error.message)
                    }
                }
                let bytes: [UInt8]
                // Property strings and arrays live as long as the registry, as easel.h promises.
                do { bytes = try ValueCodec.encode(value, as: type, storage: registry.valueArena, references: reference) } catch {
                    throw RuntimeError(.badArgument, error.message(for: "property '\(key)' (\(type.readableName)) of \(described)"))
                }
                try object.setPropertyBytes(bytes, for: key)
            } catch {
                throw ValueError(.invalid(error.message))
            }
        }
        return object.handle
    }

    private func make(_ name: String) throws(ValueError) -> EaselObject {
        let object: EaselObject
        do { object = try registry.makeObject(ofClass: name) } catch {
            throw ValueError(.invalid("\(error.message); write nil, self or a class name"))
        }
        made.append(object)
        return object
    }

    // MARK: Names

    /// Names an object, class or selector of a result (``ValueCodec/Names``).
    func name(_ pointer: UnsafeRawPointer, _ type: TypeEncoding) -> String? {
        name(pointer, type, depth: 0)
    }

    private func name(_ pointer: UnsafeRawPointer, _ type: TypeEncoding, depth: Int) -> String? {
        switch type {
        case .class:
            return registry.classes.first { UnsafeRawPointer($0.internedName) == pointer }?.name
        case .selector:
            return InternTable.name(at: pointer)
        case .object:
            guard let object = knownObject(pointer) else { return nil }
            return describe(object, depth: depth)
        default:
            return nil
        }
    }

    /// The object at `pointer` when the call knows it: the receiver or a view
    /// under it, an argument, or an object plugin code created.
    private func knownObject(_ pointer: UnsafeRawPointer) -> EaselObject? {
        if let found = ([target] + made).first(where: { UnsafeRawPointer($0.handle) == pointer }) { return found }
        if let view = target as? View {
            var stack = [view]
            var visited = 0
            while let next = stack.popLast(), visited < 100_000 {
                visited += 1
                if UnsafeRawPointer(next.handle) == pointer { return next }
                stack += next.subviews
            }
        }
        return registry.pluginCreatedObject(at: pointer)
    }

    /// `<Chart: 0x…; lineWidth = 3; color = {red: 1, …}>`: the class, the address and the declared properties.
    private func describe(_ object: EaselObject, depth: Int) -> String {
        let address = "0x" + String(UInt(bitPattern: UnsafeRawPointer(object.handle)), radix: 16)
        guard depth < 2 else { return "<\(object.objectClass.name): \(address)>" }
        var parts = ["\(object.objectClass.name): \(address)"]
        for cls in object.objectClass.ancestry.reversed() {
            for property in cls.properties {
                guard let type = try? object.propertyType(property.name),
                      let bytes = try? object.propertyBytes(property.name) else { continue }
                let text = bytes.withUnsafeBytes { raw in
                    ValueCodec.format(raw, as: type) { pointer, type in self.name(pointer, type, depth: depth + 1) }
                }
                parts.append("\(property.name) = \(text)")
            }
        }
        return "<" + parts.joined(separator: "; ") + ">"
    }
}
