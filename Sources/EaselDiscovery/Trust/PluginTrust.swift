// Folder trust: which plugin files the host agrees to load at all.
//
// A plugin is native code that runs with the user's rights. Whoever can write
// a plugin file, or the folder that holds it (and so replace or add files),
// can run code as every user who loads it. So, as ssh does with
// ~/.ssh/authorized_keys and sudo with its plugins, the host refuses, before
// any code of the file runs:
//
// - a plugin folder that is writable by others, by a group (see below), or
//   owned by someone other than the user or root (its owner can make it
//   writable whenever they like);
// - a plugin file with the same faults;
// - for a plugin file that is a symbolic link: the file it finally resolves
//   to, with the same rules, and the folder that file is in (when it is not
//   the plugin folder itself), since that is where the file can be swapped.
//   The link's own mode means nothing on Linux, and it sits in the plugin
//   folder, which is checked.
//
// The folders above the plugin folder are not checked (ssh checks every
// folder up to the home folder; sudo checks only the file). A parent writable
// by others lets them rename the plugin folder away and put another in its
// place, so it is a hole; but checking parents refuses far more ordinary
// setups than it catches (a checkout under a shared, group-writable projects
// folder; any folder on a path through a world-writable one without the
// sticky bit), and the plugin folder is the one the user chose. The FolderTrust
// article (Easel.docc) says so.
//
// Group-writable: as Debian's and Ubuntu's OpenSSH (the "user-group-modes"
// patch), a file or folder writable by its group is accepted when that group
// has exactly one member, its owner (a user private group: the default on
// Debian and Ubuntu, whose users have umask 002, so that `swift build` makes
// `.build/debug` mode 0775 with the user's own group). Any other group, or one
// that cannot be looked up, is refused.
//
// Everything is overridden by `allowWritable` (`easel --allow-writable-plugins`,
// EASEL_ALLOW_WRITABLE_PLUGINS=1). The checks read only metadata (lstat, stat,
// realpath), so they cost one lstat per file and one stat per folder.
//
// The allow-list (PluginAllowList.swift) is independent of the permission
// checks and is not overridden by `allowWritable`: with one, a file is loaded
// only when the SHA-256 digest of its contents is listed. The digest is
// computed on every run (never cached: the cache is keyed by mtime and size,
// which a file's owner can forge).
//
// Loading (`open(_:folder:)`) opens the file once and makes every check of a
// file on that descriptor: its owner and mode (fstat), its digest (under an
// allow-list, while copying it into a sealed memfd), its ELF headers; the
// loader is then handed that descriptor or the sealed copy, never the path
// again (EaselProbe's PluginImage.swift). The folder and link checks are made
// by path. The libraries a plugin needs from outside the system's folders
// (EaselProbe's PluginDependencies.swift) pass the same rules, each with its
// own folder, and under an allow-list must be listed too.

#if canImport(Glibc)
import Glibc
#endif
import EaselProbe
import EaselRuntime
import Synchronization

/// Which plugin files the host agrees to load: the permission rules of
/// plugin files and folders, and an optional allow-list of SHA-256 digests.
///
/// The default refuses plugin folders and files writable by group or others
/// (or owned by someone other than the user or root), and has no allow-list.
/// Refusals are ``PluginLoadError``s of kind
/// ``PluginLoadError/Kind/insecurePermissions`` or
/// ``PluginLoadError/Kind/notAllowListed``. See PluginTrust.swift for the rules.
public struct PluginTrust: Sendable, Equatable, Codable {
    /// The environment variable that, set to `1` (or `true`, `yes`), loads
    /// writable plugin files and folders, like `--allow-writable-plugins`.
    public static let allowWritableEnvironmentVariable = "EASEL_ALLOW_WRITABLE_PLUGINS"
    /// The environment variable naming an allow-list file, like `--allow-list`.
    public static let allowListEnvironmentVariable = "EASEL_ALLOW_LIST"
    /// The command-line flag the refusal messages suggest.
    public static let allowWritableFlag = "--allow-writable-plugins"

