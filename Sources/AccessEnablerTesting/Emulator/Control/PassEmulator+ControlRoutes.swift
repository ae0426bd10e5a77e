import AccessEnabler
import Foundation

/// The `/emulator/*` control surface over HTTP, for a command-line tool that serves the emulator.
///
/// - `GET /emulator/requests[?after=<id>][&limit=<n>]` → the request log, one page at a time: a
///   JSON array of the records after `after` (default 0: from the first), at most `limit` of them
///   (default and most ``requestLogPageLimit``) and about ``requestLogPageBytes``, secrets
///   redacted; when more follow, a `Link: <…>; rel="next"` header gives the next page's URL.
///   `DELETE` clears the log.
/// - `POST /emulator/faults` `{"route": "preauthorize", "fault": {...} | "dropConnection", "times": 2}`
///   (`times` absent: once; `null`: every request) → 204, or 200 `{"warnings": […]}` when the
///   fault cannot fire for the clients seen so far (``warnings``); `DELETE /emulator/faults` clears
///   them.
/// - `POST /emulator/clock/advance` `{"seconds": 60}` → `{"now": <ms>}` (only with a ``TestClock``;
///   409 otherwise).
/// - `GET /emulator/scenario` → the scenario JSON.
/// - `GET /emulator/warnings` → ``warnings`` (JSON array of strings).
/// - `POST /emulator/degradation` `{"mvpd": "Cablevision", "rule": "authorizeNone"}` (`null` lifts
///   it) → ``setDegradation(_:for:)``.
/// - `POST /emulator/sessions/force-resume` `{"count": 2}` (absent: 1) → ``forceSessionResume(count:)``.
///
/// Every input is checked (durations finite and at most ten years, statuses 100–599, counts not
/// negative, …): a bad one is answered 400 with `{"error": "<field>: <what was wrong>. Expected …"}`
/// and changes nothing. Before that, the request must name a loopback, IP or the emulator's own
/// `Host` (403), and a `POST` must be `Content-Type: application/json` (415): see
/// ``controlGuardRefusal(_:)``.
///
/// Route names (`"route"`) are the raw values of ``EmulatorRoute``, v1 and v2 alike
/// (`"authorizeDecisions"`, `"resumeSession"`, …); a fault on either route of a pair
/// (``EmulatorRoute/counterpart``) fires on the operation over both versions.
extension PassEmulator {
    private struct FaultCommand: Decodable {
        static let expected = #"Expected {"route", "fault": {"kind", …} or "<kind>", "times": n >= 0 or null}."#

        var route: EmulatorRoute
        var fault: EmulatorFault
        var times: Int?

