import Foundation

/// The state of one fast encoding: the output bytes and a stack of open containers ("frames").
///
/// Values are written in the order they are encoded. An array frame writes its brackets and
/// commas in place. An object frame writes only its values back to back and remembers where
/// each key's value starts; when the frame closes its region is rewritten as `{"key":value,…}`
/// with the keys sorted by their UTF-8 bytes, as `JSONEncoder`'s `.sortedKeys` sorts them.
///
/// A container may only be written to while its frame is on the stack: writing to an ancestor
/// closes nested containers above it, anything else (a closed container, a container of a value
/// whose `encode(to:)` is still running higher up) marks the encoding as failed.
final class FastJSONWriter {
    enum Kind {
        case pending, object, array, single
    }

    struct Frame {
        var id: Int
        var kind: Kind
        /// Closed implicitly when an ancestor is written to (nested containers); value frames
        /// close only when their value's `encode(to:)` returns.
        var isNested: Bool
        var start: Int
        var entriesStart: Int
        var count: Int
        var pathKey: FastJSONPathKey
    }

    struct Entry {
        var key: String
        var start: Int
    }

    /// The mutable state, behind a pointer: stored properties of a class are checked for
    /// exclusive access at run time on every write, which cost more than the writing.
    struct State {
        var bytes: [UInt8] = []
        var frames: [Frame] = []
        var entries: [Entry] = []
        var scratch: [UInt8] = []
        var order: [Int] = []
        var nextID = 0
        var failed = false
    }

    private let state: UnsafeMutablePointer<State>

    init() {
        state = .allocate(capacity: 1)
        state.initialize(to: State())
    }

    deinit {
        state.deinitialize(count: 1)
        state.deallocate()
    }

    var bytes: [UInt8] {
        get { state.pointee.bytes }
        _modify { yield &state.pointee.bytes }
    }
    private var frames: [Frame] {
        get { state.pointee.frames }
        _modify { yield &state.pointee.frames }
    }
    private var entries: [Entry] {
        get { state.pointee.entries }
        _modify { yield &state.pointee.entries }
    }
    private var scratch: [UInt8] {
        get { state.pointee.scratch }
        _modify { yield &state.pointee.scratch }
    }
    private var order: [Int] {
        get { state.pointee.order }
        _modify { yield &state.pointee.order }
    }
    private var nextID: Int {
        get { state.pointee.nextID }
        _modify { yield &state.pointee.nextID }
    }
    var failed: Bool {
        get { state.pointee.failed }
        _modify { yield &state.pointee.failed }
    }
    var isComplete: Bool { !state.pointee.failed && state.pointee.frames.isEmpty }

    func reset() {
        bytes.removeAll(keepingCapacity: true)
        frames.removeAll(keepingCapacity: true)
        entries.removeAll(keepingCapacity: true)
        failed = false
    }

    func fail() {
        failed = true
    }

    /// Encodes one value at the current position (top level, after a key or an array comma).
    func encodeValue<T: Encodable>(_ value: T, pathKey: FastJSONPathKey) throws {
        if failed { throw FastJSONUnsupported() }
        // Types JSONEncoder special-cases or whose formatting is not reproduced here.
        if T.self == String.self {
            FastJSONBytes.appendString(value as! String, to: &bytes)
            return
        }
        if T.self == Int.self {
            FastJSONBytes.appendInteger(value as! Int, to: &bytes)
            return
        }
        if T.self == Bool.self {
            FastJSONBytes.appendBool(value as! Bool, to: &bytes)
            return
        }
        if T.self == Double.self || T.self == Float.self || T.self == Date.self
            || T.self == Data.self || T.self == URL.self || T.self == Decimal.self {
            throw FastJSONUnsupported()
        }
        let id = pushFrame(kind: .pending, isNested: false, pathKey: pathKey)
        try value.encode(to: FastJSONEncoder(writer: self, frameID: id))
        try closeValueFrame(id)
    }

    // MARK: frames

    @discardableResult
    func pushFrame(kind: Kind, isNested: Bool, pathKey: FastJSONPathKey) -> Int {
        nextID += 1
        frames.append(Frame(
            id: nextID, kind: kind, isNested: isNested, start: bytes.count,
            entriesStart: entries.count, count: 0, pathKey: pathKey))
        if kind == .array { bytes.append(UInt8(ascii: "[")) }
        return nextID
    }

    /// Makes `id` the top frame, closing nested containers above it; false if it cannot.
    func makeTop(_ id: Int) -> Bool {
        if failed { return false }
        while !frames.isEmpty, frames[frames.count - 1].id != id {
            guard frames[frames.count - 1].isNested, frames.contains(where: { $0.id == id }) else {
                failed = true
                return false
            }
            closeTop()
            if failed { return false }
        }
        if frames.isEmpty {
            failed = true
            return false
        }
        return true
    }

