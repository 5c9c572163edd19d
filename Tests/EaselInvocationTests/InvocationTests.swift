import CEaselTestFunctions
import EaselABI
import EaselEncoding
import EaselInvocation
import Testing

/// Calls a test function through a prepared frame with libffi.
private func call<R: BitwiseCopyable>(
    _ function: String, _ encoding: String, returning: R.Type = R.self,
    forceLibffi: Bool = true, _ setUp: (Invocation) throws -> Void
) throws -> R {
    let signature = try MethodSignature.cached(encoding)
    let frame = try CallFrame.cached(for: signature)
    let implementation = try #require(easel_test_function(function), "no test function \(function)")
    let invocation = Invocation(frame: frame, implementation: implementation, forceLibffi: forceLibffi)
    invocation.target = UnsafeMutableRawPointer(bitPattern: 0x1000)
    invocation.selector = UnsafeRawPointer(bitPattern: 0x2000)
    try setUp(invocation)
    invocation.invoke()
    return try invocation.returnValue(as: R.self)
}

private func echo<T: BitwiseCopyable>(_ function: String, _ code: String, _ value: T) throws -> T {
    try call(function, "\(code)@:\(code)", returning: T.self) { try $0.setArgument(value, at: 2) }
}

@Suite("Invocation through libffi")
struct InvocationTests {
    @Test("every scalar type round-trips, small integers narrowed")
    func scalars() throws {
        #expect(try echo("neg_c", "c", Int8(5)) == -5)
        #expect(try echo("inc_C", "C", UInt8(255)) == 0)
        #expect(try echo("neg_s", "s", Int16(-300)) == 300)
        #expect(try echo("inc_S", "S", UInt16(65534)) == 65535)
        #expect(try echo("neg_i", "i", Int32(123_456)) == -123_456)
        #expect(try echo("inc_I", "I", UInt32.max - 1) == UInt32.max)
        #expect(try echo("neg_i", "l", Int32(7)) == -7)
        #expect(try echo("inc_I", "L", UInt32(41)) == 42)
        #expect(try echo("neg_q", "q", Int64.min + 1) == Int64.max)
        #expect(try echo("inc_Q", "Q", UInt64.max - 1) == UInt64.max)
        #expect(try echo("half_f", "f", Float(3)) == 1.5)
        #expect(try echo("half_d", "d", 5.0) == 2.5)
        #expect(try echo("not_B", "B", true) == false)
        #expect(try echo("not_B", "B", false) == true)
    }

    @Test("receiver and selector arrive as arguments 0 and 1")
    func receiverAndSelector() throws {
        _ = try echo("neg_i", "i", Int32(1))
        #expect(easel_test_last_receiver() == UnsafeMutableRawPointer(bitPattern: 0x1000))
        #expect(easel_test_last_selector() == UnsafeRawPointer(bitPattern: 0x2000))
    }

    @Test("pointers: C strings, objects and pointers to storage")
    func pointers() throws {
        let text = "hello"
        try text.withCString { string in
            let rest = try call("strlen_star", "*@:*", returning: UnsafePointer<CChar>?.self) {
                try $0.setArgument(string, at: 2)
            }
            #expect(rest.map { String(cString: $0) } == "ello")
        }
        let object = UnsafeMutableRawPointer(bitPattern: 0xABCD)
        #expect(try call("same_at", "@@:@", returning: UnsafeMutableRawPointer?.self) { try $0.setArgument(object, at: 2) } == object)
        var slot: Int32 = 0
        let frame = try CallFrame.cached(for: MethodSignature.cached("v@:^ii"))
        let invocation = Invocation(frame: frame, implementation: easel_test_function("store_through"))
        try withUnsafeMutablePointer(to: &slot) { pointer in
            try invocation.setArgument(pointer, at: 2)
            try invocation.setArgument(Int32(99), at: 3)
            invocation.invoke()
        }
        #expect(slot == 99)
    }

