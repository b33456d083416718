@testable import AtomJournal

/// Journals whose middle is garbage shaped against the search for valid frames after
/// damage: valid frames, then a run of bytes in one of several shapes, then valid frames
/// again that a reader must still find.
struct AdversarialJournal {
    enum Shape: String, CaseIterable, CustomStringConvertible {
        /// Random bytes: almost no offset passes the cheap checks.
        case random
        /// Zeros, as a file system leaves unwritten blocks.
        case zeros
        /// A well-formed header every 17 bytes, each claiming a payload that runs to the end
        /// of the file and the next sequence number: before the linear search, each one cost
        /// a checksum over the rest of the file.
        case headersToEnd
        /// Headers as close together as the checks allow: a type byte then the expected
        /// sequence number, repeated every 9 bytes, so that each offset 8 before a type byte
        /// is a header with a short payload and a believable sequence number.
        case denseHeaders
        /// Headers every 17 bytes with lengths spread over the whole believable range.
        case mixedLengths

        var description: String { rawValue }
    }

    /// The file's bytes.
    let bytes: [UInt8]
    /// Offsets of the valid frames before the garbage.
    let framesBefore: [Int]
    /// Where the garbage starts and ends.
    let garbage: Range<Int>
    /// Offsets and sequence numbers of the valid frames after it.
    let framesAfter: [(offset: Int, sequence: UInt64)]

    /// - Parameters:
    ///   - header: a journal header (with its salt) to start from.
    ///   - size: the file's approximate size.
    ///   - garbageFraction: how much of the file the garbage takes.
    ///   - lostFrames: sequence numbers the garbage stands in for.
    init(header: [UInt8], salt: [UInt8], shape: Shape, size: Int, garbageFraction: Double = 0.8, lostFrames: UInt64 = 3) {
        var generator = FormatSeededRandom(seed: UInt64(shape.rawValue.utf8.count) &* 0x9E37_79B9)
        var bytes = header
        var sequence: UInt64 = 0
        let frameBudget = Int(Double(size) * (1 - garbageFraction) / 2)
        var before: [Int] = []
        func appendFrame() -> Int {
            let offset = bytes.count
            let payload = (0..<(8 + Int(generator.next() % 120))).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            bytes += FormatSpec.frame(type: 4, sequence: sequence, payload: payload, salt: salt)
            sequence += 1
            return offset
        }
        while bytes.count - header.count < frameBudget {
            before.append(appendFrame())
        }
        let expected = sequence
        let garbageStart = bytes.count
        let garbageSize = Int(Double(size) * garbageFraction)
        let trailing = size - garbageStart - garbageSize
        // Lengths are believable when they end inside the file.
        let fileEnd = garbageStart + garbageSize + trailing
        var garbage = [UInt8](repeating: 0, count: garbageSize)
        switch shape {
        case .random:
            for index in garbage.indices { garbage[index] = UInt8(truncatingIfNeeded: generator.next()) }
        case .zeros:
            break
        case .headersToEnd, .mixedLengths:
            var position = 0
            while position + 17 <= garbageSize {
                let offset = garbageStart + position
                let room = fileEnd - offset - 17
                let length = shape == .headersToEnd ? room : Int(generator.next() % UInt64(max(room, 1)))
                Self.put(UInt64(length), width: 4, into: &garbage, at: position)
                Self.put(generator.next(), width: 4, into: &garbage, at: position + 4)
                garbage[position + 8] = 4
                Self.put(expected + 1 + UInt64(position / 17), width: 8, into: &garbage, at: position + 9)
                position += 17
            }
        case .denseHeaders:
            var position = 0
            while position + 9 <= garbageSize {
                garbage[position] = 4
                Self.put(expected, width: 8, into: &garbage, at: position + 1)
                position += 9
            }
        }
        bytes += garbage
        sequence = expected + lostFrames
        var after: [(Int, UInt64)] = []
        while bytes.count < size {
            let current = sequence
            after.append((appendFrame(), current))
        }
        self.bytes = bytes
        framesBefore = before
        self.garbage = garbageStart..<(garbageStart + garbageSize)
        framesAfter = after
    }

    private static func put(_ value: UInt64, width: Int, into bytes: inout [UInt8], at index: Int) {
        for byte in 0..<width {
            bytes[index + byte] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(byte)))
        }
    }
}
