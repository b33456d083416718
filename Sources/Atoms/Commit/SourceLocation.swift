/// A place in the app's source code, as `#fileID` and `#line` give it.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The module-qualified file name, such as `TodoApp/TodoList.swift`.
    public let fileID: String
    /// The line number.
    public let line: UInt

    /// Creates a location; the defaults capture the caller's location.
    public init(fileID: String = #fileID, line: UInt = #line) {
        self.fileID = fileID
        self.line = line
    }

    /// `File.swift:line`, the form graphs and tools use.
    public var description: String { "\(fileID):\(line)" }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.fileID, lhs.line) < (rhs.fileID, rhs.line)
    }
}
