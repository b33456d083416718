import Atoms
import Testing

/// A `Sensitive` atom's id carries no parameter: `Type(<redacted N>)`, with an ordinal per
/// distinct key that is stable for the store's life.
@MainActor
@Suite("Sensitive ids")
struct SensitiveIDTests {
    struct AccountTokenAtom: StateAtom, Sensitive, Hashable {
        let account: String
        func defaultValue(context: Context) -> String { "" }
    }

    struct PlainAtom: StateAtom, Hashable {
        let account: String
        func defaultValue(context: Context) -> String { "" }
    }

    struct SessionAtom: StateAtom, Sensitive, Hashable {
        func defaultValue(context: Context) -> String { "" }
    }

    final class Commits { var all: [AtomCommit] = [] }

    @Test func parametersAreReplacedByAStableOrdinal() {
        let root = AtomRoot()
        let commits = Commits()
        let observation = root.store.observeCommits { commits.all.append($0) }
        defer { observation.cancel() }
        let context = root.context()
        _ = context.watch(AccountTokenAtom(account: "ACCT-1111"))
        _ = context.watch(AccountTokenAtom(account: "ACCT-2222"))
        _ = context.watch(AccountTokenAtom(account: "ACCT-2222").changes)
        _ = context.watch(PlainAtom(account: "visible"))
        _ = context.watch(SessionAtom())
        context.set("secret", for: AccountTokenAtom(account: "ACCT-2222"))
        context.unwatchAll()
        _ = context.watch(AccountTokenAtom(account: "ACCT-2222"))

        let ids = commits.all.flatMap { $0.changes.initialized.map(\.atom.id.rawValue) }
        #expect(ids == [
            "AccountTokenAtom(<redacted 1>)", "AccountTokenAtom(<redacted 2>)", "AccountTokenAtom(<redacted 2>).changes",
            #"PlainAtom(account: "visible")"#, "SessionAtom",
            "AccountTokenAtom(<redacted 2>)",
        ])
        let cause = commits.all.first { $0.cause.operation == .set }?.cause.description ?? ""
        #expect(cause.hasPrefix("set AccountTokenAtom(<redacted 2>) at "), "\(cause)")
        let dot = context.snapshot().graphDescription()
        #expect(dot.contains("AccountTokenAtom(<redacted 2>)"))
        #expect(!dot.contains("ACCT-"), "\(dot)")
        #expect(!commits.all.contains { "\($0.cause)".contains("ACCT-") })
    }
}
