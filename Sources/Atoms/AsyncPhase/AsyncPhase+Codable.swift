/// The journal form of a phase: `{"phase": "suspending"}`, `{"phase": "success", "value": …}`
/// or `{"phase": "failure", "error": …}`.
///
/// An error that is not `Encodable` is written as its description, so that a journal always
/// says why an operation failed; such a phase is then display-only, because the error cannot
/// be read back.
extension AsyncPhase: Encodable where Success: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AsyncPhaseCodingKey.self)
        switch self {
        case .suspending:
            try container.encode(AsyncPhaseCodingKey.suspending, forKey: .phase)
        case .success(let value):
            try container.encode(AsyncPhaseCodingKey.success, forKey: .phase)
            try container.encode(value, forKey: .value)
        case .failure(let error):
            try container.encode(AsyncPhaseCodingKey.failure, forKey: .phase)
            if let encodable = error as? any Encodable {
                try container.encode(encodable, forKey: .error)
            } else {
                try container.encode(String(describing: error), forKey: .error)
            }
        }
    }
}

extension AsyncPhase: Decodable where Success: Decodable, Failure: Decodable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AsyncPhaseCodingKey.self)
        let phase = try container.decode(String.self, forKey: .phase)
        switch phase {
        case AsyncPhaseCodingKey.suspending:
            self = .suspending
        case AsyncPhaseCodingKey.success:
            self = .success(try container.decode(Success.self, forKey: .value))
        case AsyncPhaseCodingKey.failure:
            self = .failure(try container.decode(Failure.self, forKey: .error))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .phase, in: container,
                debugDescription: "unknown phase \"\(phase)\"; expected suspending, success or failure"
            )
        }
    }
}

enum AsyncPhaseCodingKey: String, CodingKey {
    case phase, value, error

    static let suspending = "suspending"
    static let success = "success"
    static let failure = "failure"
}
