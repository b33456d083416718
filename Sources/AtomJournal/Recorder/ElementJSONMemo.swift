/// The JSON of list elements encoded lately, found again by the element's bits, so that an
/// element that did not change is not encoded again: not when its list is written whole (a
/// filter changed), nor when another list of the same elements changes with it (a filtered
/// view of the list, whose patch is the list's).
///
/// Bits decide, as they decide which elements of a list changed (`Array.appendEdits`): an
/// element with the same bits as one encoded before holds the same values and encodes the
/// same. The memo keeps every element it remembers alive, so storage that its bits point to
/// cannot be freed and come to hold another value. It remembers at most ``capacity``
/// elements and ``arenaLimit`` bytes of JSON, and forgets everything when either is reached;
/// an element whose JSON is longer than ``maximumJSON`` is not remembered.
///
/// Only JSON that `FastJSONEncoder` writes is remembered: it is the same whether the element
/// is encoded alone or inside its list, which is what lets a list's JSON be put together from
/// its elements'.
///
/// It also keeps the last patch written for a list of `Element`, with its two lists: a view
/// that passes its source through changes by the very same buffers, and gets those edits
/// without comparing or encoding anything.
final class ElementJSONMemo<Element> {
    static var capacity: Int { 1024 }
    static var arenaLimit: Int { 256 * 1024 }
    static var maximumJSON: Int { 4096 }

    /// The elements remembered, kept alive; `count` of them are initialized. Grown by
    /// doubling up to ``capacity``, so a type of large elements of which few are written
    /// takes room for few.
    private var elements: UnsafeMutablePointer<Element>
    private var allocated = 16
    private var count = 0
    /// By the hash of an element's bits, its position in `elements`. A second element with
    /// the same hash replaces the first: a memo may forget.
    private var positions: [Int: Int] = [:]
    /// Where each remembered element's JSON lies in `arena`.
    private var ranges: [Range<Int>] = []
    private var arena: [UInt8] = []
    /// The last patch written for a list of `Element`, with the two lists it turns one into
    /// the other, kept alive so that their buffers' addresses cannot come to mean other lists.
    private var lastOld: [Element]?
    private var lastNew: [Element]?
    private var lastEdits: [UInt8] = []

    init() {
        elements = .allocate(capacity: allocated)
    }

    deinit {
        elements.deinitialize(count: count)
        elements.deallocate()
    }

    /// Where the JSON of an element with these bits lies in `arena`, if it is remembered.
    private func find(_ element: UnsafePointer<Element>, hash: Int) -> Range<Int>? {
        guard let position = positions[hash] else { return nil }
        let bits = ElementBytes(
            old: UnsafeRawPointer(elements + position), new: UnsafeRawPointer(element),
            size: MemoryLayout<Element>.size, stride: MemoryLayout<Element>.stride)
        return bits.same(0, 0) ? ranges[position] : nil
    }

    private func remember(_ element: UnsafePointer<Element>, hash: Int, json: UnsafeRawBufferPointer) -> Range<Int> {
        if count == Self.capacity || arena.count + json.count > Self.arenaLimit {
            forgetAll()
        }
        if count == allocated {
            let larger = Swift.min(allocated * 2, Self.capacity)
            let moved = UnsafeMutablePointer<Element>.allocate(capacity: larger)
            moved.moveInitialize(from: elements, count: count)
            elements.deallocate()
            elements = moved
            allocated = larger
        }
        (elements + count).initialize(to: element.pointee)
        let start = arena.count
        arena.append(contentsOf: json)
        ranges.append(start..<arena.count)
        positions[hash] = count
        count += 1
        return start..<arena.count
    }

    private func forgetAll() {
        elements.deinitialize(count: count)
        count = 0
        positions.removeAll(keepingCapacity: true)
        ranges.removeAll(keepingCapacity: true)
        arena.removeAll(keepingCapacity: true)
    }

    /// The edits of the last patch, when it turned the very list buffer `old` into the very
    /// buffer `new`: a view that passes its source list through (a filter set to "all")
    /// changes exactly as the source did, in the same commit.
    func lastPatch(from old: [Element], to new: [Element]) -> [UInt8]? {
        guard let lastOld, let lastNew, Self.same(lastOld, old), Self.same(lastNew, new) else { return nil }
        return lastEdits
    }

    /// Keeps a patch's edits in storage reused from patch to patch.
    func rememberPatch(from old: [Element], to new: [Element], edits: ArraySlice<UInt8>) {
        lastOld = old
        lastNew = new
        lastEdits.removeAll(keepingCapacity: true)
        lastEdits.append(contentsOf: edits)
    }

    /// Whether two arrays are one buffer: the same elements, without comparing any.
    private static func same(_ left: [Element], _ right: [Element]) -> Bool {
        left.count == right.count && left.withUnsafeBufferPointer { left in
            right.withUnsafeBufferPointer { right in left.baseAddress == right.baseAddress }
        }
    }

    private static func hash(_ element: UnsafePointer<Element>) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(start: UnsafeRawPointer(element), count: MemoryLayout<Element>.size))
        return hasher.finalize()
    }
}

extension ElementJSONMemo where Element: Encodable {
    /// Appends the JSON of the element at `element` to `writer`, length-prefixed as
    /// `ByteWriter.string(_:)` writes a string when `lengthPrefixed`; returns its length.
    /// `nil`, with nothing appended, when `FastJSONEncoder` cannot write it.
    func appendJSON(of element: UnsafePointer<Element>, to writer: inout ByteWriter, lengthPrefixed: Bool, encoder: JournalValueEncoder) -> Int? {
        let hash = Self.hash(element)
        if let range = find(element, hash: hash) {
            append(range, to: &writer, lengthPrefixed: lengthPrefixed)
            return range.count
        }
        return encoder.withFastJSON(element.pointee) { json in
            if json.count <= Self.maximumJSON {
                append(remember(element, hash: hash, json: json), to: &writer, lengthPrefixed: lengthPrefixed)
            } else {
                if lengthPrefixed { writer.varint(json.count) }
                writer.bytes.append(contentsOf: json)
            }
            return json.count
        }
    }

    private func append(_ range: Range<Int>, to writer: inout ByteWriter, lengthPrefixed: Bool) {
        if lengthPrefixed { writer.varint(range.count) }
        arena.withUnsafeBufferPointer { arena in
            writer.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: arena[range]))
        }
    }
}

/// One memo per element type, shared by every list of that type that a recorder writes.
final class ElementJSONMemos {
    private var memos: [ObjectIdentifier: AnyObject] = [:]

    func memo<Element>(for type: Element.Type) -> ElementJSONMemo<Element> {
        if let memo = memos[ObjectIdentifier(type)] as? ElementJSONMemo<Element> { return memo }
        let memo = ElementJSONMemo<Element>()
        memos[ObjectIdentifier(type)] = memo
        return memo
    }
}
