/// A one-line explanation of why a stored value did not decode, for the restore report.
///
/// `DecodingError`'s own description dumps its whole context; a person reading a report
/// needs where in the value it went wrong and what was expected there.
func restoreErrorMessage(for error: any Error) -> String {
    guard let error = error as? DecodingError else { return String(describing: error) }
    let context: DecodingError.Context
    switch error {
    case .typeMismatch(_, let errorContext), .valueNotFound(_, let errorContext),
         .keyNotFound(_, let errorContext), .dataCorrupted(let errorContext):
        context = errorContext
    @unknown default:
        return String(describing: error)
    }
    let path = codingPathText(context.codingPath)
    return path.isEmpty ? context.debugDescription : "at \(path): \(context.debugDescription)"
}

/// A coding path in the notation a reader of the JSON would use: `items[0].title`.
private func codingPathText(_ path: [any CodingKey]) -> String {
    var text = ""
    for key in path {
        if let index = key.intValue {
            text += "[\(index)]"
        } else {
            text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
        }
    }
    return text
}
