import EaselRuntime
import Testing

@Suite("The media clock: timers in time order, frame observers, never backwards")
struct MediaClockTests {
    @Test("timers fire in time order, ties in scheduling order, with the clock at each timer's time")
    func order() {
        let clock = MediaClock()
        var log: [String] = []
        clock.schedule(at: 0.5) { log.append("b@\(clock.time)") }
        clock.schedule(at: 0.25) { log.append("a@\(clock.time)") }
        clock.schedule(at: 0.5) { log.append("c@\(clock.time)") }
        clock.schedule(at: 2) { log.append("late") }
        #expect(clock.advance(to: 1) == 3)
        #expect(log == ["a@0.25", "b@0.5", "c@0.5"])
        #expect(clock.time == 1)
        #expect(clock.pendingTimerCount == 1)
        #expect(clock.nextTimerTime == 2)
    }

    @Test("a timer scheduled by a timer within the advance fires in it; a cancelled one never does")
    func chained() {
        let clock = MediaClock()
        var fired: [Double] = []
        let cancelled = clock.schedule(after: 0.1) { fired.append(-1) }
        clock.schedule(after: 0.2) {
            fired.append(clock.time)
            clock.schedule(after: 0.3) { fired.append(clock.time) }
            clock.schedule(after: 5) { fired.append(clock.time) }
        }
        #expect(clock.cancel(cancelled))
        #expect(!clock.cancel(cancelled))
        clock.advance(to: 1)
        #expect(fired == [0.2, 0.5])
        clock.advance(by: 4.2)
        #expect(fired == [0.2, 0.5, 5.2])
    }

    @Test("frame observers run once per advance with the new time, after the timers")
    func observers() {
        let clock = MediaClock()
        var log: [String] = []
        let observer = clock.addFrameObserver { log.append("frame \($0)") }
        clock.schedule(at: 0.5) { log.append("timer") }
        clock.advance(to: 1)
        clock.advance(to: 1.5)
        clock.removeFrameObserver(observer)
        clock.advance(to: 2)
        #expect(log == ["timer", "frame 1.0", "frame 1.5"])
    }

    @Test("the clock never runs backwards; a past or NaN time fires at once; an infinite one never")
    func bounds() {
        let clock = MediaClock()
        clock.advance(to: 2)
        clock.advance(to: 1)
        #expect(clock.time == 2)
        clock.advance(to: .nan)
        #expect(clock.time == 2)
        var fired: [String] = []
        clock.schedule(at: 0.5) { fired.append("past") }
        clock.schedule(at: .infinity) { fired.append("never") }
        clock.schedule(after: -3) { fired.append("negative delay") }
        clock.advance(to: 2)
        #expect(fired == ["past", "negative delay"])
        #expect(clock.pendingTimerCount == 1)
    }

    @Test("a timer that reschedules itself for now cannot hang an advance")
    func runaway() {
        let clock = MediaClock()
        var count = 0
        func again() { count += 1; clock.schedule(at: clock.time, again) }
        clock.schedule(at: 0, again)
        #expect(clock.advance(to: 1) == MediaClock.maximumTimersPerAdvance)
        #expect(count == MediaClock.maximumTimersPerAdvance)
        #expect(clock.time == 1)
    }
}
