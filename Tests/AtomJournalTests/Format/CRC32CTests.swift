@testable import AtomJournal
import Testing

/// CRC-32C and the masking of stored checksums (section 4 of the spec).
@Suite("CRC-32C")
struct CRC32CTests {
    @Test func checkValue() {
        #expect(CRC32C.checksum(Array("123456789".utf8)) == 0xE306_9283)
        #expect(CRC32C.mask(0xE306_9283) == 0xC78A_B0E5)
    }

    /// The CRC-32C examples of RFC 3720, appendix B.4.
    @Test func rfc3720Examples() {
        #expect(CRC32C.checksum([UInt8](repeating: 0x00, count: 32)) == 0x8A91_36AA)
        #expect(CRC32C.checksum([UInt8](repeating: 0xFF, count: 32)) == 0x62A8_AB43)
        #expect(CRC32C.checksum(Array(0...0x1F)) == 0x46DD_794E)
        #expect(CRC32C.checksum(Array((0...0x1F).reversed())) == 0x113F_DB5C)
    }

    @Test func emptyInput() {
        #expect(CRC32C.checksum([]) == 0)
        #expect([UInt8]().withUnsafeBytes { CRC32C.update(0x1234_5678, $0) } == 0x1234_5678)
    }

    /// The slicing-by-8 tables against a bit-at-a-time CRC, at every length around the
    /// eight-byte stride and at every alignment.
    @Test func tablesAgreeWithTheBitwiseDefinition() {
        var random = FormatSeededRandom(seed: 0xC4C3_2C00)
        for length in 0...300 {
            let bytes = (0..<length).map { _ in UInt8.random(in: .min ... .max, using: &random) }
            #expect(CRC32C.checksum(bytes) == FormatSpec.bitwiseCRC32C(bytes), "length \(length)")
        }
        let bytes = (0..<64).map { _ in UInt8.random(in: .min ... .max, using: &random) }
        for start in 0..<16 {
            let slice = Array(bytes[start...])
            #expect(CRC32C.checksum(slice) == FormatSpec.bitwiseCRC32C(slice))
        }
    }

    /// Continuing a checksum over more bytes gives the checksum of the concatenation: what the
    /// frames rely on to mix the salt in.
    @Test func updateContinuesOverConcatenation() {
        var random = FormatSeededRandom(seed: 7)
        let bytes = (0..<100).map { _ in UInt8.random(in: .min ... .max, using: &random) }
        let whole = CRC32C.checksum(bytes)
        for split in 0...bytes.count {
            let first = CRC32C.checksum(Array(bytes[..<split]))
            let continued = bytes[split...].withUnsafeBytes { CRC32C.update(first, $0) }
            #expect(continued == whole, "split at \(split)")
        }
    }

    @Test func maskIsRotateRightBy15PlusConstant() {
        for value: UInt32 in [0, 1, 0x8000, 0xFFFF_FFFF, 0xE306_9283, 0x1234_5678] {
            let rotated = (value >> 15) | (value << 17)
            #expect(CRC32C.mask(value) == rotated &+ 0xA282_EAD8)
            // The unmask of the spec undoes it.
            let unmasked = CRC32C.mask(value) &- 0xA282_EAD8
            #expect((unmasked << 15) | (unmasked >> 17) == value)
        }
        #expect(CRC32C.mask(0) == 0xA282_EAD8)
    }

    /// Long runs go four ways at once, joined by shifts; the answer is the one chain's, at
    /// the smallest such length, around it, and over several segments of 4 MiB.
    @Test(.enabled(if: CRC32C.hardware)) func longRunsAgreeWithTheTables() {
        var random = FormatSeededRandom(seed: 12)
        let bytes = (0..<(7 << 20) + 64).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        bytes.withUnsafeBytes { raw in
            for count in [4_095, 4_096, 4_097, 4_103, 65_543, (4 << 20) - 1, 4 << 20, (4 << 20) + 5, (7 << 20) + 60] {
                for start in [0, 3] {
                    let slice = UnsafeRawBufferPointer(rebasing: raw[start..<(start + count)])
                    #expect(CRC32C.update(0x1234_5678, slice) == CRC32C.updateWithTables(0x1234_5678, slice), "\(start)+\(count)")
                }
            }
        }
    }

    /// The processor's instructions and the tables agree on every length and alignment; on a
    /// processor without the instructions there is nothing to compare.
    @Test(.enabled(if: CRC32C.hardware)) func hardwareAgreesWithTheTables() {
        var random = FormatSeededRandom(seed: 11)
        let bytes = (0..<600).map { _ in UInt8.random(in: .min ... .max, using: &random) }
        bytes.withUnsafeBytes { raw in
            for start in 0..<9 {
                for count in [0, 1, 7, 8, 9, 15, 16, 17, 63, 64, 65, 255, 500] {
                    let slice = UnsafeRawBufferPointer(rebasing: raw[start..<(start + count)])
                    for seed: UInt32 in [0, 0xFFFF_FFFF, 0x1234_5678] {
                        #expect(CRC32C.update(seed, slice) == CRC32C.updateWithTables(seed, slice), "\(start)+\(count)")
                    }
                }
            }
        }
    }
}
