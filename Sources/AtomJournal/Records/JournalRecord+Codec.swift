/// The commit and time a step's deltas are relative to: those of the previous step or
/// keyframe in the file.
struct DeltaBase: Equatable {
    var commit = 0
    var time: Int64 = 0
    /// When a reader decodes one step on its own, its index already knows the absolute
    /// commit and time; the step's deltas are then read and these values used instead.
    var known: (commit: Int, time: Int64)?

    init(commit: Int = 0, time: Int64 = 0, known: (commit: Int, time: Int64)? = nil) {
        self.commit = commit
        self.time = time
        self.known = known
    }

    static func == (lhs: DeltaBase, rhs: DeltaBase) -> Bool {
        lhs.commit == rhs.commit && lhs.time == rhs.time
    }
}

/// Tags of a step's extensions, which follow its sections (format 1.2).
enum StepExtension {
    /// Atoms recomputed, or set, to an equal value: count, then atom numbers.
    static let recomputed: UInt8 = 1
    /// Atoms whose new value is written as edits to the previous one (format 1.3): count,
    /// then for each: atom number, form, then a length-prefixed body.
    static let patched: UInt8 = 2
}

/// How a patch's edits are written (format 1.3).
enum PatchForm {
    /// The edits follow: count, then each an operation, an index and its operand.
    static let arrayEdits: UInt8 = 0
    /// The same edits as an earlier patch of the step, by its position: a list and the view
    /// of it that shows the whole list change alike.
    static let sameAs: UInt8 = 1
}

/// The operations of an array edit (format 1.3).
enum ArrayEditOperation {
    static let replace: UInt8 = 0
    static let insert: UInt8 = 1
    static let remove: UInt8 = 2
}

/// Bits of a step's flags byte: which optional sections follow.
enum StepSection {
    static let label: UInt8 = 1 << 0
    static let initialized: UInt8 = 1 << 1
    static let updated: UInt8 = 1 << 2
    static let released: UInt8 = 1 << 3
    static let edgesAdded: UInt8 = 1 << 4
    static let edgesRemoved: UInt8 = 1 << 5
    static let subscriptionsAdded: UInt8 = 1 << 6
    static let subscriptionsRemoved: UInt8 = 1 << 7
}

enum ValueTag {
    static let json: UInt8 = 0
    static let text: UInt8 = 1
    static let redacted: UInt8 = 2
    static let absent: UInt8 = 3
    /// Since 2.0: a JSON integer in canonical form, stored as a signed varint.
    static let integer: UInt8 = 4
}

private enum DefinitionFlag {
    static let restorable: UInt8 = 1 << 0
    static let sensitive: UInt8 = 1 << 1
    static let keepAlive: UInt8 = 1 << 2
}

extension JournalRecord {
    /// The commit of a step, for the writer's bookkeeping; `nil` for other records.
    var stepCommit: Int? {
        if case .step(let step) = self { step.commit } else { nil }
    }

    /// The commit of a keyframe; `nil` for other records.
    var keyframeCommit: Int? {
        if case .keyframe(let keyframe) = self { keyframe.commit } else { nil }
    }

    var type: RecordType {
        switch self {
        case .atomDefinition: .atomDefinition
        case .subscriberDefinition: .subscriberDefinition
        case .locationDefinition: .locationDefinition
        case .step: .step
        case .keyframe: .keyframe
        case .mark: .mark
        case .close: .close
        }
    }

    /// Encodes the payload, advancing `base` past a step or keyframe.
    func encodePayload(base: inout DeltaBase) -> [UInt8] {
        var writer = ByteWriter()
        encodePayload(into: &writer, base: &base)
        return writer.bytes
    }

