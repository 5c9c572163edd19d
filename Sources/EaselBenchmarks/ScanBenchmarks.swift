// The scan benchmark: what finding out about plugins costs.
//
// 1. A cold scan: 200 copies of one plugin (compiled here from the C source
//    below, two classes with properties and methods, class names taken from
//    the file's name so that every copy is a distinct plugin) scanned through
//    `easel-plugin-scanner` with no cache (PluginScanner.scan: list the folder,
//    stat and check each file, spawn the helpers, one per processor for 200
//    files, probe every file in them, read the answers), against an
//    in-process loop of dlopen(RTLD_NOW | RTLD_LOCAL) + dlsym(easel_plugin_entry_v2)
//    over 200 other copies. A library is mapped once per process, so every
//    round uses fresh copies. For context: the same scan with a single
//    helper, the same files loaded whole in this process (Registry.loadPlugins:
//    probe, entry point, validation, link), and a scan of a single file
//    (mostly the helper's start-up).
// 2. A warm list: `easel list` on an unchanged folder of 200 plugins (last
//    changed an hour ago, as a folder of installed plugins is), against
//    stat()-ing the 200 files in this process (a hot loop, best of 20). What
//    `easel list` itself costs is the total it reports with `--timings`:
//    measured inside a fresh process each round, from the start of the
//    command to the end of its output (to /dev/null), so without the process
//    start-up, which is reported apart (`easel list` of an empty folder, and
//    the whole process minus that, which on a shared machine is mostly the
//    noise of two process start-ups). For context: the same check in this
//    process, warm; a folder changed within the last 2 s, whose names are
//    read again; and the cached scan and catalog that `easel list` did before
//    it kept its listing.
// Each figure is the best of several interleaved rounds.

import EaselDiscovery
import EaselRuntime
import EaselViews
import EaselSession
#if canImport(Glibc)
import Glibc
#endif

struct ScanBenchmarkOptions {
    /// Rounds per measurement; each figure is the best round.
    var rounds = 7
    /// Plugin files per folder.
    var count = 200
}

/// The benchmark plugin: its class names come from its file name
/// (`libBench042.so` defines `Bench042View` and `Bench042Helper`).
private let pluginSource = #"""
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include "easel.h"
#include "easel_util.h"

typedef struct { easel_color color; double cornerRadius; int count; } Storage;

static void drawRect(easel_object *self, easel_sel cmd, easel_rect rect) { (void)self; (void)cmd; (void)rect; }
static easel_size sizeThatFits(easel_object *self, easel_sel cmd, easel_size size) { (void)self; (void)cmd; return size; }
static void drawBadge(easel_object *self, easel_sel cmd, easel_point at, int count, unsigned char filled, char *label) {
    (void)self; (void)cmd; (void)at; (void)count; (void)filled; (void)label;
}
static void noop(easel_object *self, easel_sel cmd) { (void)self; (void)cmd; }

static const easel_color red = {1, 0, 0, 1};
static const double radius = 4;
static const int three = 3;
static const easel_property_desc properties[] = {
    EASEL_PROPERTY("color", EASEL_ENCODE_COLOR, Storage, color, &red),
    EASEL_PROPERTY("cornerRadius", "d", Storage, cornerRadius, &radius),
    EASEL_PROPERTY("count", "i", Storage, count, &three),
};
static const easel_method_desc viewMethods[] = {
    EASEL_METHOD("drawRect:", "v@:" EASEL_ENCODE_RECT, drawRect),
    EASEL_METHOD("sizeThatFits:", EASEL_ENCODE_SIZE "@:" EASEL_ENCODE_SIZE, sizeThatFits),
    EASEL_METHOD("drawBadgeAt:count:filled:label:", "v@:" EASEL_ENCODE_POINT "iB*", drawBadge),
    EASEL_METHOD("init", "v@:", noop),
};
static const easel_method_desc helperMethods[] = {
    EASEL_METHOD("ping", "v@:", noop),
};
static char name[64], view[80], helper[80];
static easel_class_desc classes[2];
static easel_plugin_desc plugin;
static const easel_layout layout = EASEL_LAYOUT_INIT;

