// Call-path benchmark: what a message costs compared with a plain C call.
//
// For each of the three common signatures it measures, in one run and on the
// same registered method of the sample plugin class `Tally` (libShapes.so):
//   direct    a typed call through the method's C function pointer (the floor)
//   ffi_call  a raw ffi_call with a cif prepared once, written here by hand
//   generic   Easel's Message.invoke() with every call forced through libffi
//   fast      Easel's Message.invoke() on its typed direct path
// and reports ns per call (best of several rounds), the ratios the spec sets
// targets for, and heap allocations per call counted by an interposed malloc.
//
// A second table measures a method of a Swift plugin written with
// EaselPluginKit (-[GraphView drawGrid:inContext:] of libGraph.so, which
// reads one property and returns when the grid is off): the kit's C entry
// called directly, and through Easel's Message.invoke() (libffi: the
// signature has no typed path); the difference from the C rows is what the
// kit adds (finding the Swift closure, the property read through the host).

import CFFI
import EaselABI
import EaselDiscovery
import EaselRuntime
import EaselViews
import EaselInvocation
#if canImport(Glibc)
import Glibc
#endif

/// A heap slot holding one argument value, for libffi's argument array.
private func slot<T>(_ value: T) -> UnsafeMutableRawPointer {
    let pointer = UnsafeMutablePointer<T>.allocate(capacity: 1)
    pointer.initialize(to: value)
    return UnsafeMutableRawPointer(pointer)
}

/// A prepared cif for `void f(void *, void *, <arguments>)` built straight on libffi.
private final class RawCall {
    var cif = ffi_cif()
    var types: [UnsafeMutablePointer<ffi_type>?]
    var values: [UnsafeMutableRawPointer?]
    init(types: [UnsafeMutablePointer<ffi_type>?], values: [UnsafeMutableRawPointer?]) {
        self.types = types
        self.values = values
        let status = self.types.withUnsafeMutableBufferPointer {
            ffi_prep_cif(&cif, easel_ffi_default_abi(), UInt32($0.count), easel_ffi_type_void(), $0.baseAddress)
        }
        guard status == FFI_OK else { fail("ffi_prep_cif failed") }
    }
}

private struct CallRow {
    let shape: String
    let direct: Double, raw: Double, generic: Double, fast: Double
    let genericAllocations: Double, fastAllocations: Double
}

