import EaselDiscovery
import EaselRuntime
import EaselViews
import EaselTestSupport
import Foundation
import Testing

@Suite("The scanner process: what it links, the table it hands plugins, its protocol, its helpers in parallel")
struct ScannerProcessTests {
    @Test("easel-plugin-scanner links no graphics library and no Foundation (ELF NEEDED entries)")
    func noGraphics() throws {
        let readelf = try #require(["/usr/bin/readelf", "/bin/readelf"].first { FileManager.default.isExecutableFile(atPath: $0) },
                                   "readelf (binutils) is needed")
        let scanner = try Fixtures.scannerExecutable()
        let result = try Fixtures.run(URL(fileURLWithPath: readelf), ["-d", scanner.path])
        #expect(result.status == 0, "\(result.stderr)")
        let needed = result.stdout.split(separator: "\n").filter { $0.contains("(NEEDED)") }.compactMap { line in
            line.split(separator: "[").last.map { String($0.dropLast()) }
        }
        #expect(needed.contains("libswiftCore.so"))
        #expect(needed.contains("libffi.so.8"), "\(needed)")
        for library in needed {
            #expect(!library.hasPrefix("libcairo") && !library.hasPrefix("libFoundation") && !library.hasPrefix("libpixman")
                        && !library.hasPrefix("libfontconfig") && !library.hasPrefix("libX"), "the scanner needs \(library)")
        }
        // easel itself does draw.
        let easel = try Fixtures.run(URL(fileURLWithPath: readelf),
                                     ["-d", try Fixtures.samplePluginsDirectory().appendingPathComponent("easel").path])
        #expect(easel.stdout.contains("[libcairo.so.2]"))
    }

    @Test("an entry point calling the host table in the scanner: selectors and built-in classes work, no object is made, drawing does nothing")
    func hostTable() throws {
        let folder = try pluginFolder("scan-host-calls", [("host_calls", "host_calls")])
        let scan = try scanner().scan(folders: [folder.path])
        let plugin = try #require(scan.plugin(folder, "host_calls.so"), "\(scan.entries.map(\.outcome))")
        #expect(plugin.name == "host_calls sel=ok View=ok Nope=null object=null view=null")
        #expect(plugin.classes.map(\.name) == ["HostCaller"])

        // The scanner knows the built-in classes the host gives it, no others: without the views', no View.
        var objectOnly = try scanner()
        objectOnly.builtInClassNames = BuiltIns.objectOnly.classNames
        let bare = try #require(objectOnly.scan(folders: [folder.path]).plugin(folder, "host_calls.so"))
        #expect(bare.name == "host_calls sel=ok View=null Nope=null object=null view=null")

        // In the host's own process the same entry point can make objects and views.
        let registry = Registry()
        let loaded = try #require(registry.loadPlugin(at: folder.appendingPathComponent("host_calls.so").path))
        #expect(loaded.name == "host_calls sel=ok View=ok Nope=null object=ok view=ok")
    }

    @Test("descriptions and failures cross the protocol unchanged: every field, absent ones, non-ASCII text")
    func roundTrip() throws {
        let plugin = PluginDescription(path: "/plugins/libÜmlaut.so", name: "Ümlaut ✓", abiMajor: 1, abiMinor: 1, classes: [
            ClassDescription(name: "Zwölf", superclass: "View", instanceSize: 48, properties: [
                PropertyDescription(name: "color", encoding: "{EaselColor=dddd}", offset: 0, defaultValue: Array(repeating: 7, count: 32)),
                PropertyDescription(name: "label", encoding: "*", offset: 32, defaultValue: [1, 2, 3, 4, 5, 6, 7, 8]),
                PropertyDescription(name: "count", encoding: "i", offset: 40, defaultValue: nil),
            ], methods: [
                MethodDescription(selector: "drawRect:", encoding: "v@:{CGRect={CGPoint=dd}{CGSize=dd}}"),
                MethodDescription(selector: "ping", encoding: "v@:"),
            ]),
            ClassDescription(name: "Empty", superclass: "Object", instanceSize: 0, properties: [], methods: []),
        ])
        let failures = [
            PluginLoadError(path: "/p/a.so", kind: .crashed, message: "crashed with SIGSEGV (segmentation fault) while being scanned",
                            output: ["line one", "", "Zeile zwei ✓"]),
            PluginLoadError(path: "/p/b.so", kind: .arityMismatch, className: "Swatch", selector: "drawRect:", message: "arity\nwith a newline"),
            PluginLoadError(path: "/p/c.so", kind: PluginLoadError.Kind(rawValue: "some-future-kind"), className: "", message: ""),
        ]
        var writer = ScannerProtocol.Writer()
        ScannerProtocol.writeAnswer(path: plugin.path, .success(plugin), to: &writer)
        for failure in failures { ScannerProtocol.writeAnswer(path: failure.path, .failure(failure), to: &writer) }
        let bytes = ScannerProtocol.helloPacket() + writer.bytes

        var decoded: [ScannerProtocol.Message] = []
        var offset = 0
        try bytes.withUnsafeBytes { raw in
            while offset < raw.count {
                guard case .message(let message, let length) = ScannerProtocol.readPacket(UnsafeRawBufferPointer(rebasing: raw[offset...])) else {
                    Issue.record("no whole packet at byte \(offset)")
                    return
                }
                decoded.append(message)
                offset += length
                _ = try #require(length > 0)
            }
        }
        #expect(decoded.count == 5)
        guard decoded.count == 5 else { return }
        guard case .hello(let version, let abi) = decoded[0] else { Issue.record("no hello first"); return }
        #expect(version == ScannerProtocol.version && abi == "2.0")
        guard case .answer(let path, .success(let back)) = decoded[1] else { Issue.record("no plugin second"); return }
        #expect(path == plugin.path && back == plugin)
        #expect(back.classes[0].properties[1].defaultBytes == nil)   // a pointer's default is never carried
        for (message, failure) in zip(decoded[2...], failures) {
            guard case .answer(let path, .failure(let error)) = message else { Issue.record("no failure"); continue }
            #expect(path == failure.path && error == failure)
        }
    }

    @Test("a packet cut short waits for more; a foreign byte, an absurd length or a payload that does not parse is refused at once")
    func malformedPackets() {
        var writer = ScannerProtocol.Writer()
        ScannerProtocol.writeAnswer(path: "/p/a.so", .failure(PluginLoadError(path: "/p/a.so", kind: .noEntryPoint, message: "none")), to: &writer)
        let packet = writer.bytes
        func read(_ bytes: [UInt8]) -> String {
            bytes.withUnsafeBytes { raw in
                switch ScannerProtocol.readPacket(raw) {
                case .incomplete: "incomplete"
                case .malformed: "malformed"
                case .message(_, let length): "message \(length)"
                }
            }
        }
        #expect(read(packet) == "message \(packet.count)")
        #expect(read(packet + [0x46]) == "message \(packet.count)")
        #expect(read(Array(packet.prefix(3))) == "incomplete")
        #expect(read(Array(packet.dropLast())) == "incomplete")
        #expect(read([]) == "incomplete")
        #expect(read(Array(#"{"hello":{"protocolVersion":1}}"#.utf8)) == "malformed")   // a JSON-speaking scanner
        #expect(read([0x50, 0xFF, 0xFF, 0xFF, 0x7F]) == "malformed")
        var wrongCount = packet
        wrongCount[5] = 200   // the path's length now runs past the payload
        #expect(read(wrongCount) == "malformed")
        #expect(read([0x46, 1, 0, 0, 0, 0]) == "malformed")   // a failure of one byte
    }

    @Test("a large scan runs one helper per processor, each on a run of consecutive files: answers stay in order, a crash costs one restart of its helper, and lines a plugin wrote before a later one died are not blamed on it")
    func parallelHelpers() throws {
        var files: [(file: String, fixture: String)] = []
        for index in 0..<70 {
            let fixture = switch index {
            case 20: "chatty_good"
            case 21: "crash_entry"
            case 50: "chatty_good"
            case 51: "abort_entry"
            default: "good_extra"
            }
            files.append((String(format: "p%03d", index), fixture))
        }
        let folder = try Fixtures.makeTemporaryDirectory("scan-parallel")
        let built = Dictionary(grouping: files, by: \.fixture)
        for (fixture, group) in built {
            let first = try Fixtures.buildFixture(fixture, into: folder, soName: group[0].file)
            for other in group.dropFirst() {
                try FileManager.default.copyItem(at: first, to: folder.appendingPathComponent(other.file + ".so"))
            }
        }
        var parallel = try scanner()
        parallel.maximumHelpers = 2
        let scan = parallel.scan(folders: [folder.path])
        #expect(scan.entries.map(\.path) == files.map { folder.appendingPathComponent($0.file + ".so").path })
        #expect(scan.statistics == PluginScan.Statistics(cacheHits: 0, probed: 70, helperLaunches: 4))
        let crash = try #require(scan.failure(folder, "p021.so"))
        #expect(crash.kind == .crashed)
        #expect(crash.output == ["crash_entry: about to write through a NULL pointer"])
        let abort = try #require(scan.failure(folder, "p051.so"))
        #expect(abort.kind == .crashed)
        #expect(abort.output == ["abort_entry: giving up"])
        for (index, file) in files.enumerated() where ![21, 51].contains(index) {
            #expect(scan.plugin(folder, file.file + ".so") != nil, "\(file.file): \(String(describing: scan.failure(folder, file.file + ".so")))")
        }

        // The same answers from one helper at a time.
        var serial = try scanner()
        serial.maximumHelpers = 1
        let one = serial.scan(folders: [folder.path])
        #expect(one.statistics.helperLaunches == 3)
        #expect(one.entries.map(\.path) == scan.entries.map(\.path))
        #expect(PluginCatalog(one).plugins == PluginCatalog(scan).plugins)
        #expect(one.failure(folder, "p021.so") == crash)
    }

    @Test("small scans use one helper; one more per 32 files to probe, up to the processors")
    func helperCount() {
        #expect(PluginScanner(helperPath: "/nonexistent", builtInClassNames: ["Object"]).maximumHelpers == PluginScanner.onlineProcessors)
        #expect(PluginScanner.helperCount(files: 0, maximum: 4) == 1)
        #expect(PluginScanner.helperCount(files: 63, maximum: 4) == 1)
        #expect(PluginScanner.helperCount(files: 64, maximum: 4) == 2)
        #expect(PluginScanner.helperCount(files: 200, maximum: 2) == 2)
        #expect(PluginScanner.helperCount(files: 200, maximum: 8) == 6)
        #expect(PluginScanner.helperCount(files: 5000, maximum: 1) == 1)
    }
}
