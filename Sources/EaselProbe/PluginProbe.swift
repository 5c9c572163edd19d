// The probe: what loading one plugin file checks, shared by the host's
// in-process loader (EaselDiscovery's Registry+Folders.swift) and the scanner
// process (`easel-plugin-scanner`, ScannerHelper.swift). Files arrive opened and checked
// (PluginImage.swift): the loader is handed their descriptors, never their paths.
//
// This module links no graphics library: the scanner is built from it
// alone, so that starting one costs the Swift runtime and libffi, not cairo
// and its twenty-odd dependencies (see EaselDiscovery's Scanning/PluginScanner.swift).

#if canImport(Glibc)
import Glibc
#endif
import EaselABI
import EaselEncoding
import EaselInvocation

/// A plugin file that passed every check of the probe phase.
package struct PluginCandidate {
    package let path: String
    package let name: String
    package let abiMajor: Int
    package let abiMinor: Int
    package let classes: [ClassSpec]
    /// What the plugin's metadata function returned, if it exports one.
    package var metadata: PluginMetadata? = nil
}

/// One validated class description.
package struct ClassSpec {
    package let name: String
    package let superclassName: String
    package let instanceSize: Int
    package let properties: [Property]
    package let methods: [MethodSpec]
}

/// A property declared by a plugin class: a typed slot in instance storage.
public struct Property: Sendable {
    /// The property name.
    public let name: String
    /// The property's type.
    public let type: TypeEncoding
    /// The byte offset inside the declaring class's storage segment.
    public let offset: Int
    /// The initial bytes (the type's size), or `nil` for zeroes.
    public let defaultValue: [UInt8]?
}

/// What a method needs before it becomes a method of a class.
package struct MethodSpec {
    package let selector: Selector
    package let signature: MethodSignature
    package let frame: CallFrame
    package let implementation: UnsafeRawPointer

    package init(selector: Selector, signature: MethodSignature, frame: CallFrame, implementation: UnsafeRawPointer) {
        self.selector = selector
        self.signature = signature
        self.frame = frame
        self.implementation = implementation
    }
}

/// The host's own ABI version and geometry layout, compared with a plugin's.
package enum HostABI {
    package static let major = Int(EASEL_ABI_VERSION_MAJOR)
    package static let minor = Int(EASEL_ABI_VERSION_MINOR)
    /// `major.minor`, as the cache and `easel list` write it.
    package static let versionString = "\(major).\(minor)"
    /// The largest `struct_size` the host believes of a description struct:
    /// a later minor version adds fields, not kilobytes.
    package static let maximumDescriptorSize = 4096
    /// The most classes, properties or methods one array may declare.
    package static let maximumDescriptorCount = 1 << 16
    /// `EASEL_ABI_VERSION`, the packed version the host writes into its own tables.
    package static let packedVersion = UInt32(EASEL_ABI_VERSION)
    /// Sizes in bytes of the 2.0 description structs (easel.h's `EASEL_*_SIZE_2_0`):
    /// a plugin's may be larger, never smaller.
    static let pluginDescSize = Int(EASEL_PLUGIN_DESC_SIZE_2_0), classDescSize = Int(EASEL_CLASS_DESC_SIZE_2_0),
        propertyDescSize = Int(EASEL_PROPERTY_DESC_SIZE_2_0), methodDescSize = Int(EASEL_METHOD_DESC_SIZE_2_0),
        layoutSize = Int(EASEL_LAYOUT_SIZE_2_0)
    static let layout: [(String, Int)] = [
        ("point", MemoryLayout<easel_point>.size), ("size", MemoryLayout<easel_size>.size),
        ("rect", MemoryLayout<easel_rect>.size), ("transform", MemoryLayout<easel_affine_transform>.size),
        ("color", MemoryLayout<easel_color>.size), ("rect alignment", MemoryLayout<easel_rect>.alignment),
    ]

    /// Why a file that exports the entry point of ABI major `major` (not this host's) is refused.
    static func otherMajorMessage(_ major: Int) -> String {
        let rebuild = "rebuild it against easel.h \(HostABI.major).0"
        return major < HostABI.major
            ? "built for Easel ABI \(major).x; this host loads \(HostABI.major).x: \(rebuild)"
            : "built for Easel ABI \(major).x; this host loads \(HostABI.major).x: update Easel to load it, or \(rebuild)"
    }

    /// Why a file that exports no entry point is refused; `mangled` is a C++-mangled name that contains it.
    static func noEntryMessage(mangled: String?) -> String {
        let missing = "no entry point: the library does not export '\(EASEL_PLUGIN_ENTRY_SYMBOL)'"
        guard let mangled else { return missing }
        return "\(missing); found `\(mangled)`: declare it extern \"C\" (EASEL_PLUGIN_ENTRY does)"
    }
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
    guard stride >= minimumSize else { return .failure(DescriptorSizeError(index: 0, structSize: UInt32(stride), problem: .tooSmall)) }
    guard stride <= HostABI.maximumDescriptorSize else {
        return .failure(DescriptorSizeError(index: 0, structSize: UInt32(stride), problem: .tooLarge))
    }
    guard count <= HostABI.maximumDescriptorCount else {
        return .failure(DescriptorSizeError(index: 0, structSize: UInt32(stride), problem: .tooMany))
    }
    var descriptors: [T] = []
    for index in 0..<count {
        let element = base + index * stride
        let size = element.load(fromByteOffset: 4, as: UInt32.self)
        guard Int(size) == stride else {
            return .failure(DescriptorSizeError(index: index, structSize: size, problem: .differs(first: stride)))
        }
        descriptors.append(element.load(as: T.self))
    }
    return .success(descriptors)
}