/// Measures the call paths and prints their table; returns whether every target was met.
func runCallBenchmarks(registry: Registry) throws -> Bool {
    guard registry.objectClass(named: "Tally") != nil else {
        fail("the sample plugin class Tally is not loaded; run `swift build -c release` first")
    }
    let tally = try registry.makeObject(ofClass: "Tally")
    let coordinatorTarget = try registry.makeObject(ofClass: "Tally")
    let receiver = UnsafeMutableRawPointer(tally.handle)
    let rect = easel_rect(origin: easel_point(x: 1, y: 2), size: easel_size(width: 30, height: 40))
    let viewPointer: UnsafeMutableRawPointer? = UnsafeMutableRawPointer(coordinatorTarget.handle)
    let contextPointer: UnsafeMutableRawPointer? = UnsafeMutableRawPointer(bitPattern: 0x10)

    // MARK: Raw libffi, prepared once, by hand

    let rectElements = UnsafeMutablePointer<UnsafeMutablePointer<ffi_type>?>.allocate(capacity: 5)
    for index in 0..<4 { rectElements[index] = easel_ffi_type_double() }
    rectElements[4] = nil
    let rectType = UnsafeMutablePointer<ffi_type>.allocate(capacity: 1)
    rectType.initialize(to: ffi_type(size: 0, alignment: 0, type: UInt16(FFI_TYPE_STRUCT), elements: rectElements))

    let receiverSlot = slot(Optional(receiver))
    let selectorSlot = slot(UnsafeRawPointer?.none)
    let rectSlot = slot(rect)
    let viewSlot = slot(viewPointer)
    let contextSlot = slot(contextPointer)

    // MARK: Cases

    let iterations = 5_000_000
    var rows: [CallRow] = []

    func run(shape: String, selector name: String, argumentTypes: [UnsafeMutablePointer<ffi_type>?],
             argumentSlots: [UnsafeMutableRawPointer?], setArguments: (Message) throws -> Void,
             direct: @escaping (UnsafeRawPointer, UnsafeRawPointer) -> (Int) -> Void) throws {
        let selector = Selector(name)
        guard let method = tally.objectClass.method(for: selector) else { fail("Tally does not respond to \(name)") }
        selectorSlot.storeBytes(of: UnsafeRawPointer(selector.pointer), as: UnsafeRawPointer?.self)
        let generic = try registry.message(tally, selector, forceLibffi: true)
        let fast = try registry.message(tally, selector, forceLibffi: false)
        try setArguments(generic)
        try setArguments(fast)
        guard fast.invocation.usesFastPath, !generic.invocation.usesFastPath else { fail("\(shape): unexpected call paths") }

        let raw = RawCall(types: [easel_ffi_type_pointer(), easel_ffi_type_pointer()] + argumentTypes,
                          values: [receiverSlot, selectorSlot] + argumentSlots)
        let function = unsafeBitCast(method.implementation, to: (@convention(c) () -> Void).self)
        let rawLoop: (Int) -> Void = { n in
            raw.values.withUnsafeMutableBufferPointer { values in
                for _ in 0..<n { ffi_call(&raw.cif, function, nil, values.baseAddress) }
            }
        }
        let genericLoop: (Int) -> Void = { n in for _ in 0..<n { generic.invoke() } }
        let fastLoop: (Int) -> Void = { n in for _ in 0..<n { fast.invoke() } }
        // Plugin code always runs inside a host call, where host functions such
        // as class_named find the registry: give the direct baseline the same.
        let directCall = direct(method.implementation, UnsafeRawPointer(selector.pointer))
        let directLoop: (Int) -> Void = { n in registry.withActive { directCall(n) } }

        rows.append(CallRow(
            shape: shape,
            direct: measure(iterations, directLoop), raw: measure(iterations, rawLoop),
            generic: measure(iterations, genericLoop), fast: measure(iterations, fastLoop),
            genericAllocations: allocations(100_000, genericLoop), fastAllocations: allocations(100_000, fastLoop)))
    }

    // v@:  (-[Tally ping])
    try run(shape: "`v@:`", selector: "ping", argumentTypes: [], argumentSlots: [],
            setArguments: { _ in }) { implementation, selector in
        typealias Function = @convention(c) (UnsafeMutableRawPointer?, UnsafeRawPointer?) -> Void
        let function = unsafeBitCast(implementation, to: Function.self)
        return { n in for _ in 0..<n { function(receiver, selector) } }
    }
    // v@:{CGRect}  (-[Tally drawRect:])
    try run(shape: "`v@:{CGRect}`", selector: "drawRect:", argumentTypes: [rectType], argumentSlots: [rectSlot],
            setArguments: { try $0.setArgument(rect, at: 2) }) { implementation, selector in
        typealias Function = @convention(c) (UnsafeMutableRawPointer?, UnsafeRawPointer?, easel_rect) -> Void
        let function = unsafeBitCast(implementation, to: Function.self)
        return { n in for _ in 0..<n { function(receiver, selector, rect) } }
    }
    // v@:@{CGRect}^v  (-[Tally drawView:inRect:inContext:])
    try run(shape: "`v@:@{CGRect}^v`", selector: "drawView:inRect:inContext:",
            argumentTypes: [easel_ffi_type_pointer(), rectType, easel_ffi_type_pointer()],
            argumentSlots: [viewSlot, rectSlot, contextSlot],
            setArguments: { message in
                try message.setArgument(viewPointer, at: 2)
                try message.setArgument(rect, at: 3)
                try message.setArgument(contextPointer, at: 4)
            }) { implementation, selector in
        typealias Function = @convention(c) (
            UnsafeMutableRawPointer?, UnsafeRawPointer?, UnsafeMutableRawPointer?, easel_rect, UnsafeMutableRawPointer?) -> Void
        let function = unsafeBitCast(implementation, to: Function.self)
        return { n in for _ in 0..<n { function(receiver, selector, viewPointer, rect, contextPointer) } }
    }

    // MARK: Report

    print("Easel call paths, ns per call (best of 7 rounds of \(iterations) calls), release build")
    print("")
    print("| signature | direct C | raw ffi_call | Easel generic (libffi) | Easel fast path | generic / ffi_call (≤ 1.2) | fast / direct (≤ 3) | allocations per call (generic, fast) |")
    print("|---|---|---|---|---|---|---|---|")
    var allMet = true
    for row in rows {
        let genericRatio = row.generic / row.raw
        let fastRatio = row.fast / row.direct
        let met = genericRatio <= 1.2 && fastRatio <= 3 && row.genericAllocations == 0 && row.fastAllocations == 0
        allMet = allMet && met
        print("| \(row.shape) | \(format(row.direct)) | \(format(row.raw)) | \(format(row.generic)) | \(format(row.fast)) | \(format(genericRatio)) | \(format(fastRatio)) | \(format(row.genericAllocations, digits: 0)), \(format(row.fastAllocations, digits: 0)) |")
    }
    print("")
    let calls = try tally.value(ofProperty: "calls", as: Int64.self)
    print("(Tally received \(calls) calls.)")
    try runKitCallBenchmarks(registry: registry, iterations: iterations, rect: rect)
    return allMet
}

