// Images by name (`image_named`, UIImage(named:in:) semantics).
//
// A plugin names an image ("arrow", "icons/arrow", "arrow.png") and gives an
// object of its own; the host looks in the resource folders of the plugin
// that defines the object's class, then in the folders the scene names. This
// module knows neither objects nor plugins nor scenes: the runtime, a layer
// above, installs the function that turns an owner object into the folders
// to search and the render's scale (`installNamedImageSearch`), as the view
// module installs the host table's view functions.
//
// In each folder, in order, the first folder holding any variant of the name
// wins. A name without an image extension tries png, jpg, jpeg, webp, gif and
// svg; the variants are `name` (1x; also `name@1x`), `name@2x` and `name@3x`,
// and the one chosen is the smallest whose scale is at least the render's,
// else the largest (a 2x render takes @2x, then @3x, then 1x). Only regular
// files are opened (a FIFO or a device in a resource folder is skipped, never
// read), names may not leave their folder (no `..`, no leading `/`), and
// every error names the image and the folders searched, or the file that
// failed to decode.

import EaselGraphicsCore
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Where `image_named` looks for one owner: folders in order, and the scale to choose variants by.
package struct ImageSearch: Sendable {
    /// The folders, in the order they are searched (the plugin's resource folders, then the scene's image folders).
    package var folders: [String]
    /// The render's scale, in pixels per point: the `@2x`/`@3x` variant is chosen by it.
    package var scale: Double
    /// What the not-found message adds: e.g. a resource folder that was not used, and why.
    package var notes: [String]
    /// Who was asked, for messages: e.g. `plugin PhotoCard`.
    package var owner: String

    /// A search.
    package init(folders: [String], scale: Double, notes: [String] = [], owner: String = "") {
        self.folders = folders
        self.scale = scale
        self.notes = notes
        self.owner = owner
    }
}

extension CanvasImage {
    /// The extensions a name without one is tried with, in order.
    package static let namedImageExtensions = ["png", "jpg", "jpeg", "webp", "gif", "svg"]

    /// The longest image name accepted, in bytes.
    package static let maximumNameLength = 1024

    /// The function the runtime installs: an owner object's handle to its search.
    private static let namedImageSearch = Mutex<(@Sendable (OpaquePointer) -> ImageSearch)?>(nil)

    /// Installs the function that turns an owner object (`easel_object *`) into
    /// the folders `image_named` searches; set once by the runtime.
    package static func installNamedImageSearch(_ search: @escaping @Sendable (OpaquePointer) -> ImageSearch) {
        namedImageSearch.withLock { $0 = search }
    }

    /// The search for an owner object, or nil when no runtime installed one.
    package static func search(for owner: OpaquePointer) -> ImageSearch? {
        namedImageSearch.withLock { $0 }?(owner)
    }

    /// Loads the image called `name` from the folders of `search`.
    ///
    /// - Throws: ``CanvasError`` `image_named: …` naming the image and the
    ///   folders searched, or the decoder's error naming the file.
    package static func named(_ name: String, search: ImageSearch) throws(CanvasError) -> CanvasImage {
        guard let found = try find(name, search: search) else {
            throw CanvasError(message: notFoundMessage(name, search: search))
        }
        return try ImageCache.shared.image(contentsOf: found.path, defaultSVGScale: max(1, min(search.scale, 16)))
    }

    /// The file chosen for `name`: the first folder holding any variant, the best variant there.
    ///
    /// - Returns: The path and the variant's scale, or nil when no folder has the image.
    /// - Throws: ``CanvasError`` for a name that is empty, too long, absolute or climbs out with `..`.
    package static func find(_ name: String, search: ImageSearch) throws(CanvasError) -> (path: String, scale: Double)? {
        try checkName(name)
        let stem: String
        let extensions: [String]
        if let dot = name.lastIndex(of: "."), !name[dot...].contains("/"),
           namedImageExtensions.contains(name[name.index(after: dot)...].lowercased()) {
            stem = String(name[..<dot])
            extensions = [String(name[name.index(after: dot)...])]
        } else {
            stem = name
            extensions = namedImageExtensions
        }
        // A name that already says its scale (`arrow@2x`) is taken as it is.
        let variants: [(suffix: String, scale: Double)]
        if (1...3).contains(where: { stem.hasSuffix("@\($0)x") }) {
            variants = [("", scale(ofFileNamed: stem + ".png"))]
        } else {
            variants = variantOrder(for: search.scale)
        }
        for folder in search.folders {
            for variant in variants {
                for pathExtension in extensions {
                    let path = folder + "/" + stem + variant.suffix + "." + pathExtension
                    if isRegularFile(path) { return (path, variant.scale) }
                }
            }
        }
        return nil
    }

    /// The variants in the order they are preferred at `scale`: those at least
    /// `scale` from the smallest, then the rest from the largest.
    package static func variantOrder(for scale: Double) -> [(suffix: String, scale: Double)] {
        let all: [(suffix: String, scale: Double)] = [("", 1), ("@1x", 1), ("@2x", 2), ("@3x", 3)]
        let wanted = scale.isFinite && scale > 0 ? scale : 1
        let atLeast = all.filter { $0.scale >= wanted }
        let below = all.filter { $0.scale < wanted }.reversed()
        return atLeast + below
    }

    private static func checkName(_ name: String) throws(CanvasError) {
        func refuse(_ why: String) -> CanvasError {
            CanvasError(message: "image_named: invalid image name '\(name.prefix(200))': \(why)")
        }
        guard !name.isEmpty else { throw refuse("the name is empty") }
        guard name.utf8.count <= maximumNameLength else { throw refuse("longer than \(maximumNameLength) bytes") }
        guard !name.hasPrefix("/") else { throw refuse("it must be relative to the resource folder") }
        guard !name.split(separator: "/").contains("..") else { throw refuse("it may not contain '..'") }
    }

    private static func notFoundMessage(_ name: String, search: ImageSearch) -> String {
        let tried = "tried " + namedImageExtensions.map { "." + $0 }.joined(separator: ", ")
            + " with @1x, @2x and @3x variants for scale \(formatScale(search.scale))"
        var text: String
        if search.folders.isEmpty {
            text = "image_named: no image named '\(name)': "
                + (search.owner.isEmpty ? "" : "\(search.owner) has no resource folder and ")
                + "the scene names no image folders"
        } else {
            text = "image_named: no image named '\(name)' in " + search.folders.joined(separator: ", ") + " (\(tried))"
        }
        for note in search.notes { text += "; " + note }
        return text
    }

    private static func formatScale(_ scale: Double) -> String {
        scale == scale.rounded() && abs(scale) < 1e6 ? String(Int(scale)) : String(scale)
    }

    /// Whether `path` is a regular file (following links); FIFOs, devices and folders are not.
    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }
}