    /// Load plugin files and folders whatever their permissions and owner.
    public var allowWritable: Bool
    /// When set, load only files whose SHA-256 digest is listed.
    public var allowList: PluginAllowList?

    /// A trust policy.
    ///
    /// - Parameters:
    ///   - allowWritable: Skip the permission and owner checks.
    ///   - allowList: Load only files whose digest is listed, or `nil` for no such restriction.
    public init(allowWritable: Bool = false, allowList: PluginAllowList? = nil) {
        self.allowWritable = allowWritable
        self.allowList = allowList
    }

    /// Whether `$EASEL_ALLOW_WRITABLE_PLUGINS` asks for writable plugins to be loaded.
    public static func allowsWritable(environment: [String: String]) -> Bool {
        guard let value = environment[allowWritableEnvironmentVariable] else { return false }
        return ["1", "true", "yes"].contains(value.lowercased())
    }

    /// Checks a plugin folder's permissions and owner.
    ///
    /// - Returns: `nil` when plugins may be loaded from it (or it cannot be
    ///   stat()ed: listing it reports that), else the refusal.
    package func checkFolder(_ folder: String) -> PluginLoadError? {
        guard !allowWritable, let (problem, info) = Permissions.check(folder) else { return nil }
        return PluginLoadError(path: folder, kind: .insecurePermissions,
            message: "the plugin folder is \(problem.phrase) (mode \(Permissions.mode(info))); "
                + problem.remedy(for: .folder, path: folder))
    }

    /// Checks a plugin's resource folder (EaselRuntime's PluginResources.swift):
    /// the rule of a plugin folder, since whoever can write it changes what
    /// the plugin draws. Resources are only read, so a link is not followed further.
    ///
    /// - Returns: `nil` when it may be read (or cannot be stat()ed), else why not.
    package func checkResourceFolder(_ folder: String) -> String? {
        guard !allowWritable, let (problem, info) = Permissions.check(folder) else { return nil }
        let fix = problem.isOwner ? "chown \(Permissions.userName(geteuid())) \(shellQuoted(folder))" : "chmod go-w \(shellQuoted(folder))"
        return "it is \(problem.phrase) (mode \(Permissions.mode(info))); a resource folder follows the rule of a plugin folder: \(fix), or pass \(Self.allowWritableFlag)"
    }

    /// Checks a plugin file found in `folder` (already checked with
    /// ``checkFolder(_:)``): its permissions and owner, a link's target and
    /// the target's folder, then the allow-list.
    ///
    /// - Parameters:
    ///   - path: The plugin file.
    ///   - folder: The plugin folder it was found in, or `nil` to check the
    ///     folder `path` is in as well (a file loaded on its own).
    ///   - status: `stat()` of `path`, when the caller has it.
    /// - Returns: `nil` when the file may be loaded (or it cannot be
    ///   stat()ed: the file checks report that), else the refusal.
    package func checkFile(_ path: String, folder: String?, status: stat? = nil) -> PluginLoadError? {
        if !allowWritable, let error = checkPermissions(path, folder: folder, status: status) { return error }
        if let allowList {
            switch SHA256.hexDigest(ofFileAt: path) {
            case .failure(let error):
                return PluginLoadError(path: path, kind: .unreadable,
                    message: "cannot read the file to compute its SHA-256 digest: \(error.reason)")
            case .success(let digest) where !allowList.contains(digest: digest):
                return notListed(path, digest: digest, allowList: allowList)
            case .success: break
            }
        }
        return nil
    }

