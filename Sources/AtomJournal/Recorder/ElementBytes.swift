/// The elements of two arrays as raw memory, compared bit for bit: the first test of whether a
/// list element changed, before `==`.
///
/// Not generic, so that the comparison is a few word loads even where the list's code runs
/// unspecialised (the recorder reaches each list type through a patcher made at run time):
/// `memcmp` or a value witness per element cost more than the comparison itself. Only the
/// value's `size` bytes are compared, never the padding up to `stride`, whose bytes are
/// whatever the allocator left there.
struct ElementBytes {
    let old: UnsafeRawPointer
    let new: UnsafeRawPointer
    let size: Int
    let stride: Int

    /// Whether the element at `oldIndex` of the old array has the same bits as the one at
    /// `newIndex` of the new array.
    @inline(__always)
    func same(_ oldIndex: Int, _ newIndex: Int) -> Bool {
        let left = old + oldIndex &* stride
        let right = new + newIndex &* stride
        var offset = 0
        if size >= 8 {
            // Whole words, the last one ending at the value's end: it overlaps the word
            // before when the size is not a multiple of 8, so no byte is compared alone.
            let last = size &- 8
            while offset < last {
                guard left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    == right.loadUnaligned(fromByteOffset: offset, as: UInt64.self) else { return false }
                offset &+= 8
            }
            return left.loadUnaligned(fromByteOffset: last, as: UInt64.self)
                == right.loadUnaligned(fromByteOffset: last, as: UInt64.self)
        }
        while offset < size {
            guard left.load(fromByteOffset: offset, as: UInt8.self) == right.load(fromByteOffset: offset, as: UInt8.self) else {
                return false
            }
            offset &+= 1
        }
        return true
    }

    /// The first index in `start..<end` whose elements differ bit for bit, or `end`.
    func firstDifference(from start: Int, to end: Int) -> Int {
        var index = start
        while index < end, same(index, index) { index &+= 1 }
        return index
    }

    /// Counting from the ends of arrays of `oldCount` and `newCount` elements, the first
    /// distance in `start..<end` at which they differ bit for bit, or `end`.
    func firstDifferenceFromEnd(oldCount: Int, newCount: Int, from start: Int, to end: Int) -> Int {
        var distance = start
        while distance < end, same(oldCount &- 1 &- distance, newCount &- 1 &- distance) { distance &+= 1 }
        return distance
    }

    /// A hash of the `size` bytes at `bytes`, for a table of elements found again by their
    /// bits (`ElementJSONMemo`): each word mixed in by a multiplication, the high bits folded
    /// down at the end. Not seeded: the table it serves holds one entry per slot and forgets
    /// on a collision, so colliding elements cost a new encoding, never a longer search.
    static func hash(of bytes: UnsafeRawPointer, size: Int) -> Int {
        var hash: UInt64 = 0
        var offset = 0
        while offset &+ 8 <= size {
            hash = (hash ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15
            offset &+= 8
        }
        if offset < size {
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            while offset < size {
                tail |= UInt64(bytes.load(fromByteOffset: offset, as: UInt8.self)) &<< shift
                shift &+= 8
                offset &+= 1
            }
            hash = (hash ^ tail) &* 0x9E37_79B9_7F4A_7C15
        }
        return Int(truncatingIfNeeded: hash ^ (hash &>> 29))
    }
}
