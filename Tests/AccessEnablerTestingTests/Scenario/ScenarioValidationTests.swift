import AccessEnabler
import Foundation
import Testing
@testable import AccessEnablerTesting

/// `EmulatorScenario(validatingJSON:)`: the strict decoding a scenario file gets, with the JSON
/// path of each mistake.
@Suite(.timeLimit(.minutes(5))) struct ScenarioValidationTests {
    private func firstProblem(_ json: String) -> EmulatorScenario.Problem? {
        do {
            _ = try EmulatorScenario(validatingJSON: Data(json.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test("the standard scenario and a minimal file are valid")
    func validScenarios() throws {
        let standard = try JSONEncoder().encode(EmulatorScenario.standard)
        #expect(try EmulatorScenario(validatingJSON: standard) == .standard)
        #expect(EmulatorScenario.standard.problems.isEmpty)
        #expect(try EmulatorScenario(validatingJSON: Data("{}".utf8)) == EmulatorScenario())
    }

    @Test("an unknown key is named with its path and the nearest known key")
    func unknownKeys() throws {
        let problem = try #require(firstProblem(#"{"mvpds": [{"id": "A"}, {"id": "B", "autoLgin": true}]}"#))
        #expect(problem.path == "$.mvpds[1].autoLgin")
        #expect(problem.message.hasPrefix(#"unknown key "autoLgin" (did you mean "autoLogin"?)"#))
        #expect(problem.message.contains("displayName"))
        #expect(problem.description.hasPrefix("$.mvpds[1].autoLgin: unknown key"))

        #expect(firstProblem(#"{"requestor": []}"#)?.path == "$.requestor")
        #expect(
            firstProblem(#"{"entitlements": {"rules": [{"resource": ["x"]}]}}"#)?.path
                == "$.entitlements.rules[0].resource")
        #expect(
            firstProblem(#"{"mvpds": [{"id": "A", "users": [{"username": "u", "pasword": "p"}]}]}"#)?.path
                == "$.mvpds[0].users[0].pasword")
        #expect(firstProblem(#"{"softwareStatements": {"accept": []}}"#)?.path == "$.softwareStatements.accept")
        // The MVPD's user metadata is free-form: any key.
        #expect(
            firstProblem(#"{"mvpds": [{"id": "A", "users": [{"username": "u", "metadata": {"anything": 1}}]}]}"#) == nil
        )
    }

    @Test("a requestor listing an MVPD the scenario does not define")
    func unknownMVPD() throws {
        let problem = try #require(
            firstProblem(
                #"{"requestors": [{"id": "R", "mvpds": ["A", "Cabel"]}], "mvpds": [{"id": "A"}, {"id": "Cable"}]}"#))
        #expect(problem.path == "$.requestors[0].mvpds[1]")
        #expect(problem.message == #"the MVPD "Cabel" is not defined in $.mvpds (defined: A, Cable)"#)
    }

    @Test("wrong types, missing IDs, bad values and duplicates have their paths")
    func otherMistakes() throws {
        #expect(firstProblem(#"{"mvpds": [{"id": "A", "authnTTL": "1h"}]}"#)?.path == "$.mvpds[0].authnTTL")
        #expect(firstProblem(#"{"mvpds": [{"id": "A", "authnTTL": "1h"}]}"#)?.message == "must be a number")
        #expect(firstProblem(#"{"mvpds": [{"displayName": "A"}]}"#)?.path == "$.mvpds[0].id")
        #expect(firstProblem(#"{"mvpds": [{"displayName": "A"}]}"#)?.message == "is required")
        #expect(
            firstProblem(#"{"mvpds": [{"id": "A", "degradation": "authorizeSome"}]}"#)?.path == "$.mvpds[0].degradation"
        )
        #expect(firstProblem(#"{"mvpds": [{"id": "A"}, {"id": "A"}]}"#)?.path == "$.mvpds[1].id")
        #expect(firstProblem(#"{"mvpds": [{"id": "A", "authzTTL": -1}]}"#)?.path == "$.mvpds[0].authzTTL")
        #expect(
            firstProblem(#"{"entitlements": {"rules": [{"mvpd": "Nope"}]}}"#)?.path == "$.entitlements.rules[0].mvpd")
        #expect(firstProblem(#"{"maxPreauthorizeResources": 0}"#)?.path == "$.maxPreauthorizeResources")
        let syntax = try #require(firstProblem(#"{"mvpds": [}"#))
        #expect(syntax.path == "$")
        #expect(syntax.message.hasPrefix("the file is not valid JSON"))
    }

    @Test("plain JSONDecoder decoding stays lenient")
    func lenientDecoding() throws {
        let scenario = try JSONDecoder().decode(
            EmulatorScenario.self, from: Data(#"{"mvpds": [{"id": "A", "autoLgin": true}], "extra": 1}"#.utf8))
        #expect(scenario.mvpds.map(\.id) == ["A"])
    }
}
