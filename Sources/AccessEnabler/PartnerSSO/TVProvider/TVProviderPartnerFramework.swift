#if canImport(VideoSubscriberAccount) && (os(iOS) || os(tvOS))
import Foundation
import UIKit
import VideoSubscriberAccount

/// Apple's TV Provider (VideoSubscriberAccount) as a ``PartnerFramework``.
///
/// The app needs the `com.apple.developer.video-subscriber-single-sign-on` entitlement. The
/// binding only talks to `VSAccountManager`; what its answers mean is decided by code shared with
/// every platform. Apple's picker and MVPD login arrive as view controllers: `present` and
/// `dismiss` show and hide them (the legacy `presentTvProviderDialog` / `dismissTvProviderDialog`).
@MainActor
public final class TVProviderPartnerFramework: NSObject, PartnerFramework, VSAccountManagerDelegate {
    /// `Apple`, the partner of Adobe's `sessions/sso/Apple` and `profiles/sso/Apple`.
    public nonisolated let partnerName = "Apple"
    private let present: @MainActor @Sendable (UIViewController) -> Void
    private let dismiss: @MainActor @Sendable (UIViewController) -> Void
    /// Made on first use, on the main actor, with this object as its delegate.
    private lazy var manager: VSAccountManager = {
        let manager = VSAccountManager()
        manager.delegate = self
        return manager
    }()

    /// Creates the binding; `present` and `dismiss` show and hide Apple's view controllers.
    public nonisolated init(present: @escaping @MainActor @Sendable (UIViewController) -> Void,
                            dismiss: @escaping @MainActor @Sendable (UIViewController) -> Void) {
        self.present = present
        self.dismiss = dismiss
        super.init()
    }

    /// The access status (asking the viewer when interruption is allowed), then the provider.
    public func status(for request: PartnerStatusRequest) async throws -> PartnerFrameworkOutcome<PartnerFrameworkStatus> {
        let access = await accessStatus(prompt: request.allowsInterruption)
        guard access == .granted else { return .completed(PartnerFrameworkStatus(accessStatus: access)) }
        let metadataRequest = VSAccountMetadataRequest()
        metadataRequest.channelIdentifier = TVProviderMetadata.channelIdentifier
        metadataRequest.includeAccountProviderIdentifier = true
        metadataRequest.includeAuthenticationExpirationDate = true
        metadataRequest.isInterruptionAllowed = request.allowsInterruption
        metadataRequest.supportedAccountProviderIdentifiers = request.supportedProviderIDs
        metadataRequest.featuredAccountProviderIdentifiers = request.featuredProviderIDs
        return try await metadata(for: metadataRequest).statusOutcome()
    }

    /// Adobe's request as the verification token, its attribute names, the SAML response back.
    public func authenticate(_ request: PartnerAuthenticationRequest) async throws
        -> PartnerFrameworkOutcome<PartnerAuthenticationResponse>
    {
        let metadataRequest = VSAccountMetadataRequest()
        metadataRequest.channelIdentifier = TVProviderMetadata.channelIdentifier
        metadataRequest.includeAccountProviderIdentifier = true
        metadataRequest.includeAuthenticationExpirationDate = true
        metadataRequest.isInterruptionAllowed = true
        metadataRequest.verificationToken = request.request
        metadataRequest.attributeNames = request.attributeNames
        return try await metadata(for: metadataRequest).exchangeOutcome()
    }

    /// Shows Apple's view controller.
    public func accountManager(_ accountManager: VSAccountManager, present viewController: UIViewController) {
        present(viewController)
    }

    /// Hides Apple's view controller.
    public func accountManager(_ accountManager: VSAccountManager, dismiss viewController: UIViewController) {
        dismiss(viewController)
    }

    private func accessStatus(prompt: Bool) async -> PartnerFrameworkStatus.AccessStatus {
        await withCheckedContinuation { continuation in
            manager.checkAccessStatus(options: [VSCheckAccessOption.prompt: prompt]) { status, _ in
                let access: PartnerFrameworkStatus.AccessStatus
                switch status {
                case .granted: access = .granted
                case .denied: access = .denied
                case .restricted: access = .restricted
                case .notDetermined: access = .notDetermined
                @unknown default: access = .notDetermined
                }
                continuation.resume(returning: access)
            }
        }
    }

    private func metadata(for request: VSAccountMetadataRequest) async -> TVProviderMetadata {
        await withCheckedContinuation { continuation in
            _ = manager.enqueue(request) { metadata, error in
                let nsError = error.map { $0 as NSError }
                continuation.resume(returning: TVProviderMetadata(
                    providerID: metadata?.accountProviderIdentifier, expirationDate: metadata?.authenticationExpirationDate,
                    samlResponse: metadata?.samlAttributeQueryResponse, errorDomain: nsError?.domain,
                    errorCode: nsError?.code,
                    unsupportedProviderID: nsError?.userInfo[VSErrorInfoKeyUnsupportedProviderIdentifier] as? String))
            }
        }
    }
}
#endif
