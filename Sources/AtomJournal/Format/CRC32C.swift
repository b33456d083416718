import CCRC32C

/// CRC-32C (Castagnoli), the checksum of every journal frame and of the header.
///
/// Chosen over zlib's CRC-32 for its better error detection on short records, and because
/// processors compute it in hardware (SSE 4.2, ARMv8 CRC): validating a large journal then
/// costs little next to reading it. Without the instructions, slicing-by-8 tables.
enum CRC32C {
    static let polynomial: UInt32 = 0x82F6_3B78

    static let tables: [[UInt32]] = {
        var tables = [[UInt32]](repeating: [UInt32](repeating: 0, count: 256), count: 8)
        for index in 0..<256 {
            var crc = UInt32(index)
            for _ in 0..<8 {
                crc = crc & 1 == 1 ? (crc >> 1) ^ polynomial : crc >> 1
            }
            tables[0][index] = crc
        }
        for index in 0..<256 {
            for slice in 1..<8 {
                let previous = tables[slice - 1][index]
                tables[slice][index] = (previous >> 8) ^ tables[0][Int(previous & 0xFF)]
            }
        }
        return tables
    }()

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
            let t0 = tables[0], t1 = tables[1], t2 = tables[2], t3 = tables[3]
            let t4 = tables[4], t5 = tables[5], t6 = tables[6], t7 = tables[7]
            t0.withUnsafeBufferPointer { t0 in
            t1.withUnsafeBufferPointer { t1 in
            t2.withUnsafeBufferPointer { t2 in
            t3.withUnsafeBufferPointer { t3 in
            t4.withUnsafeBufferPointer { t4 in
            t5.withUnsafeBufferPointer { t5 in
            t6.withUnsafeBufferPointer { t6 in
            t7.withUnsafeBufferPointer { t7 in
                while count - index >= 8 {
                    let low = UInt32(bytes[index]) | UInt32(bytes[index + 1]) << 8
                        | UInt32(bytes[index + 2]) << 16 | UInt32(bytes[index + 3]) << 24
                    let high = UInt32(bytes[index + 4]) | UInt32(bytes[index + 5]) << 8
                        | UInt32(bytes[index + 6]) << 16 | UInt32(bytes[index + 7]) << 24
                    let mixed = crc ^ low
                    crc = t7[Int(mixed & 0xFF)] ^ t6[Int((mixed >> 8) & 0xFF)]
                        ^ t5[Int((mixed >> 16) & 0xFF)] ^ t4[Int(mixed >> 24)]
                        ^ t3[Int(high & 0xFF)] ^ t2[Int((high >> 8) & 0xFF)]
                        ^ t1[Int((high >> 16) & 0xFF)] ^ t0[Int(high >> 24)]
                    index += 8
                }
                while index < count {
                    crc = (crc >> 8) ^ t0[Int((crc ^ UInt32(bytes[index])) & 0xFF)]
                    index += 1
                }
            }}}}}}}}
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