    @Test("nested structs by value as arguments and return values")
    func structs() throws {
        let rect = easel_rect(origin: easel_point(x: 10, y: 20), size: easel_size(width: 100, height: 50))
        let inset = try call("inset_rect", "{CGRect={CGPoint=dd}{CGSize=dd}}@:{CGRect={CGPoint=dd}{CGSize=dd}}d",
                             returning: easel_rect.self) { invocation in
            try invocation.setArgument(rect, at: 2)
            try invocation.setArgument(5.0, at: 3)
        }
        #expect(inset.origin.x == 15 && inset.origin.y == 25 && inset.size.width == 90 && inset.size.height == 40)

        let size = try call("fits", "{CGSize=dd}@:{CGSize=dd}", returning: easel_size.self) {
            try $0.setArgument(easel_size(width: 120, height: 40), at: 2)
        }
        #expect(size.width == 60 && size.height == 80)

        let middle = try call("mid", "{CGPoint=dd}@:{CGRect={CGPoint=dd}{CGSize=dd}}", returning: easel_point.self) {
            try $0.setArgument(rect, at: 2)
        }
        #expect(middle.x == 60 && middle.y == 45)

        let sum = try call("padded_sum", "d@:{Padded=cd}", returning: Double.self) {
            try $0.setArgument(easel_test_padded(c: 3, d: 0.25), at: 2)
        }
        #expect(sum == 3.25)

        let tagged = try call("retag", "{Tagged={CGRect={CGPoint=dd}{CGSize=dd}}i}@:{Tagged={CGRect={CGPoint=dd}{CGSize=dd}}i}i",
                              returning: easel_test_tagged_rect.self) { invocation in
            try invocation.setArgument(easel_test_tagged_rect(r: rect, tag: 1), at: 2)
            try invocation.setArgument(Int32(7), at: 3)
        }
        #expect(tagged.tag == 7 && tagged.r.origin.x == 11 && tagged.r.size.height == 50)

        let swapped = try call("swap_pair", "{FloatPair=ff}@:{FloatPair=ff}", returning: easel_test_float_pair.self) {
            try $0.setArgument(easel_test_float_pair(x: 1.5, y: -2), at: 2)
        }
        #expect(swapped.x == -2 && swapped.y == 1.5)

        let identity = easel_affine_transform(a: 2, b: 0, c: 0, d: 3, tx: 1, ty: 1)
        let moved = try call("transform_translate", "{CGAffineTransform=dddddd}@:{CGAffineTransform=dddddd}dd",
                             returning: easel_affine_transform.self) { invocation in
            try invocation.setArgument(identity, at: 2)
            try invocation.setArgument(10.0, at: 3)
            try invocation.setArgument(10.0, at: 4)
        }
        #expect(moved.tx == 21 && moved.ty == 31 && moved.a == 2 && moved.d == 3)
    }

