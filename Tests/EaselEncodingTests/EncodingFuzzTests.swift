import EaselEncoding
import EaselInvocation
import EaselTestSupport
import Testing

/// Loader-level fuzzing of method encodings: random, generated and mutated
/// encodings go through what loading a plugin does with one (parse, then
/// prepare the call frame with `ffi_prep_cif`), and the void ones are called
/// through libffi; each must finish in bounded time. Seeded, so a failure
/// reproduces. (The libFuzzer target in Fuzz/ runs the same path for minutes.)
@Suite("Encoding fuzzing through call frames")
struct EncodingFuzzTests {
    /// Encodings the sample plugins and the ABI declare, to mutate.
    static let seeds = [
        "v@:", "v@:{CGRect={CGPoint=dd}{CGSize=dd}}", "v@:@{CGRect={CGPoint=dd}{CGSize=dd}}^v",
        "{CGSize=dd}@:{CGSize=dd}", "v@:{EaselColor=dddd}", "v@:{EaselPointArray=^{CGPoint=dd}Q}",
        "B@:{CGPoint=dd}", "v24@0:8{CGRect={CGPoint=dd}{CGSize=dd}}16", "@@:r*^?", "v@:{CGAffineTransform=dddddd}",
        "d@:i{Grid=c[5[7s]]d}i", "{Samples=d[1000S]c}@:{Samples=d[1000S]c}i", "v@:{A=[65536C]}", "Q@:{Bytes24=[24C]}C",
    ]

    /// Pieces the mutator inserts: grammar punctuation and counts around every limit.
    static let tokens = [
        "{", "}", "[", "]", "^", "=", "{?=", "{A=", "\"x\"", "@\"NS\"", "v", "?", "c", "d", "Q", "i", "S",
        "1", "2", "8", "9", "16", "17", "255", "4096", "8192", "16384", "65535", "65536", "65537",
        "26843545", "268435455", "2147483647", "2147483648", "99999999999999999999", "-8", "r", "(", "b3", "@?",
    ]

    static let scalars = Array("cCsSiIlLqQfdB*@#:")

    /// A random type in the grammar, nesting at most `depth` more levels.
    static func randomType(_ random: inout SplitMix64, depth: Int) -> String {
        let roll = random.int(0...9)
        if depth <= 0 || roll < 4 { return String(random.pick(scalars)) }
        switch roll {
        case 4: return "^" + randomType(&random, depth: depth - 1)
        case 5, 6:
            let count = random.pick([1, 2, 3, 7, 8, 9, 16, 17, 100, 1000, 4096, 65535, 65536, 65537, 26_843_545])
            return "[\(count)" + randomType(&random, depth: depth - 1) + "]"
        default:
            let fields = (0..<random.int(1...4)).map { _ in randomType(&random, depth: depth - 1) }
            return "{S\(random.int(0...9))=" + fields.joined() + "}"
        }
    }

    /// One input: generated, mutated from a seed, or spliced from two.
    static func input(_ random: inout SplitMix64) -> String {
        switch random.int(0...9) {
        case 0...2:
            let arguments = (0..<random.int(0...4)).map { _ in randomType(&random, depth: 5) }
            let returnType = random.chance(60) ? "v" : randomType(&random, depth: 3)
            return returnType + "@:" + arguments.joined()
        case 3:
            let a = Array(random.pick(seeds).utf8), b = Array(random.pick(seeds).utf8)
            return String(decoding: a.prefix(random.int(0...a.count)) + b.suffix(random.int(0...b.count)), as: UTF8.self)
        default:
            var bytes = Array(random.pick(seeds).utf8)
            for _ in 0..<random.int(1...6) {
                let at = random.int(0...bytes.count)
                switch random.int(0...4) {
                case 0: bytes.insert(contentsOf: random.pick(tokens).utf8, at: at)
                case 1 where at < bytes.count: bytes.remove(at: at)
                case 2 where at < bytes.count: bytes[at] = random.pick(Array("{}[]^=0123456789vcdiS?".utf8))
                case 3 where !bytes.isEmpty:
                    let start = random.int(0...bytes.count - 1), end = random.int(start...bytes.count)
                    if bytes.count + (end - start) * 8 <= 4200 {
                        bytes.insert(contentsOf: Array(repeating: bytes[start..<end], count: random.int(1...8)).joined(), at: at)
                    }
                default: bytes.insert(UInt8(random.int(0...255)), at: at)
                }
            }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    @Test("3,000 random and mutated encodings: parse, ffi_prep_cif and a call, each in bounded time")
    func fuzzCallFrames() throws {
        var random = SplitMix64(state: 0xE5CA_1E_F022)
        let nothing: @convention(c) () -> Void = {}
        let implementation = unsafeBitCast(nothing, to: UnsafeRawPointer.self)
        let clock = ContinuousClock()
        var slowest = Duration.zero, slowestInput = ""
        var accepted = 0, called = 0
        for _ in 0..<3_000 {
            let text = Self.input(&random)
            let start = clock.now
            if let signature = try? MethodSignature(parsing: text), let frame = try? CallFrame(signature: signature) {
                accepted += 1
                #expect(frame.argumentSizes == signature.argumentTypes.map(\.size), "\(text)")
                #expect(signature.methodReturnLength <= TypeEncoding.maximumValueSize, "\(text)")
                #expect(frame.argumentSizes.dropFirst(2).reduce(0, +) <= TypeEncoding.maximumValueSize, "\(text)")
                #expect(frame.describedElementCount <= 4 * text.utf8.count + 64, "\(text)")
                if signature.returnType == .void {
                    Invocation(frame: frame, implementation: implementation, forceLibffi: true).invoke()
                    called += 1
                }
            }
            let elapsed = clock.now - start
            if elapsed > slowest { (slowest, slowestInput) = (elapsed, text) }
        }
        // Each takes well under a millisecond; the bound leaves room for a
        // loaded machine (before the size limit, one such input took 19 s).
        #expect(slowest < .milliseconds(250), "slowest: \(slowestInput.prefix(80)) took \(slowest)")
        #expect(accepted > 300 && called > 100, "accepted \(accepted), called \(called)")
    }
}
