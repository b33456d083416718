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
        /// The objects closed last, by their keys in the order written: the objects of one
        /// type have the same keys, so their sorted order and quoted keys are worked out once.
        var shapes: [ObjectShape] = []
        var nextShape = 0
        var nextID = 0
        var failed = false
    }

    /// The keys of an object as its `encode(to:)` writes them, and what closing such an
    /// object needs: their sorted order and each key quoted, with its colon.
    struct ObjectShape {
        var keys: [String]
        /// Entry positions in sorted-key order; empty when the keys cannot be written as
        /// `JSONEncoder` would (a key twice, or canonically equivalent keys).
        var order: [Int]
        var quotedKeys: [[UInt8]]

        /// How many shapes are kept: a value rarely nests objects of more types than this.
        static let cacheSize = 8
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
        let base = frame.entriesStart
        let count = state.pointee.entries.count - base
        defer { state.pointee.entries.removeSubrange(base...) }
        if count == 0 {
            bytes.append(UInt8(ascii: "{"))
            bytes.append(UInt8(ascii: "}"))
            return
        }
        let shapeIndex = shape(of: base, count: count)
        // The shape, the entries and the output are read in place: copying them out of the
        // state (through the accessors above) would retain every key and array per object.
        let state = state
        let written: Bool = {
            let shape = state.pointee.shapes[shapeIndex]
            guard !shape.order.isEmpty else { return false }
            state.pointee.scratch.removeAll(keepingCapacity: true)
            state.pointee.scratch.append(UInt8(ascii: "{"))
            let end = state.pointee.bytes.count
            for (position, index) in shape.order.enumerated() {
                if position > 0 { state.pointee.scratch.append(UInt8(ascii: ",")) }
                state.pointee.scratch.append(contentsOf: shape.quotedKeys[index])
                let start = state.pointee.entries[base + index].start
                let next = index + 1 < count ? state.pointee.entries[base + index + 1].start : end
                state.pointee.bytes.withUnsafeBufferPointer { bytes in
                    state.pointee.scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<next]))
                }
            }
            state.pointee.scratch.append(UInt8(ascii: "}"))
            state.pointee.bytes.replaceSubrange(frame.start..., with: state.pointee.scratch)
            return true
        }()
        if !written {
            failed = true
        }
    }

    /// The cached shape of the object whose `count` entries start at `base`, worked out and
    /// cached first if it is new.
    private func shape(of base: Int, count: Int) -> Int {
        let state = state
        for index in state.pointee.shapes.indices where state.pointee.shapes[index].keys.count == count {
            var same = true
            for position in 0..<count where state.pointee.shapes[index].keys[position] != state.pointee.entries[base + position].key {
                same = false
                break
            }
            if same { return index }
        }
        let keys = state.pointee.entries[base...].map(\.key)
        let shape = ObjectShape(keys: keys, order: Self.sortedOrder(keys), quotedKeys: keys.map { key in
            var quoted: [UInt8] = []
            FastJSONBytes.appendString(key, to: &quoted)
            quoted.append(UInt8(ascii: ":"))
            return quoted
        })
        if state.pointee.shapes.count < ObjectShape.cacheSize {
            state.pointee.shapes.append(shape)
            return state.pointee.shapes.count - 1
        }
        let slot = state.pointee.nextShape
        state.pointee.nextShape = (slot + 1) % ObjectShape.cacheSize
        state.pointee.shapes[slot] = shape
        return slot
    }

    /// The positions of `keys` in sorted order, or none when `JSONEncoder` would write the
    /// object differently from its entries: a key written twice (it keeps one) or keys that
    /// differ only in their Unicode normalization (it merges them).
    private static func sortedOrder(_ keys: [String]) -> [Int] {
        var order = Array(keys.indices)
        // Insertion sort: objects are small and often nearly sorted.
        for index in order.indices.dropFirst() {
            let moving = order[index]
            var slot = index
            while slot > 0, precedes(keys[moving], keys[order[slot - 1]]) {
                order[slot] = order[slot - 1]
                slot -= 1
            }
            order[slot] = moving
        }
        for index in order.indices.dropFirst() where keys[order[index - 1]] == keys[order[index]] {
            return []
        }
        if keys.contains(where: { $0.utf8.contains { $0 >= 0x80 } }), Set(keys).count != keys.count {
            return []
        }
        return order
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
