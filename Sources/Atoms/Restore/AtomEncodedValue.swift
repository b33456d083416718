/// One stored value in a serialized form, such as a JSON fragment, that can be decoded
/// into whatever `Decodable` type the atom turns out to have.
///
/// The source does not know the atom's type, and the atom does not know the storage
/// format; this is the point where the two meet, so that `Atoms` stays free of any format.
public protocol AtomEncodedValue: Sendable {
    /// Decodes the value as `type`.
    ///
    /// - Throws: Any error that explains why the stored value is not a `type`; its
    ///   description ends up in the restore report.
    func decode<T: Decodable>(_ type: T.Type) throws -> T
}
