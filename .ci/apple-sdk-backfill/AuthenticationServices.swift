// AuthenticationServices declarations newer than iOS 16.5 that the package calls, for the
// apple-sdk-typecheck tool (`--backfill .ci/apple-sdk-backfill`, in .ci/apple-sdk-check). The tool
// appends this file to the iPhoneOS16.5 SDK's AuthenticationServices overlay, so it is written like a
// .swiftinterface: declarations only, no bodies. Nothing the 16.5 SDK already declares belongs here.
//
// Each declaration and its availability is Apple's, from
// https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsession/callback
// (iOS 17.4, iPadOS 17.4, Mac Catalyst 17.4, macOS 14.4, tvOS 17.4, visionOS 1.1, watchOS 10.4):
//   ASWebAuthenticationSession.Callback                            class Callback
//     (Objective-C ASWebAuthenticationSessionCallback; its `init()` is unavailable: use the factories)
//   .../callback/customscheme(_:)                                  class func customScheme(_ customScheme: String) -> Self
//   .../callback/https(host:path:)                                 class func https(host: String, path: String) -> Self
//   .../aswebauthenticationsession/init(url:callback:completionhandler:)
//       init(url URL: URL, callback: ASWebAuthenticationSession.Callback,
//            completionHandler: @escaping ASWebAuthenticationSession.CompletionHandler)
// Used by Sources/AccessEnabler/Authentication/WebLogin/WebAuthenticationSessionPresenter.swift behind
// `#available(iOS 17.4, macOS 14.4, visionOS 1.1, *)`. `Callback.matchesURL(_:)` (same release) is for
// browsers that handle sessions; the package does not call it, so it is not declared.
// What a backfill cannot copy exactly: Apple's initializer is a designated Objective-C initializer of
// the class; an extension can only add a convenience one (same call syntax, same availability).
import Foundation

extension ASWebAuthenticationSession {
  @available(iOS 17.4, macOS 14.4, macCatalyst 17.4, tvOS 17.4, watchOS 10.4, visionOS 1.1, *)
  @objc(ASWebAuthenticationSessionCallback) open class Callback : ObjectiveC.NSObject {
    @available(*, unavailable)
    @objc override dynamic public init()
    @available(iOS 17.4, macOS 14.4, macCatalyst 17.4, tvOS 17.4, watchOS 10.4, visionOS 1.1, *)
    @objc(callbackWithCustomScheme:) open class func customScheme(_ customScheme: Swift.String) -> Self
    @available(iOS 17.4, macOS 14.4, macCatalyst 17.4, tvOS 17.4, watchOS 10.4, visionOS 1.1, *)
    @objc(callbackWithHTTPSHost:path:) open class func https(host: Swift.String, path: Swift.String) -> Self
  }

  @available(iOS 17.4, macOS 14.4, macCatalyst 17.4, tvOS 17.4, watchOS 10.4, visionOS 1.1, *)
  @objc(initWithURL:callback:completionHandler:) public convenience init(url URL: Foundation.URL, callback: AuthenticationServices.ASWebAuthenticationSession.Callback, completionHandler: @escaping AuthenticationServices.ASWebAuthenticationSession.CompletionHandler)
}