    /// Appends the payload to `writer`, advancing `base` past a step or keyframe: the journal
    /// writer encodes straight into its buffer, with no array per record.
    func encodePayload(into writer: inout ByteWriter, base: inout DeltaBase) {
        switch self {
        case .atomDefinition(let definition):
            writer.varint(definition.number)
            writer.string(definition.id)
            writer.string(definition.kind)
            writer.string(definition.valueType)
            var flags: UInt8 = 0
            if definition.isRestorable { flags |= DefinitionFlag.restorable }
            if definition.isSensitive { flags |= DefinitionFlag.sensitive }
            if definition.isKeepAlive { flags |= DefinitionFlag.keepAlive }
            writer.u8(flags)
        case .subscriberDefinition(let definition):
            writer.varint(definition.number)
            writer.string(definition.fileID)
            writer.varint(definition.line)
            // Format 1.1: the name trails the 1.0 fields and is written only when there is
            // one, so an unnamed definition has exactly the 1.0 bytes and a 1.0 reader skips it.
            if let name = definition.name, !name.isEmpty { writer.string(name) }
        case .locationDefinition(let definition):
            writer.varint(definition.number)
            writer.string(definition.fileID)
            writer.varint(definition.line)
        case .step(let step):
            Self.encodeStep(StepDraft(step), into: &writer, base: &base)
        case .keyframe(let keyframe):
            Self.encodeKeyframe(
                commit: keyframe.commit, time: keyframe.time, edges: keyframe.edges, subscriptions: keyframe.subscriptions,
                into: &writer, base: &base
            ) { $0.entries(keyframe.atoms) }
        case .mark(let mark):
            writer.varint(mark.commit)
            writer.signed(mark.time)
            writer.string(mark.label)
        case .close(let close):
            writer.varint(close.commit)
            writer.signed(close.time)
            writer.varint(close.stepCount)
        }
    }

    /// Appends a step's payload from its draft: the recorder's, filled in place, or one made
    /// from a ``JournalStep``.
    /// A keyframe's payload, its entries written by `entries`: one layout for a keyframe
    /// held as a record and for the recorder's, whose entries are encoded in place
    /// (``JournalWriter/appendKeyframe(commit:time:entries:edges:subscriptions:)``).
    static func encodeKeyframe(
        commit: Int, time: Int64, edges: [JournalEdge], subscriptions: [JournalSubscription],
        into writer: inout ByteWriter, base: inout DeltaBase, entries: (inout ByteWriter) -> Void
    ) {
        writer.varint(commit)
        writer.signed(time)
        base = DeltaBase(commit: commit, time: time)
        entries(&writer)
        writer.edges(edges)
        writer.subscriptions(subscriptions)
    }

    /// Appends the payload of `step`, after the header of its frame when `frameSequence` is
    /// given (``ByteWriter/frameHeader(type:sequence:)``'s bytes, in the same append).
    static func encodeStep(
        _ step: borrowing StepDraft, into writer: inout ByteWriter, base: inout DeltaBase, frameSequence: UInt64? = nil
    ) {
        // The whole payload in one append, written through a pointer into room for the most
        // it can take (`stepPayloadBound`): section by section, each append paid the array's
        // checks, about 90 instructions a step of values alone.
        let headerSize = frameSequence == nil ? 0 : JournalFormat.frameHeaderSize
        writer.appendRaw(bound: headerSize + stepPayloadBound(step)) { at in
            storeStep(step, base: &base, frameSequence: frameSequence, at: &at)
        }
    }