EASEL_PLUGIN_ENTRY(host) {
    (void)host;
    Dl_info info;
    const char *file = "libBench.so";
    if (dladdr((void *)&easel_plugin_entry_v2, &info) && info.dli_fname) {
        const char *slash = strrchr(info.dli_fname, '/');
        file = slash ? slash + 1 : info.dli_fname;
    }
    if (strncmp(file, "lib", 3) == 0) file += 3;
    snprintf(name, sizeof name, "%.*s", (int)strcspn(file, "."), file);
    snprintf(view, sizeof view, "%sView", name);
    snprintf(helper, sizeof helper, "%sHelper", name);
    classes[0] = (easel_class_desc)EASEL_CLASS(view, "View", sizeof(Storage), properties, viewMethods);
    classes[1] = (easel_class_desc)EASEL_CLASS_WITHOUT_PROPERTIES(helper, "Object", 0, helperMethods);
    plugin = (easel_plugin_desc)EASEL_PLUGIN_DESC_INIT(EASEL_ABI_VERSION, name, &layout, 2, classes);
    return &plugin;
}
"""#

/// The package root, from this file's path (Sources/EaselBenchmarks/ScanBenchmarks.swift).
private func packageRoot() -> String {
    var path = #filePath
    for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
    return path
}

/// Runs a program and waits; standard output goes to /dev/null, standard
/// error to `errorFile` (or /dev/null). Returns the exit status.
@discardableResult
private func spawnAndWait(_ arguments: [String], environment: [String: String] = [:], errorFile: String? = nil) -> Int32 {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, errorFile ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    var env: [String] = []
    var index = 0
    while let variable = environ[index] {
        let text = String(cString: variable)
        if let equals = text.firstIndex(of: "="), environment[String(text[..<equals])] != nil {} else { env.append(text) }
        index += 1
    }
    env += environment.map { "\($0.key)=\($0.value)" }
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = env.map { strdup($0) } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var pid: pid_t = 0
    guard posix_spawn(&pid, arguments[0], &actions, nil, argv, envp) == 0 else { fail("cannot run \(arguments[0])") }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return status
}

private func writeFile(_ path: String, _ bytes: [UInt8]) {
    guard let file = fopen(path, "wb") else { fail("cannot write \(path)") }
    _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
    fclose(file)
}

private func readFile(_ path: String) -> [UInt8] {
    guard let file = fopen(path, "rb") else { fail("cannot read \(path)") }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = fread(&buffer, 1, buffer.count, file)
        if count <= 0 { break }
        bytes += buffer[..<count]
    }
    return bytes
}

private func makeFolder(_ path: String) {
    guard mkdir(path, 0o755) == 0 || errno == EEXIST else { fail("cannot create \(path)") }
}

private func milliseconds(_ seconds: Double) -> String { format(seconds * 1000) + " ms" }

func runScanBenchmarks(options: ScanBenchmarkOptions) throws -> Bool {
    let executable = PluginSearchPath.currentExecutablePath() ?? "."
    let buildFolder = PluginSearchPath.defaultFolder(forExecutable: executable)
    let easel = buildFolder + "/easel", helper = buildFolder + "/" + PluginScanner.helperName
    guard access(easel, X_OK) == 0, access(helper, X_OK) == 0 else {
        fail("easel and \(PluginScanner.helperName) must be built next to EaselBenchmarks (swift build -c release)")
    }

    // A scratch folder with the plugin, compiled once.
    var template = Array("/tmp/easel-scan-bench-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { fail("cannot create a temporary folder") }
    let scratch = String(cString: made)
    defer { spawnAndWait(["/bin/rm", "-rf", scratch]) }
    writeFile(scratch + "/bench.c", Array(pluginSource.utf8))
    let compiled = scratch + "/libBench.so"
    let cc = spawnAndWait(["/usr/bin/env", "cc", "-shared", "-fPIC", "-O1", "-I", packageRoot() + "/Sources/EaselABI/include",
                           "-o", compiled, scratch + "/bench.c"])
    guard cc == 0 else { fail("cc could not compile the benchmark plugin (status \(cc))") }
    let bytes = readFile(compiled)
    var folderCount = 0
    func copies() -> (folder: String, files: [String]) {
        folderCount += 1
        let folder = scratch + "/set\(folderCount)"
        makeFolder(folder)
        let files = (0..<options.count).map { folder + "/libBench" + String(1000 + $0).dropFirst() + "-\(folderCount).so" }
        for file in files { writeFile(file, bytes) }
        return (folder, files)
    }

    // 1. Cold scans.
    var helperBest = Double.infinity, dlopenBest = Double.infinity, registryBest = Double.infinity
    var singleBest = Double.infinity, oneHelperBest = Double.infinity
    var launches = 0
    for round in 0..<options.rounds {
        let viaHelper = copies(), viaDlopen = copies(), viaRegistry = copies(), viaOneHelper = copies()
        func timeHelper() {
            let start = nanoseconds()
            let scan = PluginScanner(helperPath: helper, cache: nil, builtInClassNames: BuiltIns.withViews.classNames).scan(folders: [viaHelper.folder])
            helperBest = min(helperBest, Double(nanoseconds() - start) / 1e9)
            let good = scan.entries.filter { if case .plugin = $0.outcome { true } else { false } }.count
            guard good == options.count else { fail("the scanner loaded \(good) of \(options.count) plugins") }
            launches = scan.statistics.helperLaunches
        }
        func timeDlopen() {
            let start = nanoseconds()
            for file in viaDlopen.files {
                guard let handle = dlopen(file, RTLD_NOW | RTLD_LOCAL), dlsym(handle, "easel_plugin_entry_v2") != nil else {
                    fail("dlopen \(file) failed")
                }
            }
            dlopenBest = min(dlopenBest, Double(nanoseconds() - start) / 1e9)
        }
        // Alternate the order so that neither always runs first.
        if round % 2 == 0 { timeHelper(); timeDlopen() } else { timeDlopen(); timeHelper() }
        // The same scan with a single helper.
        var scanner = PluginScanner(helperPath: helper, cache: nil, builtInClassNames: BuiltIns.withViews.classNames)
        scanner.maximumHelpers = 1
        let oneStart = nanoseconds()
        _ = scanner.scan(folders: [viaOneHelper.folder])
        oneHelperBest = min(oneHelperBest, Double(nanoseconds() - oneStart) / 1e9)
        // One file: mostly starting the helper.
        folderCount += 1
        let single = scratch + "/single\(folderCount)"
        makeFolder(single)
        writeFile(single + "/libBenchOne\(folderCount).so", bytes)
        var start = nanoseconds()
        _ = PluginScanner(helperPath: helper, cache: nil, builtInClassNames: BuiltIns.withViews.classNames).scan(folders: [single])
        singleBest = min(singleBest, Double(nanoseconds() - start) / 1e9)

        start = nanoseconds()
        let registry = Registry()
        registry.loadPlugins(from: [viaRegistry.folder])
        registryBest = min(registryBest, Double(nanoseconds() - start) / 1e9)
        guard registry.plugins.count == options.count else { fail("the registry loaded \(registry.plugins.count) plugins") }
    }

    // 2. Warm lists.
    let timings = scratch + "/timings.txt"
    /// `easel list --timings` of a folder: the total it reports (its own time, after start-up).
    func listTime(_ folder: String, _ environment: [String: String]) -> Double {
        spawnAndWait([easel, "list", "--timings", "--plugins", folder], environment: environment, errorFile: timings)
        let report = String(decoding: readFile(timings), as: UTF8.self).split(separator: "\n")
        guard report.count == 3, report[1].hasPrefix("  cached"), let total = report[2].split(separator: " ").last.flatMap({ Double($0) }) else {
            fail("easel list did not print the last listing again: \(report)")
        }
        return total / 1000
    }

    // A folder changed within the last 2 s: its names are read again (readdir).
    let fresh = copies()
    let freshEnvironment = ["XDG_CACHE_HOME": scratch + "/cache-fresh", "EASEL_PLUGIN_PATH": ""]
    let freshStart = nanoseconds()
    guard spawnAndWait([easel, "list", "--plugins", fresh.folder], environment: freshEnvironment) == 0 else { fail("easel list failed") }
    var unsettledBest = Double.infinity
    while Double(nanoseconds() - freshStart) / 1e9 < 1.5 {
        unsettledBest = min(unsettledBest, listTime(fresh.folder, freshEnvironment))
    }

    // The unchanged folder: like a folder of installed plugins, last changed an hour ago.
    let listed = copies()
    var anHourAgo = [timespec(tv_sec: time(nil) - 3600, tv_nsec: 0), timespec(tv_sec: time(nil) - 3600, tv_nsec: 0)]
    guard utimensat(AT_FDCWD, listed.folder, &anHourAgo, 0) == 0 else { fail("cannot set the time of \(listed.folder)") }
    let empty = scratch + "/empty"
    makeFolder(empty)
    let environment = ["XDG_CACHE_HOME": scratch + "/cache", "EASEL_PLUGIN_PATH": ""]
    guard spawnAndWait([easel, "list", "--plugins", listed.folder], environment: environment) == 0 else { fail("easel list failed") }
    var listBest = Double.infinity, startBest = Double.infinity, statBest = Double.infinity, catalogBest = Double.infinity
    var listingBest = Double.infinity, ownBest = Double.infinity
    let devNull = open("/dev/null", O_WRONLY)
    let cache = RegistryCache(directory: scratch + "/cache/easel")
    // Process start-up is noisier than the listing itself on a shared
    // machine: these take three times the rounds.
    for _ in 0..<options.rounds * 3 {
        var start = nanoseconds()
        spawnAndWait([easel, "list", "--plugins", listed.folder], environment: environment)
        listBest = min(listBest, Double(nanoseconds() - start) / 1e9)
        // The command's own time, measured inside it (after start-up).
        ownBest = min(ownBest, listTime(listed.folder, environment))
        start = nanoseconds()
        spawnAndWait([easel, "list", "--plugins", empty], environment: environment)
        startBest = min(startBest, Double(nanoseconds() - start) / 1e9)
        for _ in 0..<20 {
            start = nanoseconds()
            var info = stat()
            for file in listed.files where stat(file, &info) != 0 { fail("stat \(file) failed") }
            statBest = min(statBest, Double(nanoseconds() - start) / 1e9)
        }
        start = nanoseconds()
        for _ in 0..<5 {
            let listingStart = nanoseconds()
            guard (try? ListingCache(cache: cache, program: easel).write(folders: [listed.folder], timeLimit: PluginScanner.defaultTimeLimit,
                                                                        to: devNull)) == true else {
                fail("the listing cache did not answer")
            }
            listingBest = min(listingBest, Double(nanoseconds() - listingStart) / 1e9)
        }
        start = nanoseconds()
        let scan = PluginScanner(helperPath: helper, cache: cache, builtInClassNames: BuiltIns.withViews.classNames).scan(folders: [listed.folder])
        let catalog = PluginCatalog(scan)
        catalogBest = min(catalogBest, Double(nanoseconds() - start) / 1e9)
        guard scan.statistics.cacheHits == options.count, catalog.plugins.count == options.count else {
            fail("the warm scan was not answered from the cache (\(scan.statistics))")
        }
    }

    let scanRatio = helperBest / dlopenBest
    let listRatio = ownBest / statBest
    print("Scanning \(options.count) plugins (best of \(options.rounds) rounds)")
    print("")
    print("| case | Easel | baseline | Easel / baseline | target | met |")
    print("|---|---|---|---|---|---|")
    print("| cold scan through \(PluginScanner.helperName) (\(launches) helper\(launches == 1 ? "" : "s") in parallel) vs in-process dlopen + dlsym loop | \(milliseconds(helperBest)) | \(milliseconds(dlopenBest)) | \(format(scanRatio)) | ≤ 1.5 | \(scanRatio <= 1.5 ? "yes" : "no") |")
    print("| `easel list`, unchanged folder, after start-up (its `--timings` total) vs stat() of the files | \(milliseconds(ownBest)) | \(milliseconds(statBest)) | \(format(listRatio)) | ≤ 2 | \(listRatio <= 2 ? "yes" : "no") |")
    print("")
    print("| context | time |")
    print("|---|---|")
    print("| the same files loaded whole in process (Registry.loadPlugins: entry point, validation, link) | \(milliseconds(registryBest)) (\(format(registryBest / dlopenBest)) x dlopen; the scan is \(format(helperBest / registryBest)) x this) |")
    print("| the same cold scan with a single helper | \(milliseconds(oneHelperBest)) (\(format(oneHelperBest / dlopenBest)) x dlopen + dlsym) |")
    print("| a cold scan of one plugin (mostly starting the helper) | \(milliseconds(singleBest)) |")
    print("| `easel list` of the unchanged folder, whole process | \(milliseconds(listBest)) |")
    print("| process start-up: `easel list` of an empty folder | \(milliseconds(startBest)) (the whole process minus this: \(milliseconds(listBest - startBest))) |")
    print("| the cached scan and catalog in process (no start-up, no printing) | \(milliseconds(catalogBest)) (\(format(catalogBest / statBest)) x stat) |")
    print("| the listing cache in this process, warm (ListingCache.write to /dev/null) | \(milliseconds(listingBest)) (\(format(listingBest / statBest)) x stat) |")
    print("| `easel list` (`--timings` total) of a folder changed within the last 2 s, whose names are read again | \(milliseconds(unsettledBest)) (\(format(unsettledBest / statBest)) x stat) |")
    return scanRatio <= 1.5 && listRatio <= 2
}
