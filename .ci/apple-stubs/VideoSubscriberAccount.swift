// apple-typecheck: platforms=iOS,tvOS,macOS
// VideoSubscriberAccount, as far as the TV Provider binding names it, written from Apple's
// documentation (VSAccountManager, VSAccountManagerDelegate, VSAccountMetadataRequest,
// VSAccountMetadata, VSAccountAccessStatus, VSCheckAccessOption, VSErrorCode). Apple documents
// VSAccountManager and the metadata request for iOS and tvOS 10+ only: the module exists on
// macOS, these declarations are unavailable there.
import Foundation
#if canImport(UIKit)
import UIKit
#endif

@available(iOS 10.0, tvOS 10.0, *) @available(macOS, unavailable)
public enum VSAccountAccessStatus : Swift.Int, @unchecked Swift.Sendable {
    case notDetermined = 0
    case restricted = 1
    case denied = 2
    case granted = 3
}

@available(iOS 10.0, tvOS 10.0, *) @available(macOS, unavailable)
public struct VSCheckAccessOption : Swift.Hashable, Swift.RawRepresentable, Swift.Sendable {
    public init(rawValue: Swift.String)
    public var rawValue: Swift.String { get }
    public static let prompt: VSCheckAccessOption
}

@available(iOS 10.0, tvOS 10.0, *) @available(macOS, unavailable)
public let VSErrorDomain: Swift.String

@available(iOS 10.0, tvOS 10.0, *) @available(macOS, unavailable)
public let VSErrorInfoKeyUnsupportedProviderIdentifier: Swift.String

@available(iOS 10.0, tvOS 10.0, *) @available(macOS, unavailable)
public enum VSErrorCode : Swift.Int, @unchecked Swift.Sendable {
    case accessNotGranted = 0
    case unsupportedProvider = 1
    case userCancelled = 2
    case serviceTemporarilyUnavailable = 3
    case providerRejected = 4
    case invalidVerificationToken = 5
}

#if canImport(UIKit)
@available(iOS 10.0, tvOS 10.0, *) @available(macOS, unavailable)
@MainActor public protocol VSAccountManagerDelegate : Foundation.NSObjectProtocol {
    func accountManager(_ accountManager: VSAccountManager, present viewController: UIViewController)
    func accountManager(_ accountManager: VSAccountManager, dismiss viewController: UIViewController)
}
#endif

@available(iOS 10.0, tvOS 10.0, *) @available(macOS, unavailable)
open class VSAccountManagerResult : Foundation.NSObject {
    open func cancel()
}

@available(iOS 10.0, tvOS 10.0, *) @available(macOS, unavailable)
open class VSAccountManager : Foundation.NSObject {
    public override init()
    #if canImport(UIKit)
    weak open var delegate: (any VSAccountManagerDelegate)? { get set }
    #endif
    open func checkAccessStatus(options: [VSCheckAccessOption : Any] = [:], completionHandler: @escaping @Sendable (VSAccountAccessStatus, (any Swift.Error)?) -> Swift.Void)
    open func enqueue(_ request: VSAccountMetadataRequest, completionHandler: @escaping @Sendable (VSAccountMetadata?, (any Swift.Error)?) -> Swift.Void) -> VSAccountManagerResult
}

@available(iOS 10.0, tvOS 10.0, *) @available(macOS, unavailable)
open class VSAccountMetadataRequest : Foundation.NSObject {
    public override init()
    open var channelIdentifier: Swift.String? { get set }
    open var supportedAccountProviderIdentifiers: [Swift.String] { get set }
    @available(iOS 11.0, tvOS 11.0, *)
    open var featuredAccountProviderIdentifiers: [Swift.String] { get set }
    open var verificationToken: Swift.String? { get set }
    open var includeAccountProviderIdentifier: Swift.Bool { get set }
    open var includeAuthenticationExpirationDate: Swift.Bool { get set }
    open var localizedVideoTitle: Swift.String? { get set }
    open var isInterruptionAllowed: Swift.Bool { get set }
    open var forceAuthentication: Swift.Bool { get set }
    open var attributeNames: [Swift.String] { get set }
}

@available(iOS 10.0, tvOS 10.0, *) @available(macOS, unavailable)
open class VSAccountMetadata : Foundation.NSObject {
    open var accountProviderIdentifier: Swift.String? { get }
    open var authenticationExpirationDate: Foundation.Date? { get }
    open var verificationData: Foundation.Data? { get }
    open var samlAttributeQueryResponse: Swift.String? { get }
}
