import Atoms
import Foundation

/// A fresh path in the temporary directory; the file is removed when the test's scope ends.
struct TemporaryJournal: ~Copyable {
    let url: URL

    init(_ name: String = #function) {
        let safe = name.filter { $0.isLetter || $0.isNumber }
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("atomscope-\(safe)-\(UUID().uuidString).journal")
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    func bytes() throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url))
    }
}


struct Cell: StateAtom, Hashable {
    let index: Int
    func defaultValue(context: Context) -> Int { index }
}

struct PairSum: ValueAtom, Hashable {
    let index: Int
    func value(context: Context) -> Int {
        context.watch(Cell(index: index)) + context.watch(Cell(index: index + 1))
    }
}

/// Depends on a different cell depending on a switch, so that edges come and go.
struct Switcher: ValueAtom, Hashable {
    let index: Int
    func value(context: Context) -> Int {
        let selector = context.watch(Cell(index: 0))
        return context.watch(Cell(index: (index + abs(selector)) % 8 + 1)) * 2
    }
}

struct Secret: StateAtom, Sensitive, Hashable {
    func defaultValue(context: Context) -> String { "sentinel-7f3a9c-SECRET" }
}

struct SecretLength: ValueAtom, Hashable {
    func value(context: Context) -> Int { context.watch(Secret()).count }
}

struct Opaque: ValueAtom, Hashable {
    final class Handle: CustomStringConvertible {
        var description: String { "Handle()" }
    }
    func value(context: Context) -> Handle { Handle() }
}
