#if canImport(Glibc)
import Glibc
#endif
import EaselABI
import EaselProbe
import EaselRuntime

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
            switch PluginFolder.sharedObjectsAndRefusals(in: folder) {
            case .success(let found):
                files = found.files
                if let refusal = trust.checkFolder(folder) { recordFailure(refusal); continue }
                found.refused.forEach(recordFailure)
            case .failure(let error): recordFailure(error); continue
            }
            for file in files {
                let identity = PluginFolder.canonicalPath(file)
                guard seen.insert(identity).inserted else { continue }
                if let candidate = probe(file, folder: folder, trust: trust) { candidates.append(candidate) }
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
        guard let candidate = probe(path, folder: nil, trust: trust) else { return nil }
        return link([candidate]).first
    }

    /// Opens a plugin file once, checks it with `trust` and loads what was
    /// checked (``PluginTrust/open(_:folder:)``), with this registry active;
    /// records the failure, if any.
    ///
    /// - Parameters:
    ///   - path: The plugin file.
    ///   - folder: The plugin folder it was found in (already checked), or
    ///     `nil` to check the folder it is in.
    ///   - trust: The permission rules and allow-list.
    /// - Returns: The validated plugin, not yet linked, or `nil` when it was refused.
    package func probe(_ path: String, folder: String?, trust: PluginTrust) -> PluginCandidate? {
        // The plugins' resource folders follow the same trust (PluginResources.swift).
        resourceFolderCheck = { trust.checkResourceFolder($0) }
        let result = trust.open(path, folder: folder).flatMap { checked in
            withActive { PluginProbe.probe(checked, host: HostAPI.table) }
        }
        switch result {
        case .success(let candidate): return candidate
        case .failure(let error): recordFailure(error); return nil
        }
    }
}
