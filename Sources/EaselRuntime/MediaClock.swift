// The media clock: the one source of time for everything a render does over
// time (animations, timers, display links, timed gestures).
//
// Time starts at 0 when a registry is made and moves only when the host
// calls `advance(to:)` (a scene's steps, `easel render --at`, the frames of an
// animated output). It never reads the wall clock, so rendering a scene at a
// given time is deterministic: the same scene rendered twice at the same
// time gives the same pixels.
//
// `advance(to:)` fires the timers that fall due, in time order (ties in the
// order they were scheduled), setting `time` to each timer's own time while
// it runs; a timer that schedules another one for a time up to the target
// sees it fire in the same advance. Then the frame observers run, once each,
// with the new time. The number of timers one advance fires is bounded, so a
// timer that reschedules itself at the same time cannot hang the host.

/// The renderer's clock: seconds since the start of the scene, moved only by the host.
///
/// One per ``Registry`` (``Registry/mediaClock``): every object of a host
/// shares one time, as every object of an app shares one run loop.
public final class MediaClock {
    /// An identifier of a scheduled timer, for ``cancel(_:)``.
    public struct Timer: Hashable, Sendable {
        fileprivate let id: UInt64
    }

    /// An identifier of a frame observer, for ``removeFrameObserver(_:)``.
    public struct Observer: Hashable, Sendable {
        fileprivate let id: UInt64
    }

    /// The most timers one ``advance(to:)`` fires; the rest stay scheduled.
    public static let maximumTimersPerAdvance = 100_000

    /// The current time, in seconds since the start (0).
    // The clock is not Sendable: one thread uses it, and no access to these fields is in
    // progress while a timer's action or an observer runs, so they skip Swift's dynamic
    // exclusivity checks (a timed gesture schedules and cancels a timer per touch).
    @exclusivity(unchecked)
    public private(set) var time: Double = 0

    private struct Entry {
        let id: UInt64
        let time: Double
        let action: () -> Void
    }

    @exclusivity(unchecked)
    private var entries: [Entry] = []   // kept sorted by (time, id)
    private var observers: [(id: UInt64, body: (Double) -> Void)] = []
    @exclusivity(unchecked)
    private var nextID: UInt64 = 1

    /// A clock at time 0.
    public init() {}

    /// The number of timers waiting to fire.
    public var pendingTimerCount: Int { entries.count }

    /// The time of the next timer to fire, if any.
    public var nextTimerTime: Double? { entries.first?.time }

    /// Runs `action` once when the clock reaches `time` (at once, on the next
    /// advance, when `time` is not later than now).
    ///
    /// A time that is not finite is treated as never: the timer is kept until
    /// cancelled but never fires.
    @discardableResult
    public func schedule(at time: Double, _ action: @escaping () -> Void) -> Timer {
        let id = nextID
        nextID &+= 1
        let due = time.isNaN ? Double.infinity : Swift.max(time, self.time)
        let entry = Entry(id: id, time: due, action: action)
        // Insert after every entry that is due no later (ties keep scheduling order).
        var low = 0, high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].time <= due { low = middle + 1 } else { high = middle }
        }
        entries.insert(entry, at: low)
        return Timer(id: id)
    }

    /// Runs `action` once, `delay` seconds from now (a negative delay counts as 0).
    @discardableResult
    public func schedule(after delay: Double, _ action: @escaping () -> Void) -> Timer {
        schedule(at: time + Swift.max(0, delay.isNaN ? 0 : delay), action)
    }

    /// Cancels a timer that has not fired; does nothing for one that has.
    ///
    /// - Returns: Whether the timer was still waiting.
    @discardableResult
    public func cancel(_ timer: Timer) -> Bool {
        guard let index = entries.firstIndex(where: { $0.id == timer.id }) else { return false }
        entries.remove(at: index)
        return true
    }

    /// Calls `body` with the new time at the end of every ``advance(to:)``.
    @discardableResult
    public func addFrameObserver(_ body: @escaping (Double) -> Void) -> Observer {
        let id = nextID
        nextID &+= 1
        observers.append((id, body))
        return Observer(id: id)
    }

    /// Stops calling a frame observer.
    public func removeFrameObserver(_ observer: Observer) {
        observers.removeAll { $0.id == observer.id }
    }

    /// Moves the clock forward to `target`, firing due timers in order, then the frame observers.
    ///
    /// A target earlier than now, or not finite, leaves the time as it is
    /// (the clock never runs backwards) but still fires due timers and the observers.
    ///
    /// - Returns: The number of timers fired.
    @discardableResult
    public func advance(to target: Double) -> Int {
        let end = target.isFinite ? Swift.max(target, time) : time
        var fired = 0
        while fired < Self.maximumTimersPerAdvance, let first = entries.first, first.time <= end {
            entries.removeFirst()
            time = first.time
            fired += 1
            first.action()
        }
        time = end
        // Observers may add or remove observers: run the ones present now, if still present.
        let current = observers
        for observer in current where observers.contains(where: { $0.id == observer.id }) {
            observer.body(end)
        }
        return fired
    }

    /// Sets the clock back to time 0 with no timers and no frame observers: a new scene
    /// starts in the same registry (`easel preview` rebuilding a saved scene in its worker).
    /// What the old scene scheduled never fires.
    package func reset() {
        // Taken out first and released after: releasing a timer's action may release an object
        // that cancels its timers, which reads the list.
        let dropped = (entries, observers)
        entries = []
        observers = []
        time = 0
        withExtendedLifetime(dropped) {}
    }

    /// Moves the clock forward by `interval` seconds (see ``advance(to:)``).
    @discardableResult
    public func advance(by interval: Double) -> Int { advance(to: time + interval) }
}
