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
///
/// Exclusivity: the fields are not checked at run time (the checks cost a few hundred
/// instructions a commit of the todo workload). No code but the memo's own runs while one of
/// its fields is being accessed, so no access can overlap another:
/// - elements and lists that are dropped (whose deinit is user code, which could write to the
///   store and so record again, re-entering the memo) are moved out of the fields first and
///   destroyed after the last access (`forgetAll`, `rememberPatch`), and after the encoder's
///   buffer is no longer read (`appendJSON`);
/// - copying an element, hashing its bits and appending bytes call no user code;
/// - the one call that does, encoding an element (`withFastJSON`), holds no access to the
///   memo open.
/// `ElementJSONMemoTests.deinitsThatReenterTheMemo` re-enters the memo from such deinits.
final class ElementJSONMemo<Element> {
    static var capacity: Int { 1024 }
    static var arenaLimit: Int { 256 * 1024 }
    static var maximumJSON: Int { 4096 }

    /// The elements remembered, kept alive; `count` of them are initialized. Grown by
    /// doubling up to ``capacity``, so a type of large elements of which few are written
    /// takes room for few.
    @exclusivity(unchecked) private var elements: UnsafeMutablePointer<Element>
    @exclusivity(unchecked) private var allocated = 16
    @exclusivity(unchecked) private var count = 0
    /// By the hash of an element's bits, one plus its position in `elements` (0: none). A
    /// table of its own, direct-mapped, rather than a dictionary: a second element whose hash
    /// falls in the same slot replaces the first (a memo may forget), and a lookup is one
    /// load, where a dictionary would hash the hash again.
    @exclusivity(unchecked) private var slots = [Int32](repeating: 0, count: slotCount)
    private static var slotCount: Int { 2 * capacity }
    /// Where each remembered element's JSON lies in `arena`.
    @exclusivity(unchecked) private var ranges: [Range<Int>] = []
    @exclusivity(unchecked) private var arena: [UInt8] = []
    /// The last patch written for a list of `Element`, with the two lists it turns one into
    /// the other, kept alive so that their buffers' addresses cannot come to mean other lists.
    /// Not optional, since an optional list in code that is not specialised asks the runtime
    /// for its type's metadata at every use; and two fields rather than a pair, which asked
    /// for the pair's metadata and moved it through the runtime's value witnesses at every
    /// patch, about 300 instructions a commit of the todo workload (measured).
    @exclusivity(unchecked) private var lastOld: [Element] = []
    @exclusivity(unchecked) private var lastNew: [Element] = []
    @exclusivity(unchecked) private var hasLastPatch = false
    @exclusivity(unchecked) private var lastEdits: [UInt8] = []

    init() {
        elements = .allocate(capacity: allocated)
    }

    deinit {
        elements.deinitialize(count: count)
        elements.deallocate()
    }

    /// Where the JSON of an element with these bits lies in `arena`, if it is remembered.
    private func find(_ element: UnsafePointer<Element>, hash: Int) -> Range<Int>? {
        let position = Int(slots[hash & (Self.slotCount - 1)]) - 1
        guard position >= 0 else { return nil }
        let bits = ElementBytes(
            old: UnsafeRawPointer(elements + position), new: UnsafeRawPointer(element),
            size: MemoryLayout<Element>.size, stride: MemoryLayout<Element>.stride)
        return bits.same(0, 0) ? ranges[position] : nil
    }

    /// Remembers the element's JSON. When that makes the memo forget what it held, the
    /// forgotten elements are handed back, to be destroyed by the caller once nothing of the
    /// memo or the encoder is in use: `json` may lie in the encoder's buffer, which an
    /// element's deinit that records again would overwrite.
    private func remember(_ element: UnsafePointer<Element>, hash: Int, json: UnsafeRawBufferPointer) -> (range: Range<Int>, forgotten: Forgotten?) {
        var forgotten: Forgotten?
        if count == Self.capacity || arena.count + json.count > Self.arenaLimit {
            forgotten = forgetAll()
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
        slots[hash & (Self.slotCount - 1)] = Int32(truncatingIfNeeded: count + 1)
        count += 1
        return (start..<arena.count, forgotten)
    }

    /// Elements the memo no longer holds, in memory of their own, still to be destroyed.
    struct Forgotten {
        let elements: UnsafeMutablePointer<Element>
        let count: Int

        /// Destroys the elements (their deinits may run user code) and frees their memory.
        func destroy() {
            elements.deinitialize(count: count)
            elements.deallocate()
        }
    }

    /// Empties the memo; the elements it held move to memory of their own, for the caller to
    /// destroy after its last access to the memo (see the type).
    private func forgetAll() -> Forgotten {
        let forgotten = Forgotten(elements: elements, count: count)
        elements = .allocate(capacity: allocated)
        count = 0
        slots.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        ranges.removeAll(keepingCapacity: true)
        arena.removeAll(keepingCapacity: true)
        return forgotten
    }

    /// The edits of the last patch, when it turned the very list buffer `old` into the very
    /// buffer `new`: a view that passes its source list through (a filter set to "all")
    /// changes exactly as the source did, in the same commit.
    func lastPatch(from old: [Element], to new: [Element]) -> [UInt8]? {
        guard hasLastPatch, Self.same(lastOld, old), Self.same(lastNew, new) else { return nil }
        return lastEdits
    }

    /// Keeps a patch's edits in storage reused from patch to patch.
    func rememberPatch(from old: [Element], to new: [Element], edits: ArraySlice<UInt8>) {
        // The lists replaced are taken into locals and dropped last, by `drop`, once every
        // field is this patch's (see the type): a deinit that re-enters, at any depth, finds
        // the memo whole. Plain assignments and a call, where a `swap` with the locals was a
        // call to the generic `swap` in this code that is not specialised, which asked the
        // runtime for the list type's metadata at each call (about 650 instructions a commit
        // of the todo workload); `withExtendedLifetime` on a local did the same.
        let droppedOld = lastOld
        let droppedNew = lastNew
        lastOld = old
        lastNew = new
        lastEdits.removeAll(keepingCapacity: true)
        lastEdits.append(contentsOf: edits)
        hasLastPatch = true
        Self.drop(droppedOld, droppedNew)
    }

    /// Ends the lists' lifetime here, after the caller's last access to the fields: as the
    /// last use of the locals, the call keeps them alive up to it.
    @inline(never)
    private static func drop(_ old: consuming [Element], _ new: consuming [Element]) {
        _ = consume old
        _ = consume new
    }

    /// Whether two arrays are one buffer: the same elements, without comparing any.
    private static func same(_ left: [Element], _ right: [Element]) -> Bool {
        left.count == right.count && left.withUnsafeBufferPointer { left in
            right.withUnsafeBufferPointer { right in left.baseAddress == right.baseAddress }
        }
    }

    private static func hash(_ element: UnsafePointer<Element>) -> Int {
        ElementBytes.hash(of: UnsafeRawPointer(element), size: MemoryLayout<Element>.size)
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
        var forgotten: Forgotten?
        let length = encoder.withFastJSON(element.pointee) { json in
            if json.count <= Self.maximumJSON {
                let remembered = remember(element, hash: hash, json: json)
                forgotten = remembered.forgotten
                append(remembered.range, to: &writer, lengthPrefixed: lengthPrefixed)
            } else {
                if lengthPrefixed { writer.varint(json.count) }
                writer.bytes.append(contentsOf: json)
            }
            return json.count
        }
        // Last, with the encoder's buffer and the memo no longer in use.
        forgotten?.destroy()
        return length
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
