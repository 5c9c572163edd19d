import EaselDiscovery
#if canImport(Glibc)
import Glibc
#endif

/// A new widget plugin project, as `easel new` writes it: one view class with a `color` property
/// and a `drawRect:`, its build file, a scene that shows it, and a golden test.
///
/// Every language draws the same picture: the view filled with `color` (#3366cc in the scene), and
/// a white ellipse in its middle half. The project refers to Easel's source folder (for easel.h,
/// the Rust crate or the Swift kit package) and to the `easel` executable by absolute path; the
/// build script takes `EASEL_ROOT` and the golden test `EASEL` from the environment to override them.
public struct PluginProject: Sendable {
    /// The language a project is written in.
    public enum Language: String, CaseIterable, Sendable {
        case c, cpp, swift, rust

        /// The name shown to people.
        public var displayName: String {
            switch self {
            case .c: "C"
            case .cpp: "C++"
            case .swift: "Swift"
            case .rust: "Rust"
            }
        }
    }

    /// One file of the project.
    public struct File: Sendable, Equatable {
        /// The path inside the project folder.
        public let path: String
        /// The contents.
        public let text: String
        /// Whether it is a script to run (mode 0755).
        public let isExecutable: Bool
    }

    /// The view class's name (also the plugin's, the Swift module's and, lowercased, the Rust crate's).
    public let name: String
    /// The language.
    public let language: Language
    /// Easel's source folder: the one holding `Sources/EaselABI/include/easel.h`.
    public let easelRoot: String
    /// The `easel` executable the scripts run.
    public let easelExecutable: String

    /// Names `easel new` refuses although they are identifiers: Swift and Rust keywords that start
    /// with a capital letter, the standard types a Swift struct must not shadow in its own module,
    /// and names whose lower case cargo refuses as a package name (Rust's own crates).
    static let reservedNames: Set<String> = ["Self", "Any", "Type", "Protocol", "String", "Int", "Double", "Bool", "Array", "Optional",
                                             "Test", "Std", "Core", "Alloc"]

