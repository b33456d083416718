import AtomScopeKit

extension GraphFormat {
    /// Parses a format name such as `svg` (case-insensitive).
    public init(name: String) throws(GraphRenderError) {
        guard let format = GraphFormat(rawValue: name.lowercased()) else {
            throw .unknownFormat(name)
        }
        self = format
    }
}
