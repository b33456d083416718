@testable import AtomJournal
import Foundation
import Testing

// MARK: corpus types

private struct FastTodo: Codable {
    var id: Int
    var text: String
    var isCompleted: Bool
}

private struct Address: Codable {
    var street: String
    var zip: String?
    var lines: [String]
}

private struct Person: Codable {
    var name: String
    var age: UInt8
    var nickname: String?
    var addresses: [Address]
    var tags: [String: [Int]]
    var grid: [[Int]]
    var todo: FastTodo?
}

private enum FastFilter: String, Codable { case all, completed, uncompleted }
private enum FastLevel: Int, Codable { case low = 1, high = 10 }

private enum FastShape: Codable {
    case circle(radius: Int)
    case rect(Int, Int)
    case labeled(String, size: Int?)
    case empty
}

/// Keys out of order, mixed case, non-ASCII, combining marks, astral characters.
private struct OddKeys: Codable {
    var zebra = 1
    var Zebra = 2
    var apple = 3
    var Apple = 4
    var a_b = 5
    var aB = 6
    var éclair = 7
    var eclair = 8
    var ḋot = 9
    var d̈ot = 10
    var ﬀ = 11
    var 😀 = 12
    var 中文 = 13
    var a = 14
    var aa = 15
}

private struct Ints: Codable {
    var int = Int.min
    var intMax = Int.max
    var int8 = Int8.min
    var int16 = Int16.min
    var int32 = Int32.min
    var int64 = Int64.min
    var uint = UInt.max
    var uint8 = UInt8.max
    var uint16 = UInt16.max
    var uint32 = UInt32.max
    var uint64 = UInt64.max
    var zero = 0
    var negative = -7
}

private final class FastNode: Codable {
    var value: Int
    var children: [FastNode]
    init(_ value: Int, _ children: [FastNode] = []) {
        self.value = value
        self.children = children
    }
}

private class FastBase: Codable {
    var base = "b"
}

/// Shares its encoder's keyed container with its superclass.
private final class Derived: FastBase {
    var derived = 2
    private enum Keys: String, CodingKey { case derived }
    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(derived, forKey: .derived)
        try super.encode(to: encoder)
    }
}

/// Uses `superEncoder`, which the fast path declines.
private final class SuperDerived: FastBase {
    var extra = 3
    private enum Keys: String, CodingKey { case extra }
    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(extra, forKey: .extra)
        try super.encode(to: container.superEncoder())
    }
}

private struct FastPair<A: Encodable, B: Encodable>: Encodable {
    var first: A
    var second: B
}

private struct FastWrapper<T: Codable>: Codable {
    var items: [T]
    var optional: T?
}

/// Nested containers written by hand, including an ancestor written after a nested one.
private struct Manual: Encodable {
    enum Keys: String, CodingKey { case z, a, m, inner, list }
    enum InnerKeys: String, CodingKey { case y, x }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode("last", forKey: .z)
        var inner = container.nestedContainer(keyedBy: InnerKeys.self, forKey: .inner)
        try inner.encode(1, forKey: .y)
        try inner.encodeNil(forKey: .x)
        var list = container.nestedUnkeyedContainer(forKey: .list)
        try list.encode(true)
        var nested = list.nestedUnkeyedContainer()
        try nested.encode("n")
        var object = list.nestedContainer(keyedBy: InnerKeys.self)
        try object.encode(false, forKey: .x)
        try list.encodeNil()
        try container.encode(Int16(-3), forKey: .a)
        try container.encode([String: Int](), forKey: .m)
    }
}

/// Writes a key twice: declined.
private struct DuplicateKey: Encodable {
    enum Keys: String, CodingKey { case a }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(1, forKey: .a)
        try container.encode(2, forKey: .a)
    }
}

/// Encodes nothing: `{}` nested, an error at the top level; declined both ways.
private struct Nothing: Encodable {
    func encode(to encoder: any Encoder) throws {}
}

private struct WithDouble: Codable {
    var name = "x"
    var score = 0.1
}

private struct WithDate: Codable {
    var id = 1
    var at = Date(timeIntervalSinceReferenceDate: 12345.678)
}

private enum FastKey: String, Codable, CodingKeyRepresentable { case one, two }

// MARK: tests

@Suite("FastJSON corpus")
struct FastJSONCorpusTests {
    @Test func structsArraysOptionalsAndDictionaries() throws {
        let person = Person(
            name: "Ann", age: 42, nickname: nil,
            addresses: [
                Address(street: "Main St. 1", zip: "1234", lines: ["a", "b"]),
                Address(street: "", zip: nil, lines: []),
            ],
            tags: ["b": [1, 2], "a": [], "Z": [-1], "é": [3]],
            grid: [[1, 2], [], [3]],
            todo: FastTodo(id: 1, text: "buy milk", isCompleted: false))
        #expect(try expectMatchesJSONEncoder(person))
        #expect(try expectMatchesJSONEncoder([FastTodo(id: 1, text: "a", isCompleted: true)]))
        #expect(try expectMatchesJSONEncoder([FastTodo]()))
        #expect(try expectMatchesJSONEncoder([String: Int]()))
        #expect(try expectMatchesJSONEncoder([[[Int]]]([[[]], [[1]], []])))
        #expect(try expectMatchesJSONEncoder([Int?]([1, nil, 3])))
        #expect(try expectMatchesJSONEncoder(Optional<FastTodo>.none))
        #expect(try expectMatchesJSONEncoder(["x": Optional<Int>.none, "y": 1]))
        #expect(try expectMatchesJSONEncoder(Set([1])))
    }

