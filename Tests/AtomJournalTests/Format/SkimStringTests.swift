@testable import AtomJournal
import Testing

/// The skim moves past a string without building it: it must accept and reject exactly the
/// strings that decoding does, whatever their length and whatever bytes follow them (a short
/// string is checked in one load that reaches past it). Decoding, which copies ASCII without
/// validating it, must give what the standard library's validation gives.
@Suite struct SkimStringTests {
    @Test func acceptsAndRejectsWhatDecodingDoes() throws {
        let pieces: [[UInt8]] = [
            [], Array("a".utf8), Array("é".utf8), Array("7f3a9c2e".utf8), Array("€uro".utf8),
            [0xFF], [0xC3], [0xE2, 0x82], [0x80, 0x41], [0xED, 0xA0, 0x80],
        ]
        var checked = 0
        for length in 0...20 {
            for piece in pieces {
                // The piece at every position of a string of this length, so that a bad byte
                // is met first, last and in between.
                let size = max(length, piece.count)
                for at in 0...(size - piece.count) {
                    var text = [UInt8](repeating: UInt8(ascii: "x"), count: size)
                    text.replaceSubrange(at..<(at + piece.count), with: piece)
                    for trailing in [0, 3, 8, 16] {
                        var writer = ByteWriter()
                        writer.varint(text.count)
                        let payload = writer.bytes + text + [UInt8](repeating: 0xFF, count: trailing)
                        let decoded = payload.withUnsafeBytes { bytes in
                            Result { () throws(PayloadError) in
                                var reader = ByteReader(bytes)
                                return try reader.string()
                            }
                        }
                        #expect((try? decoded.get()) == String(validating: text, as: UTF8.self), "\(text) followed by \(trailing) bytes")
                        let skimmed = payload.withUnsafeBytes { bytes in
                            Result { () throws(PayloadError) in
                                var reader = ByteReader(bytes)
                                let count = try reader.skimString()
                                #expect(reader.remaining == trailing)
                                return count
                            }
                        }
                        let skimmedCount = try? skimmed.get()
                        let decodedCount = (try? decoded.get())?.utf8.count
                        #expect(skimmedCount == decodedCount, "\(text) followed by \(trailing) bytes")
                        if case .failure(let error) = decoded {
                            #expect(throws: error) { try skimmed.get() }
                        }
                        checked += 1
                    }
                }
            }
        }
        #expect(checked > 1_000)
    }

    @Test func aLengthPastTheEndIsTruncated() {
        let payload: [UInt8] = [5, 0x61, 0x62]
        let result = payload.withUnsafeBytes { bytes in
            Result { () throws(PayloadError) in
                var reader = ByteReader(bytes)
                return try reader.skimString()
            }
        }
        #expect(throws: PayloadError.truncated) { try result.get() }
    }
}
