import EaselGraphicsCore
import EaselTestSupport
import Foundation
import Testing

/// The `Types` fixture (Tests/Fixtures/types.c) built once, alone in a folder.
private let typesFolder: Result<URL, FixtureError> = {
    do {
        let folder = try Fixtures.makeTemporaryDirectory("types")
        _ = try Fixtures.buildFixture("types", into: folder, soName: "libTypes.so")
        return .success(folder)
    } catch let error as FixtureError {
        return .failure(error)
    } catch {
        return .failure(FixtureError("\(error)"))
    }
}()

/// `easel invoke Types …` with only the Types plugin; object addresses in the output as `0x…`.
private func invokeTypes(_ arguments: [String]) throws -> ProcessResult {
    let folder = try typesFolder.get()
    return try easel(["invoke", "Types"] + arguments, environment: ["EASEL_PLUGIN_PATH": folder.path])
}

/// `text` with every hexadecimal address replaced by `0x…`.
private func masked(_ text: String) -> String {
    text.replacingOccurrences(of: "0x[0-9a-f]+", with: "0x…", options: .regularExpression)
}

/// Every type the registry accepts, in and out through the `easel` binary: each
/// `echoT:` of the fixture returns its argument, so the text read is the text printed.
@Suite("easel invoke: every type in and out (the Types fixture)")
struct InvokeTypesTests {
    @Test("a value of each type is read and printed back", arguments: [
        // Integers, at their limits, in decimal and 0x.
        (["echoChar:", "127"], "127"), (["echoChar:", "-128"], "-128"), (["echoUChar:", "255"], "255"),
        (["echoShort:", "-32768"], "-32768"), (["echoUShort:", "0xffff"], "65535"),
        (["echoInt:", "-2147483648"], "-2147483648"), (["echoUInt:", "4294967295"], "4294967295"),
        (["echoLong:", "-5"], "-5"), (["echoULong:", "7"], "7"),
        (["echoLongLong:", "9223372036854775807"], "9223372036854775807"),
        (["echoULongLong:", "18446744073709551615"], "18446744073709551615"),
        // Reals at their own precision: a float prints as a float, not widened to a double.
        (["echoFloat:", "0.1"], "0.1"), (["echoFloat:", "3.4028235e38"], "3.4028235e+38"), (["echoFloat:", "-inf"], "-inf"),
        (["echoDouble:", "0.1"], "0.1"), (["echoDouble:", "1e300"], "1e+300"),
        (["echoLongDouble:", "0.1"], "0.1"), (["echoLongDouble:", "-2.5"], "-2.5"),
        // Complex numbers, as a+bi or their two parts.
        (["echoComplexFloat:", "1.5+2i"], "1.5+2i"), (["echoComplexFloat:", "0.1-0.2i"], "0.1-0.2i"),
        (["echoComplexDouble:", "[3, -4]"], "3-4i"), (["echoComplexDouble:", "2i"], "0+2i"),
        (["echoComplexLongDouble:", "1e-3+1e3i"], "0.001+1000i"),
        (["echoBool:", "yes"], "true"), (["echoString:", "Hello, {world}"], "\"Hello, {world}\""),
        // Classes and selectors by name.
        (["echoClass:", "nil"], "nil"), (["nameOfClass:", "Types"], "\"Types\""),
        (["classOf:", "Types"], "Types"), (["classOf:", "nil"], "nil"),
        (["echoSelector:", "drawRect:inContext:"], "drawRect:inContext:"), (["echoClass:", "Types"], "Types"), (["echoSelector:", "NULL"], "NULL"),
        (["selectorName:", "init"], "\"init\""), 
        // Objects: nil, self, a new instance, with properties as JSON or in the scene's form.
        (["echoObject:", "nil"], "nil"), (["countOf:", "nil"], "-1"), (["countOf:", "self"], "2"),
        (["countOf:", "Types"], "2"), (["countOf:", "Types{\"count\": 5}"], "5"),
        (["countOf:", "{\"class\": \"Types\", \"properties\": {\"count\": 6}}"], "6"),
        (["echoObject:", "self"], "<Types: 0x…; count = 2; label = NULL; ratio = 0.1>"),
        (["echoObject:", "Types {\"label\": \"hi\", \"ratio\": 0.5}"], "<Types: 0x…; count = 2; label = \"hi\"; ratio = 0.5>"),
        (["made"], "<Types: 0x…; count = 7; label = NULL; ratio = 0.1>"),
        // Structs of any fields and nesting: braces, brackets, leaves comma-separated.
        (["idSum:", "{3, 0.25}"], "3.25"), (["idSum:", "[3, 0.25]"], "3.25"),
        (["echoID:", "{-3, 0.25}"], "{-3, 0.25}"), (["echoFF:", "{0.1, 2.5}"], "{0.1, 2.5}"),
        (["echoFI:", "{0.5, 3}"], "{0.5, 3}"), (["echoCCC:", "{1, -2, 3}"], "{1, -2, 3}"),
        (["echoArr:", "{[1, 2, 3], 0.5}"], "{[1, 2, 3], 0.5}"), (["echoArr:", "1,2,3,0.5"], "{[1, 2, 3], 0.5}"),
        (["echoNest:", "{{1, 0.5}, {0.25, 2}, 9}"], "{{1, 0.5}, {0.25, 2}, 9}"),
        (["echoNest:", "[[1, 0.5], [0.25, 2], 9]"], "{{1, 0.5}, {0.25, 2}, 9}"),
        (["echoNamed:", "{\"a, b\", Types, drawRect:}"], "{\"a, b\", Types, drawRect:}"),
        (["echoWide:", "{0.1, 3}"], "{0.1, 3}"),
        // Named CG structs: also JSON, and printed with their field names (which read back).
        (["echoPoint:", "{\"x\": 3, \"y\": 4}"], "{x: 3, y: 4}"), (["echoPoint:", "{x: 3, y: 4}"], "{x: 3, y: 4}"),
        (["echoPoint:", "3,4"], "{x: 3, y: 4}"), (["echoSize:", "[100, 50]"], "{width: 100, height: 50}"),
        (["echoRect:", "{{10, 20}, {100, 50}}"], "{origin: {x: 10, y: 20}, size: {width: 100, height: 50}}"),
        (["echoRect:", "{\"x\": 1, \"y\": 2, \"width\": 3, \"height\": 4}"], "{origin: {x: 1, y: 2}, size: {width: 3, height: 4}}"),
        (["echoRect:", "{origin: {x: 1, y: 2}, size: {width: 3, height: 4}}"], "{origin: {x: 1, y: 2}, size: {width: 3, height: 4}}"),
        (["echoColor:", "#ff8000"], "{red: 1, green: 0.5019607843137255, blue: 0, alpha: 1}"),
        (["echoColor:", "hsl(0, 100%, 50%)"], "{red: 1, green: 0, blue: 0, alpha: 1}"),
        (["echoTransform:", "{1, 0, 0, 1, 5, 6}"], "{a: 1, b: 0, c: 0, d: 1, tx: 5, ty: 6}"),
        // Pointers: only NULL, and the context where the method declares ^v.
        (["readInt:", "NULL"], "-1"), (["hasContext:", "context"], "1"), (["hasContext:", "NULL"], "0"),
    ] as [([String], String)])
    func roundTrip(_ arguments: [String], _ printed: String) throws {
        let result = try invokeTypes(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(masked(result.stdout) == printed + "\n")
        #expect(result.stderr == "")
    }

    /// The `easel invoke` lines of issue 19's "what was seen", each as it reads now; every one failed before
    /// (the Types plugin did not even load: its `D` and `j` methods were refused).
    @Test("issue 19: what was seen of easel invoke", arguments: [
        // "parses struct arguments only when every field is a double … `idSum: 3,0.25` gives '3,0.25' is not a ID"
        (["idSum:", "3,0.25"], 0, "3.25\n", ""),
        // "… and the usage line <a ID>"
        (["idSum:"], 2, "", "error: -[Types idSum:(ID)] -> double takes 1 argument, 0 given\nusage: easel invoke Types idSum: <ID {3, 0.25}>\n"),
        // "the same for {FF=ff}, {FI=fi}, {ccc}, arrays in structs and nested structs"
        (["echoFF:", "0.5,0.25"], 0, "{0.5, 0.25}\n", ""), (["echoFI:", "0.5,3"], 0, "{0.5, 3}\n", ""),
        (["echoCCC:", "1,2,3"], 0, "{1, 2, 3}\n", ""), (["echoArr:", "{[1, 2, 3], 4}"], 0, "{[1, 2, 3], 4}\n", ""),
        (["echoNest:", "{{1, 2}, {3, 4}, 5}"], 0, "{{1, 2}, {3, 4}, 5}\n", ""),
        // "Class and SEL arguments are refused with the hint 'use context or NULL'"
        (["echoClass:", "View"], 0, "View\n", ""), (["selectorName:", "drawRect:"], 0, "\"drawRect:\"\n", ""),
        // "Any pointer argument (^i) accepts context, and the callee reads garbage"
        (["readInt:", "context"], 2, "", "error: argument 1 of -[Types readInt:(int32_t *)] -> int32_t: 'context' cannot be given for int32_t * (^i); only NULL can (the drawing context is given only where a method declares void * (^v))\nusage: easel invoke Types readInt: <int32_t * (NULL)>\n"),
        // "A float result prints widened (0.05000000074505806)"
        (["tenth"], 0, "0.1\n", ""), (["echoFloat:", "0.05"], 0, "0.05\n", ""),
        // "id, Class and SEL results print as bare addresses"
        (["selfie"], 0, "<Types: 0x…; count = 2; label = NULL; ratio = 0.1>\n", ""), (["viewClass"], 0, "View\n", ""),
        (["drawSelector"], 0, "drawRect:\n", ""),
        // "1e40 for a float silently becomes inf"
        (["echoFloat:", "1e40"], 2, "", "error: argument 1 of -[Types echoFloat:(float)] -> float: '1e40' is too large for a float (at most ±3.4028235e+38)\nusage: easel invoke Types echoFloat: <float>\n"),
        // "long double (D) and complex (j) types are refused although the installed libffi supports them"
        (["echoLongDouble:", "2.5"], 0, "2.5\n", ""), (["echoComplexDouble:", "1.5+2i"], 0, "1.5+2i\n", ""),
    ] as [([String], Int32, String, String)])
    func whatWasSeen(_ arguments: [String], _ status: Int32, _ stdout: String, _ stderr: String) throws {
        let result = try invokeTypes(arguments)
        #expect(result.status == status)
        #expect(masked(result.stdout) == stdout)
        #expect(result.stderr == stderr)
    }

    #if arch(x86_64)
    @Test("long double is the x87 format: printed with its own precision")
    func longDoublePrecision() throws {
        let result = try invokeTypes(["third"])
        #expect(result.stdout == "0.33333333333333333334\n", "\(result.stderr)")
        #expect(try invokeTypes(["echoLongDouble:", "1e4000"]).stdout == "1e+4000\n")
    }
    #endif

    @Test("long double, complex and mixed structs give the same results through libffi forced", arguments: [
        ["echoLongDouble:", "0.1"], ["echoComplexLongDouble:", "1.5-2i"], ["echoComplexFloat:", "0.1+0.2i"],
        ["echoWide:", "{0.1, 3}"], ["echoNest:", "{{1, 0.5}, {0.25, 2}, 9}"], ["idSum:", "{3, 0.25}"],
    ])
    func bothCallPaths(_ arguments: [String]) throws {
        let direct = try invokeTypes(arguments)
        let forced = try invokeTypes(arguments + ["--force-libffi"])
        #expect(direct.status == 0 && forced.status == 0, "\(direct.stderr)\(forced.stderr)")
        #expect(direct.stdout == forced.stdout)
    }

    @Test("the isolated worker reads and prints the same", arguments: [
        ["made"], ["echoComplexLongDouble:", "1-2i"], ["echoNest:", "{{1, 0.5}, {0.25, 2}, 9}"], ["echoObject:", "Types{\"count\": 3}"],
    ])
    func isolated(_ arguments: [String]) throws {
        let inProcess = try invokeTypes(arguments)
        let isolated = try invokeTypes(arguments + ["--isolate"])
        #expect(isolated.status == 0, "\(isolated.stderr)")
        #expect(masked(isolated.stdout) == masked(inProcess.stdout))
        #expect(isolated.stdout.count > 2)
    }

    @Test("an argument that is refused exits 2 before the call, with the form it takes", arguments: [
        (["idSum:", "3;0.25"], """
            error: argument 1 of -[Types idSum:(ID)] -> double is {ID=id}: write it as {3, 0.25} or [3, 0.25]
            usage: easel invoke Types idSum: <ID {3, 0.25}>
            """),
        (["echoID:", "{3, 0.25"], """
            error: argument 1 of -[Types echoID:(ID)] -> ID is {ID=id}: write it as {3, 0.25} or [3, 0.25]; missing '}' at the end
            usage: easel invoke Types echoID: <ID {3, 0.25}>
            """),
        (["echoFloat:", "1e40"], """
            error: argument 1 of -[Types echoFloat:(float)] -> float: '1e40' is too large for a float (at most ±3.4028235e+38)
            usage: easel invoke Types echoFloat: <float>
            """),
        (["echoDouble:", "1e400"], """
            error: argument 1 of -[Types echoDouble:(double)] -> double: '1e400' is too large for a double (at most ±1.7976931348623157e+308)
            usage: easel invoke Types echoDouble: <double>
            """),
        (["echoChar:", "128"], """
            error: argument 1 of -[Types echoChar:(int8_t)] -> int8_t: '128' is not int8_t (an integer from -128 to 127)
            usage: easel invoke Types echoChar: <int8_t>
            """),
        (["echoCCC:", "{1, 2, 300}"], """
            error: argument 1 of -[Types echoCCC:(struct {int8_t, int8_t, int8_t})] -> struct {int8_t, int8_t, int8_t} is {?=ccc}: write it as {3, 3, 3} or [3, 3, 3]; at [2]: '300' is not int8_t (an integer from -128 to 127)
            usage: easel invoke Types echoCCC: <{?=ccc} {3, 3, 3}>
            """),
        (["echoFF:", "{1e40, 0}"], """
            error: argument 1 of -[Types echoFF:(FF)] -> FF is {FF=ff}: write it as {0.25, 0.25} or [0.25, 0.25]; at [0]: '1e40' is too large for a float (at most ±3.4028235e+38)
            usage: easel invoke Types echoFF: <FF {0.25, 0.25}>
            """),
        (["echoPoint:", "{\"x\": 3}"], """
            error: argument 1 of -[Types echoPoint:(CGPoint)] -> CGPoint is {CGPoint=dd}: write it as {10, 20}, [10, 20] or {"x": 10, "y": 20}; the field 'y' of CGPoint is missing (its fields: x, y)
            usage: easel invoke Types echoPoint: <CGPoint {10, 20}>
            """),
        (["echoPoint:", "{\"x\": 3, \"z\": 4}"], """
            error: argument 1 of -[Types echoPoint:(CGPoint)] -> CGPoint is {CGPoint=dd}: write it as {10, 20}, [10, 20] or {"x": 10, "y": 20}; CGPoint has no field 'z' (its fields: x, y)
            usage: easel invoke Types echoPoint: <CGPoint {10, 20}>
            """),
        (["echoComplexDouble:", "1+2j"], """
            error: argument 1 of -[Types echoComplexDouble:(double _Complex)] -> double _Complex is jd: write it as 1.5+2i or {1.5, 2}; at [0]: '1+2j' is not a double
            usage: easel invoke Types echoComplexDouble: <double _Complex 1.5+2i>
            """),
        (["readInt:", "context"], """
            error: argument 1 of -[Types readInt:(int32_t *)] -> int32_t: 'context' cannot be given for int32_t * (^i); only NULL can (the drawing context is given only where a method declares void * (^v))
            usage: easel invoke Types readInt: <int32_t * (NULL)>
            """),
        (["hasContext:", "0x1234"], """
            error: argument 1 of -[Types hasContext:(void *)] -> int32_t: '0x1234' is not a drawing context; write context or NULL
            usage: easel invoke Types hasContext: <void * (context or NULL)>
            """),
        (["echoClass:", "Nope"], """
            error: argument 1 of -[Types echoClass:(Class)] -> Class: no class named 'Nope' is registered; write a class name or nil
            usage: easel invoke Types echoClass: <Class (a class name or nil)>
            """),
        (["echoSelector:", "draw rect"], """
            error: argument 1 of -[Types echoSelector:(SEL)] -> SEL: 'draw rect' is not a selector name; write one such as drawRect: or NULL
            usage: easel invoke Types echoSelector: <SEL (a selector name or NULL)>
            """),
        (["echoObject:", "Nope"], """
            error: argument 1 of -[Types echoObject:(id)] -> id: no class named 'Nope' is registered; write nil, self or a class name
            usage: easel invoke Types echoObject: <id (nil, self or a class name)>
            """),
        (["echoObject:", "Types{\"size\": 3}"], """
            error: argument 1 of -[Types echoObject:(id)] -> id: class 'Types' has no property 'size' (it declares: count, label, ratio)
            usage: easel invoke Types echoObject: <id (nil, self or a class name)>
            """),
        (["echoObject:", "Types{\"count\": 2.5}"], """
            error: argument 1 of -[Types echoObject:(id)] -> id: property 'count' (int32_t) of 'Types' takes an integer from -2147483648 to 2147483647, not 2.5
            usage: easel invoke Types echoObject: <id (nil, self or a class name)>
            """),
        (["echoID:"], """
            error: -[Types echoID:(ID)] -> ID takes 1 argument, 0 given
            usage: easel invoke Types echoID: <ID {3, 0.25}>
            """),
    ] as [([String], String)])
    func refused(_ arguments: [String], _ stderr: String) throws {
        let result = try invokeTypes(arguments)
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == stderr + "\n")
    }

    @Test("-o - writes only the image to standard output; the return value goes to standard error or --print-to")
    func imageAloneOnStandardOutput() throws {
        let folder = try typesFolder.get()
        let environment = ["EASEL_PLUGIN_PATH": folder.path]
        let piped = try easel(["invoke", "Types", "idSum:", "{3, 0.25}", "--size", "4x4", "-o", "-"], environment: environment)
        #expect(piped.status == 0)
        #expect(piped.stderr == "3.25\n")
        let image = try RasterImage(pngData: Array(piped.stdoutBytes))
        #expect(image.width == 4 && image.height == 4)

        let file = try Fixtures.makeTemporaryDirectory("print-to").appendingPathComponent("value.txt")
        let printed = try easel(["invoke", "Types", "tenth", "--size", "4x4", "-o", "-", "--print-to", file.path], environment: environment)
        #expect(printed.status == 0)
        #expect(printed.stderr == "")
        #expect(try String(contentsOf: file, encoding: .utf8) == "0.1\n")
        #expect(try RasterImage(pngData: Array(printed.stdoutBytes)).width == 4)

        let refused = try easel(["invoke", "Types", "tenth", "--print-to", "-"], environment: environment)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("--print-to must name a file"))
    }
}
