#if canImport(Glibc)
import Glibc
#endif
import EaselABI
import EaselEncoding
import EaselInvocation

/// A plugin file that passed every check of the probe phase.
package struct PluginCandidate {
    let path: String
    let name: String
    let abiMajor: Int
    let abiMinor: Int
    let classes: [ClassSpec]
}

/// One validated class description.
package struct ClassSpec {
    let name: String
    let superclassName: String
    let instanceSize: Int
    let properties: [Property]
    let methods: [MethodSpec]
}

/// The host's own ABI version and geometry layout, compared with a plugin's.
package enum HostABI {
    static let major = Int(EASEL_ABI_VERSION_MAJOR)
    static let minor = Int(EASEL_ABI_VERSION_MINOR)
    /// `major.minor`, as the cache and `easel list` write it.
    package static let versionString = "\(major).\(minor)"
    /// `EASEL_ABI_VERSION`, the packed version the host writes into its own tables.
    static let packedVersion = UInt32(EASEL_ABI_VERSION)
    /// Sizes in bytes of the 1.0 description structs: a plugin's may be larger, never smaller.
    static let pluginDescSize = 64, classDescSize = 56, propertyDescSize = 40, methodDescSize = 32, layoutSize = 32
    static let layout: [(String, Int)] = [
        ("point", MemoryLayout<easel_point>.size), ("size", MemoryLayout<easel_size>.size),
        ("rect", MemoryLayout<easel_rect>.size), ("transform", MemoryLayout<easel_affine_transform>.size),
        ("color", MemoryLayout<easel_color>.size), ("rect alignment", MemoryLayout<easel_rect>.alignment),
    ]
}

/// Reads an array of versioned ABI descriptors from a plugin.
///
/// Every element of a plugin's array is `struct_size` bytes long, the size its
/// compiler saw (at least the 1.0 size; more when the plugin was built against
/// a newer minor version), so the stride comes from the first element. Each
/// element's `struct_size` is read on its own (offset 4, after `abi_version`)
/// and checked before the host's wider view of the struct is loaded, so a
/// descriptor that is too small is never read past its end.
///
/// - Returns: The descriptors, or the index and `struct_size` of the first
///   element whose size is below `minimumSize` or differs from the first's.
func readDescriptors<T>(_ type: T.Type, at base: UnsafeRawPointer, count: Int,
                        minimumSize: Int) -> Result<[T], DescriptorSizeError> {
    let stride = Int(base.load(fromByteOffset: 4, as: UInt32.self))
    var descriptors: [T] = []
    for index in 0..<count {
        let element = base + index * max(stride, 1)
        let size = element.load(fromByteOffset: 4, as: UInt32.self)
        guard stride >= minimumSize, Int(size) == stride else {
            return .failure(DescriptorSizeError(index: index, structSize: size))
        }
        descriptors.append(element.load(as: T.self))
    }
    return .success(descriptors)
}

/// A descriptor whose `struct_size` is too small or differs from its array's first.
struct DescriptorSizeError: Error {
    let index: Int
    let structSize: UInt32
}

extension Registry {
    /// Loads every `*.so` file of the given folders, in order, and registers
    /// the plugins that pass every check.
    ///
    /// Files within a folder are taken in name order; the same file reached
    /// twice (through two folders or a link) is loaded once. Bad files are
    /// recorded in ``failures`` with their path and reason and skipped; the
    /// rest still load. The host never unloads a library (see the policy at
    /// the top of Registry.swift).
    ///
    /// Before any code of a file runs, `trust` decides whether its folder and
    /// the file may be loaded at all (permissions, owner, allow-list); a
    /// refused folder is one failure and none of its files is opened.
    ///
    /// - Parameters:
    ///   - folders: Plugin folders in search-path order.
    ///   - trust: The permission rules and allow-list (by default: refuse
    ///     folders and files writable by group or others, no allow-list).
    /// - Returns: The plugins registered by this call.
    @discardableResult
    public func loadPlugins(from folders: [String], trust: PluginTrust = PluginTrust()) -> [LoadedPlugin] {
        var candidates: [PluginCandidate] = []
        var seen = Set<String>()
        for folder in folders {
            let files: [String]
            switch PluginFolder.sharedObjects(in: folder) {
            case .success(let found): files = found
            case .failure(let error): recordFailure(error); continue
            }
            if let refusal = trust.checkFolder(folder) { recordFailure(refusal); continue }
            for file in files {
                let identity = PluginFolder.canonicalPath(file)
                guard seen.insert(identity).inserted else { continue }
                if let refusal = trust.checkFile(file, folder: folder) { recordFailure(refusal); continue }
                switch withActive({ PluginProbe.probe(file) }) {
                case .success(let candidate): candidates.append(candidate)
                case .failure(let error): recordFailure(error)
                }
            }
        }
        return link(candidates)
    }

