import AccessEnablerTesting

/// The help text of the emulator commands: control routes, route names, fault kinds and
/// degradation rules, generated from the emulator's own types where it can be.
enum EmulatorHelp {
    /// The control routes `emulator serve` answers under `/emulator/`.
    static let controlRoutes =
        HelpText.definitions(
            "CONTROL ROUTES (under /emulator/, JSON; the emulator commands use them):",
            [
                ("GET requests", "the request log; DELETE clears it (emulator requests)"),
                ("POST faults", #"{"route", "fault": {"kind", …}, "times": n or null} (emulator fault)"#),
                ("DELETE faults", "removes every fault (emulator fault --clear)"),
                ("POST clock/advance", #"{"seconds": n}, with --manual-clock (emulator clock advance)"#),
                ("GET scenario", "the scenario served (emulator scenario)"),
                ("GET warnings", "the faults that cannot fire, and why"),
                ("POST degradation", #"{"mvpd", "rule": "<rule>" or null} (emulator degrade)"#),
                ("POST sessions/force-resume", #"{"count": n} (emulator force-resume)"#),
            ]) + "\n  A bad input is answered 400 with {\"error\": \"<field>: <what was wrong>\"};\n"
        + "  nothing is applied."

    /// Every route name, with its endpoint; paired routes share their faults.
    static var routes: String {
        HelpText.definitions(
            "ROUTES (a fault on either route of a pair fires on both REST API versions):",
            EmulatorRoute.allCases.map { route in
                let endpoint = route.endpointDescription.replacingOccurrences(of: "{serviceProvider}", with: "{sp}")
                let pair = route.counterpart.map { "; pair: \($0.rawValue)" } ?? ""
                return (term: route.rawValue, meaning: endpoint + pair)
            })
    }

    /// Every fault kind and its parameters.
    static let faultKinds = HelpText.definitions(
        "FAULT KINDS:",
        [
            ("status", "answers --status N (required), --body TEXT, --content-type TYPE (default text/plain)"),
            ("html", "answers an HTML error page, as a proxy would: --status N (default 502)"),
            ("tooManyRequests", "answers 429 with Adobe's openresty page; --retry-after VALUE adds Retry-After"),
            ("malformedJSON", "answers 200 with the route's JSON cut off in the middle"),
            ("wrongTypes", "answers 200 with the route's keys and values of the wrong types"),
            ("emptyBody", "answers 200, Content-Type JSON, without a body"),
            ("largeBody", "answers 200 with a JSON body of --bytes N bytes (at most 64 MiB)"),
            ("delay", "waits --seconds S (real time), then answers normally"),
            ("dropConnection", "closes the connection without an answer"),
            ("timeout", "closes the connection without an answer (in process: a timeout)"),
        ])

    /// Every degradation rule.
    static let degradationRules = HelpText.definitions(
        "RULES (REST API v2 degraded access; REST API v1 calls ignore them):",
        [
            ("authenticateAll", "sessions for the MVPD are granted without a login (a degraded profile)"),
            ("authorizeAll", "decisions are granted without asking the MVPD"),
            ("authorizeNone", "decisions are denied (authorization_denied_by_degradation_rule)"),
        ])
}
