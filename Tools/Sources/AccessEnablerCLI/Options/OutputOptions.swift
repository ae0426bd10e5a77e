import ArgumentParser

/// How a client command prints its result.
struct OutputOptions: ParsableArguments {
    @Flag(help: "Print one JSON object on standard output instead of text for people.")
    var json = false

    @Flag(help: "Print the SDK's log lines (which never hold secrets) on standard error.")
    var verbose = false
}