    /// Stores what `encodeStep` appends at `at`, which has room for the header (when
    /// `frameSequence` is given) and `stepPayloadBound(step)` bytes, and moves `at` past it.
    static func storeStep(
        _ step: borrowing StepDraft, base: inout DeltaBase, frameSequence: UInt64?, at: inout UnsafeMutablePointer<UInt8>
    ) {
        let commitDelta = ByteWriter.zigzag(Int64(truncatingIfNeeded: step.commit) &- Int64(truncatingIfNeeded: base.commit))
        let timeDelta = ByteWriter.zigzag(step.time &- base.time)
        base = DeltaBase(commit: step.commit, time: step.time)
        let code = step.operationCode
        let causeAtom = step.causeAtom.map { UInt64(max(0, $0)) &+ 1 } ?? 0
        let causeLocation = step.causeLocation.map { UInt64(max(0, $0)) &+ 1 } ?? 0
        var flags: UInt8 = 0
        if step.label != nil { flags |= StepSection.label }
        if !step.initialized.isEmpty { flags |= StepSection.initialized }
        if !step.updated.isEmpty { flags |= StepSection.updated }
        if !step.released.isEmpty { flags |= StepSection.released }
        if !step.edgesAdded.isEmpty { flags |= StepSection.edgesAdded }
        if !step.edgesRemoved.isEmpty { flags |= StepSection.edgesRemoved }
        if !step.subscriptionsAdded.isEmpty { flags |= StepSection.subscriptionsAdded }
        if !step.subscriptionsRemoved.isEmpty { flags |= StepSection.subscriptionsRemoved }
        if let frameSequence { ByteWriter.storeFrameHeader(type: RecordType.step.rawValue, sequence: frameSequence, at: &at) }
        RawVarint.store(commitDelta, at: &at)
        RawVarint.store(timeDelta, at: &at)
        RawVarint.storeByte(code, at: &at)
        if code == 0 { RawVarint.storeString(step.operation, at: &at) }
        RawVarint.store(causeAtom, at: &at)
        RawVarint.store(causeLocation, at: &at)
        RawVarint.storeByte(flags, at: &at)
        if let label = step.label { RawVarint.storeString(label, at: &at) }
        if !step.initialized.isEmpty { ByteWriter.storeEntries(step.initialized, at: &at) }
        if !step.updated.isEmpty { ByteWriter.storeEntries(step.updated, at: &at) }
        if !step.released.isEmpty {
            RawVarint.store(step.released.count, at: &at)
            for number in step.released { RawVarint.store(number, at: &at) }
        }
        if !step.edgesAdded.isEmpty { ByteWriter.storeEdges(step.edgesAdded, at: &at) }
        if !step.edgesRemoved.isEmpty { ByteWriter.storeEdges(step.edgesRemoved, at: &at) }
        if !step.subscriptionsAdded.isEmpty { ByteWriter.storeSubscriptions(step.subscriptionsAdded, at: &at) }
        if !step.subscriptionsRemoved.isEmpty { ByteWriter.storeSubscriptions(step.subscriptionsRemoved, at: &at) }
        // Format 1.2: extensions after the sections, which 1.0 and 1.1 readers ignore.
        if !step.recomputed.isEmpty {
            // The body's length first, counted rather than built apart: no array per step.
            let numbers = step.recomputed.reduce(ByteWriter.varintSize(step.recomputed.count)) { $0 + ByteWriter.varintSize($1) }
            RawVarint.storeByte(StepExtension.recomputed, at: &at)
            RawVarint.store(numbers, at: &at)
            RawVarint.store(step.recomputed.count, at: &at)
            for number in step.recomputed { RawVarint.store(number, at: &at) }
        }
        if !step.patches.isEmpty {
            RawVarint.storeByte(StepExtension.patched, at: &at)
            RawVarint.store(step.patches.bodySize, at: &at)
            RawVarint.store(step.patches.count, at: &at)
            step.patches.body.bytes.withUnsafeBytes { RawVarint.storeBytes($0, at: &at) }
        }
    }

    /// The most bytes `encodeStep` can write for `step`: each varint at its longest, ten
    /// bytes, and every list's count whether or not the list is written.
    static func stepPayloadBound(_ step: borrowing StepDraft) -> Int {
        let varint = RawVarint.maximumSize
        var bound = 4 * varint + 2
        if step.operationCode == 0 { bound += varint + step.operation.utf8.count }
        if let label = step.label { bound += varint + label.utf8.count }
        bound += 2 * varint + step.initialized.bytes.count + step.updated.bytes.count
        bound += varint * (1 + step.released.count)
        let pairs = step.edgesAdded.count + step.edgesRemoved.count + step.subscriptionsAdded.count + step.subscriptionsRemoved.count
        bound += varint * (4 + 2 * pairs)
        bound += 1 + varint * (2 + step.recomputed.count)
        bound += 1 + 2 * varint + step.patches.body.bytes.count
        return bound
    }