    /// Loads one plugin file (with the same checks as
    /// ``loadPlugins(from:trust:)``; the folder the file is in counts as its
    /// plugin folder).
    ///
    /// - Parameters:
    ///   - path: A plugin file.
    ///   - trust: The permission rules and allow-list.
    /// - Returns: The plugin, or `nil` when it was refused (see ``failures``).
    @discardableResult
    public func loadPlugin(at path: String, trust: PluginTrust = PluginTrust()) -> LoadedPlugin? {
        if let refusal = trust.checkFile(path, folder: nil) { recordFailure(refusal); return nil }
        switch withActive({ PluginProbe.probe(path) }) {
        case .success(let candidate): return link([candidate]).first
        case .failure(let error): recordFailure(error); return nil
        }
    }

    func recordFailure(_ error: PluginLoadError) { failures.append(error) }
}

// MARK: - Phase 1: probe one file

/// The probe phase: the checks of one plugin file, shared by the in-process
/// loader (``Registry/loadPlugins(from:)``) and the out-of-process scanner
/// (`easel-plugin-scanner`, see PluginScanner.swift).
///
/// A probe runs the plugin's code (its constructors and its entry point) in
/// the calling process and registers nothing: it returns the validated
/// description, or the first check that failed.
package enum PluginProbe {
    /// The checks that read the file without running any of its code: it
    /// exists, is a regular file, can be opened, and has sane ELF headers.
    ///
    /// - Returns: `nil` when the file may go on to the dynamic loader.
    package static func checkFile(_ path: String) -> PluginLoadError? {
        func fail(_ kind: PluginLoadError.Kind, _ message: String) -> PluginLoadError {
            PluginLoadError(path: path, kind: kind, message: message)
        }
        var info = stat()
        guard stat(path, &info) == 0 else {
            let reason = String(cString: strerror(errno))
            var link = stat()
            if lstat(path, &link) == 0, (link.st_mode & S_IFMT) == S_IFLNK {
                var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
                let count = readlink(path, &target, target.count - 1)
                let destination = count > 0 ? String(decoding: target[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : "?"
                return fail(.unreadable, "cannot read the file: it is a dangling symbolic link to '\(destination)' (\(reason))")
            }
            return fail(.unreadable, "cannot read the file: \(reason)")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return fail(.unreadable, "not a regular file") }
        switch ELFCheck.check(path: path, fileSize: Int(info.st_size)) {
        case .unreadable(let reason): return fail(.unreadable, "cannot read the file: \(reason)")
        case .notELF: return fail(.notSharedObject, "not a shared object (no ELF header)")
        case .invalid(let reason): return fail(.notSharedObject, "not a loadable shared object: \(reason)")
        case .ok: return nil
        }
    }

    /// Probes one file: ``checkFile(_:)`` (unless the caller has just made
    /// it), then dlopen, the entry point and every description it returns.
    /// Runs the plugin's code in this process; the caller makes its registry
    /// the active one so that host functions the entry point calls find one.
    package static func probe(_ path: String, fileChecked: Bool = false) -> Result<PluginCandidate, PluginLoadError> {
        func fail(_ kind: PluginLoadError.Kind, _ message: String, class cls: String? = nil,
                  selector: String? = nil) -> Result<PluginCandidate, PluginLoadError> {
            .failure(PluginLoadError(path: path, kind: kind, className: cls, selector: selector, message: message))
        }

        // 1. The file itself.
        if !fileChecked, let error = checkFile(path) { return .failure(error) }

        // 2. The dynamic loader. Never dlclose()d: see Registry.swift.
        _ = dlerror()
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "unknown error"
            return fail(.dlopenFailed, "the dynamic loader refused it: \(reason)")
        }
        guard let symbol = dlsym(handle, EASEL_PLUGIN_ENTRY_SYMBOL) else {
            return fail(.noEntryPoint, "no entry point: the library does not export '\(EASEL_PLUGIN_ENTRY_SYMBOL)'")
        }

        // 3. The entry point.
        typealias Entry = @convention(c) (UnsafePointer<easel_host_api>?) -> UnsafePointer<easel_plugin_desc>?
        let entry = unsafeBitCast(symbol, to: Entry.self)
        guard let desc = entry(HostAPI.table) else {
            return fail(.entryReturnedNull, "the entry point '\(EASEL_PLUGIN_ENTRY_SYMBOL)' returned NULL")
        }

        // 4. Version, then size, then the layout handshake.
        let version = desc.pointee.abi_version
        let major = Int(version >> 16), minor = Int(version & 0xFFFF)
        guard major == HostABI.major else {
            return fail(.abiMajor,
                "plugin ABI \(major).\(minor) has a different major version than the host's ABI \(HostABI.major).\(HostABI.minor); rebuild the plugin against this easel.h")
        }
        guard minor <= HostABI.minor else {
            return fail(.abiMinor,
                "plugin ABI \(major).\(minor) is newer than the host's ABI \(HostABI.major).\(HostABI.minor); update Easel to load it")
        }
        guard Int(desc.pointee.struct_size) >= HostABI.pluginDescSize else {
            return fail(.invalidDescription,
                "easel_plugin_desc.struct_size is \(desc.pointee.struct_size), smaller than \(HostABI.pluginDescSize)")
        }
        let layout = desc.pointee.layout
        guard Int(layout.struct_size) >= HostABI.layoutSize else {
            return fail(.layoutMismatch, "easel_layout.struct_size is \(layout.struct_size); fill it with EASEL_LAYOUT_INIT")
        }
        let theirs = [layout.point_size, layout.size_size, layout.rect_size, layout.transform_size,
                      layout.color_size, layout.rect_alignment].map(Int.init)
        let differences = zip(HostABI.layout, theirs).filter { $0.0.1 != $0.1 }
        guard differences.isEmpty else {
            let listed = differences.map { "\($0.0.0) is \($0.1) bytes (host: \($0.0.1))" }.joined(separator: ", ")
            return fail(.layoutMismatch,
                "geometry layout mismatch: \(listed); geometry must be 64-bit doubles laid out like CoreGraphics")
        }
        guard let namePointer = desc.pointee.name, namePointer.pointee != 0 else {
            return fail(.invalidDescription, "the plugin description has no name")
        }
        let pluginName = String(cString: namePointer)

        // 5. Classes.
        let count = Int(desc.pointee.class_count)
        guard count == 0 || desc.pointee.classes != nil else {
            return fail(.invalidDescription, "class_count is \(count) but classes is NULL")
        }
        var specs: [ClassSpec] = []
        var names = Set<String>()
        let classDescs: [easel_class_desc]
        switch count == 0 ? .success([]) : readDescriptors(easel_class_desc.self, at: UnsafeRawPointer(desc.pointee.classes!),
                                                          count: count, minimumSize: HostABI.classDescSize) {
        case .success(let read): classDescs = read
        case .failure(let error):
            return fail(.invalidDescription,
                "class #\(error.index): easel_class_desc.struct_size is \(error.structSize); expected at least \(HostABI.classDescSize), the same for every class")
        }
        for (index, classDesc) in classDescs.enumerated() {
            switch validateClass(classDesc, index: index, path: path) {
            case .failure(let error): return .failure(error)
            case .success(let spec):
                guard names.insert(spec.name).inserted else {
                    return fail(.duplicateClass, "class '\(spec.name)' is defined twice in this plugin", class: spec.name)
                }
                specs.append(spec)
            }
        }
        return .success(PluginCandidate(path: path, name: pluginName, abiMajor: major, abiMinor: minor, classes: specs))
    }

    private static func validateClass(_ desc: easel_class_desc, index: Int,
                               path: String) -> Result<ClassSpec, PluginLoadError> {
        guard let namePointer = desc.name, namePointer.pointee != 0 else {
            return .failure(PluginLoadError(path: path, kind: .invalidDescription,
                message: "class #\(index) has no name"))
        }
        let name = String(cString: namePointer)
        func fail(_ kind: PluginLoadError.Kind, _ message: String,
                  selector: String? = nil) -> Result<ClassSpec, PluginLoadError> {
            .failure(PluginLoadError(path: path, kind: kind, className: name, selector: selector,
                                     message: "class '\(name)': \(message)"))
        }
        guard Int(desc.abi_version >> 16) == HostABI.major else {
            return fail(.abiMajor, "easel_class_desc.abi_version has major \(desc.abi_version >> 16), the host's is \(HostABI.major)")
        }
        guard let superPointer = desc.superclass_name, superPointer.pointee != 0 else {
            return fail(.invalidDescription, "no superclass name (use \"Object\" or \"View\" for a root class)")
        }
        guard desc.instance_size <= 1 << 24 else {
            return fail(.invalidDescription, "instance_size \(desc.instance_size) is larger than 16 MiB")
        }
        let instanceSize = Int(desc.instance_size)

        // Properties.
        var properties: [Property] = []
        let propertyCount = Int(desc.property_count)
        guard propertyCount == 0 || desc.properties != nil else {
            return fail(.invalidDescription, "property_count is \(propertyCount) but properties is NULL")
        }
        if propertyCount > 0 {
            let propertyDescs: [easel_property_desc]
            switch readDescriptors(easel_property_desc.self, at: UnsafeRawPointer(desc.properties!),
                                   count: propertyCount, minimumSize: HostABI.propertyDescSize) {
            case .success(let read): propertyDescs = read
            case .failure(let error):
                return fail(.invalidDescription,
                    "property #\(error.index): easel_property_desc.struct_size is \(error.structSize); expected at least \(HostABI.propertyDescSize)")
            }
            for (index, property) in propertyDescs.enumerated() {
                guard let propertyName = property.name.map({ String(cString: $0) }), !propertyName.isEmpty else {
                    return fail(.invalidDescription, "property #\(index) has no name")
                }
                guard !properties.contains(where: { $0.name == propertyName }) else {
                    return fail(.invalidDescription, "property '\(propertyName)' is declared twice")
                }
                guard let encodingPointer = property.type_encoding else {
                    return fail(.invalidDescription, "property '\(propertyName)' has no type encoding")
                }
                let type: TypeEncoding
                do { type = try TypeEncoding(parsing: String(cString: encodingPointer)) } catch {
                    return fail(.malformedEncoding, "property '\(propertyName)': \(error)")
                }
                guard type != .void, type.size > 0 else {
                    return fail(.malformedEncoding, "property '\(propertyName)' has type \(type.encoding), which has no size")
                }
                let offset = Int(clamping: property.offset)
                guard offset % type.alignment == 0, offset + type.size <= instanceSize else {
                    return fail(.invalidDescription,
                        "property '\(propertyName)' (\(type.readableName), \(type.size) bytes) at offset \(offset) does not fit, aligned, in instance_size \(instanceSize)")
                }
                let defaultValue = property.default_value.map {
                    Array(UnsafeRawBufferPointer(start: $0, count: type.size))
                }
                properties.append(Property(name: propertyName, type: type, offset: offset, defaultValue: defaultValue))
            }
        }

        // Methods.
        var methods: [MethodSpec] = []
        let methodCount = Int(desc.method_count)
        guard methodCount == 0 || desc.methods != nil else {
            return fail(.invalidDescription, "method_count is \(methodCount) but methods is NULL")
        }
        if methodCount > 0 {
            let methodDescs: [easel_method_desc]
            switch readDescriptors(easel_method_desc.self, at: UnsafeRawPointer(desc.methods!),
                                   count: methodCount, minimumSize: HostABI.methodDescSize) {
            case .success(let read): methodDescs = read
            case .failure(let error):
                return fail(.invalidDescription,
                    "method #\(error.index): easel_method_desc.struct_size is \(error.structSize); expected at least \(HostABI.methodDescSize)")
            }
            for (index, method) in methodDescs.enumerated() {
                guard let selectorName = method.selector.map({ String(cString: $0) }), !selectorName.isEmpty else {
                    return fail(.invalidDescription, "method #\(index) has no selector")
                }
                let selector = Selector(selectorName)
                guard !methods.contains(where: { $0.selector == selector }) else {
                    return fail(.invalidDescription, "selector '\(selectorName)' is declared twice", selector: selectorName)
                }
                guard let encodingPointer = method.type_encoding else {
                    return fail(.invalidDescription, "selector '\(selectorName)' has no type encoding", selector: selectorName)
                }
                let signature: MethodSignature
                do { signature = try MethodSignature.cached(String(cString: encodingPointer)) } catch {
                    return fail(.malformedEncoding, "selector '\(selectorName)': \(error)", selector: selectorName)
                }
                let expected = MethodSignature.argumentCount(forSelector: selectorName)
                guard signature.numberOfArguments == expected else {
                    return fail(.arityMismatch,
                        "selector '\(selectorName)' takes \(expected - 2) argument(s) but its encoding \"\(signature.encoding)\" declares \(signature.numberOfArguments - 2)",
                        selector: selectorName)
                }
                guard let imp = method.imp else {
                    return fail(.nullImplementation, "selector '\(selectorName)' has a NULL implementation", selector: selectorName)
                }
                let frame: CallFrame
                do { frame = try CallFrame.cached(for: signature) } catch {
                    return fail(.malformedEncoding, "selector '\(selectorName)': \(error)", selector: selectorName)
                }
                methods.append(MethodSpec(selector: selector, signature: signature, frame: frame,
                                          implementation: unsafeBitCast(imp, to: UnsafeRawPointer.self)))
            }
        }
        return .success(ClassSpec(name: name, superclassName: String(cString: superPointer),
                                  instanceSize: instanceSize, properties: properties, methods: methods))
    }

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

    func link(_ candidates: [PluginCandidate]) -> [LoadedPlugin] {
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
