import Foundation

/// The parser's own account of why JSON did not parse, if it gave one beyond "not valid".
///
/// Foundation reports bad JSON as a `DecodingError` whose description is a dump of its
/// context; on some platforms an underlying error adds the line and column, which is the
/// part worth showing.
func describeParseFailure(_ error: any Error) -> String? {
    guard case DecodingError.dataCorrupted(let context) = error else {
        return String(describing: error)
    }
    return context.underlyingError.map { ($0 as NSError).localizedDescription }
}
