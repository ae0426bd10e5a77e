import Foundation

/// The bounds of what the `/emulator/` control routes and the JSON form of ``EmulatorFault``
/// accept, and the decoding that enforces them.
///
/// Values outside are refused before they reach code that would trap (a `Duration` of 1e300
/// seconds, an HTTP status the served emulator cannot write) or allocate without limit, so a bad
/// request is a 400 instead of a crashed server.
enum ControlInput {
    /// The longest duration accepted, in seconds: ten 365-day years.
    static let maximumSeconds: Double = 315_360_000
    /// The HTTP statuses a fault may answer with.
    static let statuses = 100...599
    /// The largest generated body, in bytes (64 MiB).
    static let maximumBodyBytes = 64 << 20

    /// Why a control request body was refused: the field and what was wrong with it.
    struct Problem: Error, Sendable {
        /// The text of the 400 answer.
        var message: String
    }

    /// Decodes a control request body.
    ///
    /// - Throws: ``Problem`` naming the field that was missing, of the wrong type or out of
    ///   bounds, followed by `expected` (the shape of a valid body).
    static func decode<T: Decodable>(_ type: T.Type, from body: Data?, expected: String) throws(Problem) -> T {
        guard let body, !body.isEmpty else { throw Problem(message: "The body is empty. \(expected)") }
        do {
            return try JSONDecoder().decode(T.self, from: body)
        } catch {
            var problem = describe(error)
            while problem.hasSuffix(".") { problem.removeLast() }
            throw Problem(message: "\(problem). \(expected)")
        }
    }

    /// `error` as `field.path: what was wrong`.
    private static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "The body could not be read" }
        switch error {
        case .dataCorrupted(let context):
            return located(context.codingPath, context.debugDescription)
        case .keyNotFound(let key, let context):
            return located(context.codingPath + [key], "missing")
        case .typeMismatch(let type, let context):
            return located(context.codingPath, expectation(for: type))
        case .valueNotFound(_, let context):
            return located(context.codingPath, "must not be null")
        @unknown default:
            return "The body could not be read"
        }
    }

    private static func located(_ path: [any CodingKey], _ problem: String) -> String {
        let field = path.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        return field.isEmpty ? problem : "\(field): \(problem)"
    }

    private static func expectation(for type: Any.Type) -> String {
        switch type {
        case is String.Type: "must be a string"
        case is Int.Type: "must be a whole number"
        case is Double.Type: "must be a number"
        case is Bool.Type: "must be true or false"
        default: "has the wrong type"
        }
    }
}
