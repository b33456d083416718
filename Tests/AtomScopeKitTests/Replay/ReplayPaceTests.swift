import AtomScopeKit
import Testing

@Suite("Replay pace")
struct ReplayPaceTests {
    @Test("speeds outside 0.001…1000 are one-line errors", arguments: [0, -1, .nan, .infinity, -.infinity, 1e-300, 1e300, 0.0009, 1000.5])
    func rejected(speed: Double) {
        #expect(throws: AtomScopeError.self) { try ReplayPace(speed: speed) }
    }

    @Test func theErrorIsOneLineAndSaysWhatToDo() {
        do {
            _ = try ReplayPace(speed: .nan)
            Issue.record("NaN accepted")
        } catch {
            #expect(!error.description.contains("\n"))
            #expect(error.description.contains("from 0.001 to 1000"))
        }
    }

    @Test func waitsAreTheGapOverTheSpeedCappedAndNeverTrap() throws {
        let twice = try ReplayPace(speed: 2)
        #expect(twice.wait(from: 0, to: 1_000_000) == .milliseconds(500))
        #expect(twice.wait(from: 5, to: 5) == .zero)
        #expect(twice.wait(from: 10, to: 5) == .zero)
        #expect(twice.wait(from: 0, to: 3_600_000_000) == ReplayPace.maximumWait)
        // Times from a hostile file: their difference overflows Int64.
        #expect(twice.wait(from: .min, to: .max) == ReplayPace.maximumWait)
        #expect(twice.wait(from: .max, to: .min) == .zero)
        let slowest = try ReplayPace(speed: 0.001)
        #expect(slowest.wait(from: 0, to: .max) == ReplayPace.maximumWait)
    }
}
