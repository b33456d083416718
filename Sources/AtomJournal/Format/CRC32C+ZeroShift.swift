import CCRC32C

/// Moving a CRC-32C register across a run of bytes without reading them.
///
/// The register update is linear over GF(2): the register after a message `M` that starts
/// from register `r` is `shift(r, |M|) ⊕ raw(0, M)`, where `shift(r, n)` is the register after
/// `n` zero bytes. So the checksum of any byte range follows from two running registers and one
/// shift, which is what lets the reader test a candidate frame at every offset of a damaged
/// region in constant time instead of reading the candidate's whole payload
/// (`JournalReader+Resync.swift`).
///
/// Where the processor has a carry-less multiply, a shift is two multiplications
/// (`CCRC32C/crc32c_shift.c`). Otherwise it is applied one hexadecimal digit of `n` at a time,
/// each digit through a table of the linear map "shift by `m · 16^level` bytes" (four lookups,
/// one per register byte). Seven levels cover every shift a frame can need (up to 2^28 bytes).
extension CRC32C {
    /// The raw register (no inversion) after `bytes`, starting from `register`.
    static func raw(_ register: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
        ~update(~register, bytes)
    }

    /// The undoing of ``mask(_:)``.
    static func unmask(_ masked: UInt32) -> UInt32 {
        let rotated = masked &- 0xA282_EAD8
        return (rotated << 15) | (rotated >> 17)
    }

    /// The largest shift ``shift(_:bytes:)`` handles.
    static let maximumShift = 1 << (4 * ZeroShiftTables.levels)

    /// Whether ``shift(_:bytes:)`` can use the carry-less multiply.
    static let shiftHardware = atomscope_crc32c_shift_hardware_available() != 0

    /// The raw register after `bytes` zero bytes, starting from `register`.
    static func shift(_ register: UInt32, bytes: Int) -> UInt32 {
        shift(register, bytes: bytes, hardware: shiftHardware)
    }

    /// ``shift(_:bytes:)`` with ``shiftHardware`` read by the caller, once for many shifts.
    @inline(__always)
    static func shift(_ register: UInt32, bytes: Int, hardware: Bool) -> UInt32 {
        if hardware, bytes >= Int(ATOMSCOPE_CRC32C_SHIFT_MINIMUM), bytes <= Int(ATOMSCOPE_CRC32C_SHIFT_MAXIMUM) {
            return atomscope_crc32c_shift_hardware(register, bytes)
        }
        return shiftWithTables(register, bytes: bytes)
    }

    /// ``shift(_:bytes:)`` through the lookup tables, for processors without the carry-less
    /// multiply, shifts too short for it, and tests that compare the two.
    static func shiftWithTables(_ register: UInt32, bytes: Int) -> UInt32 {
        precondition(bytes >= 0 && bytes < maximumShift, "a shift beyond any frame")
        return ZeroShiftTables.shared.storage.withUnsafeBufferPointer { tables in
            var register = register
            var remaining = bytes
            var level = 0
            while remaining != 0 {
                let digit = remaining & 15
                if digit != 0 {
                    register = ZeroShiftTables.apply(tables, ZeroShiftTables.start(level: level, digit: digit), register)
                }
                remaining >>= 4
                level += 1
            }
            return register
        }
    }
}

/// The linear maps "shift by `m · 16^level` zero bytes", `m` in 1…15, each stored as four
/// 256-entry tables: entry `j · 256 + v` is the map applied to `v << (8 · j)`. Built once, on
/// the first damaged journal a process reads (about 420 KiB).
struct ZeroShiftTables: Sendable {
    static let levels = 7
    static let shared = ZeroShiftTables()

    let storage: [UInt32]

    static func start(level: Int, digit: Int) -> Int {
        (level * 15 + digit - 1) * 1024
    }

    @inline(__always)
    static func apply(_ tables: UnsafeBufferPointer<UInt32>, _ start: Int, _ register: UInt32) -> UInt32 {
        tables[start + Int(register & 0xFF)]
            ^ tables[start + 256 + Int((register >> 8) & 0xFF)]
            ^ tables[start + 512 + Int((register >> 16) & 0xFF)]
            ^ tables[start + 768 + Int(register >> 24)]
    }

    private init() {
        var storage = [UInt32](repeating: 0, count: Self.levels * 15 * 1024)
        let byteTable = CRC32C.tables
        // One zero byte, the map every other one is a power of.
        var base = [UInt32](repeating: 0, count: 1024)
        for lane in 0..<4 {
            for value in 0..<256 {
                let register = UInt32(value) << (8 * lane)
                base[lane * 256 + value] = (register >> 8) ^ byteTable[Int(register & 0xFF)]
            }
        }
        storage.withUnsafeMutableBufferPointer { tables in
            for level in 0..<Self.levels {
                let first = Self.start(level: level, digit: 1)
                for entry in 0..<1024 {
                    tables[first + entry] = base[entry]
                }
                for digit in 2...15 {
                    let previous = Self.start(level: level, digit: digit - 1)
                    let current = Self.start(level: level, digit: digit)
                    for entry in 0..<1024 {
                        tables[current + entry] = Self.apply(UnsafeBufferPointer(tables), first, tables[previous + entry])
                    }
                }
                // The next level's unit, 16^(level + 1) zero bytes, is 15 · 16^level then one more 16^level.
                let last = Self.start(level: level, digit: 15)
                for entry in 0..<1024 {
                    base[entry] = Self.apply(UnsafeBufferPointer(tables), first, tables[last + entry])
                }
            }
        }
        self.storage = storage
    }
}
