import Foundation

/// "Save as scene": the scene file with the inspector's edits written into it, saved next to it
/// under a new name (`demo.edited.json`, `demo.edited-2.json`, …), never over an existing file.
enum SceneEdits {
    /// Why the scene cannot be saved.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The keys a scene's view object takes directly; any other property goes into its `properties`.
    static let viewKeys: Set<String> = [
        "frame", "bounds", "center", "alpha", "hidden", "backgroundColor", "clipsToBounds", "opaque", "tag", "transform",
        "userInteractionEnabled", "multipleTouchEnabled", "exclusiveTouch", "contentMode", "anchorPoint",
    ]

    /// Applies the edits (view JSON path, property, JSON value) to the scene's JSON and writes it under a new name.
    ///
    /// - Returns: The path written.
    /// - Throws: ``Failure`` naming the file or the JSON path.
    static func save(scene: String, edits: [(path: String, property: String, value: String)]) throws(Failure) -> String {
        guard let data = FileManager.default.contents(atPath: scene),
              var document = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw Failure(description: "\(scene): cannot read the scene as a JSON object")
        }
        for edit in edits.prefix(10_000) {
            guard let value = try? JSONSerialization.jsonObject(with: Data(edit.value.utf8), options: [.fragmentsAllowed]) else {
                throw Failure(description: "\(edit.path).\(edit.property): '\(edit.value)' is not JSON")
            }
            let steps = try components(of: edit.path)
            document = try apply(value, key: edit.property, at: steps[...], in: document, path: edit.path)
        }
        guard let text = try? JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]) else {
            throw Failure(description: "\(scene): cannot encode the edited scene")
        }
        let url = URL(fileURLWithPath: scene)
        let base = url.deletingPathExtension().lastPathComponent
        for attempt in 1...1000 {
            let name = attempt == 1 ? "\(base).edited.json" : "\(base).edited-\(attempt).json"
            let target = url.deletingLastPathComponent().appendingPathComponent(name).path
            // O_EXCL: never over a file that is there, even one made a moment ago.
            let fd = open(target, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if fd < 0 {
                if errno == EEXIST { continue }
                throw Failure(description: "\(target): cannot create: \(String(cString: strerror(errno)))")
            }
            defer { close(fd) }
            let bytes = [UInt8](text) + [10]
            let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            guard written == bytes.count else { throw Failure(description: "\(target): cannot write: \(String(cString: strerror(errno)))") }
            return target
        }
        throw Failure(description: "\(scene): 1000 edited copies exist already")
    }

    /// `root.subviews[1].subviews[0]` → `["root", 1, 0]` as (key, index) steps.
    static func components(of path: String) throws(Failure) -> [(String, Int?)] {
        var steps: [(String, Int?)] = []
        for part in path.split(separator: ".") {
            if let open = part.firstIndex(of: "["), part.hasSuffix("]"),
               let index = Int(part[part.index(after: open)..<part.index(before: part.endIndex)]) {
                steps.append((String(part[..<open]), index))
            } else {
                steps.append((String(part), nil))
            }
        }
        guard steps.first?.0 == "root", steps.first?.1 == nil else { throw Failure(description: "\(path): not a view of the scene's tree") }
        return steps
    }

    /// Sets `key` of the view object at `steps` (inside `object`) to `value`.
    static func apply(_ value: Any, key: String, at steps: ArraySlice<(String, Int?)>, in object: [String: Any],
                      path: String) throws(Failure) -> [String: Any] {
        var object = object
        guard let (name, index) = steps.first else {
            if viewKeys.contains(key) {
                object[key] = value
            } else {
                var properties = object["properties"] as? [String: Any] ?? [:]
                properties[key] = value
                object["properties"] = properties
            }
            return object
        }
        if let index {
            guard var array = object[name] as? [Any], array.indices.contains(index), let child = array[index] as? [String: Any] else {
                throw Failure(description: "\(path): the scene has no view there")
            }
            array[index] = try apply(value, key: key, at: steps.dropFirst(), in: child, path: path)
            object[name] = array
        } else {
            guard let child = object[name] as? [String: Any] else { throw Failure(description: "\(path): the scene has no view there") }
            object[name] = try apply(value, key: key, at: steps.dropFirst(), in: child, path: path)
        }
        return object
    }
}
