import AccessEnabler
import Foundation

/// The `/emulator/*` control surface over HTTP, for a command-line tool that serves the emulator.
///
/// - `GET /emulator/requests` → the request log (JSON array); `DELETE` clears it.
/// - `POST /emulator/faults` `{"route": "preauthorize", "fault": {...} | "dropConnection", "times": 2}`
///   (`times` absent: once; `null`: every request); `DELETE /emulator/faults` clears them.
/// - `POST /emulator/clock/advance` `{"seconds": 60}` → `{"now": <ms>}` (only with a ``TestClock``).
/// - `GET /emulator/scenario` → the scenario JSON.
/// - `POST /emulator/degradation` `{"mvpd": "Cablevision", "rule": "authorizeNone"}` (`null` lifts
///   it) → ``setDegradation(_:for:)``.
/// - `POST /emulator/sessions/force-resume` `{"count": 2}` (absent: 1) → ``forceSessionResume(count:)``.
///
/// Route names (`"route"`) are the raw values of ``EmulatorRoute``, v1 and v2 alike
/// (`"authorizeV2"`, `"sessionResume"`, …).
extension PassEmulator {
    private struct FaultCommand: Decodable {
        var route: EmulatorRoute
        var fault: EmulatorFault
        var times: Int?

        private enum CodingKeys: String, CodingKey { case route, fault, times }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            route = try container.decode(EmulatorRoute.self, forKey: .route)
            fault = try container.decode(EmulatorFault.self, forKey: .fault)
            if container.contains(.times) {
                times = try container.decodeNil(forKey: .times) ? nil : container.decode(Int.self, forKey: .times)
            } else {
                times = 1
            }
        }
    }

    private struct ClockCommand: Decodable {
        var seconds: Double
    }

    private struct DegradationCommand: Decodable {
        var mvpd: String
        var rule: EmulatorScenario.Degradation?
    }

    private struct ForceResumeCommand: Decodable {
        var count: Int?
    }

    func handleControl(_ request: IncomingRequest) -> HTTPResponse {
        let path = request.segments.dropFirst().joined(separator: "/")
        switch (request.method, path) {
        case (.get, "requests"):
            return encodedResponse(log.records)
        case (.delete, "requests"):
            log.clear()
            return noContent()
        case (.post, "faults"):
            guard let body = request.http.body,
                  let command = try? JSONDecoder().decode(FaultCommand.self, from: body)
            else {
                return controlError(400, "Expected {\"route\", \"fault\", \"times\"}.")
            }
            faults.add(command.fault, on: command.route, times: command.times)
            return noContent()
        case (.delete, "faults"):
            faults.removeAll()
            return noContent()
        case (.post, "clock/advance"):
            guard let testClock = clock as? TestClock else {
                return controlError(409, "The emulator's clock is not a TestClock.")
            }
            guard let body = request.http.body,
                  let command = try? JSONDecoder().decode(ClockCommand.self, from: body), command.seconds >= 0
            else {
                return controlError(400, "Expected {\"seconds\": n} with n >= 0.")
            }
            testClock.advance(by: .milliseconds(Int64((command.seconds * 1000).rounded())))
            return jsonResponse(200, .object([("now", .integer(testClock.now.epochMilliseconds))]))
        case (.get, "scenario"):
            return encodedResponse(scenario)
        case (.post, "degradation"):
            guard let body = request.http.body,
                  let command = try? JSONDecoder().decode(DegradationCommand.self, from: body)
            else {
                return controlError(400, "Expected {\"mvpd\", \"rule\": \"authenticateAll\" | \"authorizeAll\" | \"authorizeNone\" | null}.")
            }
            guard index.mvpds[command.mvpd] != nil else { return controlError(404, "No such MVPD.") }
            setDegradation(command.rule, for: command.mvpd)
            return noContent()
        case (.post, "sessions/force-resume"):
            let body = request.http.body ?? Data()
            guard let command = body.isEmpty ? ForceResumeCommand() : try? JSONDecoder().decode(ForceResumeCommand.self, from: body),
                  (command.count ?? 1) >= 0
            else {
                return controlError(400, "Expected {\"count\": n} with n >= 0.")
            }
            forceSessionResume(count: command.count ?? 1)
            return noContent()
        case (_, "requests"), (_, "faults"), (_, "clock/advance"), (_, "scenario"), (_, "degradation"),
             (_, "sessions/force-resume"):
            return controlError(405, "Method not allowed.")
        default:
            return controlError(404, "No such control route.")
        }
    }

    private func encodedResponse(_ value: some Encodable) -> HTTPResponse {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .millisecondsSince1970
        guard let data = try? encoder.encode(value) else {
            return controlError(500, "The value could not be encoded.")
        }
        return HTTPResponse(status: 200, headers: ["Content-Type": Self.jsonContentType], body: data)
    }

    private func controlError(_ status: Int, _ message: String) -> HTTPResponse {
        jsonResponse(status, .object([("error", .string(message))]))
    }
}
