#if canImport(Glibc)
import Glibc
#endif
import EaselABI
import EaselEncoding
import EaselInvocation
import EaselProbe

extension Registry {
    /// Records a refused file.
    package func recordFailure(_ error: PluginLoadError) { failures.append(error) }
}

// MARK: - Phase 2: link candidates into the registry

/// The link phase's decisions, made on class names alone: which plugins of
/// a probe's results may be registered, in search-path order.
///
/// Shared by the registry (which then creates the classes) and by
/// ``PluginCatalog`` (which lists scan results without loading anything), so
/// that both refuse the same plugins with the same messages.
package enum PluginLinker {
    /// One probed plugin: its file and its classes with their superclass names.
    package struct Unit {
        package let path: String
        package let classes: [(name: String, superclass: String)]
        package init(path: String, classes: [(name: String, superclass: String)]) {
            self.path = path
            self.classes = classes
        }
    }

    /// Who already defines a class name before the units are linked.
    package enum Definer {
        case builtIn
        case plugin(path: String)
    }

    /// Claims class names in order (the first definition wins), then rejects
    /// every unit with a class whose superclass chain does not reach an
    /// existing class through the classes of units still accepted, until
    /// nothing changes.
    ///
    /// - Parameters:
    ///   - units: Probed plugins in search-path order.
    ///   - existing: Who defines a class name already (built-ins, earlier loads), or `nil`.
    /// - Returns: The indexes of the units that link, in order, and the
    ///   failures of the others in the order they were found.
    package static func link(_ units: [Unit], existing: (String) -> Definer?) -> (accepted: [Int], failures: [PluginLoadError]) {
        var failures: [PluginLoadError] = []
        // Claim class names in search-path order: the first definition wins.
        var owner: [String: String] = [:]   // class name -> path of the defining plugin
        var accepted: [Int] = []
        for (index, unit) in units.enumerated() {
            var conflict: PluginLoadError?
            for cls in unit.classes {
                if let definer = existing(cls.name) {
                    let where_ = switch definer {
                    case .builtIn: "as a host built-in"
                    case .plugin(let path): "by \(path)"
                    }
                    conflict = PluginLoadError(path: unit.path, kind: .duplicateClass, className: cls.name,
                        message: "class '\(cls.name)' is already defined \(where_); the first definition in search-path order wins")
                } else if let first = owner[cls.name] {
                    conflict = PluginLoadError(path: unit.path, kind: .duplicateClass, className: cls.name,
                        message: "class '\(cls.name)' is already defined by \(first); the first definition in search-path order wins")
                }
                if conflict != nil { break }
            }
            if let conflict { failures.append(conflict); continue }
            for cls in unit.classes { owner[cls.name] = unit.path }
            accepted.append(index)
        }

        // Resolve superclasses until no plugin is rejected any more.
        var rejected = Set<Int>(), rejectedPaths = Set<String>()
        var changed = true
        while changed {
            changed = false
            let available = Dictionary(
                accepted.filter { !rejected.contains($0) }.flatMap { index in units[index].classes.map { ($0.name, $0.superclass) } },
                uniquingKeysWith: { first, _ in first })
            for index in accepted where !rejected.contains(index) {
                if let error = unresolvedSuperclass(of: units[index], available: available, existing: existing,
                                                    owner: owner, rejectedPaths: rejectedPaths) {
                    failures.append(error)
                    rejected.insert(index)
                    rejectedPaths.insert(units[index].path)
                    changed = true
                }
            }
        }
        return (accepted.filter { !rejected.contains($0) }, failures)
    }

    /// The error for a unit with a class whose superclass chain does not
    /// reach an existing class through available classes, or `nil` when all resolve.
    private static func unresolvedSuperclass(of unit: Unit, available: [String: String], existing: (String) -> Definer?,
                                             owner: [String: String], rejectedPaths: Set<String>) -> PluginLoadError? {
        for cls in unit.classes {
            var visited: [String] = [cls.name]
            var current = cls.superclass
            while existing(current) == nil {
                guard let superclassOfCurrent = available[current] else {
                    let because: String
                    if let path = owner[current], rejectedPaths.contains(path) {
                        because = "whose plugin \(path) was not loaded"
                    } else {
                        because = "which no built-in class or loaded plugin defines"
                    }
                    let chain = visited.count > 1 ? " (through \(visited.dropFirst().joined(separator: " → ")))" : ""
                    return PluginLoadError(path: unit.path, kind: .missingSuperclass, className: cls.name,
                        message: "class '\(cls.name)' inherits from '\(current)'\(chain), \(because)")
                }
                if visited.contains(current) {
                    return PluginLoadError(path: unit.path, kind: .missingSuperclass, className: cls.name,
                        message: "class '\(cls.name)' has a superclass cycle: \((visited + [current]).joined(separator: " → "))")
                }
                visited.append(current)
                current = superclassOfCurrent
            }
        }
        return nil
    }
}

extension Registry {
    /// Who defines a class name in this registry, for ``PluginLinker``.
    func definer(of className: String) -> PluginLinker.Definer? {
        guard let existing = objectClass(named: className) else { return nil }
        return existing.plugin.map { .plugin(path: $0.path) } ?? .builtIn
    }

    package func link(_ candidates: [PluginCandidate]) -> [LoadedPlugin] {
        let units = candidates.map { candidate in
            PluginLinker.Unit(path: candidate.path, classes: candidate.classes.map { ($0.name, $0.superclassName) })
        }
        let (acceptedIndexes, linkFailures) = PluginLinker.link(units, existing: definer(of:))
        linkFailures.forEach(recordFailure)

        // Create the classes, superclasses first.
        var loaded: [LoadedPlugin] = []
        let survivors = acceptedIndexes.map { candidates[$0] }
        var pending = survivors.flatMap { c in c.classes.map { (c, $0) } }
        var described: [String: LoadedPlugin] = [:]
        for candidate in survivors {
            described[candidate.path] = LoadedPlugin(path: candidate.path, name: candidate.name,
                abiMajor: candidate.abiMajor, abiMinor: candidate.abiMinor, classNames: candidate.classes.map(\.name))
        }
        while !pending.isEmpty {
            let before = pending.count
            pending.removeAll { candidate, spec in
                guard let superclass = objectClass(named: spec.superclassName) else { return false }
                register(ObjectClass(name: spec.name, superclass: superclass, plugin: described[candidate.path],
                                     instanceSize: spec.instanceSize, properties: spec.properties, methods: spec.methods))
                return true
            }
            if pending.count == before { break }  // unreachable: cycles were rejected above
        }
        for candidate in survivors {
            let plugin = described[candidate.path]!
            self.plugins.append(plugin)
            loaded.append(plugin)
        }
        return loaded
    }
}
