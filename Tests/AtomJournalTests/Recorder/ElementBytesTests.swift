@testable import AtomJournal
import Testing

/// The recorder's first test of whether a list element changed compares the element's bits,
/// never its padding, and leaves every element whose bits differ to `==`.
@Suite("Recorder: list elements compared bit for bit, then with ==")
struct ElementBytesTests {
    /// Nine bytes of value, then seven of padding up to the stride.
    struct Padded {
        var number: Int64
        var flag: Bool
    }

    @Test("The padding after an element never makes equal elements differ")
    func paddingIsNotCompared() throws {
        let stride = MemoryLayout<Padded>.stride
        try #require(MemoryLayout<Padded>.size == 9 && stride == 16)
        let values = [Padded(number: 1, flag: true), Padded(number: 2, flag: false), Padded(number: 3, flag: true)]
        let old = UnsafeMutableRawPointer.allocate(byteCount: values.count * stride, alignment: 8)
        let new = UnsafeMutableRawPointer.allocate(byteCount: values.count * stride, alignment: 8)
        defer {
            old.deallocate()
            new.deallocate()
        }
        // Different garbage in each buffer's padding.
        old.initializeMemory(as: UInt8.self, repeating: 0xAA, count: values.count * stride)
        new.initializeMemory(as: UInt8.self, repeating: 0x55, count: values.count * stride)
        for (index, value) in values.enumerated() {
            (old + index * stride).storeBytes(of: value.number, as: Int64.self)
            (old + index * stride + 8).storeBytes(of: value.flag, as: Bool.self)
            (new + index * stride).storeBytes(of: index == 1 ? 20 : value.number, as: Int64.self)
            (new + index * stride + 8).storeBytes(of: value.flag, as: Bool.self)
        }
        let bytes = ElementBytes(old: UnsafeRawPointer(old), new: UnsafeRawPointer(new), size: 9, stride: stride)
        #expect(bytes.same(0, 0))
        #expect(!bytes.same(1, 1))
        #expect(bytes.same(2, 2))
        #expect(!bytes.same(0, 2))
        #expect(bytes.firstDifference(from: 0, to: 3) == 1)
        #expect(bytes.firstDifference(from: 2, to: 3) == 3)
        #expect(bytes.firstDifferenceFromEnd(oldCount: 3, newCount: 3, from: 0, to: 3) == 1)
        #expect(bytes.firstDifferenceFromEnd(oldCount: 3, newCount: 2, from: 0, to: 2) == 0)
    }

    @Test("Every byte of a value of every size from 1 to 40 is compared, and no byte of padding; the hash reads the value's bytes alone")
    func everyByteOfEverySizeIsCompared() {
        for size in 1...40 {
            let stride = (size + 7) / 8 * 8 + 8
            let old = UnsafeMutableRawPointer.allocate(byteCount: 2 * stride, alignment: 8)
            let new = UnsafeMutableRawPointer.allocate(byteCount: 2 * stride, alignment: 8)
            defer {
                old.deallocate()
                new.deallocate()
            }
            old.initializeMemory(as: UInt8.self, repeating: 0xAA, count: 2 * stride)
            new.initializeMemory(as: UInt8.self, repeating: 0x55, count: 2 * stride)
            for element in 0..<2 {
                for offset in 0..<size {
                    let byte = UInt8(truncatingIfNeeded: 31 &* offset &+ 7 &* element &+ size)
                    old.storeBytes(of: byte, toByteOffset: element * stride + offset, as: UInt8.self)
                    new.storeBytes(of: byte, toByteOffset: element * stride + offset, as: UInt8.self)
                }
            }
            let bytes = ElementBytes(old: UnsafeRawPointer(old), new: UnsafeRawPointer(new), size: size, stride: stride)
            #expect(bytes.same(0, 0) && bytes.same(1, 1), "size \(size)")
            #expect(ElementBytes.hash(of: old + stride, size: size) == ElementBytes.hash(of: new + stride, size: size), "size \(size)")
            for offset in 0..<size {
                let original = new.load(fromByteOffset: stride + offset, as: UInt8.self)
                new.storeBytes(of: original ^ 0x01, toByteOffset: stride + offset, as: UInt8.self)
                #expect(!bytes.same(1, 1), "size \(size), byte \(offset)")
                #expect(bytes.same(0, 0), "size \(size), byte \(offset) of the next element")
                new.storeBytes(of: original, toByteOffset: stride + offset, as: UInt8.self)
            }
        }
    }

    struct Item: Equatable, Encodable {
        var id: Int
        var text: String
    }

    @Test("Elements equal by == with other bits are not edits; one changed element is one edit")
    func equalElementsWithOtherBitsAreNotEdits() throws {
        let encoder = JournalValueEncoder()
        let old = (0..<10).map { Item(id: $0, text: String(repeating: "item \($0) ", count: 4)) }
        // The same texts built again: equal strings in other storage, so other bits.
        let rebuilt = (0..<10).map { Item(id: $0, text: String(repeating: "item \($0) ", count: 4)) }
        try #require(old == rebuilt)
        var edits = ByteWriter()
        #expect(rebuilt.appendEdits(from: old, to: &edits, memo: ElementJSONMemo<Item>(), encoder: encoder))
        #expect(edits.bytes == [0], "no edit at all")

        var changed = rebuilt
        changed[6].text = "changed"
        edits = ByteWriter()
        #expect(changed.appendEdits(from: old, to: &edits, memo: ElementJSONMemo<Item>(), encoder: encoder))
        let json = Array(#"{"id":6,"text":"changed"}"#.utf8)
        #expect(edits.bytes == [1, ArrayEditOperation.replace, 6, UInt8(json.count)] + json)
    }
}
