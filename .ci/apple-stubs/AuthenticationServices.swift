// apple-typecheck: platforms=iOS,tvOS,macOS,visionOS
// AuthenticationServices, as far as the package names it: ASWebAuthenticationSession for the web
// login presenter (ASWebAuthenticationSession, ASWebAuthenticationPresentationContextProviding,
// ASPresentationAnchor; the session is unavailable on tvOS).
// Compared with Apple's iOS 16.5 SDK (iPhoneOS16.5.sdk, AuthenticationServices.framework/Headers
// ASWebAuthenticationSession.h and ASFoundation.h): the presentation-context protocol is not
// main-actor isolated there, the completion handler is not `@Sendable`, availability as there.
// Not in that SDK, written from Apple's documentation: visionOS, and the iOS 17.4 / macOS 14.4
// API (Callback, init(url:callback:completionHandler:), additionalHeaderFields), which
// .ci/apple-sdk-backfill declares for the real-SDK check. Where this file and Apple's SDK
// differ, Apple's SDK is right.
import Foundation
#if os(macOS)
import AppKit
public typealias ASPresentationAnchor = AppKit.NSWindow
#else
import UIKit
public typealias ASPresentationAnchor = UIKit.UIWindow
#endif

@available(iOS 12.0, macOS 10.15, watchOS 6.2, visionOS 1.0, *) @available(tvOS, unavailable)
public let ASWebAuthenticationSessionErrorDomain: Swift.String

@available(iOS 12.0, macOS 10.15, watchOS 6.2, visionOS 1.0, *) @available(tvOS, unavailable)
public struct ASWebAuthenticationSessionError : Swift.Error {
    public enum Code : Swift.Int, @unchecked Swift.Sendable {
        case canceledLogin = 1
        @available(iOS 13.0, macOS 10.15, *) @available(watchOS, unavailable)
        case presentationContextNotProvided = 2
        @available(iOS 13.0, macOS 10.15, *) @available(watchOS, unavailable)
        case presentationContextInvalid = 3
    }
    public var code: AuthenticationServices.ASWebAuthenticationSessionError.Code { get }
}

@available(iOS 13.0, macOS 10.15, visionOS 1.0, *) @available(tvOS, unavailable) @available(watchOS, unavailable)
public protocol ASWebAuthenticationPresentationContextProviding : Foundation.NSObjectProtocol {
    func presentationAnchor(for session: AuthenticationServices.ASWebAuthenticationSession) -> AuthenticationServices.ASPresentationAnchor
}

@available(iOS 12.0, macOS 10.15, watchOS 6.2, visionOS 1.0, *) @available(tvOS, unavailable)
open class ASWebAuthenticationSession : Foundation.NSObject {
    public typealias CompletionHandler = (Foundation.URL?, (any Swift.Error)?) -> Swift.Void

    @available(iOS 17.4, macOS 14.4, watchOS 10.4, visionOS 1.1, *) @available(tvOS, unavailable)
    open class Callback : Foundation.NSObject {
        public class func customScheme(_ customScheme: Swift.String) -> Self
        public class func https(host: Swift.String, path: Swift.String) -> Self
        public func matchesURL(_ url: Foundation.URL) -> Swift.Bool
    }

    public init(url URL: Foundation.URL, callbackURLScheme: Swift.String?, completionHandler: @escaping AuthenticationServices.ASWebAuthenticationSession.CompletionHandler)
    @available(iOS 17.4, macOS 14.4, watchOS 10.4, visionOS 1.1, *)
    public init(url URL: Foundation.URL, callback: AuthenticationServices.ASWebAuthenticationSession.Callback, completionHandler: @escaping AuthenticationServices.ASWebAuthenticationSession.CompletionHandler)
    @available(iOS 13.0, macOS 10.15, *) @available(watchOS, unavailable)
    weak open var presentationContextProvider: (any AuthenticationServices.ASWebAuthenticationPresentationContextProviding)? { get set }
    @available(iOS 13.0, macOS 10.15, watchOS 6.2, *)
    open var prefersEphemeralWebBrowserSession: Swift.Bool { get set }
    @available(iOS 17.4, macOS 14.4, watchOS 10.4, visionOS 1.1, *)
    open var additionalHeaderFields: [Swift.String : Swift.String]? { get set }
    @available(iOS 13.4, macOS 10.15.4, watchOS 6.2, *)
    open var canStart: Swift.Bool { get }
    open func start() -> Swift.Bool
    open func cancel()
}
