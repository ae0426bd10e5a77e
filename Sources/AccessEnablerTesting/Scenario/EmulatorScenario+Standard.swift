import AccessEnabler
import Foundation

extension EmulatorScenario {
    /// The reference scenario the tests use.
    ///
    /// - Requestor `REF` ("Reference Requestor", domain `adobe.com`) offers `Cablevision` (login
    ///   form; user `alice` / `alice-password`, user ID `alice-user-id`, with metadata),
    ///   `AutoCable` (auto-login as `bob`, no metadata) and `TempPass` (10 minutes).
    /// - Requestor `OTHER` offers only `AutoCable`.
    /// - `news`, `sports`, `movies` and `kids` are authorized; `premium` (and any unlisted
    ///   resource) is denied with a "subscription package" message.
    /// - AuthN TTL 1 h, authZ TTL 30 min, media tokens 7 min, access tokens 6 h, at most 5
    ///   resources per preauthorize call, enhanced error reporting on.
    /// - Service tokens signed by ``ServiceTokenIssuer/emulator`` are accepted.
    public static var standard: EmulatorScenario {
        let alice = User(
            username: "alice",
            password: "alice-password",
            userID: "alice-user-id",
            metadata: [
                "userID": "alice-user-id",
                "householdID": "alice-household",
                "zip": "10001",
                "maxRating": [
                    "MPAA": "PG-13", "VCHIP": "TV-14", "URL": "https://cablevision.pass-emulator.test/ratings",
                ],
                "channelID": ["news", "sports", "movies", "kids"],
            ],
            encryptedMetadata: ["zip"])
        let bob = User(username: "bob", password: "bob-password", userID: "bob-user-id")
        return EmulatorScenario(
            requestors: [
                Requestor(
                    id: "REF", name: "Reference Requestor", domains: ["adobe.com"],
                    mvpds: ["Cablevision", "AutoCable", "TempPass"]),
                Requestor(id: "OTHER", name: "Other Requestor", domains: ["adobe.com"], mvpds: ["AutoCable"]),
            ],
            mvpds: [
                MVPD(
                    id: "Cablevision", displayName: "Cablevision",
                    logoURL: URL(string: "https://logos.pass-emulator.test/cablevision.png"),
                    users: [alice], authnTTL: 3600, authzTTL: 1800),
                MVPD(
                    id: "AutoCable", displayName: "Auto Cable",
                    logoURL: URL(string: "https://logos.pass-emulator.test/autocable.png"),
                    autoLogin: true, users: [bob], authnTTL: 3600, authzTTL: 1800),
                MVPD(id: "TempPass", displayName: "TempPass", isTempPass: true, authnTTL: 600, authzTTL: 600),
            ],
            tempPassTTL: 600,
            entitlements: Entitlements(rules: [
                Rule(
                    resources: ["premium"], authorized: false,
                    details: Entitlements.defaultDetails(for: "premium")),
                Rule(resources: ["news", "sports", "movies", "kids"], authorized: true),
            ]),
            serviceTokenKeys: [ServiceTokenIssuer.emulator.publicKey])
    }
}
