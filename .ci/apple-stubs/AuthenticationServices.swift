// apple-typecheck: platforms=iOS,tvOS,macOS,visionOS
// AuthenticationServices, as far as the package names it: ASWebAuthenticationSession for the web
// login presenter (Apple's documentation for ASWebAuthenticationSession, its Callback (iOS 17.4,
// macOS 14.4), ASWebAuthenticationPresentationContextProviding and ASPresentationAnchor; the
// session is unavailable on tvOS).
import Foundation
#if os(macOS)
import AppKit
public typealias ASPresentationAnchor = AppKit.NSWindow
#else
import UIKit
public typealias ASPresentationAnchor = UIKit.UIWindow
#endif

public let ASWebAuthenticationSessionErrorDomain: Swift.String

@available(iOS 12.0, macOS 10.15, visionOS 1.0, *) @available(tvOS, unavailable)
public struct ASWebAuthenticationSessionError : Swift.Error {
    public enum Code : Swift.Int, @unchecked Swift.Sendable {
        case canceledLogin = 1
        case presentationContextNotProvided = 2
        case presentationContextInvalid = 3
    }
    public var code: AuthenticationServices.ASWebAuthenticationSessionError.Code { get }
}

@available(iOS 13.0, macOS 10.15, visionOS 1.0, *) @available(tvOS, unavailable)
public protocol ASWebAuthenticationPresentationContextProviding : Foundation.NSObjectProtocol {
    func presentationAnchor(for session: AuthenticationServices.ASWebAuthenticationSession) -> AuthenticationServices.ASPresentationAnchor
}

@available(iOS 12.0, macOS 10.15, visionOS 1.0, *) @available(tvOS, unavailable)
open class ASWebAuthenticationSession : Foundation.NSObject {
    public typealias CompletionHandler = (Foundation.URL?, (any Swift.Error)?) -> Swift.Void

    @available(iOS 17.4, macOS 14.4, *) @available(tvOS, unavailable)
    open class Callback : Foundation.NSObject {
        public class func customScheme(_ customScheme: Swift.String) -> Self
        public class func https(host: Swift.String, path: Swift.String) -> Self
        public func matchesURL(_ url: Foundation.URL) -> Swift.Bool
    }

    public init(url URL: Foundation.URL, callbackURLScheme: Swift.String?, completionHandler: @escaping AuthenticationServices.ASWebAuthenticationSession.CompletionHandler)
    @available(iOS 17.4, macOS 14.4, *)
    public init(url URL: Foundation.URL, callback: AuthenticationServices.ASWebAuthenticationSession.Callback, completionHandler: @escaping AuthenticationServices.ASWebAuthenticationSession.CompletionHandler)
    @available(iOS 13.0, macOS 10.15, *)
    weak open var presentationContextProvider: (any AuthenticationServices.ASWebAuthenticationPresentationContextProviding)? { get set }
    @available(iOS 13.0, macOS 10.15, *)
    open var prefersEphemeralWebBrowserSession: Swift.Bool { get set }
    @available(iOS 17.4, macOS 14.4, *)
    open var additionalHeaderFields: [Swift.String : Swift.String]? { get set }
    @available(iOS 13.4, macOS 10.15.4, *)
    open var canStart: Swift.Bool { get }
    open func start() -> Swift.Bool
    open func cancel()
}
