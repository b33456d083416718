#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The writer's time base: microseconds on a clock that never goes back and keeps counting
/// while the machine sleeps, as `ContinuousClock` does.
///
/// Read straight from `clock_gettime`: `ContinuousClock.now` minus a start, turned into
/// microseconds through `Duration.components`, cost about 400 instructions of 128-bit
/// arithmetic, and the recorder reads the time at every commit.
enum JournalClock {
    /// Microseconds since an arbitrary fixed point (the machine's boot).
    static func nowMicroseconds() -> Int64 {
        var time = timespec()
        #if os(Linux)
        let clock = CLOCK_BOOTTIME
        #else
        let clock = CLOCK_MONOTONIC
        #endif
        // Cannot fail for a clock the system defines and a valid address; a zero reading
        // would only make times start at 0.
        _ = clock_gettime(clock, &time)
        return Int64(time.tv_sec) &* 1_000_000 &+ Int64(time.tv_nsec) / 1_000
    }

    /// `duration` in whole microseconds, saturating at `Int64.max`.
    static func microseconds(of duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000)
        if overflow { return seconds < 0 ? Int64.min : Int64.max }
        let (total, overflowed) = whole.addingReportingOverflow(attoseconds / 1_000_000_000_000)
        return overflowed ? Int64.max : total
    }
}