/// A descriptor array the host refuses to read on: its first element's
/// `struct_size` is too small or too large, it has too many elements, or an
/// element's `struct_size` differs from the first's.
struct DescriptorSizeError: Error {
    enum Problem { case tooSmall, tooLarge, tooMany, differs(first: Int) }
    let index: Int
    let structSize: UInt32
    let problem: Problem

    /// A sentence for an array of `what` (e.g. `easel_method_desc`) of `count` elements
    /// described as `element` (e.g. `method`) and counted by `countField`.
    func message(_ what: String, element: String, countField: String, count: Int, minimumSize: Int) -> String {
        switch problem {
        case .tooSmall:
            return "\(element) #0: \(what).struct_size is \(structSize); expected at least \(minimumSize), the same for every \(element)"
        case .tooLarge:
            return "\(element) #0: \(what).struct_size is \(structSize), larger than \(HostABI.maximumDescriptorSize) bytes: not the size of a \(what)"
        case .tooMany:
            return "\(countField) is \(count), more than the \(HostABI.maximumDescriptorCount) a plugin may declare"
        case .differs(let first):
            return "\(element) #\(index): \(what).struct_size is \(structSize) but \(element) #0's is \(first); every \(element) of the array has the same size (is \(countField) \(count) more than the array holds?)"
        }
    }
}

// MARK: - Phase 1: probe one file

