import Atoms
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
        var shapes: [FastJSONObjectShape] = []
        var nextShape = 0
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
        // After a complete encoding the frames and entries are already empty.
        state.pointee.bytes.emptyForReuse()
        state.pointee.frames.emptyForReuse()
        state.pointee.entries.emptyForReuse()
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
        let shape = self.shape(of: base, count: count)
        guard !shape.order.isEmpty else {
            failed = true
            return
        }
        // The object is put together in `scratch` with plain copies, then replaces the values
        // written back to back: the shape's text between values, each value in key order.
        // Everything is read in place through `state`: copying an array out of it would retain
        // and release it.
        let state = state
        let end = state.pointee.bytes.count
        let total = end - frame.start + shape.text.count + 1
        if state.pointee.scratch.count < total {
            state.pointee.scratch.append(contentsOf: repeatElement(0, count: total - state.pointee.scratch.count))
        }
        state.pointee.scratch.withUnsafeMutableBytes { out in
            shape.text.withUnsafeBytes { text in
                state.pointee.bytes.withUnsafeBytes { bytes in
                    state.pointee.entries.withUnsafeBufferPointer { entries in
                        var at = 0
                        var textStart = 0
                        func append(_ source: UnsafeRawBufferPointer, _ range: Range<Int>) {
                            UnsafeMutableRawBufferPointer(rebasing: out[at..<(at + range.count)])
                                .copyMemory(from: UnsafeRawBufferPointer(rebasing: source[range]))
                            at += range.count
                        }
                        for position in 0..<count {
                            let textEnd = shape.textEnds[position]
                            append(text, textStart..<textEnd)
                            textStart = textEnd
                            let index = shape.order[position]
                            let next = index + 1 < count ? entries[base + index + 1].start : end
                            append(bytes, entries[base + index].start..<next)
                        }
                        out[at] = UInt8(ascii: "}")
                    }
                }
            }
        }
        state.pointee.scratch.withUnsafeBufferPointer { scratch in
            state.pointee.bytes.replaceSubrange(frame.start..., with: UnsafeBufferPointer(rebasing: scratch[..<total]))
        }
    }

    /// The cached shape of the object whose `count` entries start at `base`, worked out and
    /// cached first if it is new.
    private func shape(of base: Int, count: Int) -> FastJSONObjectShape {
        let state = state
        for index in state.pointee.shapes.indices where state.pointee.shapes[index].keys.count == count {
            var same = true
            for position in 0..<count where state.pointee.shapes[index].keys[position] != state.pointee.entries[base + position].key {
                same = false
                break
            }
            if same { return state.pointee.shapes[index] }
        }
        let shape = FastJSONObjectShape(keys: state.pointee.entries[base...].map(\.key))
        if state.pointee.shapes.count < FastJSONObjectShape.cacheSize {
            state.pointee.shapes.append(shape)
        } else {
            let slot = state.pointee.nextShape
            state.pointee.nextShape = (slot + 1) % FastJSONObjectShape.cacheSize
            state.pointee.shapes[slot] = shape
        }
        return shape
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
