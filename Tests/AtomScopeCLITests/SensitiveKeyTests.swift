import AtomJournal
import Atoms
import Foundation
import Testing

/// Sensitive means the key too: a secret in a `Sensitive` atom's key (a `String` and a
/// distinctive `Int`) and another in its value appear in no byte of the journal, of a state
/// file, or of any command's output, in any form.
@MainActor
@Suite("Sensitive keys and values stay out")
struct SensitiveKeyTests {
    static let accountKey = "ACCT-4417-QX-SECRET"
    static let tokenValue = "sk_live_4f9a2c8e71d3"
    static let customerKey = 98_765_432_101
    static let pinValue = 4_271_958_360

    struct AccountTokenAtom: StateAtom, Sensitive, Hashable {
        let account: String
        func defaultValue(context: Context) -> String { "" }
    }

    struct CustomerPINAtom: StateAtom, Sensitive, Hashable {
        let customer: Int
        func defaultValue(context: Context) -> Int { 0 }
    }

    /// Not sensitive: it shows that the secrets' atoms still appear in the graph.
    struct SignedInAtom: ValueAtom, Hashable {
        func value(context: Context) -> Bool {
            !context.watch(AccountTokenAtom(account: SensitiveKeyTests.accountKey)).isEmpty
                && context.watch(CustomerPINAtom(customer: SensitiveKeyTests.customerKey)) != 0
        }
    }

    private func record(in folder: TemporaryDirectory) throws -> String {
        let url = folder.file("secrets.journal")
        let root = AtomRoot()
        let recorder = try JournalRecorder(root: root, url: url)
        let screen = root.context(name: "LoginScreen")
        _ = screen.watch(SignedInAtom())
        _ = screen.watch(AccountTokenAtom(account: Self.accountKey).changes)
        screen.set(Self.tokenValue, for: AccountTokenAtom(account: Self.accountKey))
        screen.set(Self.pinValue, for: CustomerPINAtom(customer: Self.customerKey))
        recorder.mark("signed in")
        screen[CustomerPINAtom(customer: Self.customerKey)] += 1
        try recorder.close()
        return url.path
    }

    /// Every form a secret could take in bytes: its text (JSON escaping leaves these as they
    /// are), and for the integers their decimal and hex text, little- and big-endian bytes,
    /// and the journal's varint and zigzag encodings.
    static let forbidden: [(name: String, bytes: [UInt8])] = {
        var forms: [(String, [UInt8])] = []
        for text in [accountKey, tokenValue] {
            forms.append((text, Array(text.utf8)))
        }
        for number in [customerKey, pinValue] {
            let value = UInt64(number)
            forms.append(("\(number) as decimal", Array(String(number).utf8)))
            forms.append(("\(number) as hex", Array(String(number, radix: 16).utf8)))
            forms.append(("\(number) as HEX", Array(String(number, radix: 16, uppercase: true).utf8)))
            let little = withUnsafeBytes(of: value.littleEndian, Array.init)
            let significant = Array(little.prefix { _ in true }.reversed().drop { $0 == 0 }.reversed())
            forms.append(("\(number) little-endian", significant))
            forms.append(("\(number) big-endian", significant.reversed()))
            forms.append(("\(number) varint", varint(value)))
            forms.append(("\(number) zigzag varint", varint(value << 1)))
        }
        return forms
    }()

    static func varint(_ value: UInt64) -> [UInt8] {
        var value = value
        var bytes: [UInt8] = []
        repeat {
            var byte = UInt8(value & 0x7F)
            value >>= 7
            if value != 0 { byte |= 0x80 }
            bytes.append(byte)
        } while value != 0
        return bytes
    }

    static func occurs(_ needle: [UInt8], in haystack: [UInt8]) -> Bool {
        guard haystack.count >= needle.count else { return false }
        return (0...(haystack.count - needle.count)).contains { start in
            haystack[start..<(start + needle.count)].elementsEqual(needle)
        }
    }

