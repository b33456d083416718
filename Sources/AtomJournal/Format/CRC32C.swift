import CCRC32C

/// CRC-32C (Castagnoli), the checksum of every journal frame and of the header.
///
/// Chosen over zlib's CRC-32 for its better error detection on short records, and because
/// processors compute it in hardware (SSE 4.2, ARMv8 CRC): validating a large journal then
/// costs little next to reading it. Without the instructions, slicing-by-8 tables.
enum CRC32C {
    static let polynomial: UInt32 = 0x82F6_3B78

    /// The eight slicing tables end to end: table `k` at `k * 256`, table 0 being the byte
    /// table. One array, so that loops hold one pointer.
    static let tables: [UInt32] = {
        var tables = [UInt32](repeating: 0, count: 8 * 256)
        for index in 0..<256 {
            var crc = UInt32(index)
            for _ in 0..<8 {
                crc = crc & 1 == 1 ? (crc >> 1) ^ polynomial : crc >> 1
            }
            tables[index] = crc
        }
        for slice in 1..<8 {
            for index in 0..<256 {
                let previous = tables[(slice - 1) * 256 + index]
                tables[slice * 256 + index] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
            }
        }
        return tables
    }()

    /// The raw register step (no inversion) over one byte, as the tables define it.
    @inline(__always)
    static func step(_ register: UInt32, _ byte: UInt8, _ table: UnsafeBufferPointer<UInt32>) -> UInt32 {
        (register >> 8) ^ table[Int((register ^ UInt32(byte)) & 0xFF)]
    }

    /// The raw register step over eight bytes, given as two little-endian words.
    @inline(__always)
    static func step8(_ register: UInt32, low: UInt32, high: UInt32, _ tables: UnsafeBufferPointer<UInt32>) -> UInt32 {
        let mixed = register ^ low
        return tables[7 * 256 + Int(mixed & 0xFF)] ^ tables[6 * 256 + Int((mixed >> 8) & 0xFF)]
            ^ tables[5 * 256 + Int((mixed >> 16) & 0xFF)] ^ tables[4 * 256 + Int(mixed >> 24)]
            ^ tables[3 * 256 + Int(high & 0xFF)] ^ tables[2 * 256 + Int((high >> 8) & 0xFF)]
            ^ tables[256 + Int((high >> 16) & 0xFF)] ^ tables[Int(high >> 24)]
    }

    /// Whether the processor's CRC-32C instructions are there to use (`CCRC32C`): about ten
    /// times the tables' speed on long runs, which is most of what opening a journal costs.
    static let hardware = atomscope_crc32c_hardware_available() != 0

    /// Continues a checksum over more bytes. Start with `0`.
    static func update(_ crc: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
        if hardware, let base = bytes.baseAddress {
            return ~atomscope_crc32c_hardware(~crc, base, bytes.count)
        }
        return updateWithTables(crc, bytes)
    }

    /// ``update(_:_:)`` with the slicing tables, for processors without the instructions
    /// (and tests that compare the two).
    static func updateWithTables(_ crc: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var crc = ~crc
        var index = 0
        let count = bytes.count
        tables.withUnsafeBufferPointer { tables in
            while count - index >= 8 {
                crc = step8(crc, low: UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt32.self)),
                            high: UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: index + 4, as: UInt32.self)), tables)
                index += 8
            }
            while index < count {
                crc = step(crc, bytes[index], tables)
                index += 1
            }
        }
        return ~crc
    }

    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBytes { update(0, $0) }
    }

    /// Masks a stored checksum, so that a checksum of data that itself contains checksums
    /// (a journal inside a journal, a test vector) does not degenerate.
    static func mask(_ crc: UInt32) -> UInt32 {
        ((crc >> 15) | (crc << 17)) &+ 0xA282_EAD8
    }
}
