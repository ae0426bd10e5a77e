import AccessEnabler

/// `activate`: `{"activated": true, "code": …, "mvpd": …}`.
struct ActivationReport: CommandReport {
    var activated = true
    var code: String
    /// The MVPD ID.
    var mvpd: String
    /// Text output only: the MVPD's name.
    var mvpdName: String

    private enum CodingKeys: String, CodingKey { case activated, code, mvpd }

    init(code: String, mvpd: MVPD) {
        self.code = code
        self.mvpd = mvpd.id
        self.mvpdName = mvpd.displayName
    }

    var text: String {
        let name = mvpdName == mvpd ? mvpd : "\(mvpd) (\(mvpdName))"
        return "Activated \(code) with \(name): the TV signs in at its next poll."
    }
}
