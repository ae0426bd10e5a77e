import AccessEnabler
import Foundation

extension LegacyAccessEnabler {
    /// `logout` — logs out on the server, hands the MVPD logout URL to `navigateToUrl` (iOS; none
    /// on tvOS), clears the tokens, and ends with `setAuthenticationStatus(0, USER_NOT_AUTHENTICATED_ERROR)`.
    /// The web view's final `handleExternalURL` is accepted and ignored.
    public func logout() {
        whenConfigured { [self] in
            authentication.cancelWaiting()
            perform { [self] in
                #if os(tvOS)
                let navigator: LogoutNavigator? = nil
                #else
                let navigator: LogoutNavigator? = LogoutNavigator { [weak self] url in
                    self?.emit { $0.navigateToUrl(url.absoluteString) }
                }
                #endif
                try? await accessEnabler.logout(presenter: navigator)
                emit { $0.setAuthenticationStatus(ACCESS_ENABLER_STATUS_ERROR, errorCode: USER_NOT_AUTHENTICATED_ERROR) }
            }
        }
    }

    /// `getSelectedProvider` — calls `selectedProvider` with the MVPD chosen for the current
    /// requestor, or nil.
    public func getSelectedProvider() {
        whenConfigured { [self] in
            perform { [self] in
                let mvpd = await accessEnabler.selectedProvider()
                emit { $0.selectedProvider(mvpd) }
            }
        }
    }

    /// `getMetadata:` — one piece of metadata, delivered to `setMetadataStatus` with the same
    /// arguments. Expiries are epoch milliseconds as text and the device ID is text, as the legacy
    /// SDK returned strings for static metadata; user metadata keeps its JSON shape. A value that
    /// cannot be read is delivered as nil.
    public func getMetadata(_ keyDictionary: MetadataArguments) {
        let opcode = keyDictionary.opcode ?? -1
        whenConfigured { [self] in
            perform { [self] in
                guard let key = Self.metadataKey(for: keyDictionary) else {
                    emit { $0.setMetadataStatus(nil, encrypted: false, forKey: opcode, andArguments: keyDictionary) }
                    return
                }
                let value = try? await accessEnabler.getMetadata(key)
                let legacyValue: JSONValue? = switch (key, value?.value) {
                case (.authenticationExpiry, .number(let ms)?), (.authorizationExpiry, .number(let ms)?):
                    .string(String(format: "%.0f", ms.rounded(.towardZero)))
                default: value?.value
                }
                let encrypted = value?.isEncrypted ?? false
                emit { $0.setMetadataStatus(legacyValue, encrypted: encrypted, forKey: opcode, andArguments: keyDictionary) }
            }
        }
    }

    static func metadataKey(for arguments: MetadataArguments) -> MetadataKey? {
        switch arguments.opcode {
        case METADATA_AUTHENTICATION: return .authenticationExpiry
        case METADATA_AUTHORIZATION:
            return arguments[METADATA_RESOURCE_ID_KEY].map { .authorizationExpiry(resource: $0) }
        case METADATA_DEVICE_ID: return .deviceID
        case METADATA_USER_META: return arguments[METADATA_USER_META_KEY].map { .userMetadata($0) }
        default: return nil
        }
    }
}