    /// Decodes a payload of a known type, advancing `base` past a step or keyframe. Returns
    /// `nil` for a type this version does not know, which a newer minor version may add.
    /// Bytes after the known fields are ignored for the same reason.
    static func decode(type rawType: UInt8, payload: UnsafeRawBufferPointer, base: inout DeltaBase) throws(PayloadError) -> JournalRecord? {
        guard let type = RecordType(rawValue: rawType) else { return nil }
        var reader = ByteReader(payload)
        switch type {
        case .atomDefinition:
            let number = try reader.number()
            let id = try reader.string()
            let kind = try reader.string()
            let valueType = try reader.string()
            let flags = try reader.u8()
            return .atomDefinition(JournalAtomDefinition(
                number: number, id: id, kind: kind, valueType: valueType,
                isRestorable: flags & DefinitionFlag.restorable != 0,
                isSensitive: flags & DefinitionFlag.sensitive != 0,
                isKeepAlive: flags & DefinitionFlag.keepAlive != 0
            ))
        case .subscriberDefinition:
            var definition = JournalSubscriberDefinition(number: try reader.number(), fileID: try reader.string(), line: try reader.number())
            // The name (format 1.1) is present only when bytes remain: 1.0 files end here. An
            // empty name means none, so that a later version can append fields after it.
            if !reader.isAtEnd {
                let name = try reader.string()
                definition.name = name.isEmpty ? nil : name
            }
            return .subscriberDefinition(definition)
        case .locationDefinition:
            return .locationDefinition(JournalLocationDefinition(number: try reader.number(), fileID: try reader.string(), line: try reader.number()))
        case .step:
            let commitDelta = try reader.signed()
            let timeDelta = try reader.signed()
            let commit: Int
            let time: Int64
            if let known = base.known {
                (commit, time) = known
            } else {
                commit = try base.commit.adding(commitDelta)
                time = base.time &+ timeDelta
            }
            base = DeltaBase(commit: commit, time: time)
            let operation = try reader.operation()
            let causeAtom = try reader.number()
            let causeLocation = try reader.number()
            let flags = try reader.u8()
            var step = JournalStep(
                commit: commit, time: time, operation: operation,
                causeAtom: causeAtom == 0 ? nil : causeAtom - 1,
                causeLocation: causeLocation == 0 ? nil : causeLocation - 1
            )
            if flags & StepSection.label != 0 { step.label = try reader.string() }
            if flags & StepSection.initialized != 0 { step.initialized = try reader.entries() }
            if flags & StepSection.updated != 0 { step.updated = try reader.entries() }
            if flags & StepSection.released != 0 {
                let count = try reader.itemCount(minimumSize: 1)
                step.released.reserveCapacity(count)
                for _ in 0..<count { step.released.append(try reader.number()) }
            }
            if flags & StepSection.edgesAdded != 0 { step.edgesAdded = try reader.edges() }
            if flags & StepSection.edgesRemoved != 0 { step.edgesRemoved = try reader.edges() }
            if flags & StepSection.subscriptionsAdded != 0 { step.subscriptionsAdded = try reader.subscriptions() }
            if flags & StepSection.subscriptionsRemoved != 0 { step.subscriptionsRemoved = try reader.subscriptions() }
            // Extensions (format 1.2): a tag, then a length-prefixed body; unknown tags are
            // skipped, so a later minor version can add more.
            var patched = false
            while !reader.isAtEnd {
                let tag = try reader.u8()
                var body = try reader.block()
                if tag == StepExtension.recomputed {
                    let count = try body.itemCount(minimumSize: 1)
                    step.recomputed.reserveCapacity(count)
                    for _ in 0..<count { step.recomputed.append(try body.number()) }
                } else if tag == StepExtension.patched {
                    guard !patched else { throw .invalid("a step has two patch extensions") }
                    patched = true
                    step.patches = try body.patches(updated: step.updated)
                }
            }
            return .step(step)
        case .keyframe:
            let commit = try reader.number()
            let time = try reader.signed()
            base = DeltaBase(commit: commit, time: time)
            return .keyframe(JournalKeyframe(
                commit: commit, time: time,
                atoms: try reader.entries(), edges: try reader.edges(), subscriptions: try reader.subscriptions()
            ))
        case .mark:
            return .mark(try JournalMark(decoding: &reader))
        case .close:
            return .close(JournalClose(commit: try reader.number(), time: try reader.signed(), stepCount: try reader.number()))
        }
    }
}

