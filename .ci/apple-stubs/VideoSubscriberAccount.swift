// apple-typecheck: platforms=iOS,tvOS,macOS
// VideoSubscriberAccount, as far as the TV Provider binding names it (VSAccountManager and its
// delegate, VSAccountManagerResult, VSAccountMetadataRequest, VSAccountMetadata,
// VSAccountAccessStatus, VSCheckAccessOption, the error domain and user-info key).
// Compared with Apple's iOS 16.5 SDK (iPhoneOS16.5.sdk, VideoSubscriberAccount.framework/Headers
// VSAccountManager.h, VSAccountManagerResult.h, VSAccountMetadataRequest.h, VSAccountMetadata.h,
// VideoSubscriberAccountErrors.h): the delegate protocol is not main-actor isolated, the
// completion handlers are not `@Sendable` ("It may be called on any queue"), the classes are not
// `Sendable`; unavailable on Mac Catalyst, the account manager's methods also on macOS.
// Where this file and Apple's SDK differ, Apple's SDK is right.
import Foundation
#if canImport(UIKit)
import UIKit
#endif

@available(iOS 10.0, tvOS 10.0, *) @available(macCatalyst, unavailable)
public enum VSAccountAccessStatus : Swift.Int, @unchecked Swift.Sendable {
    case notDetermined = 0
    case restricted = 1
    case denied = 2
    case granted = 3
}

@available(iOS 10.0, tvOS 10.0, *) @available(macCatalyst, unavailable)
public struct VSCheckAccessOption : Swift.Hashable, Swift.RawRepresentable, Swift.Sendable {
    public init(rawValue: Swift.String)
    public var rawValue: Swift.String { get }
    public static let prompt: VSCheckAccessOption
}

@available(iOS 10.0, tvOS 10.0, *) @available(macCatalyst, unavailable)
public let VSErrorDomain: Swift.String

@available(iOS 10.2, tvOS 10.2, *) @available(macCatalyst, unavailable)
public let VSErrorInfoKeyUnsupportedProviderIdentifier: Swift.String

#if canImport(UIKit)
@available(iOS 10.0, tvOS 10.0, *) @available(macCatalyst, unavailable)
public protocol VSAccountManagerDelegate : Foundation.NSObjectProtocol {
    @available(macOS, unavailable) @available(macCatalyst, unavailable)
    func accountManager(_ accountManager: VSAccountManager, present viewController: UIViewController)
    @available(macOS, unavailable) @available(macCatalyst, unavailable)
    func accountManager(_ accountManager: VSAccountManager, dismiss viewController: UIViewController)
}
#endif

@available(iOS 10.0, tvOS 10.0, *) @available(macCatalyst, unavailable)
open class VSAccountManagerResult : Foundation.NSObject {
    open func cancel()
}

@available(iOS 10.0, tvOS 10.0, *) @available(macCatalyst, unavailable)
open class VSAccountManager : Foundation.NSObject {
    public override init()
    #if canImport(UIKit)
    weak open var delegate: (any VSAccountManagerDelegate)? { get set }
    #endif
    @available(macOS, unavailable) @available(macCatalyst, unavailable)
    open func checkAccessStatus(options: [VSCheckAccessOption : Any] = [:], completionHandler: @escaping (VSAccountAccessStatus, (any Swift.Error)?) -> Swift.Void)
    @available(macOS, unavailable) @available(macCatalyst, unavailable)
    open func enqueue(_ request: VSAccountMetadataRequest, completionHandler: @escaping (VSAccountMetadata?, (any Swift.Error)?) -> Swift.Void) -> VSAccountManagerResult
}

@available(iOS 10.0, tvOS 10.0, *) @available(macCatalyst, unavailable)
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

@available(iOS 10.0, tvOS 10.0, *) @available(macCatalyst, unavailable)
open class VSAccountMetadata : Foundation.NSObject {
    open var accountProviderIdentifier: Swift.String? { get }
    open var authenticationExpirationDate: Foundation.Date? { get }
    open var verificationData: Foundation.Data? { get }
    open var samlAttributeQueryResponse: Swift.String? { get }
}