    /// Opens a plugin file once and makes every check on what was opened
    /// (see PluginTrust.swift): the permission rules (unless
    /// ``allowWritable``), the allow-list (on a sealed copy, which is then
    /// what is loaded), the ELF headers, and the libraries it needs from
    /// outside the system's folders, each under the same rules.
    ///
    /// - Parameters:
    ///   - path: The plugin file.
    ///   - folder: The plugin folder it was found in (already checked with
    ///     ``checkFolder(_:)``), or `nil` to check the folder `path` is in.
    /// - Returns: The file and its libraries, ready for the loader, or the
    ///   first refusal (naming the plugin file).
    package func open(_ path: String, folder: String?) -> Result<CheckedPlugin, PluginLoadError> {
        var image: PluginImage
        switch PluginImage.open(path) {
        case .success(let opened): image = opened
        case .failure(let error): return .failure(error)
        }
        if !allowWritable, let error = checkPermissions(path, folder: folder, status: image.status) { return .failure(error) }
        if let allowList {
            switch SHA256.sealedCopy(of: image) {
            case .failure(let error):
                return .failure(PluginLoadError(path: path, kind: .unreadable,
                    message: "cannot read the file to compute its SHA-256 digest: \(error.reason)"))
            case .success(let (digest, _)) where !allowList.contains(digest: digest):
                return .failure(notListed(path, digest: digest, allowList: allowList))
            case .success(let (_, copy)): image = copy
            }
        }
        if let error = PluginProbe.checkContents(image) { return .failure(error) }
        return PluginDependencies.resolve(image) { checkDependency($0, plugin: path) }
            .map { CheckedPlugin(image: image, dependencies: $0) }
    }

    /// The rules of a plugin file applied to a library it needs: the
    /// permission rules for the library and its folder, then the allow-list.
    private func checkDependency(_ library: PluginDependency, plugin: String) -> Result<PluginImage, PluginLoadError> {
        let who = library.neededBy == plugin ? "the library it needs" : "the library \(library.neededBy) needs"
        if !allowWritable,
           let error = checkPermissions(library.image.path, folder: nil, status: library.image.status, subject: .library) {
            return .failure(PluginLoadError(path: plugin, kind: .insecurePermissions,
                                            message: "\(who), \(library.described): \(error.message)"))
        }
        guard let allowList else { return .success(library.image) }
        switch SHA256.sealedCopy(of: library.image) {
        case .failure(let error):
            return .failure(PluginLoadError(path: plugin, kind: .unreadable,
                message: "\(who), \(library.described), cannot be read to compute its SHA-256 digest: \(error.reason)"))
        case .success(let (digest, _)) where !allowList.contains(digest: digest):
            return .failure(PluginLoadError(path: plugin, kind: .notAllowListed,
                message: "\(who), \(library.described), is not in the allow-list \(allowList.path): its SHA-256 digest is \(digest); to trust it, add the line '\(digest)  \(library.image.path)' to the allow-list"))
        case .success(let (_, copy)): return .success(copy)
        }
    }

    private func notListed(_ path: String, digest: String, allowList: PluginAllowList) -> PluginLoadError {
        PluginLoadError(path: path, kind: .notAllowListed,
            message: "not in the allow-list \(allowList.path): its SHA-256 digest is \(digest); to trust this file, add the line '\(digest)  \(path)' to the allow-list")
    }

