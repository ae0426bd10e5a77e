/// `logout`: `{"loggedOut": true}`.
struct LogoutReport: CommandReport {
    var loggedOut = true

    var text: String { "Logged out" }
}
