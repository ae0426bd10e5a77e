import AccessEnabler
import Foundation

extension LegacySession {
    /// `logout`: the server logout, the MVPD's logout page to `navigate(toUrl:)` (not on tvOS), the
    /// tokens cleared, then `setAuthenticationStatus(0, USER_NOT_AUTHENTICATED_ERROR)` — preceded by
    /// `VSA203` for each profile that came from Apple's TV Provider. The web view's final
    /// `handleExternalURL` is accepted and ignored.
    func logout() {
        whenConfigured { [self] in
            authentication.cancelWaiting()
            perform { [self] in
                #if os(tvOS)
                let navigator: LogoutNavigator? = nil
                #else
                let callbacks = self.callbacks
                let navigator: LogoutNavigator? = LogoutNavigator { url in
                    callbacks.emit { $0.navigate(toUrl: url.absoluteString) }
                }
                #endif
                // The outcome names the profiles that came from Apple's TV Provider; a logout that
                // failed to clear storage still ends signed out for the app, as before.
                let outcome = try? await core.logout(presenter: navigator)
                for mvpdID in outcome?.partnerLogoutMVPDIDs ?? [] { emit(.partnerLogoutRequired(mvpdID: mvpdID)) }
                emit {
                    $0.setAuthenticationStatus(ACCESS_ENABLER_STATUS_ERROR, errorCode: USER_NOT_AUTHENTICATED_ERROR)
                }
            }
        }
    }

    func getSelectedProvider() {
        whenConfigured { [self] in
            perform { [self] in
                let mvpd = await core.selectedProvider()
                emit { $0.selectedProvider(mvpd.map(MVPD.init)) }
            }
        }
    }

    /// `getMetadata:`. Expiries are epoch milliseconds as text and the device ID is text (static
    /// metadata was an `NSString`); user metadata is the Foundation value of its JSON. A value that
    /// cannot be read is delivered as nil. `arguments` goes back untouched.
    func getMetadata(_ request: MetadataRequest, arguments: Untouched<[AnyHashable: Any]?>) {
        let opcode = request.opcode ?? -1
        whenConfigured { [self] in
            perform { [self] in
                guard let key = request.key else {
                    emit { $0.setMetadataStatus(nil, encrypted: false, forKey: opcode, andArguments: arguments.value) }
                    return
                }
                let value = try? await core.getMetadata(key)
                let text: String? =
                    switch (key, value?.value) {
                    case (.authenticationExpiry, .number(let ms)?), (.authorizationExpiry, .number(let ms)?):
                        String(format: "%.0f", ms.rounded(.towardZero))
                    default: nil
                    }
                let encrypted = value?.isEncrypted ?? false
                emit {
                    let metadata: Any? = text ?? value.flatMap { LegacyValues.foundationValue($0.value) }
                    $0.setMetadataStatus(metadata, encrypted: encrypted, forKey: opcode, andArguments: arguments.value)
                }
            }
        }
    }
}
