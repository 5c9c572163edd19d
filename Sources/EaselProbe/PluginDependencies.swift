// The libraries a plugin brings with it.
//
// A plugin's DT_NEEDED libraries are code too: their constructors run before
// the plugin's. The loader looks for each where the plugin's DT_RPATH (when it
// has no DT_RUNPATH), LD_LIBRARY_PATH and its DT_RUNPATH say, with `$ORIGIN`
// meaning the plugin's folder, and only then in its cache and default folders.
// A library it would take from outside the system's folders (a `deps/` next
// to the plugin) is as much the plugin as the plugin file: whoever can write
// it, or its folder, can run code as the user. So, before any code runs, the
// host reads the dynamic section of the plugin (ELFCheck+Dynamic.swift), finds
// every library as the loader would (and those libraries' own, to a bounded
// depth), and hands each one found outside the system's folders to the
// caller's check (EaselDiscovery's PluginTrust: the permission rules of folder
// trust, the allow-list). Those that pass are opened once and loaded through
// their descriptors before the plugin (see PluginImage.swift).
//
// The system's folders are the loader's own: /lib, /usr/lib, /lib64,
// /usr/lib64 and their multiarch folders, and the folder of the Swift runtime
// the host runs on. A name the loader would not find in any folder of the
// plugin's search path is left to its cache and default folders, which only
// root configures. A library found outside them is checked and loaded even
// when one of the same name is already loaded in this process (the loader
// would then bind the plugin to the one loaded first, also checked): what is
// loaded must not depend on the process, since the scanner is handed the
// libraries the host found.

import CEaselSupport

#if canImport(Glibc)
import Glibc
#endif

/// A library a plugin needs that the loader would take from outside the system's folders.
package struct PluginDependency: Sendable {
    /// The library, opened (and, once checked, maybe a sealed copy).
    package let image: PluginImage
    /// The name it is needed by (`DT_NEEDED`).
    package let name: String
    /// The file (the plugin, or another of its libraries) that needs it.
    package let neededBy: String
    /// How the loader finds it, e.g. `RUNPATH $ORIGIN/deps`.
    package let foundThrough: String

    /// The folder it is in.
    package var folder: String { PluginDependencies.parent(of: image.path) }

    /// `libdep.so (/plugins/deps/libdep.so, through RUNPATH $ORIGIN/deps)`, for messages.
    package var described: String { "\(name) (\(image.path), through \(foundThrough))" }

    package init(image: PluginImage, name: String, neededBy: String, foundThrough: String) {
        self.image = image
        self.name = name
        self.neededBy = neededBy
        self.foundThrough = foundThrough
    }

    /// The same dependency with another image of it (a sealed copy).
    package func with(image: PluginImage) -> PluginDependency {
        PluginDependency(image: image, name: name, neededBy: neededBy, foundThrough: foundThrough)
    }
}

/// A plugin file opened and checked, with the libraries it brings: what the loader is handed.
package struct CheckedPlugin: Sendable {
    /// The plugin file.
    package let image: PluginImage
    /// Its libraries from outside the system's folders, in load order (a library after the ones it needs).
    package let dependencies: [PluginDependency]

    package init(image: PluginImage, dependencies: [PluginDependency]) {
        self.image = image
        self.dependencies = dependencies
    }

    /// The path of the plugin file.
    package var path: String { image.path }
}