    /// Gives a value frame its container kind, when the value's `encode(to:)` asks for one.
    func activate(_ id: Int, as kind: Kind) -> Bool {
        guard makeTop(id) else { return false }
        let current = frames[frames.count - 1].kind
        switch (current, kind) {
        case (.pending, _):
            frames[frames.count - 1].kind = kind
            if kind == .array { bytes.append(UInt8(ascii: "[")) }
            return true
        case (.object, .object), (.single, .single):
            // A class and its superclass sharing the encoder's keyed container.
            return true
        default:
            failed = true
            return false
        }
    }

    func closeValueFrame(_ id: Int) throws {
        guard makeTop(id) else { throw FastJSONUnsupported() }
        closeTop()
        if failed { throw FastJSONUnsupported() }
    }

    private func closeTop() {
        let frame = frames.removeLast()
        switch frame.kind {
        case .pending:
            failed = true  // JSONEncoder writes `{}` nested but throws at the top level
        case .single:
            if frame.count != 1 { failed = true }
        case .array:
            bytes.append(UInt8(ascii: "]"))
        case .object:
            closeObject(frame)
        }
    }

    private func closeObject(_ frame: Frame) {
        let count = entries.count - frame.entriesStart
        defer { entries.removeSubrange(frame.entriesStart...) }
        if count == 0 {
            bytes.append(UInt8(ascii: "{"))
            bytes.append(UInt8(ascii: "}"))
            return
        }
        let base = frame.entriesStart
        order.removeAll(keepingCapacity: true)
        var hasNonASCII = false
        for index in 0..<count {
            order.append(base + index)
            if !hasNonASCII, entries[base + index].key.utf8.contains(where: { $0 >= 0x80 }) {
                hasNonASCII = true
            }
        }
        // Insertion sort: objects are small and often nearly sorted.
        for index in 1..<count {
            let moving = order[index]
            var slot = index
            while slot > 0, Self.precedes(entries[moving].key, entries[order[slot - 1]].key) {
                order[slot] = order[slot - 1]
                slot -= 1
            }
            order[slot] = moving
        }
        for index in 1..<count where entries[order[index - 1]].key == entries[order[index]].key {
            failed = true  // a key written twice: JSONEncoder keeps one, which is not reproduced
            return
        }
        if hasNonASCII, Set(entries[base...].lazy.map(\.key)).count != count {
            failed = true  // canonically equivalent keys, which JSONEncoder would merge
            return
        }
        scratch.removeAll(keepingCapacity: true)
        scratch.append(UInt8(ascii: "{"))
        for (position, entryIndex) in order.enumerated() {
            if position > 0 { scratch.append(UInt8(ascii: ",")) }
            FastJSONBytes.appendString(entries[entryIndex].key, to: &scratch)
            scratch.append(UInt8(ascii: ":"))
            let start = entries[entryIndex].start
            let end = entryIndex + 1 < entries.count ? entries[entryIndex + 1].start : bytes.count
            scratch.append(contentsOf: bytes[start..<end])
        }
        scratch.append(UInt8(ascii: "}"))
        bytes.replaceSubrange(frame.start..., with: scratch)
    }

    /// UTF-8 byte order, as `.sortedKeys` orders keys.
    private static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        var lhs = lhs, rhs = rhs
        return lhs.withUTF8 { left in
            rhs.withUTF8 { right in
                let common = min(left.count, right.count)
                if common > 0, let a = left.baseAddress, let b = right.baseAddress {
                    let order = memcmp(a, b, common)
                    if order != 0 { return order < 0 }
                }
                return left.count < right.count
            }
        }
    }

    // MARK: positions inside containers

    /// Starts the value of `key` in object frame `id`.
    func beginKey(_ id: Int, key: String) throws {
        guard makeTop(id), frames[frames.count - 1].kind == .object else {
            failed = true
            throw FastJSONUnsupported()
        }
        entries.append(Entry(key: key, start: bytes.count))
        frames[frames.count - 1].count += 1
    }

    /// Starts the next element of array frame `id`; returns its index.
    func beginElement(_ id: Int) throws -> Int {
        guard makeTop(id), frames[frames.count - 1].kind == .array else {
            failed = true
            throw FastJSONUnsupported()
        }
        let index = frames[frames.count - 1].count
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        frames[frames.count - 1].count = index + 1
        return index
    }

    /// Starts the one value of single-value frame `id`.
    func beginSingle(_ id: Int) throws {
        guard makeTop(id), frames[frames.count - 1].kind == .single,
              frames[frames.count - 1].count == 0 else {
            failed = true
            throw FastJSONUnsupported()
        }
        frames[frames.count - 1].count = 1
    }

    func count(of id: Int) -> Int {
        frames.last(where: { $0.id == id })?.count ?? 0
    }

    /// The coding path down to frame `id` (computed on demand).
    func codingPath(to id: Int) -> [any CodingKey] {
        guard let end = frames.firstIndex(where: { $0.id == id }) else { return [] }
        return frames[...end].compactMap { $0.pathKey.codingKey }
    }
}