extension ByteWriter {
    /// A signed integer, zigzag-encoded so that small magnitudes of either sign are short.
    mutating func signed(_ value: Int64) {
        varint(Self.zigzag(value))
    }

    /// `value` as the unsigned number a signed field stores.
    @inline(__always)
    static func zigzag(_ value: Int64) -> UInt64 {
        UInt64(bitPattern: (value << 1) ^ (value >> 63))
    }

    mutating func value(_ value: JournalValue) {
        switch value {
        case .json(var text):
            text.withUTF8 { json(UnsafeRawBufferPointer($0)) }
        case .text(let text):
            u8(ValueTag.text)
            string(text)
        case .redacted:
            u8(ValueTag.redacted)
        case .absent:
            u8(ValueTag.absent)
        }
    }

    /// A JSON value from its UTF-8 bytes: a canonical integer as the number (tag 4, since
    /// 2.0), any other text as itself (tag 0). Every writer's JSON goes through here, the
    /// recorder's encoded values straight from their bytes.
    mutating func json(_ utf8: UnsafeRawBufferPointer) {
        if let integer = CanonicalInteger.value(of: utf8) {
            u8(ValueTag.integer)
            signed(integer)
            return
        }
        u8(ValueTag.json)
        varint(utf8.count)
        bytes.append(contentsOf: utf8)
    }

    mutating func entries(_ entries: [JournalValueEntry]) {
        varint(entries.count)
        for entry in entries {
            varint(entry.atom)
            value(entry.value)
        }
    }

    mutating func edges(_ edges: [JournalEdge]) {
        appendRaw(bound: RawVarint.maximumSize * (1 + 2 * edges.count)) { Self.storeEdges(edges, at: &$0) }
    }

    mutating func subscriptions(_ subscriptions: [JournalSubscription]) {
        appendRaw(bound: RawVarint.maximumSize * (1 + 2 * subscriptions.count)) { Self.storeSubscriptions(subscriptions, at: &$0) }
    }

    // The lists' layout, once: written through a pointer by a step's one append
    // (`JournalRecord.encodeStep`) and by the appends above (keyframes).

    /// The count, then each entry's bytes as they were encoded.
    static func storeEntries(_ entries: borrowing EncodedValueEntries, at: inout UnsafeMutablePointer<UInt8>) {
        RawVarint.store(entries.count, at: &at)
        entries.bytes.withUnsafeBytes { RawVarint.storeBytes($0, at: &at) }
    }

    /// The count, then each edge's upstream and downstream atom numbers.
    static func storeEdges(_ edges: [JournalEdge], at: inout UnsafeMutablePointer<UInt8>) {
        RawVarint.store(edges.count, at: &at)
        for edge in edges {
            RawVarint.store(edge.upstream, at: &at)
            RawVarint.store(edge.downstream, at: &at)
        }
    }

    /// The count, then each subscription's atom and subscriber numbers.
    static func storeSubscriptions(_ subscriptions: [JournalSubscription], at: inout UnsafeMutablePointer<UInt8>) {
        RawVarint.store(subscriptions.count, at: &at)
        for subscription in subscriptions {
            RawVarint.store(subscription.atom, at: &at)
            RawVarint.store(subscription.subscriber, at: &at)
        }
    }
}

extension ByteReader {
    /// A step's operation: its code (a known one's name), or 0 and the name.
    mutating func operation() throws(PayloadError) -> String {
        let code = try u8()
        if code == 0 { return try string() }
        return OperationCode.name(for: code) ?? "operation \(code)"
    }

    /// A non-negative number that fits in an `Int`.
    @inline(__always)
    mutating func number() throws(PayloadError) -> Int {
        try count(limit: Int.max)
    }