/// The probe phase: the checks of one plugin file, shared by the in-process
/// loader (`Registry.loadPlugins(from:)` in EaselDiscovery) and the out-of-process scanner
/// (`easel-plugin-scanner`, see EaselHost's Scanning/PluginScanner.swift).
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
        switch PluginImage.open(path) {
        case .failure(let error): return error
        case .success(let image): return checkContents(image)
        }
    }

    /// The checks of ``checkFile(_:)`` that read the file, on the image the
    /// loader will be handed.
    ///
    /// - Returns: `nil` when the file may go on to the dynamic loader.
    package static func checkContents(_ image: PluginImage) -> PluginLoadError? {
        describe(ELFCheck.check(descriptor: image.descriptor, fileSize: image.size), path: image.path)
    }

    /// The checks of ``checkFile(_:)`` that read the file, for a caller that
    /// has just stat()ed it and found a regular file of `fileSize` bytes.
    ///
    /// - Returns: `nil` when the file may go on to the dynamic loader.
    package static func checkContents(_ path: String, fileSize: Int) -> PluginLoadError? {
        describe(ELFCheck.check(path: path, fileSize: fileSize), path: path)
    }

    private static func describe(_ outcome: ELFCheck.Outcome, path: String) -> PluginLoadError? {
        func fail(_ kind: PluginLoadError.Kind, _ message: String) -> PluginLoadError {
            PluginLoadError(path: path, kind: kind, message: message)
        }
        switch outcome {
        case .unreadable(let reason): return fail(.unreadable, "cannot read the file: \(reason)")
        case .notELF: return fail(.notSharedObject, "not a shared object (no ELF header)")
        case .invalid(let reason): return fail(.notSharedObject, "not a loadable shared object: \(reason)")
        case .otherMajor(let major): return fail(.abiMajor, HostABI.otherMajorMessage(major))
        case .noEntry(let mangled): return fail(.noEntryPoint, HostABI.noEntryMessage(mangled: mangled))
        case .ok: return nil
        }
    }

    /// Probes one checked file: its libraries from outside the system's
    /// folders, then the file itself, each loaded through the descriptor that
    /// was checked (see PluginImage.swift); then the entry point and every
    /// description it returns. Runs the plugin's code in this process.
    ///
    /// - Parameters:
    ///   - plugin: The plugin file and its libraries, opened and checked
    ///     (``checkContents(_:)``, and in the host its `PluginTrust`).
    ///   - host: The host table handed to the entry point: the host's own
    ///     (whose caller makes its registry the active one, so that host
    ///     functions the entry point calls find one), or, in the scanner,
    ///     ``ProbeHostTable/table``.
    package static func probe(_ plugin: CheckedPlugin,
                              host: UnsafePointer<easel_host_api>) -> Result<PluginCandidate, PluginLoadError> {
        let path = plugin.path
        func fail(_ kind: PluginLoadError.Kind, _ message: String, class cls: String? = nil,
                  selector: String? = nil) -> Result<PluginCandidate, PluginLoadError> {
            .failure(PluginLoadError(path: path, kind: kind, className: cls, selector: selector, message: message))
        }

        // 1. The libraries it brings, leaves first, then the file. Never
        // dlclose()d (see Registry.swift), so their descriptors stay open.
        for library in plugin.dependencies {
            _ = dlerror()
            guard let name = library.image.loaderName(), dlopen(name, RTLD_NOW | RTLD_LOCAL) != nil else {
                let reason = dlerror().map { library.image.naming(in: String(cString: $0)) } ?? "unknown error"
                return fail(.dlopenFailed, "the dynamic loader refused the library it needs, \(library.described): \(reason)")
            }
            library.image.keepOpen()
        }
        _ = dlerror()
        guard let name = plugin.image.loaderName(), let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { plugin.image.naming(in: String(cString: $0)) } ?? "unknown error"
            return fail(.dlopenFailed, "the dynamic loader refused it: \(reason)")
        }
        plugin.image.keepOpen()
        // checkContents has read the symbol table; a file without section
        // headers is only told apart here, after its constructors ran.
        guard let symbol = dlsym(handle, EASEL_PLUGIN_ENTRY_SYMBOL) else {
            if dlsym(handle, ELFCheck.unversionedEntry) != nil {
                return fail(.abiMajor, HostABI.otherMajorMessage(1))
            }
            return fail(.noEntryPoint, HostABI.noEntryMessage(mangled: nil))
        }

        // 3. The entry point.
        typealias Entry = @convention(c) (UnsafePointer<easel_host_api>?) -> UnsafePointer<easel_plugin_desc>?
        let entry = unsafeBitCast(symbol, to: Entry.self)
        guard let desc = entry(host) else {
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
        guard Int(desc.pointee.struct_size) <= HostABI.maximumDescriptorSize else {
            return fail(.invalidDescription,
                "easel_plugin_desc.struct_size is \(desc.pointee.struct_size), larger than \(HostABI.maximumDescriptorSize) bytes: not the size of an easel_plugin_desc")
        }
        guard let layoutPointer = desc.pointee.layout else {
            return fail(.layoutMismatch, "easel_plugin_desc.layout is NULL; point it at a static easel_layout filled with EASEL_LAYOUT_INIT")
        }
        guard Int(layoutPointer.pointee.struct_size) >= HostABI.layoutSize,
              Int(layoutPointer.pointee.struct_size) <= HostABI.maximumDescriptorSize else {
            return fail(.layoutMismatch, "easel_layout.struct_size is \(layoutPointer.pointee.struct_size); fill it with EASEL_LAYOUT_INIT")
        }
        let layout = layoutPointer.pointee
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
        let pluginName: String
        switch PluginNames.check(namePointer, .plugin) {
        case .success(let name): pluginName = name
        case .failure(let problem): return fail(.invalidName, problem.message)
        }

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
            return fail(.invalidDescription, error.message("easel_class_desc", element: "class", countField: "class_count",
                                                           count: count, minimumSize: HostABI.classDescSize))
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
        var candidate = PluginCandidate(path: path, name: pluginName, abiMajor: major, abiMinor: minor, classes: specs)
        // 6. The optional metadata (easel.metadata.v1).
        if let function = dlsym(handle, EASEL_PLUGIN_METADATA_SYMBOL) {
            typealias MetadataFunction = @convention(c) () -> UnsafePointer<easel_plugin_metadata>?
            switch readMetadata(unsafeBitCast(function, to: MetadataFunction.self)(), classes: specs) {
            case .success(let metadata): candidate.metadata = metadata
            case .failure(let problem): return fail(.invalidDescription, "\(EASEL_PLUGIN_METADATA_SYMBOL): \(problem.message)")
            }
        }
        return .success(candidate)
    }

    /// Why a plugin's metadata was refused.
    struct MetadataProblem: Error {
        let message: String
    }

    /// The most bytes of one metadata text the host keeps.
    static let metadataTextLimit = 4096
    /// The most class entries of the metadata the host reads.
    static let metadataClassLimit = 4096

    /// A metadata text: at most ``metadataTextLimit`` bytes (cut at a character), invalid UTF-8 repaired; nil for NULL.
    static func metadataText(_ pointer: UnsafePointer<CChar>?, firstLineOnly: Bool = false) -> String? {
        guard let pointer else { return nil }
        let length = strnlen(pointer, metadataTextLimit + 1)
        var bytes = Array(UnsafeRawBufferPointer(start: pointer, count: min(length, metadataTextLimit)))
        if firstLineOnly, let newline = bytes.firstIndex(where: { $0 == 10 || $0 == 13 }) { bytes.removeSubrange(newline...) }
        var text = String(decoding: bytes, as: UTF8.self)
        if length > metadataTextLimit, !text.isEmpty { text.removeLast() }   // a character the cut may have split
        return text
    }

    /// The most property entries of one class's metadata the host reads.
    static let metadataPropertyLimit = 4096
    /// The most value names of one property the host reads.
    static let metadataEnumLimit = 256
    /// The longest value name, in bytes.
    static let metadataEnumNameLimit = 64

    /// Reads what a metadata function returned: nil (no metadata) is fine; a struct too small, or
    /// class entries naming no class of the plugin, is an error message; so is property metadata
    /// naming no property of its class, or value names that are empty, repeated, given for a type
    /// that is not an integer, or whose values do not fit it.
    static func readMetadata(_ pointer: UnsafePointer<easel_plugin_metadata>?, classes specs: [ClassSpec])
        -> Result<PluginMetadata?, MetadataProblem>
    {
        guard let pointer else { return .success(nil) }
        let minimum = MemoryLayout<easel_plugin_metadata>.size
        let size = Int(pointer.pointee.struct_size)
        guard size >= minimum, size <= HostABI.maximumDescriptorSize else {
            return .failure(MetadataProblem(message: "easel_plugin_metadata.struct_size is \(size); expected \(minimum) (fill it with EASEL_DEFINE_METADATA)"))
        }
        let metadata = pointer.pointee
        let count = Int(metadata.class_count)
        guard count <= metadataClassLimit else {
            return .failure(MetadataProblem(message: "class_count is \(count), more than \(metadataClassLimit)"))
        }
        guard count == 0 || metadata.classes != nil else { return .failure(MetadataProblem(message: "class_count is \(count) but classes is NULL")) }
        var classes: [ClassMetadata] = []
        if count > 0, let first = metadata.classes {
            let entrySize = Int(first.pointee.struct_size)
            guard entrySize >= Int(EASEL_CLASS_METADATA_V1_SIZE), entrySize <= HostABI.maximumDescriptorSize else {
                return .failure(MetadataProblem(message: "easel_class_metadata #0: struct_size is \(entrySize); expected \(MemoryLayout<easel_class_metadata>.size)"))
            }
            let base = UnsafeRawPointer(first)
            for index in 0..<count {
                let entryPointer = base.advanced(by: index * entrySize)
                // An entry of the first metadata.v1 (32 bytes) has no property fields: read only those bytes.
                var entry = easel_class_metadata()
                withUnsafeMutableBytes(of: &entry) { $0.copyMemory(from: UnsafeRawBufferPointer(start: entryPointer, count: min(entrySize, $0.count))) }
                guard Int(entry.struct_size) == entrySize else {
                    return .failure(MetadataProblem(message: "easel_class_metadata #\(index): struct_size is \(entry.struct_size) but #0's is \(entrySize)"))
                }
                guard let name = metadataText(entry.class_name), let spec = specs.first(where: { $0.name == name }) else {
                    let named = metadataText(entry.class_name).map { "'\($0)'" } ?? "NULL"
                    return .failure(MetadataProblem(message: "easel_class_metadata #\(index) names \(named), which is not a class of this plugin"))
                }
                var properties: [PropertyMetadata] = []
                if entrySize >= Int(EASEL_CLASS_METADATA_PROPERTIES_SIZE) {
                    switch readPropertyMetadata(entry, of: spec) {
                    case .success(let read): properties = read
                    case .failure(let problem):
                        return .failure(MetadataProblem(message: "easel_class_metadata #\(index) ('\(name)'): \(problem.message)"))
                    }
                }
                classes.append(ClassMetadata(className: name, summary: metadataText(entry.summary, firstLineOnly: true),
                                             previewProperties: metadataText(entry.preview_properties), properties: properties))
            }
        }
        return .success(PluginMetadata(description: metadataText(metadata.description), version: metadataText(metadata.version),
                                       author: metadataText(metadata.author), license: metadataText(metadata.license),
                                       url: metadataText(metadata.url), classes: classes))
    }

    /// The property metadata of one class entry (easel.metadata.v1, class metadata size 48).
    static func readPropertyMetadata(_ entry: easel_class_metadata, of spec: ClassSpec) -> Result<[PropertyMetadata], MetadataProblem> {
        let count = Int(entry.property_count)
        guard count <= metadataPropertyLimit else {
            return .failure(MetadataProblem(message: "property_count is \(count), more than \(metadataPropertyLimit)"))
        }
        guard count > 0 else { return .success([]) }
        guard let first = entry.properties else { return .failure(MetadataProblem(message: "property_count is \(count) but properties is NULL")) }
        let entrySize = Int(first.pointee.struct_size)
        guard entrySize >= MemoryLayout<easel_property_metadata>.size, entrySize <= HostABI.maximumDescriptorSize else {
            return .failure(MetadataProblem(message: "easel_property_metadata #0: struct_size is \(entrySize); expected \(MemoryLayout<easel_property_metadata>.size)"))
        }
        var result: [PropertyMetadata] = []
        for index in 0..<count {
            let item = UnsafeRawPointer(first).advanced(by: index * entrySize).assumingMemoryBound(to: easel_property_metadata.self).pointee
            func fail(_ message: String) -> Result<[PropertyMetadata], MetadataProblem> {
                .failure(MetadataProblem(message: "easel_property_metadata #\(index): \(message)"))
            }
            guard Int(item.struct_size) == entrySize else { return fail("struct_size is \(item.struct_size) but #0's is \(entrySize)") }
            guard let name = metadataText(item.property_name), let property = spec.properties.first(where: { $0.name == name }) else {
                let named = metadataText(item.property_name).map { "'\($0)'" } ?? "NULL"
                let declared = spec.properties.isEmpty ? "it declares none" : "it declares: \(spec.properties.map(\.name).joined(separator: ", "))"
                return fail("names \(named), which is not a property of the class (\(declared))")
            }
            guard !result.contains(where: { $0.name == name }) else { return fail("'\(name)' is described twice") }
            let enumCount = Int(item.enum_count)
            var cases: [PropertyMetadata.EnumCase] = []
            if enumCount > 0 {
                guard enumCount <= metadataEnumLimit else { return fail("'\(name)' has \(enumCount) value names, more than \(metadataEnumLimit)") }
                guard property.type.fitsInteger(0) != nil else {
                    return fail("'\(name)' has value names but its type is \(property.type.readableName) (\(property.type.encoding)); only integer properties can")
                }
                guard let names = item.enum_names else { return fail("'\(name)': enum_count is \(enumCount) but enum_names is NULL") }
                for caseIndex in 0..<enumCount {
                    guard let caseName = metadataText(names[caseIndex]),
                          !caseName.isEmpty, caseName.utf8.count <= metadataEnumNameLimit else {
                        return fail("'\(name)': value name #\(caseIndex) is NULL, empty or longer than \(metadataEnumNameLimit) bytes")
                    }
                    guard !cases.contains(where: { $0.name == caseName }) else { return fail("'\(name)': the value name '\(caseName)' is given twice") }
                    let value = item.enum_values.map { $0[caseIndex] } ?? Int64(caseIndex)
                    guard property.type.fitsInteger(value) == true else {
                        return fail("'\(name)': the value \(value) of '\(caseName)' does not fit its type \(property.type.readableName)")
                    }
                    cases.append(PropertyMetadata.EnumCase(name: caseName, value: value))
                }
            }
            result.append(PropertyMetadata(name: name, description: metadataText(item.description, firstLineOnly: true), enumCases: cases))
        }
        return .success(result)
    }

    /// Property types parsed so far, by encoding, under the same policy as
    /// method signatures (`EncodingCache`): a scan sees the same few
    /// encodings in every plugin.
    private static let propertyTypes = EncodingCache<TypeEncoding>()

    private static func propertyType(_ encoding: String) throws(EncodingError) -> TypeEncoding {
        try propertyTypes.value(for: encoding) { (encoding) throws(EncodingError) in try TypeEncoding(parsing: encoding) }
    }

    private static func validateClass(_ desc: easel_class_desc, index: Int,
                               path: String) -> Result<ClassSpec, PluginLoadError> {
        guard let namePointer = desc.name, namePointer.pointee != 0 else {
            return .failure(PluginLoadError(path: path, kind: .invalidDescription,
                message: "class #\(index) has no name"))
        }
        let name: String
        switch PluginNames.check(namePointer, .className) {
        case .success(let checked): name = checked
        case .failure(let problem):
            return .failure(PluginLoadError(path: path, kind: .invalidName, message: "class #\(index): \(problem.message)"))
        }
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
        let superclassName: String
        switch PluginNames.check(superPointer, .superclassName) {
        case .success(let checked): superclassName = checked
        case .failure(let problem): return fail(.invalidName, problem.message)
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
                return fail(.invalidDescription, error.message("easel_property_desc", element: "property", countField: "property_count",
                                                               count: propertyCount, minimumSize: HostABI.propertyDescSize))
            }
            for (index, property) in propertyDescs.enumerated() {
                guard let propertyPointer = property.name, propertyPointer.pointee != 0 else {
                    return fail(.invalidDescription, "property #\(index) has no name")
                }
                let propertyName: String
                switch PluginNames.check(propertyPointer, .property) {
                case .success(let checked): propertyName = checked
                case .failure(let problem): return fail(.invalidName, "property #\(index): \(problem.message)")
                }
                guard !properties.contains(where: { $0.name == propertyName }) else {
                    return fail(.invalidDescription, "property '\(propertyName)' is declared twice")
                }
                guard let encodingPointer = property.type_encoding else {
                    return fail(.invalidDescription, "property '\(propertyName)' has no type encoding")
                }
                let type: TypeEncoding
                do { type = try propertyType(String(cString: encodingPointer)) } catch {
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
                return fail(.invalidDescription, error.message("easel_method_desc", element: "method", countField: "method_count",
                                                               count: methodCount, minimumSize: HostABI.methodDescSize))
            }
            for (index, method) in methodDescs.enumerated() {
                guard let selectorPointer = method.selector, selectorPointer.pointee != 0 else {
                    return fail(.invalidDescription, "method #\(index) has no selector")
                }
                let selectorName: String
                switch PluginNames.check(selectorPointer, .selector) {
                case .success(let checked): selectorName = checked
                case .failure(let problem): return fail(.invalidName, "method #\(index): \(problem.message)")
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
        return .success(ClassSpec(name: name, superclassName: superclassName,
                                  instanceSize: instanceSize, properties: properties, methods: methods))
    }

}

