@testable import AtomJournal
import Atoms
import Testing

/// Every operation the engine commits has a one-byte code, so that a step of async work costs
/// no more than a `set`, and the codes read back as the same names.
@Suite("Operation codes")
struct OperationCodeTests {
    static let engineOperations: [AtomOperation] = [
        .set, .modify, .reset, .refresh, .restore, .watch, .unwatch, .read, .batch,
        .taskFinished, .taskFailed, .sequenceElement, .sequenceFailed,
        .publisherValue, .publisherFailed, .objectChanged, .scopeEnded,
    ]

    @Test(arguments: engineOperations)
    func everyEngineOperationHasACode(_ operation: AtomOperation) {
        let code = OperationCode.code(for: operation.rawValue)
        #expect(code != 0)
        #expect(OperationCode.name(for: code) == operation.rawValue)
    }

    @Test func theDocumentedCodesStayPut() {
        #expect(OperationCode.code(for: "refresh") == 9)
        #expect(OperationCode.code(for: "task finished") == 10)
        #expect(OperationCode.code(for: "object changed") == 13)
        #expect(OperationCode.code(for: "scope ended") == 17)
        #expect(OperationCode.code(for: "custom-op") == 0)
    }
}
