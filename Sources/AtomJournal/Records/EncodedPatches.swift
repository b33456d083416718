import Atoms
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The body of a step's patched extension (format 1.3), encoded patch by patch.
///
/// A patch's edits are written into ``pending`` and then kept with ``endPatch(atom:)``. Edits
/// that are the same bytes as an earlier patch's in the step are kept as a reference to it:
/// with its filter at "all", a filtered list changes exactly as the list does. Equal bytes
/// are equal edits, since each edit has one encoding.
struct EncodedPatches {
    private(set) var count = 0
    /// The patches after their count: atom number, form, length-prefixed edits.
    private(set) var body = ByteWriter(capacity: 0)
    /// The edits of the patch being written: their count, then each edit.
    var pending = ByteWriter(capacity: 0)
    /// Where each patch's edits lie in `body`; empty for a reference.
    private var editRanges: [Range<Int>] = []

    var isEmpty: Bool { count == 0 }

    /// The length of the extension's body: the count and the patches.
    var bodySize: Int { ByteWriter.varintSize(count) + body.bytes.count }

    mutating func removeAll() {
        count = 0
        // Most steps have no patch, so these are mostly empty already.
        body.bytes.emptyForReuse()
        pending.bytes.emptyForReuse()
        editRanges.emptyForReuse()
    }

    /// Empties ``pending`` for the next patch's edits.
    mutating func beginPatch() {
        pending.bytes.emptyForReuse()
    }

    /// Keeps the edits in ``pending`` as the patch of `atom`.
    mutating func endPatch(atom: Int) {
        body.varint(atom)
        if let earlier = editRanges.firstIndex(where: { !$0.isEmpty && sameBytes(body.bytes[$0], pending.bytes) }) {
            body.u8(PatchForm.sameAs)
            body.varint(ByteWriter.varintSize(earlier))
            body.varint(earlier)
            editRanges.append(0..<0)
        } else {
            body.u8(PatchForm.arrayEdits)
            body.varint(pending.bytes.count)
            let start = body.bytes.count
            body.bytes.append(contentsOf: pending.bytes)
            editRanges.append(start..<body.bytes.count)
        }
        count += 1
    }

    /// Whether two runs of bytes are equal: lengths first, then `memcmp`, as `elementsEqual`
    /// on a slice and an array compares byte by byte through their iterators.
    private func sameBytes(_ left: ArraySlice<UInt8>, _ right: [UInt8]) -> Bool {
        guard left.count == right.count else { return false }
        return left.withUnsafeBytes { left in
            right.withUnsafeBytes { right in
                guard let leftBase = left.baseAddress, let rightBase = right.baseAddress else { return true }
                return memcmp(leftBase, rightBase, left.count) == 0
            }
        }
    }
}

extension ByteWriter {
    /// A patch's edit list: the count, then each edit's operation, index and operand.
    mutating func arrayEdits(_ edits: [JournalArrayEdit]) {
        varint(edits.count)
        for edit in edits {
            switch edit {
            case .replace(let index, let json):
                arrayEdit(ArrayEditOperation.replace, at: index)
                string(json)
            case .insert(let index, let json):
                arrayEdit(ArrayEditOperation.insert, at: index)
                string(json)
            case .remove(let index, let count):
                arrayEdit(ArrayEditOperation.remove, at: index)
                varint(count)
            }
        }
    }

    /// An edit's operation and index; its operand follows.
    mutating func arrayEdit(_ operation: UInt8, at index: Int) {
        u8(operation)
        varint(index)
    }
}