    @inline(__always)
    mutating func signed() throws(PayloadError) -> Int64 {
        let raw = try varint()
        return Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)
    }

    mutating func value() throws(PayloadError) -> JournalValue {
        switch try u8() {
        case ValueTag.json: return .json(try string())
        case ValueTag.text: return .text(try string())
        case ValueTag.redacted: return .redacted
        case ValueTag.absent: return .absent
        // The text is what a writer of JSON prints for the integer, so the value reads the same
        // whichever way it was stored.
        case ValueTag.integer: return .json(String(try signed()))
        case let tag: throw .invalid("unknown value tag \(tag)")
        }
    }

    mutating func entries() throws(PayloadError) -> [JournalValueEntry] {
        let count = try itemCount(minimumSize: 2)
        var entries: [JournalValueEntry] = []
        entries.reserveCapacity(count)
        for _ in 0..<count {
            entries.append(JournalValueEntry(atom: try number(), value: try value()))
        }
        return entries
    }

    /// The body of a step's patched extension. A patch of a form this version does not know
    /// is skipped, so its atom keeps the placeholder value of `updated`, as in older readers.
    mutating func patches(updated: [JournalValueEntry]) throws(PayloadError) -> [JournalValuePatch] {
        let count = try itemCount(minimumSize: 3)
        var patches: [JournalValuePatch] = []
        // Each entry's patch, or nil for a form skipped, so that a later reference finds it.
        var byPosition: [[JournalArrayEdit]?] = []
        // A set, so that a step of many patches and many entries is not checked pair by pair.
        let updatedAtoms = count > 0 ? Set(updated.map(\.atom)) : []
        patches.reserveCapacity(count)
        byPosition.reserveCapacity(count)
        for _ in 0..<count {
            let atom = try number()
            let form = try u8()
            var body = try block()
            let edits: [JournalArrayEdit]?
            switch form {
            case PatchForm.arrayEdits:
                edits = try body.arrayEdits()
            case PatchForm.sameAs:
                let earlier = try body.number()
                guard earlier < byPosition.count else { throw .invalid("patch refers to a later patch \(earlier)") }
                edits = byPosition[earlier]
            default:
                edits = nil
            }
            byPosition.append(edits)
            guard let edits else { continue }
            guard updatedAtoms.contains(atom) else {
                throw .invalid("patched atom \(atom) is not among the updated atoms")
            }
            patches.append(JournalValuePatch(atom: atom, edits: edits))
        }
        return patches
    }

    private mutating func arrayEdits() throws(PayloadError) -> [JournalArrayEdit] {
        let count = try itemCount(minimumSize: 3)
        var edits: [JournalArrayEdit] = []
        edits.reserveCapacity(count)
        for _ in 0..<count {
            let operation = try u8()
            let index = try number()
            switch operation {
            case ArrayEditOperation.replace: edits.append(.replace(index: index, json: try string()))
            case ArrayEditOperation.insert: edits.append(.insert(index: index, json: try string()))
            case ArrayEditOperation.remove: edits.append(.remove(index: index, count: try number()))
            default: throw .invalid("unknown array edit \(operation)")
            }
        }
        return edits
    }

    mutating func edges() throws(PayloadError) -> [JournalEdge] {
        let count = try itemCount(minimumSize: 2)
        var edges: [JournalEdge] = []
        edges.reserveCapacity(count)
        for _ in 0..<count {
            edges.append(JournalEdge(upstream: try number(), downstream: try number()))
        }
        return edges
    }

    mutating func subscriptions() throws(PayloadError) -> [JournalSubscription] {
        let count = try itemCount(minimumSize: 2)
        var subscriptions: [JournalSubscription] = []
        subscriptions.reserveCapacity(count)
        for _ in 0..<count {
            subscriptions.append(JournalSubscription(atom: try number(), subscriber: try number()))
        }
        return subscriptions
    }
}

private extension Int {
    /// Applies a commit delta; deltas wrap like the writer's, and the result must be a
    /// commit number.
    func adding(_ delta: Int64) throws(PayloadError) -> Int {
        let sum = Int64(truncatingIfNeeded: self) &+ delta
        guard sum >= 0 else { throw .invalid("commit number out of range") }
        return Int(truncatingIfNeeded: sum)
    }
}

extension JournalMark {
    /// Decodes a mark's payload: what ``JournalRecord/decode(type:payload:base:)`` does for a
    /// mark, and what opening a journal does for each mark it indexes, without the record.
    init(decoding reader: inout ByteReader) throws(PayloadError) {
        self.init(commit: try reader.number(), time: try reader.signed(), label: try reader.string())
    }
}
