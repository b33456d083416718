import Atoms
import Foundation

/// One atom's value as JSON: any JSON value, not only an object or an array.
///
/// The text is kept in a canonical form (sorted keys, no insignificant whitespace), so two
/// fragments of the same value are equal however the JSON was laid out. This is the form
/// the journal records and a state file embeds; restore decodes it into the atom's type
/// with Foundation's `JSONDecoder`.
///
/// ```swift
/// let todos = try JSONFragment(jsonText: #"[{"title":"Milk","done":false}]"#)
/// let count = try JSONFragment(encoding: 3)
/// ```
public struct JSONFragment: Hashable, Sendable, CustomStringConvertible {
    let json: StateFileJSON

    /// The JSON in canonical form: sorted keys, no insignificant whitespace.
    public let jsonText: String

    /// Reads a fragment from JSON text, such as a value the journal recorded.
    ///
    /// - Throws: ``AtomStateFileError/invalidJSONValue(detail:)`` if the text is not one
    ///   JSON value.
    public init(jsonText: String) throws(AtomStateFileError) {
        let json: StateFileJSON
        do {
            json = try StateFileCoders.decoder().decode(StateFileJSON.self, from: Data(jsonText.utf8))
        } catch {
            throw .invalidJSONValue(detail: describeParseFailure(error))
        }
        try self.init(json: json)
    }

    /// Encodes a value as JSON, as the journal recorder does.
    ///
    /// - Throws: The encoder's error if the value has no JSON form, such as a `Double.nan`.
    public init<Value: Encodable>(encoding value: Value) throws {
        let data = try StateFileCoders.compactEncoder().encode(value)
        let json = try StateFileCoders.decoder().decode(StateFileJSON.self, from: data)
        try self.init(json: json)
    }

    init(json: StateFileJSON) throws(AtomStateFileError) {
        do {
            let data = try StateFileCoders.compactEncoder().encode(json)
            jsonText = String(decoding: data, as: UTF8.self)
        } catch {
            throw .invalidJSONValue(detail: String(describing: error))
        }
        self.json = json
    }

    /// Decodes the value as `type`.
    ///
    /// - Throws: A `DecodingError` that says where the JSON does not fit `type`.
    public func decode<T: Decodable>(_ type: T.Type) throws -> T {
        do {
            return try StateFileCoders.decoder().decode(type, from: Data(jsonText.utf8))
        } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty && context.underlyingError == nil
            && context.debugDescription == Self.parserRejection
        {
            // The text is known to be valid JSON: Foundation says "not valid JSON" when a
            // number does not fit the type it is decoded as, which would send a reader
            // looking for a syntax error that is not there.
            let reason = "the JSON is valid but does not fit \(T.self); a number that does not fit, "
                + "such as a fraction or an out-of-range number where an integer is expected, is the usual cause"
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: [], debugDescription: reason))
        }
    }

    private static let parserRejection = "The given data was not valid JSON."

    public var description: String { jsonText }

    public static func == (lhs: JSONFragment, rhs: JSONFragment) -> Bool {
        lhs.jsonText == rhs.jsonText
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(jsonText)
    }
}

extension JSONFragment: AtomEncodedValue {}