    private func checkPermissions(_ path: String, folder: String?, status: stat?,
                                  subject: Permissions.Problem.Subject = .file) -> PluginLoadError? {
        func refuse(_ message: String) -> PluginLoadError {
            PluginLoadError(path: path, kind: .insecurePermissions, message: message)
        }
        let isLibrary = subject == .library
        let fileWord = isLibrary ? "the library file" : "the plugin file"
        let folderSubject: Permissions.Problem.Subject = isLibrary ? .libraryFolder : .folder
        let pluginFolder = folder ?? Permissions.parent(of: path)
        if folder == nil, let (problem, info) = Permissions.check(pluginFolder) {
            return refuse("its folder \(pluginFolder) is \(problem.phrase) (mode \(Permissions.mode(info))); "
                + problem.remedy(for: folderSubject, path: pluginFolder))
        }
        var link = stat()
        guard FileSystemName.lstat(path, &link) == 0 else { return nil }
        if (link.st_mode & S_IFMT) != S_IFLNK {
            var info = status ?? stat()
            guard status != nil || FileSystemName.stat(path, &info) == 0, let problem = Permissions.problem(info) else { return nil }
            return refuse("\(fileWord) is \(problem.phrase) (mode \(Permissions.mode(info))); "
                + problem.remedy(for: subject, path: path))
        }
        // A link: the file it resolves to, and the folder that file is in.
        guard let target = Permissions.resolved(path) else { return nil }
        var targetInfo = status ?? stat()
        if status != nil || stat(target, &targetInfo) == 0, let problem = Permissions.problem(targetInfo) {
            return refuse("\(fileWord) is a link to \(target), which is \(problem.phrase) (mode \(Permissions.mode(targetInfo))); "
                + problem.remedy(for: subject, path: target))
        }
        let targetFolder = Permissions.parent(of: target)
        guard targetFolder != (Permissions.resolved(pluginFolder) ?? pluginFolder),
              let (problem, info) = Permissions.check(targetFolder) else { return nil }
        return refuse("\(fileWord) is a link into \(targetFolder), a folder \(problem.phrase) (mode \(Permissions.mode(info))); "
            + problem.remedy(for: folderSubject, path: targetFolder))
    }

    /// Checks that an allow-list file may be trusted: it is a plugin's
    /// gatekeeper, so it follows a plugin file's rules (the file only, not its folder).
    ///
    /// - Returns: `nil` when it may be used, else a message naming it.
    package func checkAllowListFile(_ path: String) -> String? {
        guard !allowWritable, let (problem, info) = Permissions.check(path) else { return nil }
        let fix = problem.isOwner ? "chown \(Permissions.userName(geteuid())) \(shellQuoted(path))" : "chmod go-w \(shellQuoted(path))"
        let rule = problem.isOwner ? "must belong to you or root" : "must be writable only by its owner"
        return "the allow-list \(path) is \(problem.phrase) (mode \(Permissions.mode(info))); an allow-list \(rule): \(fix), or pass \(Self.allowWritableFlag) to use it anyway"
    }
}

