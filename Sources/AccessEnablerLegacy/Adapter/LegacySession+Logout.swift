import AccessEnabler
import Foundation

extension LegacySession {
    /// How long a logout waits for the app to hand back the logout page's redirect. The page
    /// is a chain of redirects that needs nothing from the viewer, so a few network round trips
    /// on a slow link finish well within it; past it the page is taken as unable to finish (a
    /// web view that failed to load, an app that never calls `handleExternalURL`) and the app
    /// hears the viewer is signed out while it still shows the logout.
    nonisolated static let logoutPageLimit = Duration.seconds(30)

    /// `logout`: a sign-in waiting for the app or the viewer fails first
    /// (`GENERIC_AUTHENTICATION_ERROR`: Adobe's API reference: "explicitly cancelled"); then the server
    /// logout, the MVPD's logout page to `navigate(toUrl:)` (not on tvOS), the
    /// tokens cleared, then — once the app hands the page's redirect back with
    /// `handleExternalURL`, a new flow or logout replaces it, or ``logoutPageLimit`` passes —
    /// `setAuthenticationStatus(0, USER_NOT_AUTHENTICATED_ERROR)`, preceded by `VSA203` for each
    /// profile that came from Apple's TV Provider. Without a page the status follows at once.
    func logout() {
        whenConfigured { [self] in execute(state.machine.logoutRequested()) }
    }

    /// The logout's work, after flow `interruptedFlow` (a flow the logout found waiting for the
    /// app or the viewer, now cancelled) has reported its end; `startedAt` tells whether a new
    /// flow or logout replaced it before its page shows.
    func startLogout(after interruptedFlow: LegacyBridgeStateMachine.FlowID?, startedAt: UInt64) {
        let interrupted = authenticationFlow.flatMap { $0.id == interruptedFlow ? $0.task : nil }
        perform { [self] in
            _ = await interrupted?.value
            // Followed from the moment it is shown: its redirect may come back while the
            // core still clears storage.
            let page = LockedValue<LegacyBridgeStateMachine.RequestID?>(nil)
            #if os(tvOS)
            let navigator: LogoutNavigator? = nil
            #else
            // The page of an MVPD that requires Safari goes to Safari, as its login did.
            let bridge = authentication
            let navigator: LogoutNavigator? = LogoutNavigator { url, requiresSafari in
                let id = bridge.showLogoutPage(url, requiresSafari: requiresSafari, startedAt: startedAt)
                page.withLock { $0 = id }
            }
            #endif
            // The outcome names the profiles that came from Apple's TV Provider; a logout that
            // failed to clear storage still ends signed out for the app, as before.
            let outcome = try? await core.logout(presenter: navigator)
            if let id = page.withLock({ $0 }) {
                await authentication.waitForLogoutPage(id, within: Self.logoutPageLimit, on: core.configuration.clock)
            }
            execute(state.machine.logoutEnded(partnerLogoutMVPDIDs: outcome?.partnerLogoutMVPDIDs ?? []))
        }
    }

    func getSelectedProvider() {
        whenConfigured { [self] in
            if state.machine.selectedProviderIsCleared {
                emit { $0.selectedProvider(nil) }
                return
            }
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
