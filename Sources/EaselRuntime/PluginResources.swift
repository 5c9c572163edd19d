// Plugin resource folders, and where `image_named` looks.
//
// A plugin file `<dir>/lib<Name>.so` (or `<dir>/<Name>.so`) owns the folder
// `<dir>/<Name>.resources/` when it exists, and every SwiftPM resource bundle
// of that name beside it, `<dir>/<Package>_<Name>.resources/` (SwiftPM names
// a target's bundle so on Linux, next to the products it builds). When the
// plugin file is a symbolic link, the same folders beside the file it
// resolves to come next. Resources are data: the host reads them (images;
// fonts, later) and never executes or loads anything from them.
//
// A resource folder follows the permission rule of a plugin folder where it
// is worth something: one writable by others (or by a group with other
// members, or owned by someone other than the user or root) lets them change
// what a trusted plugin draws, so EaselDiscovery installs its check
// (`Registry.resourceFolderCheck`) and a refused folder is not searched; the
// not-found message says why. `--allow-writable-plugins` lifts it too.
//
// The image search (`CanvasImage.installNamedImageSearch`, EaselDrawingExtensions)
// is installed with the host table: an owner object → its class's plugin →
// that plugin's resource folders, then the registry's scene image folders,
// at the registry's image scale (both set by whoever renders a scene).

import EaselDrawingExtensions
import EaselGraphicsCore
#if canImport(Glibc)
import Glibc
#endif

/// The resource folders of plugin files.
public enum PluginResources {
    /// The name a plugin file gives its resource folder: `libPhotoCard.so` → `PhotoCard`.
    public static func name(ofPluginAt path: String) -> String {
        var name = Substring(path.split(separator: "/", omittingEmptySubsequences: false).last ?? "")
        if name.hasSuffix(".so") { name = name.dropLast(3) }
        if name.hasPrefix("lib"), name.count > 3 { name = name.dropFirst(3) }
        return String(name)
    }

    /// The resource folders of a plugin file that exist, in search order:
    /// `<dir>/<Name>.resources`, then `<dir>/*_<Name>.resources` (SwiftPM's
    /// bundles) in name order; then the same beside the file a link resolves to.
    ///
    /// - Parameter path: The plugin file.
    /// - Returns: Folder paths (each a directory when looked at).
    public static func folders(forPluginAt path: String) -> [String] {
        var result: [String] = []
        let name = self.name(ofPluginAt: path)
        guard !name.isEmpty else { return [] }
        var places = [directory(of: path)]
        // A link: the folders beside the file it resolves to come next.
        var link = stat()
        if FileSystemName.lstat(path, &link) == 0, (link.st_mode & S_IFMT) == S_IFLNK, let target = resolved(path),
           let here = resolved(places[0]), directory(of: target) != here, self.name(ofPluginAt: target) == name {
            places.append(directory(of: target))
        }
        for place in places {
            let own = place + "/" + name + ".resources"
            if isDirectory(own) { result.append(own) }
            for bundle in entries(of: place, endingWith: "_" + name + ".resources") where isDirectory(place + "/" + bundle) {
                result.append(place + "/" + bundle)
            }
        }
        return result
    }

    /// The path with every link resolved, or nil.
    static func resolved(_ path: String) -> String? {
        FileSystemName.realpath(path)
    }

    /// The folder a path is in (`.` for a bare name).
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return FileSystemName.stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// The names in a folder ending in `suffix` (compared byte for byte, as
    /// the file system stores names), sorted; at most 10,000 entries are read.
    static func entries(of folder: String, endingWith suffix: String) -> [String] {
        guard let stream = FileSystemName.withCString(folder, { opendir($0) }) else { return [] }
        defer { closedir(stream) }
        let ending = FileSystemName.bytes(suffix)
        var names: [String] = []
        var read = 0
        while read < 10_000, let entry = readdir(stream) {
            read += 1
            // Only a name with the ending is decoded: a build folder has hundreds of others.
            let name = withUnsafeBytes(of: &entry.pointee.d_name) { raw -> String? in
                let bytes = raw.prefix { $0 != 0 }
                guard bytes.count > ending.count, bytes.suffix(ending.count).elementsEqual(ending) else { return nil }
                return FileSystemName.decode(bytes)
            }
            if let name { names.append(name) }
        }
        return names.sorted()
    }
}

extension Registry {
    /// The resource folders of a plugin file that this registry's check lets
    /// `image_named` search, and notes on those it refused (cached per file).
    package func resourceFolders(forPluginAt path: String) -> (folders: [String], notes: [String]) {
        if let known = resourceFolderCache[path] { return known }
        var folders: [String] = []
        var notes: [String] = []
        for folder in PluginResources.folders(forPluginAt: path) {
            if let refusal = resourceFolderCheck?(folder) {
                notes.append("the resource folder \(folder) is not used: \(refusal)")
            } else {
                folders.append(folder)
            }
        }
        resourceFolderCache[path] = (folders, notes)
        return (folders, notes)
    }

    /// Where `image_named` looks for an object of this registry.
    package func imageSearch(for object: EaselObject) -> ImageSearch {
        var search = ImageSearch(folders: [], scale: imageScale)
        if let plugin = object.objectClass.plugin {
            let own = resourceFolders(forPluginAt: plugin.path)
            search.folders = own.folders
            search.notes = own.notes
            search.owner = "the plugin \(plugin.name) (\(plugin.path))"
        }
        search.folders += imageFolders
        return search
    }
}

extension HostAPI {
    /// Installs the image search of `image_named` (once, with the host table).
    static func installImageSearch() {
        CanvasImage.installNamedImageSearch { owner in
            let object = EaselObject.from(handle: owner)
            return object.registry.imageSearch(for: object)
        }
    }
}
