// EaselPluginKit's dispatch on (class, selector): one C function per method
// signature finds the Swift closure from the receiver's class and `_cmd`.
// Fixtures: Tests/Fixtures/kit_dispatch.swift (Swift classes) and
// kit_dispatch_c.c (C classes subclassing them and between them).

import EaselABI
import EaselDiscovery
import EaselRuntime
import EaselViews
import EaselTestSupport
import Foundation
import Synchronization
import Testing

/// A registry with the built-ins and the two dispatch fixtures only.
private func dispatchRegistry() throws -> Registry {
    let registry = try loadDispatchFixtures()
    #expect(registry.failures.map(\.description) == [])
    return registry
}

private func loadDispatchFixtures() throws -> Registry {
    let registry = Registry()
    registry.loadPlugins(from: [try KitFixtures.dispatchFolder().path])
    return registry
}

/// The object's `trace` after it was sent `ping`.
private func ping(_ registry: Registry, _ className: String) throws -> String {
    let object = try registry.makeObject(ofClass: className)
    try registry.message(object, "ping").invoke()
    return try trace(object)
}

private func trace(_ object: EaselObject) throws -> String {
    try object.value(ofProperty: "trace", as: UnsafePointer<CChar>?.self).map { String(cString: $0) } ?? "NULL"
}

/// `value:` sent to a new object of the class.
private func value(_ registry: Registry, _ className: String, _ x: Double) throws -> Double {
    let object = try registry.makeObject(ofClass: className)
    let message = try registry.message(object, "value:")
    try message.setArgument(x, at: 2)
    message.invoke()
    return try message.returnValue(as: Double.self)
}

@Suite("EaselPluginKit dispatch: any number of methods per signature, inheritance and super across kit and C classes")
struct KitDispatchTests {
    @Test("40 `v@:` and 40 `d@:d` methods in one class (more than the old pool of 32) each run their own closure")
    func manyMethodsOfOneShape() throws {
        let registry = try dispatchRegistry()
        let cls = try #require(registry.objectClass(named: "KitMany"))
        #expect(cls.methods.count == 80)
        // Every method of a signature has the same C function: the kit dispatches on the selector.
        #expect(Set(cls.methods.map(\.implementation)).count == 2)

        let many = try registry.makeObject(ofClass: "KitMany")
        for index in [0, 31, 32, 39, 7, 33, 0] {
            try registry.message(many, Selector("step\(index)")).invoke()
            #expect(try many.value(ofProperty: "last", as: Int32.self) == Int32(index))
        }
        for index in 0..<40 {
            let message = try registry.message(many, Selector("scale\(index):"))
            try message.setArgument(2.0, at: 2)
            message.invoke()
            #expect(try message.returnValue(as: Double.self) == 200 + Double(index))
        }
        #expect(registry.takeDiagnostics() == [])
    }

    @Test("80 properties of one class (more key paths than the kit's offset cache holds) read and write their own storage, again and again; a computed key path reads through the prototype")
    func manyPropertiesOfOneClass() throws {
        let registry = try dispatchRegistry()
        let wide = try registry.makeObject(ofClass: "KitWide")
        for index in 0..<80 { try wide.setValue(1.5 * Double(index), forProperty: "p\(index)") }
        func call(_ selector: Selector, _ x: Double) throws -> Double {
            let message = try registry.message(wide, selector)
            try message.setArgument(x, at: 2)
            message.invoke()
            return try message.returnValue(as: Double.self)
        }
        // 1.5 · (0 + 1 + … + 79) = 4740; the first call fills the cache, the second reads it.
        #expect(try call("sum:", 1) == 4740)
        #expect(try call("sum:", 2) == 9480)
        _ = try call("bump:", 2)  // p_i = 1.5 i + 2 i = 3.5 i
        for index in [0, 1, 41, 63, 64, 79] {
            #expect(try wide.value(ofProperty: "p\(index)", as: Double.self) == 3.5 * Double(index))
        }
        #expect(try call("sum:", 1) == 3.5 * 3160)
        try wide.setValue(7.0, forProperty: "p0")
        #expect(try call("first:", 3) == 21)
        // A second object of the class: the same offsets, its own storage.
        let other = try registry.makeObject(ofClass: "KitWide")
        try other.setValue(5.0, forProperty: "p64")
        let message = try registry.message(other, "sum:")
        try message.setArgument(1.0, at: 2)
        message.invoke()
        #expect(try message.returnValue(as: Double.self) == 5)
        #expect(registry.takeDiagnostics() == [])
    }

    @Test("a kit subclass calling super reaches each kit superclass's method exactly once; an inherited method calls super from its own class")
    func superAcrossKitClasses() throws {
        let registry = try dispatchRegistry()
        #expect(try ping(registry, "KitBase") == "base;")
        #expect(try ping(registry, "KitDerived") == "base;derived;")
        #expect(try ping(registry, "KitLeaf") == "base;derived;leaf;")
        #expect(try value(registry, "KitBase", 2) == 3)
        #expect(try value(registry, "KitDerived", 2) == 30)
        // KitLeaf inherits KitDerived's value:, whose super is KitBase's.
        #expect(try value(registry, "KitLeaf", 2) == 30)
        #expect(registry.takeDiagnostics() == [])
    }

    @Test("a C class subclassing a kit class gets the kit's methods, and its own method's super reaches them")
    func cSubclassOfKitClass() throws {
        let registry = try dispatchRegistry()
        #expect(try ping(registry, "KitCSub") == "base;")
        #expect(try value(registry, "KitCSub", 5) == 6)

        let override = try registry.makeObject(ofClass: "KitCOverride")
        try registry.message(override, "ping").invoke()
        #expect(try trace(override) == "base;derived;")
        #expect(try override.value(ofProperty: "cCalls", as: Int32.self) == 1)
        #expect(try value(registry, "KitCOverride", 2) == 30.25)
        #expect(registry.takeDiagnostics() == [])
    }

