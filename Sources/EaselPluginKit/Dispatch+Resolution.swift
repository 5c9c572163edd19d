// Resolution: which class's closure a call runs, found from the plugin's
// class table as the host looks methods up; the slow path of dispatch, once
// per (receiver class, selector, super-send start).

import EaselABI

/// A class of this plugin as dispatch sees it: its name, its superclass's
/// name, and its own methods by selector name.
final class KitClass {
    let name: String
    let superclassName: String
    let methods: [String: BoundMethod]

    init(name: String, superclassName: String, methods: [String: BoundMethod]) {
        self.name = name
        self.superclassName = superclassName
        self.methods = methods
    }
}

/// A call of a shape's C function that missed the cache.
struct KitCall {
    let receiver: OpaquePointer
    /// The receiver's class.
    let cls: OpaquePointer?
    let selector: OpaquePointer
    /// For a super-send of the kit, the class that sent it.
    let above: OpaquePointer?

    var selectorName: String { Host.api.sel_name(selector).map { String(cString: $0) } ?? "(unnamed selector)" }

    static func name(of cls: OpaquePointer?) -> String {
        cls.flatMap { Host.api.class_name($0) }.map { String(cString: $0) } ?? "(no class)"
    }
}

/// Why a call resolved to nothing, for the host's log.
struct ResolutionProblem: Error {
    let message: String
}

/// This plugin's classes: registered while the plugin's description is
/// built (under the entry point's lock, before any method can run), only
/// read afterwards.
enum KitClasses {
    nonisolated(unsafe) private static var byName: [String: KitClass] = [:]

    static func register(_ cls: KitClass) {
        byName[cls.name] = cls
    }

    /// `cls` and its superclasses as long as they are classes of this
    /// plugin, most derived first.
    static func chain(from cls: KitClass) -> [KitClass] {
        var chain = [cls]
        while let next = byName[chain[chain.count - 1].superclassName], !chain.contains(where: { $0 === next }) {
            chain.append(next)
        }
        return chain
    }

    /// The class whose method `call` runs, and that method, as the host
    /// finds it: the first class from the start upwards that declares the
    /// selector. The start is the receiver's class, or for a super-send the
    /// superclass of the class that sent it.
    ///
    /// The superclasses of a class of this plugin are known by name until
    /// the chain leaves the plugin (a built-in class, a C class or another
    /// plugin's class). The host has no superclass function, so past that
    /// point, and when the receiver's class is not this plugin's at all (a C
    /// class subclassing a kit class), the candidates are this plugin's
    /// classes that declare the selector and that the receiver is an
    /// instance of (`object_storage`); they are all on the receiver's chain,
    /// and the most derived one is the one whose own chain holds the others.
    /// Only chains that leave the plugin and come back (this plugin's class
    /// under another plugin's class under this plugin's class, each
    /// declaring the selector) can leave that undecided, for a lookup that
    /// starts below both and meets a class that is not this plugin's before
    /// either: then the call is reported rather than guessed (a wrong guess
    /// could send a super-send back down, and recurse).
    static func resolve(_ call: KitCall) -> Result<(KitClass, BoundMethod), ResolutionProblem> {
        let selector = call.selectorName
        let className = KitCall.name(of: call.cls)
        /// Classes searched already, or at or below the super-send's class.
        var passed: [KitClass] = []
        var sender: KitClass?
        if let above = call.above {
            let senderName = KitCall.name(of: above)
            guard let sending = byName[senderName] else {
                return .failure(ResolutionProblem(message:
                    "[super \(selector)] was recorded for \(senderName), which is not a class of this plugin"))
            }
            let chain = chain(from: sending)
            if let owner = chain.dropFirst().first(where: { $0.methods[selector] != nil }) {
                return found(owner, selector)
            }
            passed = chain
            sender = sending
        } else if let own = byName[className] {
            let chain = chain(from: own)
            if let owner = chain.first(where: { $0.methods[selector] != nil }) {
                return found(owner, selector)
            }
            passed = chain
        }

        let candidates = byName.values.filter { cls in
            cls.methods[selector] != nil
                && !passed.contains { $0 === cls }
                && !(sender.map { sender in chain(from: cls).contains { $0 === sender } } ?? false)
                && isInstance(call.receiver, of: cls)
        }
        let mostDerived = candidates.filter { cls in
            let chain = chain(from: cls)
            return candidates.allSatisfy { other in chain.contains { $0 === other } }
        }
        if mostDerived.count == 1 {
            return found(mostDerived[0], selector)
        }
        let start = sender.map { "above \($0.name)" } ?? "from \(className)"
        guard candidates.isEmpty else {
            let names = candidates.map(\.name).sorted().joined(separator: ", ")
            return .failure(ResolutionProblem(message:
                "cannot tell which of \(names) declares the \(selector) that \(className) gets (looked up \(start)): "
                + "a class outside this plugin lies between them"))
        }
        return .failure(ResolutionProblem(message:
            "\(className) has no method \(selector) in this plugin (looked up \(start))"))
    }

    private static func found(_ owner: KitClass, _ selector: String)
        -> Result<(KitClass, BoundMethod), ResolutionProblem>
    {
        guard let method = owner.methods[selector] else {
            return .failure(ResolutionProblem(message: "\(owner.name) lost its method \(selector)"))
        }
        return .success((owner, method))
    }

    /// Whether `object` is an instance of `cls` or of a subclass.
    private static func isInstance(_ object: OpaquePointer, of cls: KitClass) -> Bool {
        guard let handle = Host.classNamed(cls.name) else { return false }
        return Host.api.object_storage(object, handle) != nil
    }
}
