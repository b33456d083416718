/// How long `replay --live` waits between two steps: the recorded gap divided by the speed,
/// never negative and never more than ``maximumWait``, computed without a trap for any times
/// a journal holds.
public struct ReplayPace: Sendable, Equatable {
    /// The speeds accepted: slower than a thousandth, or faster than a thousand times, would
    /// make waits that overflow or that no one could tell from none.
    public static let speeds: ClosedRange<Double> = 0.001...1000
    /// The longest single wait, whatever the journal says: an app idle for an hour replays
    /// as a pause of this long.
    public static let maximumWait: Duration = .seconds(10)

    /// How many times faster than recorded.
    public let speed: Double

    /// A pace, or an error in one line for a speed outside ``speeds`` (zero, negative, NaN,
    /// infinite, too small or too large).
    public init(speed: Double) throws(AtomScopeError) {
        guard speed.isFinite, Self.speeds.contains(speed) else {
            throw .invalidSpeed(speed: speed, valid: Self.speeds)
        }
        self.speed = speed
    }

    /// The wait between steps recorded at `earlier` and `later` microseconds.
    public func wait(from earlier: Int64, to later: Int64) -> Duration {
        let (gap, overflow) = later.subtractingReportingOverflow(earlier)
        guard !overflow else { return later > earlier ? Self.maximumWait : .zero }
        guard gap > 0 else { return .zero }
        let seconds = Double(gap) / 1_000_000 / speed
        let cap = Double(Self.maximumWait.components.seconds)
        guard seconds < cap else { return Self.maximumWait }
        return .microseconds(Int64((seconds * 1_000_000).rounded()))
    }
}
