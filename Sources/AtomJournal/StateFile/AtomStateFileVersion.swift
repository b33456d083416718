/// The version of the state file layout, written as `"major.minor"`.
///
/// A reader accepts every file with its own major version, whatever the minor version: a
/// newer minor version only adds keys, which an older reader ignores. A newer major version
/// changes the meaning of existing keys, so an older reader refuses it rather than guess.
public struct AtomStateFileVersion: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Changes when an older reader would misread the file.
    public let major: Int
    /// Changes when keys are added that an older reader can safely ignore.
    public let minor: Int

    /// Creates a version.
    public init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }

    /// Reads a version written as `"major.minor"`, such as `"1.0"`.
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2,
              parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { ("0"..."9").contains($0) } }),
              let major = Int(parts[0]), let minor = Int(parts[1])
        else { return nil }
        self.init(major: major, minor: minor)
    }

    /// `"major.minor"`, as the file writes it.
    public var description: String { "\(major).\(minor)" }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
    }
}
