// Not on Mac Catalyst: `os(iOS)` is true there, but Apple marks VSAccountManager unavailable.
#if canImport(VideoSubscriberAccount) && (os(iOS) || os(tvOS)) && !targetEnvironment(macCatalyst)
import Foundation
import UIKit
import VideoSubscriberAccount

/// Apple's TV Provider (VideoSubscriberAccount) as a ``PartnerFramework``.
///
/// The app needs the `com.apple.developer.video-subscriber-single-sign-on` entitlement and an
/// `NSVideoSubscriberAccountUsageDescription` in its Info.plist (without it ``AccessEnabler``
/// leaves the binding out and logs why: Apple's permission prompt would end the app). The
/// binding only talks to `VSAccountManager`; what its answers mean is decided by code shared
/// with every platform. Apple's picker and MVPD login arrive as view controllers: `present` and
/// `dismiss` show and hide them (the legacy `presentTvProviderDialog` / `dismissTvProviderDialog`).
@MainActor
public final class TVProviderPartnerFramework: NSObject, PartnerFramework, VSAccountManagerDelegate {
    /// `Apple`, the partner of Adobe's `sessions/sso/Apple` and `profiles/sso/Apple`.
    public nonisolated let partnerName = "Apple"
    private let present: @MainActor @Sendable (UIViewController) -> Void
    private let dismiss: @MainActor @Sendable (UIViewController) -> Void
    private nonisolated let missingRequirement: String?
    /// Made on first use, on the main actor, with this object as its delegate.
    private lazy var manager: VSAccountManager = {
        let manager = VSAccountManager()
        manager.delegate = self
        return manager
    }()

    /// Creates the binding; `present` and `dismiss` show and hide Apple's view controllers.
    public nonisolated init(
        present: @escaping @MainActor @Sendable (UIViewController) -> Void,
        dismiss: @escaping @MainActor @Sendable (UIViewController) -> Void
    ) {
        self.present = present
        self.dismiss = dismiss
        self.missingRequirement = TVProviderPrerequisites.missing {
            Bundle.main.object(forInfoDictionaryKey: $0) as? String
        }
        super.init()
    }

    /// The access status (asking the viewer when interruption is allowed), then the provider.
    public func status(for request: PartnerStatusRequest) async throws -> PartnerFrameworkOutcome<
        PartnerFrameworkStatus
    > {
        let access = await accessStatus(prompt: request.allowsInterruption)
        guard access == .granted else { return .completed(PartnerFrameworkStatus(accessStatus: access)) }
        return try await metadata(for: .status(request)).statusOutcome()
    }

    /// Adobe's request as the verification token, its attribute names, the SAML response back.
    public func authenticate(_ request: PartnerAuthenticationRequest) async throws
        -> PartnerFrameworkOutcome<PartnerAuthenticationResponse>
    {
        try await metadata(for: .exchange(request)).exchangeOutcome()
    }

    // Apple declares the delegate nonisolated and calls it on the main thread in practice; it
    // asks that presenting begin before the method returns, so on the main thread the view
    // controller is presented at once, from elsewhere on the main queue.

    /// Shows Apple's view controller.
    public nonisolated func accountManager(_ accountManager: VSAccountManager, present viewController: UIViewController)
    {
        let present = self.present
        MainQueue.run { present(viewController) }
    }

    /// Hides Apple's view controller.
    public nonisolated func accountManager(_ accountManager: VSAccountManager, dismiss viewController: UIViewController)
    {
        let dismiss = self.dismiss
        MainQueue.run { dismiss(viewController) }
    }

    private func accessStatus(prompt: Bool) async -> PartnerFrameworkStatus.AccessStatus {
        await withCheckedContinuation { continuation in
            manager.checkAccessStatus(
                options: [VSCheckAccessOption.prompt: prompt],
                completionHandler: Self.accessCompletion { continuation.resume(returning: $0) })
        }
    }

    private func metadata(for request: TVProviderMetadataRequest) async -> TVProviderMetadata {
        let vsRequest = VSAccountMetadataRequest()
        vsRequest.channelIdentifier = request.channelIdentifier
        vsRequest.includeAccountProviderIdentifier = request.includesAccountProviderIdentifier
        vsRequest.includeAuthenticationExpirationDate = request.includesAuthenticationExpirationDate
        vsRequest.isInterruptionAllowed = request.isInterruptionAllowed
        vsRequest.supportedAccountProviderIdentifiers = request.supportedProviderIDs
        vsRequest.featuredAccountProviderIdentifiers = request.featuredProviderIDs
        vsRequest.verificationToken = request.verificationToken
        vsRequest.attributeNames = request.attributeNames
        let manager = self.manager
        return await TVProviderCall.run(
            start: { deliver in
                AccountManagerResult(manager.enqueue(vsRequest, completionHandler: Self.metadataCompletion(deliver)))
            },
            cancel: { $0.cancel() })
    }

    // Apple calls both completions "on any queue". A closure written inline here would be
    // isolated to the main actor, and Swift 6 checks that isolation when Objective-C calls it:
    // the first answer off the main queue would trap. These are made in nonisolated functions
    // and marked `@Sendable`, so they may run anywhere; they only turn Apple's answer into values.

    private nonisolated static func accessCompletion(
        _ deliver: @escaping @Sendable (PartnerFrameworkStatus.AccessStatus) -> Void
    ) -> @Sendable (VSAccountAccessStatus, (any Error)?) -> Void {
        { status, _ in
            switch status {
            case .granted: deliver(.granted)
            case .denied: deliver(.denied)
            case .restricted: deliver(.restricted)
            case .notDetermined: deliver(.notDetermined)
            @unknown default: deliver(.notDetermined)
            }
        }
    }

    private nonisolated static func metadataCompletion(
        _ deliver: @escaping @Sendable (TVProviderMetadata) -> Void
    ) -> @Sendable (VSAccountMetadata?, (any Error)?) -> Void {
        { metadata, error in
            let nsError = error.map { $0 as NSError }
            deliver(
                TVProviderMetadata(
                    providerID: metadata?.accountProviderIdentifier,
                    expirationDate: metadata?.authenticationExpirationDate,
                    samlResponse: metadata?.samlAttributeQueryResponse, errorDomain: nsError?.domain,
                    errorCode: nsError?.code,
                    unsupportedProviderID: nsError?.userInfo[VSErrorInfoKeyUnsupportedProviderIdentifier] as? String))
        }
    }
}

extension TVProviderPartnerFramework: PartnerFrameworkPrerequisites {
    nonisolated var missingPrerequisite: String? { missingRequirement }
}

/// Apple's handle of an enqueued request. `@unchecked Sendable`: it is only used to cancel the
/// request, on the main queue, where the account manager is used.
private struct AccountManagerResult: @unchecked Sendable {
    let result: VSAccountManagerResult

    init(_ result: VSAccountManagerResult) { self.result = result }

    func cancel() {
        let handle = self
        MainQueue.run { handle.result.cancel() }
    }
}
#endif