    @Test("a reused invocation passes each call's struct arguments (libffi rewrites its argument array)")
    func reusedStructArguments() throws {
        // libffi 3.4 replaces the caller's pointer to a struct passed on the
        // stack with the address of its own temporary copy.
        let signature = try MethodSignature.cached("{CGRect={CGPoint=dd}{CGSize=dd}}@:{CGRect={CGPoint=dd}{CGSize=dd}}d")
        let implementation = try #require(easel_test_function("inset_rect"))
        let invocation = Invocation(frame: try CallFrame.cached(for: signature), implementation: implementation,
                                    forceLibffi: true)
        for step in 0..<4 {
            let x = Double(step) * 100
            try invocation.setArgument(easel_rect(origin: easel_point(x: x, y: 20), size: easel_size(width: 100, height: 50)), at: 2)
            try invocation.setArgument(5.0, at: 3)
            invocation.invoke()
            // Clobber the stack the previous call used.
            _ = try echo("half_d", "d", Double(step))
            let inset = try invocation.returnValue(as: easel_rect.self)
            #expect(inset.origin.x == x + 5 && inset.origin.y == 25 && inset.size.width == 90 && inset.size.height == 40,
                    "call \(step): \(inset)")
        }
    }

    @Test("many arguments of different types")
    func mixedArguments() throws {
        let result = try "abc".withCString { string in
            try call("mixed", "d@:cSiqfdB*{CGPoint=dd}", returning: Double.self) { invocation in
                try invocation.setArgument(Int8(-1), at: 2)
                try invocation.setArgument(UInt16(2), at: 3)
                try invocation.setArgument(Int32(3), at: 4)
                try invocation.setArgument(Int64(4), at: 5)
                try invocation.setArgument(Float(0.5), at: 6)
                try invocation.setArgument(0.25, at: 7)
                try invocation.setArgument(true, at: 8)
                try invocation.setArgument(string, at: 9)
                try invocation.setArgument(easel_point(x: 2, y: 3), at: 10)
            }
        }
        #expect(result == -1 + 2 + 3 + 4 + 0.5 + 0.25 + 1000 + 3 + 6)
    }

    @Test("a wrongly sized argument or an index out of range is an error, not a crash")
    func argumentChecks() throws {
        let frame = try CallFrame.cached(for: MethodSignature.cached("v@:{CGRect={CGPoint=dd}{CGSize=dd}}"))
        let invocation = Invocation(frame: frame)
        #expect(throws: InvocationArgumentError.self) { try invocation.setArgument(1.0, at: 2) }
        #expect(throws: InvocationArgumentError.self) { try invocation.setArgument(1.0, at: 3) }
        let error = #expect(throws: InvocationArgumentError.self) { try invocation.returnValue(as: Double.self) }
        #expect(error?.message == "return type void is 0 bytes, not 8")
    }

    @Test("call frames are prepared once per signature and fast paths are recognised",
          arguments: [
            ("v@:", FastPath?.some(.voidReceiverSelector)),
            ("v@:{CGRect={CGPoint=dd}{CGSize=dd}}", .some(.voidRect)),
            ("v24@0:8{CGRect={CGPoint=dd}{CGSize=dd}}16", .some(.voidRect)),
            ("v@:@{CGRect={CGPoint=dd}{CGSize=dd}}^v", .some(.voidObjectRectPointer)),
            ("v@:{CGSize=dd}", nil),
            ("v@:{Quad=dddd}", .some(.voidRect)),
            ("d@:", nil),
            ("v@:i", nil),
          ])
    func frames(encoding: String, fastPath: FastPath?) throws {
        let signature = try MethodSignature.cached(encoding)
        let frame = try CallFrame.cached(for: signature)
        #expect(frame === (try CallFrame.cached(for: signature)))
        #expect(frame.fastPath == fastPath)
        #expect(frame.returnBufferSize >= 8)
        #expect(Invocation(frame: frame, forceLibffi: true).usesFastPath == false)
    }

    @Test("a C array cannot be passed by value")
    func arrayByValue() throws {
        let signature = try MethodSignature.cached("v@:[4d]")
        let error = #expect(throws: CallFrameError.self) { try CallFrame(signature: signature) }
        #expect(error?.description == "cannot prepare a call for \"v@:[4d]\": a C array cannot be passed by value ([4d])")
    }
}

/// The bytes of a C struct, filled and read at given offsets (for structs
/// Swift would import with arrays as tuples).
private struct StructBytes {
    var bytes: [UInt8]
    init(size: Int) { bytes = [UInt8](repeating: 0, count: size) }
    init(_ raw: UnsafeRawBufferPointer) { bytes = Array(raw) }
    mutating func store<T: BitwiseCopyable>(_ value: T, at offset: Int) {
        withUnsafeBytes(of: value) { bytes.replaceSubrange(offset..<(offset + $0.count), with: $0) }
    }
    func load<T: BitwiseCopyable>(_: T.Type, at offset: Int) -> T {
        bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: T.self) }
    }
}

/// Calls `function` through libffi with struct arguments given as bytes.
private func callWithBytes(_ function: String, _ encoding: String,
                           _ arguments: [Int: [UInt8]], scalars: (Invocation) throws -> Void = { _ in }) throws -> Invocation {
    let frame = try CallFrame.cached(for: MethodSignature.cached(encoding))
    let implementation = try #require(easel_test_function(function), "no test function \(function)")
    let invocation = Invocation(frame: frame, implementation: implementation, forceLibffi: true)
    for (index, bytes) in arguments {
        #expect(bytes.count == frame.argumentSizes[index], "argument \(index) of \(encoding)")
        bytes.withUnsafeBytes { invocation.setArgument(bytes: $0.baseAddress!, at: index) }
    }
    try scalars(invocation)
    invocation.invoke()
    return invocation
}

