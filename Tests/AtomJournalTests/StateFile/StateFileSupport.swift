import Atoms
import Foundation

/// A folder of its own for each test, removed when the test ends.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("state-file-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> URL {
        url.appendingPathComponent(name)
    }

    /// Writes `text` as a file and returns where.
    func write(_ text: String, to name: String) throws -> URL {
        let file = file(name)
        try Data(text.utf8).write(to: file)
        return file
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}

struct Todo: Codable, Hashable, Sendable {
    var title: String
    var isDone: Bool
}

enum TodoFilter: String, Codable, Sendable {
    case all, open, done
}

struct TodosAtom: StateAtom, Hashable {
    func defaultValue(context: Context) -> [Todo] { [] }
}

struct FilterAtom: StateAtom, Hashable {
    func defaultValue(context: Context) -> TodoFilter { .all }
}

struct RatioAtom: StateAtom, Hashable {
    func defaultValue(context: Context) -> Double { 0 }
}

struct OpenCountAtom: ValueAtom, Hashable {
    func value(context: Context) -> Int {
        context.watch(TodosAtom()).filter { !$0.isDone }.count
    }
}

/// Not `Encodable`: the export can only describe it.
struct Connection: Equatable, CustomStringConvertible {
    let host: String
    var description: String { "Connection(\(host))" }
}

struct ConnectionAtom: StateAtom, Hashable {
    func defaultValue(context: Context) -> Connection { Connection(host: "localhost") }
}

struct TokenAtom: StateAtom, Sensitive, Hashable {
    func defaultValue(context: Context) -> String { "" }
}

struct CountAtom: StateAtom, Hashable {
    func defaultValue(context: Context) -> Int { 0 }
}
