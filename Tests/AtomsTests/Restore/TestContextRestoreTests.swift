import Atoms
import Testing

@MainActor
@Suite("Restore in a test context")
struct TestContextRestoreTests {
    @Test func restoresInOneCommitAndWakesTheWatcher() {
        let context = AtomTestContext()
        var operations: [AtomOperation] = []
        let observation = context.observeCommits { operations.append($0.cause.operation) }
        defer { observation.cancel() }
        context.watch(RestoreDoubled())
        var updates = 0
        context.onUpdate = { updates += 1 }
        operations.removeAll()

        let report = context.restore(from: InMemorySource(entries: ["RestoreCount": .cast(6), "Missing": .cast(1)]))

        #expect(context.read(RestoreDoubled()) == 12)
        #expect(operations == [.restore])
        #expect(updates == 1)
        #expect(report.restored == ["RestoreCount"])
        #expect(report.skipped == [AtomRestoreSkip(id: "Missing", reason: .notInStore)])
    }
}
