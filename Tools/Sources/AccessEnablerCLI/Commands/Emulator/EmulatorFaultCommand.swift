import AccessEnabler
import AccessEnablerTesting
import ArgumentParser
import Foundation

/// `accessenabler emulator fault ROUTE KIND [...]`: queues a fault on a running emulator
/// (`POST /emulator/faults`); `--clear` removes them all.
struct EmulatorFaultCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fault",
        abstract: "Make the next request(s) to a route fail in a chosen way, or --clear every fault.",
        usage:
            "accessenabler emulator fault <route> <kind> [<fault options>] [--times <n> | --always]\n  [--emulator-url <url>]\naccessenabler emulator fault --clear [--emulator-url <url>]",
        discussion: """
            A fault replaces the emulator's answer to the next request to the route (--times N requests, \
            --always every one until --clear). A fault on a route the clients' REST API version never \
            calls cannot fire: the command prints a warning then.

            \(EmulatorHelp.faultKinds)

            \(EmulatorHelp.routes)

            \(HelpText.examples([
                "accessenabler emulator fault authorize tooManyRequests --retry-after 1",
                "accessenabler emulator fault preauthorize status --status 503 --times 3",
                "accessenabler emulator fault configuration dropConnection --always",
                "accessenabler emulator fault token delay --seconds 2",
                "accessenabler emulator fault --clear",
            ]))
            """)

    @Argument(help: ArgumentHelp("The route (see ROUTES).", valueName: "route"))
    var route: String?

    @Argument(help: ArgumentHelp("The fault kind (see FAULT KINDS).", valueName: "kind"))
    var kind: String?

    /// The command's own options.
    struct Options: ParsableArguments {
        @Option(help: ArgumentHelp("The HTTP status of status and html faults (100–599).", valueName: "n"))
        var status: Int?

        @Option(help: ArgumentHelp("The body of a status fault.", valueName: "text"))
        var body: String?

        @Option(
            name: .customLong("content-type"),
            help: ArgumentHelp("The Content-Type of a status fault.", valueName: "type"))
        var contentType: String?

        @Option(help: ArgumentHelp("How long a delay fault waits.", valueName: "seconds"))
        var seconds: Double?

        @Option(
            name: .customLong("retry-after"),
            help: ArgumentHelp(
                "The Retry-After of a tooManyRequests fault (seconds or an HTTP date).", valueName: "value"))
        var retryAfter: String?

        @Option(help: ArgumentHelp("The body size of a largeBody fault.", valueName: "n"))
        var bytes: Int?

        @Option(help: ArgumentHelp("How many requests the fault applies to (default 1).", valueName: "n"))
        var times: Int?

        @Flag(help: "Apply the fault to every request until --clear.")
        var always = false

        @Flag(help: "Remove every queued fault instead.")
        var clear = false
    }

    @OptionGroup(title: "Fault options") var options: Options

    @OptionGroup(title: "Emulator connection") var emulator: EmulatorControlOptions

    /// The fault kinds and the options each takes.
    static let kinds: [String: Set<String>] = [
        "status": ["status", "body", "contentType"], "html": ["status"], "tooManyRequests": ["retryAfter"],
        "malformedJSON": [], "wrongTypes": [], "emptyBody": [], "largeBody": ["bytes"], "delay": ["seconds"],
        "dropConnection": [], "timeout": [],
    ]

    func validate() throws {
        let options = self.options
        if options.clear {
            guard route == nil, kind == nil else {
                throw ValidationError("--clear takes no route or kind: it removes every fault.")
            }
            return
        }
        guard let route, let kind else {
            throw ValidationError("Give a route and a fault kind, for example: fault authorize tooManyRequests.")
        }
        guard EmulatorRoute(name: route) != nil else {
            throw ValidationError(
                "Unknown route \"\(route)\". Routes: "
                    + EmulatorRoute.allCases.map(\.rawValue).joined(separator: ", ") + ".")
        }
        guard let allowed = Self.kinds[kind] else {
            throw ValidationError(
                "Unknown fault kind \"\(kind)\". Kinds: " + Self.kinds.keys.sorted().joined(separator: ", ") + ".")
        }
        let given: [(String, Bool)] = [
            ("status", options.status != nil), ("body", options.body != nil),
            ("contentType", options.contentType != nil), ("seconds", options.seconds != nil),
            ("retryAfter", options.retryAfter != nil), ("bytes", options.bytes != nil),
        ]
        for (name, isGiven) in given where isGiven && !allowed.contains(name) {
            throw ValidationError("A \(kind) fault takes no --\(Self.optionName(name)).")
        }
        if kind == "status", options.status == nil { throw ValidationError("A status fault needs --status N.") }
        if kind == "largeBody", options.bytes == nil { throw ValidationError("A largeBody fault needs --bytes N.") }
        if kind == "delay", options.seconds == nil { throw ValidationError("A delay fault needs --seconds S.") }
        if options.always, options.times != nil { throw ValidationError("Give either --times or --always, not both.") }
        if let times = options.times, times < 1 { throw ValidationError("--times must be 1 or more.") }
    }

    private static func optionName(_ key: String) -> String {
        switch key {
        case "contentType": "content-type"
        case "retryAfter": "retry-after"
        default: key
        }
    }

    func run() async throws {
        let options = self.options
        let control = try EmulatorControl(emulator)
        if options.clear {
            try control.check(try await control.send(.delete, "faults"), what: "clearing the faults")
            control.console.out("Cleared every fault.")
            return
        }
        guard let route, let kind else { return }
        var fault: [String: JSONValue] = ["kind": .string(kind)]
        fault["status"] = options.status.map { .number(Double($0)) }
        fault["body"] = options.body.map { .string($0) }
        fault["contentType"] = options.contentType.map { .string($0) }
        fault["seconds"] = options.seconds.map { .number($0) }
        fault["retryAfter"] = options.retryAfter.map { .string($0) }
        fault["bytes"] = options.bytes.map { .number(Double($0)) }
        let times = options.times ?? 1
        let command: JSONValue = [
            "route": .string(route), "fault": .object(fault), "times": options.always ? .null : .number(Double(times)),
        ]
        let response = try await control.send(.post, "faults", json: command)
        try control.check(response, what: "the fault")
        control.printWarnings(of: response)
        let count =
            options.always
            ? "every request until --clear" : times == 1 ? "the next request" : "the next \(times) requests"
        // Named as the emulator names it now, also when given by a former name.
        let named = EmulatorRoute(name: route)
        let pair = named?.counterpart.map { " (or \($0.rawValue))" } ?? ""
        control.console.out("Queued \(kind) for \(count) to \(named?.rawValue ?? route)\(pair).")
    }
}
