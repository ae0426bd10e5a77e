import AccessEnablerTesting
import Foundation

/// The secrets a session exchanged with the emulator, read from its request log: the DCR client
/// secrets and the access tokens (bearer tokens).
struct ExchangedSecrets: Sendable {
    var clientSecrets: Set<String> = []
    var accessTokens: Set<String> = []

    init(from emulator: PassEmulator) async {
        for record in await emulator.requests {
            if let secret = record.formValue("client_secret"), !secret.isEmpty { clientSecrets.insert(secret) }
            if let header = record.headers["Authorization"], header.lowercased().hasPrefix("bearer ") {
                let token = header.dropFirst("bearer ".count).trimmingCharacters(in: .whitespaces)
                if !token.isEmpty { accessTokens.insert(token) }
            }
        }
    }

    var all: Set<String> { clientSecrets.union(accessTokens) }
}
