import Foundation
import AccessEnabler

extension EmulatorScenario {
    /// A mistake in a scenario: where it is, as a JSON path (`$.requestors[0].mvpds[1]`), and
    /// what is wrong.
    public struct Problem: Error, Sendable, Hashable, CustomStringConvertible {
        /// The JSON path of the mistake: `$` is the scenario, `.key` a member, `[n]` an element.
        public var path: String
        /// What is wrong, for example `unknown key "autoLgin"; the keys of an MVPD are: …`.
        public var message: String

        /// Creates a problem.
        public init(path: String, message: String) {
            self.path = path
            self.message = message
        }

        /// `<path>: <message>`.
        public var description: String { "\(path): \(message)" }
    }

    /// Decodes a scenario from JSON strictly, as `accessenabler emulator serve --scenario` does:
    /// a key no scenario type has, a value of the wrong type, or a reference that
    /// ``problems`` reports (a requestor listing an MVPD the scenario does not define, …) is a
    /// ``Problem`` with its JSON path. Plain `JSONDecoder` decoding stays lenient.
    ///
    /// - Throws: The first ``Problem`` found.
    public init(validatingJSON data: Data) throws(Problem) {
        let decoder = JSONDecoder()
        decoder.userInfo[.strictEmulatorScenario] = true
        let scenario: EmulatorScenario
        do {
            scenario = try decoder.decode(EmulatorScenario.self, from: data)
        } catch let error as DecodingError {
            throw Problem(error)
        } catch {
            throw Problem(path: "$", message: String(describing: error))
        }
        if let first = scenario.problems.first { throw first }
        self = scenario
    }

    /// What is inconsistent in the scenario, in document order: a requestor listing an MVPD that
    /// ``mvpds`` does not define, two requestors or two MVPDs with one ID, two users of an MVPD
    /// with one username, a rule naming an unknown MVPD, a negative duration or preauthorization
    /// limit, a service-token key that is not an RSA key. Empty for a scenario the emulator serves as
    /// meant.
    public var problems: [Problem] {
        var problems: [Problem] = []
        let defined = mvpds.map(\.id)
        func check(_ seconds: TimeInterval, _ path: String) {
            if !seconds.isFinite || seconds < 0 {
                problems.append(Problem(path: path, message: "must be a number of seconds, 0 or more; got \(seconds)"))
            }
        }
        check(tempPassTTL, "$.tempPassTTL")
        check(mediaTokenTTL, "$.mediaTokenTTL")
        check(accessTokenTTL, "$.accessTokenTTL")
        for (index, key) in serviceTokenKeys.enumerated() where key.rsaKey == nil {
            problems.append(
                Problem(
                    path: "$.serviceTokenKeys[\(index)]",
                    message: "is not an RSA public key of 512 bits or more (n and e, Base64URL)"))
        }
        if maxPreauthorizeResources < 1 {
            problems.append(
                Problem(
                    path: "$.maxPreauthorizeResources", message: "must be 1 or more; got \(maxPreauthorizeResources)"))
        }
        for (index, requestor) in requestors.enumerated() {
            if let first = requestors.firstIndex(where: { $0.id == requestor.id }), first < index {
                problems.append(
                    Problem(
                        path: "$.requestors[\(index)].id",
                        message: "the requestor ID \"\(requestor.id)\" is also the ID of $.requestors[\(first)]"))
            }
            for (position, mvpd) in requestor.mvpds.enumerated() where !defined.contains(mvpd) {
                problems.append(
                    Problem(
                        path: "$.requestors[\(index)].mvpds[\(position)]",
                        message: "the MVPD \"\(mvpd)\" is not defined in $.mvpds (defined: "
                            + (defined.isEmpty ? "none" : defined.joined(separator: ", ")) + ")"))
            }
        }
        for (index, mvpd) in mvpds.enumerated() {
            let path = "$.mvpds[\(index)]"
            if let first = mvpds.firstIndex(where: { $0.id == mvpd.id }), first < index {
                problems.append(
                    Problem(
                        path: "\(path).id", message: "the MVPD ID \"\(mvpd.id)\" is also the ID of $.mvpds[\(first)]"))
            }
            check(mvpd.authnTTL, "\(path).authnTTL")
            check(mvpd.authzTTL, "\(path).authzTTL")
            check(mvpd.profileDelay, "\(path).profileDelay")
            for (position, user) in mvpd.users.enumerated() {
                if let first = mvpd.users.firstIndex(where: { $0.username == user.username }), first < position {
                    problems.append(
                        Problem(
                            path: "\(path).users[\(position)].username",
                            message: "the username \"\(user.username)\" is also the username of \(path).users[\(first)]"
                        ))
                }
            }
        }
        for (index, rule) in entitlements.rules.enumerated() {
            if let mvpd = rule.mvpd, !defined.contains(mvpd) {
                problems.append(
                    Problem(
                        path: "$.entitlements.rules[\(index)].mvpd",
                        message: "the MVPD \"\(mvpd)\" is not defined in $.mvpds"))
            }
        }
        return problems
    }
}

