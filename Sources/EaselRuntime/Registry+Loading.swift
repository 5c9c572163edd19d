#if canImport(Glibc)
import Glibc
#endif
import EaselABI
import EaselGraphicsCore
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

    /// What linking decided: the units that load, each with the classes it
    /// may not register, and the failures, in the order they were found.
    package struct Linked {
        /// The indexes of the units that load, in order: those with a class left, or that declare none.
        package var accepted: [Int] = []
        /// For a loading unit, the names of its classes that are refused.
        package var dropped: [Int: Set<String>] = [:]
        /// One failure per refused class.
        package var failures: [PluginLoadError] = []
    }

    /// Links at the granularity of classes, as the Objective-C runtime
    /// does: a class whose name is already taken (the first definition in
    /// search-path order wins), or whose superclass chain does not reach an
    /// existing class through classes still accepted, is refused alone; the
    /// plugin's other classes load. Refusals cascade to subclasses until
    /// nothing changes.
    ///
    /// - Parameters:
    ///   - units: Probed plugins in search-path order.
    ///   - existing: Who defines a class name already (built-ins, earlier loads), or `nil`.
    /// - Returns: The units that load (all but those whose every class was
    ///   refused), their refused classes, the failures.
    package static func link(_ units: [Unit], existing: (String) -> Definer?) -> Linked {
        var linked = Linked()
        // Claim class names in search-path order: the first definition wins.
        var owner: [String: String] = [:]   // class name -> path of the defining plugin
        var refusedBy: [String: (path: String, reason: String)] = [:]
        for (index, unit) in units.enumerated() {
            linked.accepted.append(index)
            for cls in unit.classes {
                let taken: String?
                if let definer = existing(cls.name) {
                    switch definer {
                    case .builtIn: taken = "as a host built-in"
                    case .plugin(let path): taken = "by \(path)"
                    }
                } else if let first = owner[cls.name] {
                    taken = "by \(first)"
                } else {
                    taken = nil
                }
                guard let taken else { owner[cls.name] = unit.path; continue }
                let message = "class '\(cls.name)' is already defined \(taken); the first definition in search-path order wins"
                linked.failures.append(PluginLoadError(path: unit.path, kind: .duplicateClass, className: cls.name,
                                                       message: message))
                linked.dropped[index, default: []].insert(cls.name)
            }
        }

        // Resolve superclasses, refusing classes until none is refused any more.
        var available: [String: String] = [:]   // class name -> superclass name, of classes still accepted
        for (index, unit) in units.enumerated() {
            for cls in unit.classes where linked.dropped[index]?.contains(cls.name) != true && available[cls.name] == nil {
                available[cls.name] = cls.superclass
            }
        }
        var changed = true
        var rounds = 0
        while changed && rounds <= available.count + 1 {
            changed = false
            rounds += 1
            for (index, unit) in units.enumerated() {
                for cls in unit.classes where linked.dropped[index]?.contains(cls.name) != true {
                    guard let error = unresolvedSuperclass(of: cls, in: unit, available: available, existing: existing,
                                                           owner: owner, refusedBy: refusedBy) else { continue }
                    linked.failures.append(error)
                    linked.dropped[index, default: []].insert(cls.name)
                    available[cls.name] = nil
                    refusedBy[cls.name] = (unit.path, error.message)
                    changed = true
                }
            }
        }
        // A plugin none of whose classes links is refused as a whole (a plugin declaring none loads).
        linked.accepted.removeAll { index in
            !units[index].classes.isEmpty && (linked.dropped[index]?.count ?? 0) >= units[index].classes.count
        }
        return linked
    }

    /// The error for a class whose superclass chain does not reach an
    /// existing class through available classes, or `nil` when it resolves.
    private static func unresolvedSuperclass(of cls: (name: String, superclass: String), in unit: Unit,
                                             available: [String: String], existing: (String) -> Definer?,
                                             owner: [String: String],
                                             refusedBy: [String: (path: String, reason: String)]) -> PluginLoadError? {
        var visited: [String] = [cls.name]
        var current = cls.superclass
        while existing(current) == nil {
            guard let superclassOfCurrent = available[current] else {
                let because: String
                if let refusal = refusedBy[current] {
                    because = "which \(refusal.path) defines but was not loaded"
                } else {
                    because = "which no built-in class or loaded plugin defines"
                }
                let chain = visited.count > 1 ? " (through \(visited.dropFirst().joined(separator: " → ")))" : ""
                return PluginLoadError(path: unit.path, kind: .missingSuperclass, className: cls.name,
                    message: "class '\(cls.name)' inherits from '\(current)'\(chain), \(because)")
            }
            if visited.contains(current) || visited.count > 4096 {
                return PluginLoadError(path: unit.path, kind: .missingSuperclass, className: cls.name,
                    message: "class '\(cls.name)' has a superclass cycle: \((visited + [current]).joined(separator: " → "))")
            }
            visited.append(current)
            current = superclassOfCurrent
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
        let linked = PluginLinker.link(units, existing: definer(of:))
        linked.failures.forEach(recordFailure)

        // Create the classes, superclasses first.
        var loaded: [LoadedPlugin] = []
        let survivors = linked.accepted.map { candidates[$0] }
        let kept = linked.accepted.map { index in
            candidates[index].classes.filter { linked.dropped[index]?.contains($0.name) != true }
        }
        var pending = zip(survivors, kept).flatMap { candidate, classes in classes.map { (candidate, $0) } }
        var described: [String: LoadedPlugin] = [:]
        for (candidate, classes) in zip(survivors, kept) {
            described[candidate.path] = LoadedPlugin(path: candidate.path, name: candidate.name,
                abiMajor: candidate.abiMajor, abiMinor: candidate.abiMinor, classNames: classes.map(\.name),
                metadata: candidate.metadata)
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
            guard let plugin = described[candidate.path] else { continue }
            self.plugins.append(plugin)
            loaded.append(plugin)
        }
        registerFonts(of: loaded)
        return loaded
    }

    /// Makes the font files (.ttf, .otf, .ttc) in the resource folders of
    /// newly loaded plugins available to text drawing, before any of them
    /// draws; a file that cannot be registered is a warning naming it.
    func registerFonts(of plugins: [LoadedPlugin]) {
        for plugin in plugins {
            for folder in resourceFolders(forPluginAt: plugin.path).folders {
                let result = TextEngine.registerFonts(inFolder: folder)
                for error in result.errors {
                    report(.note, "plugin \(plugin.name): \(error.description)")
                }
            }
        }
    }
}