        private enum CodingKeys: String, CodingKey { case route, fault, times }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            route = try container.decode(EmulatorRoute.self, forKey: .route)
            fault = try container.decode(EmulatorFault.self, forKey: .fault)
            if container.contains(.times) {
                times =
                    try container.decodeNil(forKey: .times)
                    ? nil : container.checkedCount(container.decode(Int.self, forKey: .times), forKey: .times)
            } else {
                times = 1
            }
        }
    }

    private struct ClockCommand: Decodable {
        static let expected = #"Expected {"seconds": n} with 0 <= n <= 315360000."#

        var duration: Duration

        private enum CodingKeys: String, CodingKey { case seconds }

        init(from decoder: any Decoder) throws {
            duration = try decoder.container(keyedBy: CodingKeys.self).decodeSeconds(forKey: .seconds)
        }
    }

    private struct DegradationCommand: Decodable {
        static let expected =
            #"Expected {"mvpd", "rule": "authenticateAll" | "authorizeAll" | "authorizeNone" | null}."#

        var mvpd: String
        var rule: EmulatorScenario.Degradation?
    }

    private struct ForceResumeCommand: Decodable {
        static let expected = #"Expected {"count": n} with n >= 0."#

        var count = 1

        private enum CodingKeys: String, CodingKey { case count }

        init() {}

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            if let count = try container.decodeIfPresent(Int.self, forKey: .count) {
                self.count = try container.checkedCount(count, forKey: .count)
            }
        }
    }

    /// The most records one page of `GET /emulator/requests` holds.
    public static let requestLogPageLimit = 1000
    /// About the most bytes (``EmulatorRequestRecord`` sizes as the log counts them) one page of
    /// `GET /emulator/requests` holds; a page has at least one record.
    public static let requestLogPageBytes = 4 << 20

    func handleControl(_ request: IncomingRequest) -> HTTPTransportResponse {
        if let refusal = controlGuardRefusal(request) { return refusal }
        let path = request.segments.dropFirst().joined(separator: "/")
        let body = request.http.body
        do throws(ControlInput.Problem) {
            switch (request.method, path) {
            case (.get, "requests"):
                return try requestLogPage(request)
            case (.delete, "requests"):
                log.clear()
                return noContent()
            case (.post, "faults"):
                let command = try ControlInput.decode(FaultCommand.self, from: body, expected: FaultCommand.expected)
                let before = warningLog.count
                inject(command.fault, on: command.route, times: command.times)
                let warnings = warningLog.dropFirst(before)
                if warnings.isEmpty { return noContent() }
                return jsonResponse(200, .object([("warnings", .array(warnings.map { .string($0) }))]))
            case (.delete, "faults"):
                faults.removeAll()
                return noContent()
            case (.post, "clock/advance"):
                guard let testClock = clock as? TestClock else {
                    return controlError(409, Self.systemClockMessage)
                }
                let command = try ControlInput.decode(ClockCommand.self, from: body, expected: ClockCommand.expected)
                testClock.advance(by: command.duration)
                return jsonResponse(200, .object([("now", .integer(testClock.now.epochMilliseconds))]))
            case (.get, "scenario"):
                return encodedResponse(scenario)
            case (.get, "warnings"):
                return encodedResponse(warningLog)
            case (.post, "degradation"):
                let command = try ControlInput.decode(
                    DegradationCommand.self, from: body, expected: DegradationCommand.expected)
                guard index.mvpds[command.mvpd] != nil else { return controlError(404, "No such MVPD.") }
                setDegradation(command.rule, for: command.mvpd)
                return noContent()
            case (.post, "sessions/force-resume"):
                let command =
                    (body ?? Data()).isEmpty
                    ? ForceResumeCommand()
                    : try ControlInput.decode(
                        ForceResumeCommand.self, from: body, expected: ForceResumeCommand.expected)
                forceSessionResume(count: command.count)
                return noContent()
            case (_, "requests"), (_, "faults"), (_, "clock/advance"), (_, "scenario"), (_, "warnings"),
                (_, "degradation"), (_, "sessions/force-resume"):
                return controlError(405, "Method not allowed.")
            default:
                return controlError(404, "No such control route.")
            }
        } catch {
            return controlError(400, error.message)
        }
    }

    /// The answer to `clock/advance` when the clock is the system's.
    static let systemClockMessage =
        "The emulator runs on the system clock, which cannot be moved. Serve it with a "
        + "TestClock to move its time (accessenabler emulator serve --manual-clock)."

    /// One page of the request log (see the type's documentation).
    private func requestLogPage(_ request: IncomingRequest) throws(ControlInput.Problem) -> HTTPTransportResponse {
        func number(_ name: String, in range: ClosedRange<Int>, default value: Int) throws(ControlInput.Problem) -> Int
        {
            guard let text = request.query[name] else { return value }
            guard let number = Int(text), range.contains(number) else {
                throw ControlInput.Problem(
                    message:
                        "\(name): must be a whole number from \(range.lowerBound) to \(range.upperBound); got \"\(text.prefix(40))\"."
                )
            }
            return number
        }
        let after = try number("after", in: 0...Int.max, default: 0)
        let limit = try number("limit", in: 1...Self.requestLogPageLimit, default: Self.requestLogPageLimit)
        let page = log.page(after: after, limit: limit, maximumBytes: Self.requestLogPageBytes)
        // Served without authentication: never with secrets (a redacting log holds none).
        var response = encodedResponse(log.redactsRecords ? Array(page.records) : page.records.map { $0.redacted() })
        if page.hasMore, let last = page.records.last {
            response.headers["Link"] = "</emulator/requests?after=\(last.id)&limit=\(limit)>; rel=\"next\""
        }
        return response
    }

    private func encodedResponse(_ value: some Encodable) -> HTTPTransportResponse {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .millisecondsSince1970
        guard let data = try? encoder.encode(value) else {
            return controlError(500, "The value could not be encoded.")
        }
        return HTTPTransportResponse(status: 200, headers: ["Content-Type": Self.jsonContentType], body: data)
    }

    private func controlError(_ status: Int, _ message: String) -> HTTPTransportResponse {
        jsonResponse(status, .object([("error", .string(message))]))
    }
}