extension EmulatorScenario.Problem {
    /// The problem a decoding error describes.
    init(_ error: DecodingError) {
        switch error {
        case .keyNotFound(let key, let context):
            self.init(path: Self.path(context.codingPath + [key]), message: "is required")
        case .typeMismatch(let type, let context):
            self.init(path: Self.path(context.codingPath), message: "must be \(Self.describe(type))")
        case .valueNotFound(let type, let context):
            self.init(path: Self.path(context.codingPath), message: "must be \(Self.describe(type)), not null")
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                let reason =
                    context.underlyingError.map {
                        ($0 as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? $0.localizedDescription
                    } ?? context.debugDescription
                self.init(path: "$", message: "the file is not valid JSON (\(reason))")
            } else {
                self.init(path: Self.path(context.codingPath), message: context.debugDescription)
            }
        @unknown default:
            self.init(path: "$", message: String(describing: error))
        }
    }

    /// `$.requestors[0].mvpds` for a coding path.
    static func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.reduce("$") { path, key in
            if let index = key.intValue { return "\(path)[\(index)]" }
            return "\(path).\(key.stringValue)"
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is Int.Type, is Double.Type: "a number"
        case is [Any].Type: "an array"
        case is [String: Any].Type: "an object"
        default: "a \(type)"
        }
    }
}

extension CodingUserInfoKey {
    /// Set to `true` by ``EmulatorScenario/init(validatingJSON:)``: the scenario types reject
    /// unknown keys.
    static let strictEmulatorScenario = CodingUserInfoKey(rawValue: "AccessEnablerTesting.strictEmulatorScenario")!
}

extension Decoder {
    /// Under ``EmulatorScenario/init(validatingJSON:)``, throws for a member of the object being
    /// decoded that `Keys` does not list. Does nothing otherwise.
    func rejectUnknownKeys<Keys: CodingKey & CaseIterable>(_ keys: Keys.Type) throws {
        guard userInfo[.strictEmulatorScenario] as? Bool == true else { return }
        let container = try container(keyedBy: JSONKey.self)
        let known = Keys.allCases.map(\.stringValue)
        for key in container.allKeys.sorted(by: { $0.stringValue < $1.stringValue })
        where !known.contains(key.stringValue) {
            let suggestion = known.min { editDistance($0, key.stringValue) < editDistance($1, key.stringValue) }
                .flatMap { editDistance($0, key.stringValue) <= 2 ? $0 : nil }
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: codingPath + [key],
                    debugDescription: "unknown key \"\(key.stringValue)\""
                        + (suggestion.map { " (did you mean \"\($0)\"?)" } ?? "")
                        + "; the keys here are: " + known.joined(separator: ", ")))
        }
    }
}

/// The Levenshtein distance between `a` and `b`, case-insensitively (for "did you mean").
private func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.lowercased())
    let b = Array(b.lowercased())
    var previous = Array(0...b.count)
    for (i, x) in a.enumerated() {
        var current = [i + 1]
        for (j, y) in b.enumerated() {
            current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
        }
        previous = current
    }
    return previous[b.count]
}