/// The permission rules of PluginTrust.swift on one `stat`.
package enum Permissions {
    /// Why a file or folder may be changed by someone other than the user or root.
    package enum Problem: Equatable {
        case writableByOthers
        case writableByGroup(String)
        case owner(uid_t)

        var isOwner: Bool { if case .owner = self { true } else { false } }

        /// "writable by others", "writable by group 'staff'", "owned by user 1000 (bob), not by you (alice) or root"
        /// ("…, not by root" when you are root).
        var phrase: String {
            switch self {
            case .writableByOthers: "writable by others"
            case .writableByGroup(let group): "writable by group '\(group)'"
            case .owner(let uid):
                "owned by user \(uid)\(Permissions.knownName(uid).map { " (\($0))" } ?? ""), "
                    + (geteuid() == 0 ? "not by root" : "not by you (\(Permissions.userName(geteuid()))) or root")
            }
        }

        enum Subject { case file, folder, library, libraryFolder }

        /// The rule and the command that fixes it, then the flag.
        func remedy(for subject: Subject, path: String) -> String {
            let what = switch subject {
            case .file: "a plugin file"
            case .folder: "a plugin folder"
            case .library: "a plugin's library"
            case .libraryFolder: "the folder of a plugin's library"
            }
            let rule = isOwner ? "\(what) must belong to you or root" : "\(what) must be writable only by its owner"
            let fix = isOwner ? "chown \(Permissions.userName(geteuid())) \(shellQuoted(path))" : "chmod go-w \(shellQuoted(path))"
            return "\(rule): \(fix), or pass \(PluginTrust.allowWritableFlag) to load it anyway"
        }
    }

    /// stat() of `path` and its first problem, or `nil` when it has none or cannot be stat()ed.
    static func check(_ path: String) -> (Problem, stat)? {
        var info = stat()
        guard FileSystemName.stat(path, &info) == 0, let problem = problem(info) else { return nil }
        return (problem, info)
    }

    /// The folder a path is in (`/` for a top-level path, `.` for a bare name).
    static func parent(of path: String) -> String {
        PluginSearchPath.defaultFolder(forExecutable: path)
    }

    /// The first problem of a file or folder, or `nil` when only its owner
    /// (the user or root) can change it.
    package static func problem(_ info: stat) -> Problem? {
        if info.st_mode & S_IWOTH != 0 { return .writableByOthers }
        if info.st_mode & S_IWGRP != 0, !isPrivateGroup(info.st_gid, of: info.st_uid) {
            return .writableByGroup(groupName(info.st_gid))
        }
        if info.st_uid != geteuid(), info.st_uid != 0 { return .owner(info.st_uid) }
        return nil
    }

    /// The permission bits in octal, e.g. `0775` (with the setuid, setgid and sticky digit when set).
    static func mode(_ info: stat) -> String {
        let bits = info.st_mode & 0o7777
        let digits = String(bits, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// The path with every link resolved, or `nil`.
    static func resolved(_ path: String) -> String? {
        FileSystemName.realpath(path)
    }

    /// A user's name, or the number when it has none.
    static func userName(_ uid: uid_t) -> String { knownName(uid) ?? "\(uid)" }

    static func knownName(_ uid: uid_t) -> String? {
        var entry = passwd(), result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 16384)
        guard getpwuid_r(uid, &entry, &buffer, buffer.count, &result) == 0, result != nil else { return nil }
        return String(cString: entry.pw_name)
    }

    static func groupName(_ gid: gid_t) -> String {
        var entry = group(), result: UnsafeMutablePointer<group>?
        var buffer = [CChar](repeating: 0, count: 65536)
        guard getgrgid_r(gid, &entry, &buffer, buffer.count, &result) == 0, result != nil else { return "\(gid)" }
        return String(cString: entry.gr_name)
    }

    /// Answers of ``isPrivateGroup(_:of:)``, per process.
    private static let privateGroups = Mutex<[UInt64: Bool]>([:])

    /// Whether the group's only member is the user `uid`: every user whose
    /// primary group it is is `uid`, its member list names no one else, and
    /// `uid` is a member one way or the other (Debian OpenSSH's rule).
    static func isPrivateGroup(_ gid: gid_t, of uid: uid_t) -> Bool {
        let key = UInt64(gid) << 32 | UInt64(uid)
        return privateGroups.withLock { answers in
            if let known = answers[key] { return known }
            let answer = computePrivateGroup(gid, of: uid)
            answers[key] = answer
            return answer
        }
    }

    /// Called under the lock: getpwent() walks one list per process.
    private static func computePrivateGroup(_ gid: gid_t, of uid: uid_t) -> Bool {
        var entry = group(), result: UnsafeMutablePointer<group>?
        var buffer = [CChar](repeating: 0, count: 65536)
        guard getgrgid_r(gid, &entry, &buffer, buffer.count, &result) == 0, result != nil,
              let owner = knownName(uid) else { return false }
        var members = 0
        if var listed = entry.gr_mem {
            while let name = listed.pointee {
                guard String(cString: name) == owner else { return false }
                members += 1
                listed += 1
            }
        }
        setpwent()
        defer { endpwent() }
        while let user = getpwent() {
            guard user.pointee.pw_gid == gid else { continue }
            guard user.pointee.pw_uid == uid else { return false }
            members += 1
        }
        return members > 0
    }
}

/// A path as a shell word: unchanged when it has only safe characters, else in single quotes.
func shellQuoted(_ path: String) -> String {
    let safe = path.utf8.allSatisfy { byte in
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || "/._-+,:@%=".utf8.contains(byte)
    }
    if safe && !path.isEmpty { return path }
    return "'" + path.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
}
