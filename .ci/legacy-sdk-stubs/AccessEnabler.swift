// Appended, for the control type-check of the legacy migration fixture, to module `AccessEnabler`
// made from ../shared/reference/legacy-sdk-swift-interface.swift (the Objective-C SDK as Swift
// imports it; .ci/run copies it unchanged to .build-legacy-sdk/AccessEnabler.swift and passes that
// folder before this one, so this file is appended to it). That interface leaves out the 3.6
// preauthorize API; this is it as the seeds document it (../shared/seeds/000-002: the Swift
// declarations of PreauthorizeRequest.Builder, PreauthorizeRequest.Feature and
// AccessEnablerCallback, the getters of PreauthorizeResponse, Status and Decision, and both
// spellings of the call: the header's `preauthorize:didCompleteWith:` and the sample's
// `preauthorize(request, callback)`), and the constants the seeds' API reference (003) names that
// the interface leaves out: the tracking event types, the Apple picker filter keys, the web-view
// redirect URL and the generic authentication error code (`int` and `NSString *` constants:
// `Int32` and `String` in Swift). Declarations only, like a .swiftinterface.
public var TRACKING_AUTHENTICATION: Swift.Int32 { get }
public var TRACKING_AUTHORIZATION: Swift.Int32 { get }
public var TRACKING_GET_SELECTED_PROVIDER: Swift.Int32 { get }
public var TV_PROVIDERS: Swift.String { get }
public var FEATURED_TV_PROVIDERS: Swift.String { get }
public var ADOBEPASS_REDIRECT_URL: Swift.String { get }
public var GENERIC_AUTHENTICATION_ERROR: Swift.String { get }
open class PreauthorizeRequest : NSObject {
    public enum Feature : Swift.Hashable {
        case LOCAL_CACHE
        case REMOTE_CACHE
    }
    open class Builder : NSObject {
        public override init()
        open func setResources(resources: [Swift.String]) -> PreauthorizeRequest.Builder
        open func disableFeatures(features: Swift.Set<PreauthorizeRequest.Feature>) -> PreauthorizeRequest.Builder
        open func build() -> PreauthorizeRequest
    }
}
open class AccessEnablerCallback<T> : NSObject {
    public init(onResponse: @escaping (T) -> Swift.Void, onFailure: @escaping (T) -> Swift.Void)
    open func onResponse(result: T)
    open func onFailure(result: T)
}
open class PreauthorizeResponse : NSObject {
    open func getStatus() -> Status?
    open func getDecisions() -> [Decision]
}
open class Status : NSObject {
    open func getStatus() -> Swift.Int
    open func getCode() -> Swift.String?
    open func getMessage() -> Swift.String?
    open func getDetails() -> Swift.String?
    open func getHelpUrl() -> Swift.String?
    open func getTrace() -> Swift.String?
    open func getAction() -> Swift.String?
}
open class Decision : NSObject {
    open func getId() -> Swift.String
    open func isAuthorized() -> Swift.Bool
    open func getError() -> Status?
}
extension AccessEnabler {
    public func preauthorize(_ request: PreauthorizeRequest, didCompleteWith callback: AccessEnablerCallback<PreauthorizeResponse>)
    public func preauthorize(_ request: PreauthorizeRequest, _ callback: AccessEnablerCallback<PreauthorizeResponse>)
}