@Suite("Structs holding arrays through libffi")
struct ArrayStructTests {
    @Test("a small struct with an array (passed in registers) round-trips every element")
    func taggedFloats() throws {
        var value = StructBytes(size: 16)
        value.store(Int32(41), at: 0)
        for (index, number) in [Float(1.5), -2, 8].enumerated() { value.store(number, at: 4 + 4 * index) }
        let invocation = try callWithBytes("scale_floats", "{TaggedFloats=i[3f]}@:{TaggedFloats=i[3f]}f", [2: value.bytes]) {
            try $0.setArgument(Float(2), at: 3)
        }
        let result = StructBytes(invocation.returnBytes)
        #expect(result.load(Int32.self, at: 0) == 42)
        #expect([0, 1, 2].map { result.load(Float.self, at: 4 + 4 * $0) } == [3, -4, 16])
    }

    @Test("a 2 KB struct with a 1000-element array passes and returns every element")
    func samples() throws {
        let encoding = "{Samples=d[1000S]c}@:{Samples=d[1000S]c}i"
        #expect(try MethodSignature(parsing: encoding).returnType.size == 2016)
        var value = StructBytes(size: 2016)
        value.store(3.0, at: 0)
        for index in 0..<1000 { value.store(UInt16(index), at: 8 + 2 * index) }
        value.store(Int8(-7), at: 2008)
        let invocation = try callWithBytes("weigh_samples", encoding, [2: value.bytes]) { try $0.setArgument(Int32(5), at: 3) }
        let result = StructBytes(invocation.returnBytes)
        #expect(result.load(Double.self, at: 0) == -3)
        let samples = (0..<1000).map { result.load(UInt16.self, at: 8 + 2 * $0) }
        #expect(samples == (0..<1000).map { UInt16(truncatingIfNeeded: $0 * 3 + 5) })
        #expect(result.load(Int8.self, at: 2008) == -8)
    }

    @Test("a 24-byte array of bytes, more leaves than are described flat, arrives whole")
    func bytes24() throws {
        let bytes = (0..<24).map { UInt8($0 * 7 + 1) }
        let sum = try callWithBytes("sum_bytes24", "Q@:{Bytes24=[24C]}C", [2: bytes]) { try $0.setArgument(UInt8(3), at: 3) }
        let expected = bytes.enumerated().reduce(UInt64(0)) { $0 + UInt64($1.element) * UInt64($1.offset + 3) }
        #expect(try sum.returnValue(as: UInt64.self) == expected)
    }

    @Test("an array of structs and a two-dimensional array among scalars arrive at their offsets")
    func nestedArrays() throws {
        var polygon = StructBytes(size: 328)
        polygon.store(Int32(20), at: 0)
        for index in 0..<20 {
            polygon.store(Double(index) + 0.5, at: 8 + 16 * index)
            polygon.store(Double(-index), at: 16 + 16 * index)
        }
        let weight = try callWithBytes("polygon_weight", "d@:{Polygon=i[20{CGPoint=dd}]}d", [2: polygon.bytes]) {
            try $0.setArgument(2.0, at: 3)
        }
        var expected = 0.0
        for index in 0..<20 {
            let x = Double(index) + 0.5, y = Double(-index)
            expected += x * Double(index + 1) + y
        }
        expected *= 2
        #expect(try weight.returnValue(as: Double.self) == expected)

        var grid = StructBytes(size: 80)
        grid.store(Int8(3), at: 0)
        for cell in 0..<35 { grid.store(Int16(cell - 17), at: 2 + 2 * cell) }
        grid.store(9.0, at: 72)
        let sum = try callWithBytes("grid_sum", "q@:i{Grid=c[5[7s]]d}i", [3: grid.bytes]) {
            try $0.setArgument(Int32(4), at: 2)
            try $0.setArgument(Int32(6), at: 4)
        }
        var total: Int64 = 4_000_000 + 600_000 + 30_000 + 9
        for cell in 0..<35 { total += Int64(cell - 17) * Int64(cell + 1) }
        #expect(try sum.returnValue(as: Int64.self) == total)
    }

