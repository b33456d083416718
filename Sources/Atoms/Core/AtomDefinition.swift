import Synchronization

/// One place in the source where a closure-style atom was defined.
///
/// A closure has no identity a store could hash, so each definition draws a number of its own
/// when it is made; two definitions are distinct atoms even with the same value type, or on
/// the same line. The source location is what tools show.
struct AtomDefinition: Hashable, Sendable {
    private static let counter = Atomic<Int>(0)

    let token: Int
    let location: SourceLocation

    init(fileID: String, line: UInt) {
        token = Self.counter.wrappingAdd(1, ordering: .relaxed).newValue
        location = SourceLocation(fileID: fileID, line: line)
    }

    /// `File.swift:12`: the file name without its module, as graphs name source locations.
    var locationText: String {
        let file = location.fileID.split(separator: "/").last.map(String.init) ?? location.fileID
        return "\(file):\(location.line)"
    }
}
