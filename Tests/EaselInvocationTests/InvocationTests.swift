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
