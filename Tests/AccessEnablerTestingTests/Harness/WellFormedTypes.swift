import AccessEnabler
import Foundation
import Testing
@testable import AccessEnablerTesting

/// The JSON type of a value.
enum JSONType: Sendable {
    case string, number, bool, array, object, null

    init(_ value: JSONValue) {
        switch value {
        case .string: self = .string
        case .number: self = .number
        case .bool: self = .bool
        case .array: self = .array
        case .object: self = .object
        case .null: self = .null
        }
    }
}

/// For each route that answers with a JSON object, one member of that answer and its JSON type as
/// the emulator serves it when all is well. A path step that is a number indexes an array.
let wellFormedMembers: [EmulatorRoute: (path: [String], type: JSONType)] = [
    .register: (["client_id"], .string),
    .token: (["access_token"], .string),
    .configuration: (["requestor", "id"], .string),
    .authenticationToken: (["userId"], .string),
    .authorize: (["resource"], .string),
    .mediaToken: (["serializedToken"], .string),
    .preauthorize: (["resources", "0", "authorized"], .bool),
    .userMetadata: (["data"], .object),
    .configurationV2: (["device"], .string),
    .createSession: (["actionName"], .string),
    .resumeSession: (["actionName"], .string),
    .sessionInfo: (["existingParameters"], .object),
    .profiles: (["profiles"], .object),
    .profile: (["profiles"], .object),
    .profileForCode: (["profiles"], .object),
    .preauthorizeDecisions: (["decisions"], .array),
    .authorizeDecisions: (["decisions"], .array),
    .logoutV2: (["logouts"], .object),
    .partnerSession: (["actionName"], .string),
    .partnerProfile: (["profiles"], .object),
]

/// Routes whose well-formed answer is not a JSON object (a page, a redirect or no content), so any
/// JSON object is the wrong shape for them.
let routesWithoutJSONAnswers: Set<EmulatorRoute> = [
    .authenticate, .mvpdLogin, .freePreview, .logout, .browserLogout, .authenticateV2, .activation,
]

/// The value at `path` in `object`, if there is one.
func member(at path: [String], of object: [String: JSONValue]) -> JSONValue? {
    var current = JSONValue.object(object)
    for step in path {
        switch current {
        case .object(let members): guard let next = members[step] else { return nil }; current = next
        case .array(let items):
            guard let index = Int(step), items.indices.contains(index) else { return nil }
            current = items[index]
        default: return nil
        }
    }
    return current
}

/// Checks that the `wrongTypes` fault answers `route` with a JSON object whose reference member
/// (see ``wellFormedMembers``) is present with a type other than the well-formed one.
func expectWrongTypes(on route: EmulatorRoute, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let response = try #require(EmulatorFault.wrongTypes.response(for: route), sourceLocation: sourceLocation)
    let body = try decodeObject(response)
    if routesWithoutJSONAnswers.contains(route) {
        #expect(!body.isEmpty, "\(route): a JSON object where none belongs", sourceLocation: sourceLocation)
        return
    }
    let (path, wellFormedType) = try #require(
        wellFormedMembers[route], "\(route) has a reference member",
        sourceLocation: sourceLocation)
    let value = try #require(member(at: path, of: body), "\(route): \(path) is present", sourceLocation: sourceLocation)
    #expect(JSONType(value) != wellFormedType, "\(route): \(path) has the wrong type", sourceLocation: sourceLocation)
}