    private func expectNoSecret(_ data: Data, in what: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let bytes = Array(data)
        for form in Self.forbidden {
            #expect(!Self.occurs(form.bytes, in: bytes), "\(form.name) in \(what)", sourceLocation: sourceLocation)
        }
    }

    @Test func noByteOfTheJournalOrAnyOutputHoldsASecret() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let journal = try record(in: folder)
        expectNoSecret(try Data(contentsOf: URL(fileURLWithPath: journal)), in: "the journal")

        let log = try CLI.run(["log", journal])
        expectSuccess(log)
        #expect(log.out.contains("set AccountTokenAtom(<redacted 1>)"), "\(log)")
        #expect(log.out.contains("set CustomerPINAtom(<redacted 1>)"), "\(log)")

        let state = folder.file("state.json")
        let commands: [[String]] = [
            ["log", journal], ["log", journal, "--json"], ["log", journal, "--atom", "CustomerPINAtom", "--recomputed"],
            ["replay", journal], ["replay", journal, "--recomputed"],
            ["stat", journal], ["stat", journal, "--json"],
            ["diff", journal, "0", "4"], ["diff", journal, "0", "4", "--json"],
            ["graph", journal, "--dot"], ["graph", journal, "--svg"], ["graph", journal, "--step", "3", "--changes", "--dot"],
            ["verify", journal],
            ["restore", journal, "--step", "4", "-o", state.path],
        ]
        for command in commands {
            let result = try CLI.run(command)
            expectNoCrash(result)
            #expect(result.status == 0, "\(result)")
            expectNoSecret(result.stdout + result.stderr, in: "atomscope \(command.joined(separator: " "))")
            if command.contains("--svg") {
                expectWellFormedSVG(result.stdout, command.joined(separator: " "))
            }
        }
        expectNoSecret(try Data(contentsOf: state), in: "the state file")

        let script = ["show", "goto 4", "show", "show AccountTokenAtom(<redacted 1>)", "when CustomerPINAtom", "why CustomerPINAtom", "diff", "marks", "quit"]
        let repl = try CLI.run(["repl", journal], stdin: Data(script.map { $0 + "\n" }.joined().utf8))
        expectSuccess(repl)
        expectNoSecret(repl.stdout, in: "the REPL")
        #expect(repl.out.contains("CustomerPINAtom(<redacted 1>) changed in"), "\(repl)")
    }

    @Test func theSnapshotsDOTAndTheCommitCausesHoldNoSecret() {
        let root = AtomRoot()
        final class Causes { var all: [String] = [] }
        let causes = Causes()
        let observation = root.store.observeCommits { causes.all.append($0.cause.description) }
        defer { observation.cancel() }
        let screen = root.context()
        _ = screen.watch(SignedInAtom())
        screen.set(Self.tokenValue, for: AccountTokenAtom(account: Self.accountKey))
        screen.set(Self.pinValue, for: CustomerPINAtom(customer: Self.customerKey))
        expectNoSecret(Data(screen.snapshot().graphDescription().utf8), in: "graphDescription()")
        expectNoSecret(Data(causes.all.joined(separator: "\n").utf8), in: "the commit causes")
        #expect(causes.all.contains { $0.hasPrefix("set CustomerPINAtom(<redacted 1>)") }, "\(causes.all)")
    }

    /// The check itself finds each form.
    @Test func theScanFindsEveryForm() {
        for form in Self.forbidden {
            #expect(Self.occurs(form.bytes, in: [0x00, 0x01] + form.bytes + [0x02]), "\(form.name)")
            let spoiled = form.bytes.dropLast() + [form.bytes[form.bytes.count - 1] ^ 0xFF]
            #expect(!Self.occurs(form.bytes, in: [0x00, 0x01] + spoiled + [0x02]), "\(form.name)")
        }
        #expect(Self.forbidden.count == 2 + 2 * 7)
        #expect(Self.varint(300) == [0xAC, 0x02])
    }
}