    /// A project, after checking the name: a letter, then up to 63 letters and digits (ASCII), starting
    /// with a capital letter, and not a built-in class or a reserved name.
    ///
    /// - Throws: ``SessionError`` (a usage error) naming the problem.
    public init(name: String, language: Language, easelRoot: String, easelExecutable: String) throws(SessionError) {
        let scalars = Array(name.unicodeScalars)
        guard let first = scalars.first, ("A"..."Z").contains(first), scalars.count <= 64,
              scalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }) else {
            throw SessionError(
                "'\(name)' cannot name a widget: use a capital letter, then letters and digits (at most 64), e.g. 'Gauge'",
                usage: "easel new <Name> --language c|cpp|swift|rust [--dir <folder>]", isUsageError: true)
        }
        if Session.builtInClassNames.contains(name) || Self.reservedNames.contains(name) {
            throw SessionError("'\(name)' is taken (\(Session.builtInClassNames.contains(name) ? "a built-in class" : "a reserved name in Swift or Rust")): choose another name",
                               isUsageError: true)
        }
        self.name = name
        self.language = language
        self.easelRoot = easelRoot
        self.easelExecutable = easelExecutable
    }

    /// Easel's source folder for an `easel` executable at `executable`: the first folder at or
    /// above the executable's (at most 6 levels) that holds `Sources/EaselABI/include/easel.h`
    /// (`swift build` puts `easel` in `<root>/.build/<triple>/<configuration>/`); nil when none does.
    public static func sourceRoot(aboveExecutable executable: String) -> String? {
        var folder = executable
        for _ in 0..<7 {
            guard let slash = folder.lastIndex(of: "/"), slash != folder.startIndex else { return nil }
            folder = String(folder[..<slash])
            if access(folder + "/Sources/EaselABI/include/easel.h", R_OK) == 0 { return folder }
        }
        return nil
    }

    /// The path of the running executable (`/proc/self/exe`), for ``easelExecutable``; nil when unknown.
    public static var runningExecutable: String? { PluginSearchPath.currentExecutablePath() }

    /// "import", interpolated into the Swift templates so that their import lines are not taken for
    /// this module's own (ArchitectureTests reads every line that starts with `import`).
    static let importWord = "import"

    /// The Rust package's name: the class name in lower case (its library is `lib<crate>.so`).
    var crateName: String { name.lowercased() }

    /// The plugin file the build puts in `plugins/`.
    public var libraryName: String { language == .rust ? "lib\(crateName).so" : "lib\(name).so" }

    /// The commands that build the project and render its scene, run from the project folder.
    public var commands: [String] {
        ["./build.sh", "\(shellWord(easelExecutable)) render scene.json --plugins plugins -o scene.png", "./golden-test.sh"]
    }

    /// Every file of the project, in the order they are listed.
    public var files: [File] {
        var files: [File] = []
        switch language {
        case .c: files.append(File(path: "\(name).c", text: cSource, isExecutable: false))
        case .cpp: files.append(File(path: "\(name).cpp", text: cxxSource, isExecutable: false))
        case .swift:
            files.append(File(path: "Package.swift", text: swiftManifest, isExecutable: false))
            files.append(File(path: "Sources/\(name)/\(name).swift", text: swiftSource, isExecutable: false))
        case .rust:
            files.append(File(path: "Cargo.toml", text: cargoManifest, isExecutable: false))
            files.append(File(path: "src/lib.rs", text: rustSource, isExecutable: false))
        }
        files.append(File(path: "build.sh", text: buildScript, isExecutable: true))
        files.append(File(path: "scene.json", text: scene, isExecutable: false))
        files.append(File(path: "golden-test.sh", text: goldenTest, isExecutable: true))
        files.append(File(path: "README.md", text: readme, isExecutable: false))
        files.append(File(path: ".gitignore", text: "/plugins/\n/scene.png\n/actual.png\n/diff.png\n/.build/\n/target/\nCargo.lock\nPackage.resolved\n",
                          isExecutable: false))
        return files
    }

    /// Writes the project into `folder`, which must not exist or be empty; returns the paths written.
    ///
    /// - Throws: ``SessionError``: a usage error when `folder` holds something already; the
    ///   system's reason when a folder or file cannot be made.
    @discardableResult
    public func write(into folder: String) throws(SessionError) -> [String] {
        if let entries = Self.entries(of: folder), !entries.isEmpty {
            throw SessionError("'\(folder)' exists and is not empty (\(entries.sorted().prefix(3).joined(separator: ", "))\(entries.count > 3 ? ", …" : "")): "
                               + "choose a new folder with --dir", file: folder, isUsageError: true)
        }
        var written: [String] = []
        for file in files {
            let path = folder + "/" + file.path
            if let slash = path.lastIndex(of: "/") { try OutputFile.makeFolder(String(path[..<slash])) }
            try OutputFile.write(Array(file.text.utf8), to: path)
            if file.isExecutable && chmod(path, 0o755) != 0 {
                throw SessionError("cannot make '\(path)' executable: \(reason(errno))", file: path)
            }
            written.append(path)
        }
        return written
    }

    /// The names in `folder`, nil when it does not exist (a file there counts as one entry).
    static func entries(of folder: String) -> [String]? {
        var info = stat()
        guard stat(folder, &info) == 0 else { return nil }
        guard (info.st_mode & S_IFMT) == S_IFDIR else { return [folder] }
        guard let directory = opendir(folder) else { return [folder] }
        defer { closedir(directory) }
        var names: [String] = []
        while names.count < 100, let entry = readdir(directory) {
            let entryName = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if entryName != "." && entryName != ".." { names.append(entryName) }
        }
        return names
    }

    // MARK: - Quoting

    /// A word for sh: single-quoted unless it is plain.
    public func shellWord(_ text: String) -> String {
        if !text.isEmpty && text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "/._-+".contains($0)) }) { return text }
        return "'" + text.replacing("'", with: #"'\''"#) + "'"
    }

    /// A string literal for Swift and TOML (both escape `\` and `"` the same way).
    func quoted(_ text: String) -> String {
        "\"" + text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
    }

    // MARK: - Files common to every language

    var buildScript: String {
        let build: String
        switch language {
        case .c:
            build = """
                cc -std=c99 -shared -fPIC -Wall -Wextra -Werror -I "$EASEL_ROOT/Sources/EaselABI/include" \(name).c -o plugins/lib\(name).so
                """
        case .cpp:
            build = """
                c++ -std=c++17 -shared -fPIC -Wall -Wextra -Werror -I "$EASEL_ROOT/Sources/EaselABI/include" \(name).cpp -o plugins/lib\(name).so
                """
        case .swift:
            build = """
                # Package.swift names Easel's kit package by its path: edit it there if Easel moves.
                swift build -c release
                cp .build/release/lib\(name).so plugins/
                """
        case .rust:
            build = """
                # Cargo.toml names the easel-abi crate by its path: edit it there if Easel moves.
                cargo build --release --offline
                cp target/release/lib\(crateName).so plugins/
                """
        }
        return """
            #!/bin/sh
            # Builds the \(language.displayName) plugin into plugins/\(libraryName).
            set -eu
            cd "$(dirname "$0")"
            EASEL_ROOT="${EASEL_ROOT:-\(shellWord(easelRoot))}"
            mkdir -p plugins
            \(build)
            echo "built plugins/\(libraryName)"

            """
    }

    var scene: String {
        """
        {
          "canvas": { "size": [200, 120], "scale": 1, "background": "#ffffff" },
          "root": {
            "subviews": [
              { "class": "\(name)", "frame": [20, 20, 160, 80], "opaque": false, "properties": { "color": "#3366cc" } }
            ]
          }
        }

        """
    }

    var goldenTest: String {
        """
        #!/bin/sh
        # The golden test: renders scene.json and compares it with expected.png, which the first run records
        # (look at it, then commit it). Exit status 0 when the pixels match, 1 when they differ (see diff.png).
        # Run it in CI after ./build.sh; EASEL names the easel executable.
        set -eu
        cd "$(dirname "$0")"
        EASEL="${EASEL:-\(shellWord(easelExecutable))}"
        "$EASEL" render scene.json --plugins plugins -o actual.png
        if [ ! -f expected.png ]; then
            cp actual.png expected.png
            echo "recorded expected.png: look at it, then commit it"
            exit 0
        fi
        exec "$EASEL" compare expected.png actual.png --tolerance 2 --diff diff.png

        """
    }

    var readme: String {
        let source: String
        switch language {
        case .c: source = "`\(name).c`"
        case .cpp: source = "`\(name).cpp`"
        case .swift: source = "`Sources/\(name)/\(name).swift` (with `Package.swift`)"
        case .rust: source = "`src/lib.rs` (with `Cargo.toml`)"
        }
        return """
            # \(name)

            An Easel widget plugin in \(language.displayName): the view class `\(name)`, in \(source), fills its bounds
            with its `color` property and draws a white ellipse in its middle.

            ```sh
            \(commands.joined(separator: "\n"))
            ```

            `build.sh` puts the plugin in `plugins/`; `scene.json` shows the widget; `golden-test.sh` renders the scene and
            compares it with `expected.png` (recorded by its first run) using `easel compare`: run it in CI.

            """
    }

    // MARK: - Sources

    var cSource: String {
        """
        /* \(name): an Easel widget. The view fills its bounds with `color` and draws a white ellipse in its middle. */
        #include "easel.h"
        #include "easel_util.h"

        static const easel_host_api *g_host;

        /* The instance storage: one field per property. */
        typedef struct \(name)Storage {
            easel_color color;
        } \(name)Storage;

        /* - (void)drawRect:(CGRect)rect */
        static void \(name)_drawRect(easel_object *self, easel_sel cmd, easel_rect rect) {
            static easel_class *cls; /* looked up once, on the first call */
            const easel_graphics_api *g = g_host->graphics;
            easel_context *ctx = g->current_context();
            const \(name)Storage *storage;
            easel_rect bounds, middle;
            const easel_color white = {1, 1, 1, 1};
            (void)cmd;
            (void)rect;
            if (cls == NULL) {
                cls = g_host->class_named("\(name)");
            }
            storage = (const \(name)Storage *)g_host->object_storage(self, cls);
            if (ctx == NULL || storage == NULL) {
                return;
            }
            bounds = g_host->views->bounds(self);
            g->set_fill_color(ctx, storage->color);
            g->fill_rect(ctx, bounds);
            middle.origin.x = bounds.origin.x + bounds.size.width / 4;
            middle.origin.y = bounds.origin.y + bounds.size.height / 4;
            middle.size.width = bounds.size.width / 2;
            middle.size.height = bounds.size.height / 2;
            g->set_fill_color(ctx, white);
            g->begin_path(ctx);
            g->add_ellipse_in_rect(ctx, middle);
            g->fill_path(ctx, EASEL_FILL_NONZERO);
        }

        static const easel_color kDefaultColor = {0.2, 0.4, 0.8, 1};

        static const easel_property_desc k\(name)Properties[] = {
            EASEL_PROPERTY("color", EASEL_ENCODE_COLOR, \(name)Storage, color, &kDefaultColor),
        };

        static const easel_method_desc k\(name)Methods[] = {
            EASEL_METHOD("drawRect:", "v@:" EASEL_ENCODE_RECT, \(name)_drawRect),
        };

        static const easel_class_desc kClasses[] = {
            EASEL_CLASS("\(name)", "View", sizeof(\(name)Storage), k\(name)Properties, k\(name)Methods),
        };

        EASEL_DEFINE_PLUGIN(kPlugin, "\(name)", kClasses);

        EASEL_PLUGIN_ENTRY(host) {
            g_host = host;
            return &kPlugin;
        }

        """
    }

    var cxxSource: String {
        """
        // \(name): an Easel widget in C++17. The view fills its bounds with `color` and draws a white ellipse in
        // its middle. Methods are plain functions with the C signature of their encoding, noexcept (no exception
        // may unwind into the host); the storage is plain data (the host frees it without running destructors).
        #include "easel.h"
        #include "easel_util.h"

        #include <type_traits>

        namespace {

        const easel_host_api *g_host = nullptr;

        struct \(name)Storage {
            easel_color color;
        };
        static_assert(std::is_standard_layout_v<\(name)Storage> && std::is_trivially_destructible_v<\(name)Storage>);

        // - (void)drawRect:(CGRect)rect
        void drawRect(easel_object *self, easel_sel, easel_rect) noexcept {
            static easel_class *const cls = g_host->class_named("\(name)");   // looked up on the first call
            const easel_graphics_api *g = g_host->graphics;
            easel_context *ctx = g->current_context();
            const auto *storage = static_cast<const \(name)Storage *>(g_host->object_storage(self, cls));
            if (ctx == nullptr || storage == nullptr) {
                return;
            }
            const easel_rect bounds = g_host->views->bounds(self);
            g->set_fill_color(ctx, storage->color);
            g->fill_rect(ctx, bounds);
            const easel_rect middle = {{bounds.origin.x + bounds.size.width / 4, bounds.origin.y + bounds.size.height / 4},
                                       {bounds.size.width / 2, bounds.size.height / 2}};
            g->set_fill_color(ctx, easel_color{1, 1, 1, 1});
            g->begin_path(ctx);
            g->add_ellipse_in_rect(ctx, middle);
            g->fill_path(ctx, EASEL_FILL_NONZERO);
        }

        const easel_color kDefaultColor = {0.2, 0.4, 0.8, 1};

        const easel_property_desc kProperties[] = {
            EASEL_PROPERTY("color", EASEL_ENCODE_COLOR, \(name)Storage, color, &kDefaultColor),
        };

        const easel_method_desc kMethods[] = {
            EASEL_METHOD("drawRect:", "v@:" EASEL_ENCODE_RECT, drawRect),
        };

        const easel_class_desc kClasses[] = {
            EASEL_CLASS("\(name)", "View", sizeof(\(name)Storage), kProperties, kMethods),
        };

        } // namespace

        EASEL_DEFINE_PLUGIN(kPlugin, "\(name)", kClasses);

        EASEL_PLUGIN_ENTRY(host) {
            g_host = host;
            return &kPlugin;
        }

        """
    }

    var swiftManifest: String {
        """
        // swift-tools-version: 6.1
        // \(name): an Easel widget plugin, built with `swift build -c release` into .build/release/lib\(name).so.
        \(Self.importWord) PackageDescription

        let package = Package(
            name: "\(name)",
            products: [
                .library(name: "\(name)", type: .dynamic, targets: ["\(name)"]),
            ],
            dependencies: [
                // Easel's plugin kit: only easel.h and EaselPluginKit, nothing of the CLI's dependencies.
                .package(path: \(quoted(easelRoot + "/Kit"))),
            ],
            targets: [
                .target(name: "\(name)", dependencies: [.product(name: "EaselPluginKit", package: "Kit")]),
            ]
        )

        """
    }

    var swiftSource: String {
        """
        \(Self.importWord) EaselPluginKit

        @_cdecl("easel_plugin_entry_v2")
        public func easelPluginEntry(_ host: UnsafeRawPointer?) -> UnsafeRawPointer? {
            Plugin.entry(host, name: "\(name)", classes: [\(name).self])
        }

        /// The view fills its bounds with `color` and draws a white ellipse in its middle.
        struct \(name): ViewClass {
            let color = Property(default: Color(red: 0.2, green: 0.4, blue: 0.8))   // "color", {EaselColor=dddd}

            static var methods: [Method<\(name)>] {
                [
                    .drawRect { view, _, g in
                        let b = view.bounds
                        g.setFillColor(view.color)
                        g.fill(b)
                        g.setFillColor(Color(white: 1))
                        g.addEllipse(in: Rect(x: b.minX + b.width / 4, y: b.minY + b.height / 4, width: b.width / 2, height: b.height / 2))
                        g.fillPath()
                    },
                ]
            }
        }

        """
    }

    var cargoManifest: String {
        """
        [package]
        name = "\(crateName)"
        version = "0.1.0"
        edition = "2021"
        publish = false

        # An Easel plugin: a C-ABI shared object, lib\(crateName).so.
        [lib]
        crate-type = ["cdylib"]

        [dependencies]
        easel-abi = { path = \(quoted(easelRoot + "/bindings/rust/easel-abi")) }

        """
    }

    var rustSource: String {
        """
        //! \(name): an Easel widget. The view fills its bounds with `color` and draws a white ellipse in its middle.
        use easel_abi::*;

        /// The instance storage: plain data (the host frees it without running `Drop`).
        #[repr(C)]
        #[derive(Clone, Copy)]
        struct Storage {
            color: easel_color,
        }

        static CLASS: ClassRef = ClassRef::new(b"\(name)\\0");

        /// - (void)drawRect:(CGRect)rect
        extern "C" fn draw_rect(this: *mut easel_object, _cmd: easel_sel, _rect: easel_rect) {
            guard((), || {
                // SAFETY: Storage is the storage type declared for the class below.
                let storage = match unsafe { CLASS.storage::<Storage>(this) } {
                    Some(storage) => *storage,
                    None => return,
                };
                let g = match Graphics::current() {
                    Some(g) => g,
                    None => return,
                };
                let b = views().bounds(this);
                g.set_fill_color(storage.color);
                g.fill_rect(b);
                g.set_fill_color(easel_color { red: 1.0, green: 1.0, blue: 1.0, alpha: 1.0 });
                g.begin_path();
                g.add_ellipse_in_rect(easel_rect {
                    origin: easel_point { x: b.origin.x + b.size.width / 4.0, y: b.origin.y + b.size.height / 4.0 },
                    size: easel_size { width: b.size.width / 2.0, height: b.size.height / 2.0 },
                });
                g.fill_path(EASEL_FILL_NONZERO);
            })
        }

        easel_plugin!(Plugin::new("\(name)").class(
            Class::new("\(name)", "View")
                .storage::<Storage>()
                .property(Property::new("color", field_offset!(Storage, color),
                                        easel_color { red: 0.2, green: 0.4, blue: 0.8, alpha: 1.0 }))
                .method(Method::draw_rect(draw_rect))
        ));

        """
    }
}
