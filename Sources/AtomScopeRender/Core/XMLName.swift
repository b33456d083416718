/// XML 1.0's `Name` production (fifth edition, section 2.3): which element and attribute
/// names a parser such as libxml2 accepts. A name checked byte by byte ("any byte from 0x80")
/// lets through `×`, U+FFFE and C1 controls, and one such name makes the whole document
/// unreadable.
enum XMLName {
    /// Whether `bytes` are valid UTF-8 that spell a `Name`: a `NameStartChar`, then
    /// `NameChar`s.
    static func isName(_ bytes: some Collection<UInt8>) -> Bool {
        guard let text = String(validating: bytes, as: UTF8.self) else { return false }
        return isName(text)
    }

    /// Whether `text` is a `Name`.
    static func isName(_ text: String) -> Bool {
        var scalars = text.unicodeScalars.makeIterator()
        guard let first = scalars.next(), isNameStart(first) else { return false }
        while let scalar = scalars.next() {
            guard isNameStart(scalar) || isNameOnly(scalar) else { return false }
        }
        return true
    }

    /// `NameStartChar`.
    static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3A, 0x41...0x5A, 0x5F, 0x61...0x7A: true
        case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D, 0x37F...0x1FFF, 0x200C...0x200D,
             0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF, 0xF900...0xFDCF, 0xFDF0...0xFFFD,
             0x10000...0xEFFFF:
            true
        default: false
        }
    }

    /// What `NameChar` adds to `NameStartChar`.
    private static func isNameOnly(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2D, 0x2E, 0x30...0x39, 0xB7, 0x300...0x36F, 0x203F...0x2040: true
        default: false
        }
    }
}