    @Test func enums() throws {
        #expect(try expectMatchesJSONEncoder([FastFilter.all, .completed, .uncompleted]))
        #expect(try expectMatchesJSONEncoder(FastLevel.high))
        #expect(try expectMatchesJSONEncoder(FastFilter.all))
        let shapes: [FastShape] = [
            .circle(radius: 3), .rect(1, 2), .labeled("l", size: nil), .labeled("m", size: 5), .empty,
        ]
        #expect(try expectMatchesJSONEncoder(shapes))
        #expect(try expectMatchesJSONEncoder(FastShape.empty))
    }

    @Test func strings() throws {
        let strings = [
            "", "plain", "quote \" backslash \\ slash / ", "new\nline\rreturn\ttab",
            "\u{0}\u{1}\u{7}\u{8}\u{b}\u{c}\u{1b}\u{1f} \u{7f}", "emoji 😀👩‍👩‍👧 flags 🇩🇪",
            "non-ASCII: äöü ß é e\u{301} 中文 \u{2028}\u{2029} \u{FEFF}", "\\u0041", "\"\"",
        ]
        #expect(try expectMatchesJSONEncoder(strings))
        for string in strings {
            #expect(try expectMatchesJSONEncoder(FastPair(first: string, second: [string: string])))
            #expect(fastJSON(string) == (try referenceJSON(string)))
        }
    }

    @Test func integersAndBools() throws {
        #expect(try expectMatchesJSONEncoder(Ints()))
        #expect(try expectMatchesJSONEncoder([Int.min, Int.max, 0, -1, 9, 10, 99, 100]))
        #expect(try expectMatchesJSONEncoder([UInt64.max, 0]))
        #expect(try expectMatchesJSONEncoder([Int8.min, Int8.max]))
        #expect(try expectMatchesJSONEncoder(FastPair(first: true, second: false)))
        #expect(try expectMatchesJSONEncoder(UInt32.max))
        #expect(fastJSON(Int.min) == "-9223372036854775808")
        #expect(fastJSON(true) == "true")
    }

    @Test func keySorting() throws {
        #expect(try expectMatchesJSONEncoder(OddKeys()))
        let dictionary = [
            "b": 1, "a": 2, "B": 3, "é": 4, "e": 5, "z": 6, "Z": 7, "aa": 8, "a_": 9, "😀": 10,
            "ﬀ": 11, "éx": 12, "f\u{301}": 13, "\u{1e0b}": 14, "d\u{307}x": 15, "": 16, " ": 17,
            "\"": 18, "\\": 19, "\n": 20, "~": 21, "\u{7f}": 22,
        ]
        #expect(try expectMatchesJSONEncoder(dictionary))
    }

    @Test func classesAndGenerics() throws {
        #expect(try expectMatchesJSONEncoder(FastNode(1, [FastNode(2), FastNode(3, [FastNode(4)])])))
        #expect(try expectMatchesJSONEncoder(Derived()))
        #expect(try expectMatchesJSONEncoder(FastPair(first: [1], second: FastPair(first: "x", second: FastFilter.all))))
        #expect(try expectMatchesJSONEncoder(FastWrapper(items: [FastShape.empty], optional: nil)))
        #expect(try expectMatchesJSONEncoder(FastWrapper(items: [[String: Int]](), optional: ["k": 1])))
        #expect(try expectMatchesJSONEncoder(Manual()))
    }

    @Test func otherDictionaryKeys() throws {
        // JSONEncoder writes Int-keyed dictionaries as objects with the keys as strings, and
        // dictionaries with other keys as [key, value, key, value, ...].
        #expect(try expectMatchesJSONEncoder([1: "a", 10: "b", 2: "c", -3: "d"]))
        #expect(try expectMatchesJSONEncoder([FastKey.one: 1, FastKey.two: 2]))
        #expect(try expectMatchesJSONEncoder([FastLevel.low: "l"]))
        #expect(try expectMatchesJSONEncoder([Int8(1): true]))
    }

    @Test func declinesWhatItCannotPromise() throws {
        #expect(try !expectMatchesJSONEncoder(WithDouble()))
        #expect(try !expectMatchesJSONEncoder(WithDate()))
        #expect(try !expectMatchesJSONEncoder([1.5, 2]))
        #expect(try !expectMatchesJSONEncoder(Float(0.1)))
        #expect(try !expectMatchesJSONEncoder(Data([1, 2, 3])))
        #expect(try !expectMatchesJSONEncoder(["d": Data([1])]))
        #expect(try !expectMatchesJSONEncoder(URL(string: "https://example.com/a?b=c")!))
        #expect(try !expectMatchesJSONEncoder([Decimal(string: "1.25")!]))
        #expect(try !expectMatchesJSONEncoder(SuperDerived()))
        #expect(try !expectMatchesJSONEncoder(DuplicateKey()))
        #expect(try !expectMatchesJSONEncoder([Nothing()]))
        #expect(fastJSON(Nothing()) == nil)
        #expect(fastJSON(Int128(5)) == nil)
    }

    @Test func codingPathIsReported() throws {
        struct Probe: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(encoder.codingPath.map(\.stringValue).joined(separator: "/"))
            }
        }
        #expect(try expectMatchesJSONEncoder(["a": [Probe(), Probe()]]))
        #expect(try expectMatchesJSONEncoder(FastPair(first: Probe(), second: [[Probe()]])))
    }

    @Test func writerIsReusable() throws {
        let writer = FastJSONWriter()
        #expect((try? FastJSONEncoder.encode(WithDouble(), using: writer)) == nil)
        let todo = FastTodo(id: 3, text: "t", isCompleted: true)
        #expect(try FastJSONEncoder.encode(todo, using: writer) == (try referenceJSON(todo)))
        #expect(try FastJSONEncoder.encode([todo], using: writer) == (try referenceJSON([todo])))
    }
}
