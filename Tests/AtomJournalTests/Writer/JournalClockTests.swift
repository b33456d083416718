@testable import AtomJournal
import Testing

/// The writer's time base (`JournalClock`): an interval policy's duration in microseconds, and
/// readings that never go back.
@Suite struct JournalClockTests {
    @Test(arguments: [
        (Duration.zero, Int64(0)),
        (.microseconds(1), 1),
        (.nanoseconds(999), 0),
        (.milliseconds(250), 250_000),
        (.seconds(3) + .nanoseconds(1_500), 3_000_001),
        (.seconds(Int64.max / 1_000_000 + 1), Int64.max),
        (.seconds(-2), -2_000_000),
    ])
    func aDurationInMicroseconds(duration: Duration, expected: Int64) {
        #expect(JournalClock.microseconds(of: duration) == expected)
    }

    @Test func readingsNeverGoBack() {
        var last = JournalClock.nowMicroseconds()
        #expect(last > 0)
        for _ in 0..<1_000 {
            let now = JournalClock.nowMicroseconds()
            #expect(now >= last)
            last = now
        }
    }
}
