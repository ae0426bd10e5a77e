import AccessEnablerCLI

/// The `accessenabler` executable.
@main
enum Main {
    static func main() async {
        await AccessEnablerCommand.runAsMain()
    }
}