/// Finds the libraries a plugin needs from outside the system's folders (see PluginDependencies.swift).
package enum PluginDependencies {
    /// The most libraries from outside the system's folders one plugin may bring.
    static let maximumLibraries = 64
    /// The deepest chain of such libraries (a plugin's library's library …).
    static let maximumDepth = 8

    /// The loader's default folders and the Swift runtime's, with links resolved.
    package static let systemFolders: Set<String> = {
        #if arch(x86_64)
        let triple = "x86_64-linux-gnu"
        #elseif arch(arm64)
        let triple = "aarch64-linux-gnu"
        #else
        let triple = "unknown"
        #endif
        var folders = ["/lib", "/usr/lib", "/lib64", "/usr/lib64", "/lib/\(triple)", "/usr/lib/\(triple)"]
        if let runtime = swiftRuntimeFolder() { folders.append(runtime) }
        return Set(folders.map { resolved($0) ?? $0 })
    }()

    /// The folder of the `libswiftCore.so` this process runs on: the file
    /// the loader mapped `swift_retain` from (nil when the runtime is linked
    /// statically, into the executable).
    static func swiftRuntimeFolder() -> String? {
        guard let name = easel_support_file_defining("swift_retain") else { return nil }
        let path = String(cString: name)
        return path.hasSuffix("/libswiftCore.so") ? parent(of: path) : nil
    }

    /// Whether the loader would take libraries from `folder` as the system's.
    package static func isSystemFolder(_ folder: String) -> Bool {
        systemFolders.contains(resolved(folder) ?? folder)
    }

    /// The libraries `plugin` needs from outside the system's folders, each
    /// passed to `check` before its own needs are read, in load order.
    ///
    /// - Parameters:
    ///   - plugin: The plugin file, opened.
    ///   - environment: `LD_LIBRARY_PATH`'s value, which the loader also searches.
    ///   - check: Applies the host's trust rules to a library: returns the
    ///     image to load (maybe a sealed copy) or the refusal.
    /// - Returns: The libraries, or the first refusal (naming the plugin file).
    package static func resolve(_ plugin: PluginImage, libraryPath: String? = currentLibraryPath(),
                                check: (PluginDependency) -> Result<PluginImage, PluginLoadError>)
        -> Result<[PluginDependency], PluginLoadError> {
        func fail(_ message: String) -> Result<[PluginDependency], PluginLoadError> {
            .failure(PluginLoadError(path: plugin.path, kind: .dependencyRefused, message: message))
        }
        var order: [PluginDependency] = []
        var names = Set<String>()
        let searchPath = (libraryPath ?? "").split(separator: ":").map { (entry: "LD_LIBRARY_PATH \($0)", folder: String($0)) }

        /// The folders the loader searches for the needs of `object`, in order.
        func folders(_ dynamic: ELFCheck.Dynamic, of object: String, loaders: [(String, ELFCheck.Dynamic)])
            -> Result<[(entry: String, folder: String)], PluginLoadError> {
            var list: [(entry: String, folder: String)] = []
            func add(_ entries: [String], _ tag: String, origin: String) -> PluginLoadError? {
                for entry in entries {
                    switch expand(entry, origin: origin) {
                    case .success(let folder): list.append(("\(tag) \(entry)", folder))
                    case .failure(let token):
                        return PluginLoadError(path: plugin.path, kind: .dependencyRefused,
                            message: "\(object == plugin.path ? "its" : "the library \(object)'s") \(tag) '\(entry)' uses \(token), which easel does not resolve; use $ORIGIN or an absolute folder")
                    }
                }
                return nil
            }
            if dynamic.runpath == nil {
                if let error = add(dynamic.rpath, "RPATH", origin: parent(of: object)) { return .failure(error) }
                for (loader, loaderDynamic) in loaders.reversed() where loaderDynamic.runpath == nil {
                    if let error = add(loaderDynamic.rpath, "RPATH", origin: parent(of: loader)) { return .failure(error) }
                }
            }
            list += searchPath
            if let runpath = dynamic.runpath, let error = add(runpath, "RUNPATH", origin: parent(of: object)) {
                return .failure(error)
            }
            return .success(list)
        }

        func visit(_ object: String, _ dynamic: ELFCheck.Dynamic, loaders: [(String, ELFCheck.Dynamic)]) -> PluginLoadError? {
            let searched: [(entry: String, folder: String)]
            switch folders(dynamic, of: object, loaders: loaders) {
            case .success(let list): searched = list
            case .failure(let error): return error
            }
            for name in dynamic.needed where names.insert(name).inserted {
                var found: (path: String, through: String)?
                if name.contains("/") {
                    found = (name, "its name")
                } else {
                    for (entry, folder) in searched {
                        let candidate = folder.hasSuffix("/") ? folder + name : folder + "/" + name
                        var info = stat()
                        if FileSystemName.stat(candidate, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG {
                            found = (candidate, entry)
                            break
                        }
                    }
                }
                // Not in the plugin's search path: the loader's cache and default folders (root's).
                guard let found, !isSystemFolder(parent(of: found.path)) else { continue }
                let who = object == plugin.path ? "it needs" : "\(object) needs"
                guard !name.contains("/") else {
                    return PluginLoadError(path: plugin.path, kind: .dependencyRefused,
                        message: "\(who) the library '\(name)' by a path; easel loads a plugin's own libraries by name (DT_NEEDED without '/', found through RUNPATH)")
                }
                guard order.count < maximumLibraries, loaders.count < maximumDepth else {
                    return PluginLoadError(path: plugin.path, kind: .dependencyRefused,
                        message: "it brings more than \(maximumLibraries) libraries, or a chain deeper than \(maximumDepth), from outside the system's folders")
                }
                let image: PluginImage
                switch PluginImage.open(found.path) {
                case .success(let opened): image = opened
                case .failure(let error):
                    return PluginLoadError(path: plugin.path, kind: .dependencyRefused,
                        message: "\(who) the library \(name), found at \(found.path) through \(found.through), which cannot be opened: \(error.message)")
                }
                let candidate = PluginDependency(image: image, name: name, neededBy: object, foundThrough: found.through)
                let checked: PluginImage
                switch check(candidate) {
                case .success(let passed): checked = passed
                case .failure(let error): return error
                }
                let libraryDynamic: ELFCheck.Dynamic
                switch ELFCheck.dynamic(descriptor: checked.descriptor, fileSize: checked.size) {
                case .success(let read): libraryDynamic = read
                case .failure(let error):
                    return PluginLoadError(path: plugin.path, kind: .dependencyRefused,
                        message: "\(who) the library \(candidate.described), which is not a loadable shared object: \(error.message)")
                }
                guard libraryDynamic.soname == name else {
                    let has = libraryDynamic.soname.map { "its DT_SONAME is '\($0)'" } ?? "it has no DT_SONAME"
                    return PluginLoadError(path: plugin.path, kind: .dependencyRefused,
                        message: "\(who) the library \(candidate.described), but \(has): easel loads a plugin's own libraries from the descriptors it checked, and the loader matches them by that name; link the library with -Wl,-soname,\(name)")
                }
                if let error = visit(found.path, libraryDynamic, loaders: loaders + [(object, dynamic)]) { return error }
                order.append(candidate.with(image: checked))
            }
            return nil
        }

        switch ELFCheck.dynamic(descriptor: plugin.descriptor, fileSize: plugin.size) {
        case .failure(let error): return fail("not a loadable shared object: \(error.message)")
        case .success(let dynamic):
            if let error = visit(plugin.path, dynamic, loaders: []) { return .failure(error) }
        }
        return .success(order)
    }

    /// `LD_LIBRARY_PATH`, which the loader searches before a RUNPATH.
    package static func currentLibraryPath() -> String? {
        getenv("LD_LIBRARY_PATH").map { String(cString: $0) }
    }

    /// A search-path entry with `$ORIGIN` and `${ORIGIN}` replaced, or the
    /// other token it uses (`$LIB`, `$PLATFORM`), which is not resolved.
    static func expand(_ entry: String, origin: String) -> Result<String, TokenError> {
        if entry.isEmpty { return .success(".") }
        // Most entries (LD_LIBRARY_PATH's, the Swift runtime's folder) have no token to replace.
        guard entry.utf8.contains(UInt8(ascii: "$")) else { return .success(entry) }
        var text = entry.replacingBytes("${ORIGIN}", with: origin).replacingBytes("$ORIGIN", with: origin)
        if text.isEmpty { text = "." }
        if let dollar = text.firstIndex(of: "$") {
            let token = text[dollar...].prefix { $0 != "/" }
            return .failure(TokenError(token: String(token)))
        }
        return .success(text)
    }

    struct TokenError: Error, CustomStringConvertible {
        let token: String
        var description: String { token }
    }

    /// The folder a path is in (`.` for a bare name, `/` for a file at the root).
    package static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func resolved(_ path: String) -> String? {
        FileSystemName.realpath(path)
    }
}

private extension Substring {
    func trimmingSuffix(_ suffix: String) -> Substring { hasSuffix(suffix) ? dropLast(suffix.count) : self }
}

extension String {
    /// The string with every occurrence of `token` replaced by `replacement`, compared byte
    /// by byte (String.replacing, from _StringProcessing, builds a Character table per call
    /// and costs a conformance scan on first use, for every plugin loaded).
    func replacingBytes(_ token: String, with replacement: String) -> String {
        let bytes = Array(utf8), pattern = Array(token.utf8)
        guard !pattern.isEmpty, bytes.count >= pattern.count else { return self }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if index + pattern.count <= bytes.count, bytes[index..<index + pattern.count].elementsEqual(pattern) {
                result += replacement.utf8
                index += pattern.count
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}