    @Test("a kit class under a C class under a kit class: super leaves the plugin and comes back")
    func chainThroughAnotherPlugin() throws {
        let registry = try dispatchRegistry()
        #expect(try ping(registry, "KitBelow") == "above;below;")
        #expect(try ping(registry, "KitMiddleC") == "above;")
        #expect(registry.takeDiagnostics() == [])
    }

    @Test("when two kit classes with another plugin's classes between them both declare the selector, the kit reports the call instead of guessing")
    func undecidableChainIsReported() throws {
        let registry = try dispatchRegistry()
        #expect(try ping(registry, "KitMid") == "mid;")
        #expect(try ping(registry, "KitLow") == "")
        #expect(registry.takeDiagnostics().map(\.message) == [
            "[KitDispatch] KitLow: EaselPluginKit: cannot tell which of KitMid, KitTop declares the ping that KitLow "
                + "gets (looked up from KitLow): a class outside this plugin lies between them; nothing was called",
        ])
    }

    @Test("a call the kit cannot resolve is reported and returns zeroes: unknown selector, another signature, another class")
    func unresolvableCallsAreReported() throws {
        let registry = try dispatchRegistry()
        let base = try registry.makeObject(ofClass: "KitBase")
        let plain = try registry.makeObject(ofClass: "Object")
        let cls = try #require(registry.objectClass(named: "KitBase"))
        let voidMethod = try #require(cls.method(for: "ping"))
        let doubleMethod = try #require(cls.method(for: "value:"))
        typealias VoidFunction = @convention(c) (UnsafeMutableRawPointer?, UnsafeRawPointer?) -> Void
        typealias DoubleFunction = @convention(c) (UnsafeMutableRawPointer?, UnsafeRawPointer?, Double) -> Double
        let voidFunction = unsafeBitCast(voidMethod.implementation, to: VoidFunction.self)
        let doubleFunction = unsafeBitCast(doubleMethod.implementation, to: DoubleFunction.self)
        let unknown = UnsafeRawPointer(Selector("noSuchMethod:").pointer)

        var results: [Double] = []
        registry.withActive {
            voidFunction(UnsafeMutableRawPointer(base.handle), unknown)
            results.append(doubleFunction(UnsafeMutableRawPointer(base.handle), unknown, 4))
            // ping is KitBase's, but a `v@:` method: not what the `d@:d` function can run.
            results.append(doubleFunction(UnsafeMutableRawPointer(base.handle), UnsafeRawPointer(Selector("ping").pointer), 4))
            // An object of a class that is not the kit's and inherits nothing from it.
            voidFunction(UnsafeMutableRawPointer(plain.handle), UnsafeRawPointer(Selector("ping").pointer))
            // No selector at all, and no receiver (nothing is reported for nil, as messaging nil).
            voidFunction(UnsafeMutableRawPointer(base.handle), nil)
            results.append(doubleFunction(nil, UnsafeRawPointer(Selector("value:").pointer), 4))
        }
        #expect(results == [0, 0, 0])
        #expect(try trace(base) == "")
        let suffix = "; nothing was called"
        #expect(registry.takeDiagnostics().map(\.message) == [
            "[KitDispatch] KitBase: EaselPluginKit: KitBase has no method noSuchMethod: in this plugin (looked up from KitBase)" + suffix,
            "[KitDispatch] KitBase: EaselPluginKit: KitBase has no method noSuchMethod: in this plugin (looked up from KitBase)" + suffix,
            "[KitDispatch] KitBase: EaselPluginKit: KitBase's ping is declared as v@: but was called as d@:d" + suffix,
            "[host] Object: EaselPluginKit: Object has no method ping in this plugin (looked up from Object)" + suffix,
            "[KitDispatch] KitBase: EaselPluginKit: a method called without a selector" + suffix,
        ])
        // The kit's dispatch still works after all that.
        try registry.message(base, "ping").invoke()
        #expect(try trace(base) == "base;")
    }

    @Test("registries on several threads resolve and call the same kit methods at once")
    func concurrentRegistries() throws {
        _ = try KitFixtures.dispatchFolder()
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            do {
                let registry = try loadDispatchFixtures()
                guard registry.failures.isEmpty else { throw FixtureError("\(registry.failures)") }
                let many = try registry.makeObject(ofClass: "KitMany")
                for round in 0..<3 {
                    for offset in 0..<40 {
                        let index = (offset + thread * 10 + round) % 40
                        try registry.message(many, Selector("step\(index)")).invoke()
                        let last = try many.value(ofProperty: "last", as: Int32.self)
                        let message = try registry.message(many, Selector("scale\(index):"))
                        try message.setArgument(Double(thread), at: 2)
                        message.invoke()
                        let scaled = try message.returnValue(as: Double.self)
                        if last != Int32(index) || scaled != Double(thread * 100 + index) {
                            failures.withLock { $0.append("thread \(thread): step\(index) → \(last), scale → \(scaled)") }
                        }
                    }
                }
                let leaf = try ping(registry, "KitLeaf"), override = try ping(registry, "KitCOverride")
                if leaf != "base;derived;leaf;" || override != "base;derived;" {
                    failures.withLock { $0.append("thread \(thread): \(leaf) \(override)") }
                }
            } catch {
                failures.withLock { $0.append("thread \(thread): \(error)") }
            }
        }
        #expect(failures.withLock { $0 } == [])
    }
}