/// Times a method of a Swift plugin class (no targets: the numbers are for comparing kit versions).
private func runKitCallBenchmarks(registry: Registry, iterations: Int, rect: easel_rect) throws {
    guard registry.objectClass(named: "GraphView") != nil else {
        print("")
        print("(GraphView, the Swift sample plugin, is not loaded: no kit rows.)")
        return
    }
    let graph = try registry.makeView(ofClass: "GraphView", frame: rect)
    let selector = Selector("drawGrid:inContext:")
    guard let method = graph.objectClass.method(for: selector) else { fail("GraphView does not respond to drawGrid:inContext:") }
    let context: UnsafeMutableRawPointer? = nil
    let message = try registry.message(graph, selector, forceLibffi: false)
    try message.setArgument(rect, at: 2)
    try message.setArgument(context, at: 3)
    typealias Function = @convention(c) (UnsafeMutableRawPointer?, UnsafeRawPointer?, easel_rect, UnsafeMutableRawPointer?) -> Void
    let function = unsafeBitCast(method.implementation, to: Function.self)
    let receiver = UnsafeMutableRawPointer(graph.handle)
    let sel = UnsafeRawPointer(selector.pointer)
    let directLoop: (Int) -> Void = { n in registry.withActive { for _ in 0..<n { function(receiver, sel, rect, context) } } }
    let invokeLoop: (Int) -> Void = { n in for _ in 0..<n { message.invoke() } }
    let direct = measure(iterations, directLoop), viaEasel = measure(iterations, invokeLoop)
    print("")
    print("EaselPluginKit method, ns per call (best of 7 rounds of \(iterations) calls), release build")
    print("")
    print("| method | kit entry called directly | Easel Message.invoke() (libffi) | allocations per call (direct, invoke) |")
    print("|---|---|---|---|")
    print("| -[GraphView drawGrid:inContext:] `v@:{CGRect}^v` | \(format(direct)) | \(format(viaEasel)) | "
          + "\(format(allocations(100_000, directLoop), digits: 0)), \(format(allocations(100_000, invokeLoop), digits: 0)) |")
}
