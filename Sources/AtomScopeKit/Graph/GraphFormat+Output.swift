import SystemPackage

extension GraphFormat {
    /// The format a file name's extension means (`.svg`, `.png`, `.pdf`, `.dot` or `.gv`, in
    /// any case), or `nil`.
    public init?(extensionOf path: String) {
        guard let ext = FilePath(path).extension?.lowercased() else { return nil }
        switch ext {
        case "svg": self = .svg
        case "png": self = .png
        case "pdf": self = .pdf
        case "dot", "gv": self = .dot
        default: return nil
        }
    }

    /// The format to write to `path` (`nil`: standard output): the flag's, which the
    /// extension must not contradict (`--png -o out.svg` would put a PNG in a file every
    /// program reads as SVG); else the extension's; DOT for a name without one.
    ///
    /// - Parameter flags: The flags that choose a format, named in the error when the
    ///   extension is unknown; none in the REPL, which has no flags.
    /// - Throws: ``AtomScopeError/outputFormatMismatch(path:flag:extensionFormat:)`` or
    ///   ``AtomScopeError/unknownOutputFormat(path:flags:)``.
    package static func forOutput(flag: GraphFormat?, path: String?, flags: [String]) throws(AtomScopeError) -> GraphFormat {
        guard let path else { return flag ?? .dot }
        let named = GraphFormat(extensionOf: path)
        if let flag {
            if let named, named != flag {
                throw .outputFormatMismatch(path: path, flag: "--\(flag.rawValue)", extensionFormat: named.displayName)
            }
            return flag
        }
        if let named { return named }
        guard FilePath(path).extension == nil else { throw .unknownOutputFormat(path: path, flags: flags) }
        return .dot
    }

    /// The format's usual name, for messages.
    public var displayName: String {
        switch self {
        case .svg: "SVG"
        case .png: "PNG"
        case .pdf: "PDF"
        case .dot: "DOT"
        case .plain: "plain"
        }
    }
}