    @Test("an array's count does not change how many elements describe it to libffi",
          arguments: [("v@:{A=[9C]}", 9), ("v@:{A=[65536C]}", 65536), ("v@:{A=[16384i]}", 16384),
                      ("v@:{A=Q[4095[2S]]C}", 8190), ("v@:{A=[2[2[2[2[2[2[2[2[2[2[2[2[2[2[2[2C]]]]]]]]]]]]]]]]}", 65536)])
    func arrayDescriptionIsSmall(encoding: String, leaves: Int) throws {
        let frame = try CallFrame(signature: MethodSignature(parsing: encoding))
        // At most 3 slots per halving of the count, 8 at the bottom, plus the struct's own fields.
        #expect(frame.describedElementCount <= 64, "\(frame.describedElementCount) slots for \(leaves) leaves")
    }
}

/// A `double _Complex` or `float _Complex` as Swift lays it out: real part, then imaginary.
private struct Complex<Part: BitwiseCopyable & Equatable>: BitwiseCopyable, Equatable {
    var real: Part, imaginary: Part
}

@Suite("long double and complex values go through libffi")
struct WideTypeInvocationTests {
    @Test("their frames have no direct path, so both call paths are libffi's", arguments: [
        "D@:D", "jd@:jd", "jf@:jf", "jD@:jD", "v@:D", "v@:jd", "D@:iDjdc",
    ])
    func noDirectPath(_ encoding: String) throws {
        let frame = try CallFrame.cached(for: try MethodSignature.cached(encoding))
        #expect(frame.fastPath == nil)
        #expect(Invocation(frame: frame, forceLibffi: false).usesFastPath == false)
    }

    @Test("complex float and double arguments and returns round-trip", arguments: [false, true])
    func complex(_ forceLibffi: Bool) throws {
        let doubled = try call("conj_jd", "jd@:jd", returning: Complex<Double>.self, forceLibffi: forceLibffi) {
            try $0.setArgument(Complex(real: 1.5, imaginary: -2), at: 2)
        }
        #expect(doubled == Complex(real: 3, imaginary: 4))
        let swapped = try call("swap_jf", "jf@:jf", returning: Complex<Float>.self, forceLibffi: forceLibffi) {
            try $0.setArgument(Complex<Float>(real: 0.25, imaginary: 8), at: 2)
        }
        #expect(swapped == Complex(real: 8, imaginary: 0.25))
    }

    #if arch(x86_64)
    @Test("long double (x87) arguments and returns round-trip, alone and among other types", arguments: [false, true])
    func longDouble(_ forceLibffi: Bool) throws {
        #expect(try call("half_D", "D@:D", returning: Float80.self, forceLibffi: forceLibffi) {
            try $0.setArgument(Float80(1) / 3, at: 2)
        } == Float80(1) / 6)
        let conjugate = try call("conj_jD", "jD@:jD", returning: Complex<Float80>.self, forceLibffi: forceLibffi) {
            try $0.setArgument(Complex<Float80>(real: 0.1, imaginary: 0.2), at: 2)
        }
        #expect(conjugate == Complex(real: 0.1, imaginary: -0.2))
        let mixed = try call("mixed_wide", "D@:iDjdc", returning: Float80.self, forceLibffi: forceLibffi) { invocation in
            try invocation.setArgument(Int32(7), at: 2)
            try invocation.setArgument(Float80(0.125), at: 3)
            try invocation.setArgument(Complex(real: 3.0, imaginary: 0.5), at: 4)
            try invocation.setArgument(Int8(3), at: 5)
        }
        #expect(mixed == 7000 + 0.125 + 30 + 0.5 + 1.5)
    }
    #endif
}
