// Super-sends: which class a `[super selector]` sent by kit code starts
// above, kept for the kit's own entry point, per thread.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The `[super selector]` the kit is sending on this thread, if any.
///
/// Every kit method of one signature has the same C function, so when the
/// host delivers a super-send to a kit class's method, the function sees the
/// same receiver and selector as for the subclass's method that sent it: on
/// its own it would find the subclass's closure again and recurse forever.
/// So the kit's super-send records (receiver, selector, sending class) here
/// before handing the message to the host, and the dispatcher takes the
/// record when a call with that receiver and selector arrives, resolving
/// from above the sending class. The record is taken (cleared) at once, so
/// that the messages the superclass's closure sends resolve as usual, and
/// restored when the super-send returns (if the host delivered it to a C
/// method, nothing took it).
///
/// Calls are synchronous on one thread (easel.h, "Threads"); the record is
/// per thread because a process may run registries on several threads.
enum SuperSend {
    /// One thread's record; all zero when no super-send is pending.
    private struct Pending {
        var receiver: UInt = 0
        var selector: UInt = 0
        var above: UInt = 0
    }

    /// The key of each thread's record (a `Pending` allocated on the thread's
    /// first super-send, freed when the thread ends); nil when the process is
    /// out of keys.
    private static let key: pthread_key_t? = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { record in record?.deallocate() }
        return status == 0 ? key : nil
    }()

    /// This thread's record, allocated on first use; nil when it cannot be.
    private static func record() -> UnsafeMutablePointer<Pending>? {
        guard let key else { return nil }
        if let existing = pthread_getspecific(key) { return existing.assumingMemoryBound(to: Pending.self) }
        let fresh = UnsafeMutablePointer<Pending>.allocate(capacity: 1)
        fresh.initialize(to: Pending())
        guard pthread_setspecific(key, fresh) == 0 else {
            fresh.deallocate()
            return nil
        }
        return fresh
    }

    /// Runs `send` (which hands `[super selector]` to the host) with the
    /// super-send recorded; nil, without running it, when this thread cannot
    /// keep a record (the kit would otherwise recurse).
    static func sending<Result>(
        _ receiver: OpaquePointer, _ selector: OpaquePointer, from cls: OpaquePointer, _ send: () -> Result
    ) -> Result? {
        guard let pending = record() else { return nil }
        let saved = pending.pointee
        pending.pointee = Pending(receiver: address(receiver), selector: address(selector), above: address(cls))
        defer { pending.pointee = saved }
        return send()
    }

    /// The class a call of `selector` to `receiver` resolves above when it is
    /// the super-send recorded on this thread (taking the record), else 0.
    @inline(__always) static func take(_ receiver: OpaquePointer, _ selector: OpaquePointer) -> UInt {
        guard let key, let raw = pthread_getspecific(key) else { return 0 }
        let pending = raw.assumingMemoryBound(to: Pending.self)
        guard pending.pointee.receiver == address(receiver), pending.pointee.selector == address(selector) else {
            return 0
        }
        let above = pending.pointee.above
        pending.pointee = Pending()
        return above
    }
}

/// A host handle's address.
@inline(__always) func address(_ pointer: OpaquePointer?) -> UInt {
    UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(pointer)))
}
