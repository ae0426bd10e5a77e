#if canImport(ObjectiveC)
import AccessEnabler
import Foundation

// The preauthorize API (3.6+) for Objective-C: classes over the Swift adapter's request, builder,
// callback and the core's response values, with the documented method names. Unavailable in Swift,
// which uses `PreauthorizeRequest.Builder`, `AccessEnablerCallback<PreauthorizeResponse>` and the
// getters of the response values.

/// `PreauthorizeRequest`: what `preauthorize:didCompleteWith:` asks; made by
/// `PreauthorizeRequestBuilder`.
@available(swift, obsoleted: 1)
@objc(PreauthorizeRequest)
public final class ObjCPreauthorizeRequest: NSObject, Sendable {
    let request: PreauthorizeRequest

    init(_ request: PreauthorizeRequest) { self.request = request }
}

/// `PreauthorizeRequest.Feature`: a feature a request can disable.
@available(swift, obsoleted: 1)
@objc(PreauthorizeRequestFeature)
public enum ObjCPreauthorizeRequestFeature: Int, Sendable {
    /// The SDK's cache of decisions.
    case LOCAL_CACHE = 0
    /// Adobe Pass's cache of the MVPD's decisions.
    case REMOTE_CACHE = 1

    var feature: PreauthorizeRequest.Feature {
        switch self {
        case .LOCAL_CACHE: .LOCAL_CACHE
        case .REMOTE_CACHE: .REMOTE_CACHE
        }
    }
}

/// `PreauthorizeRequest.Builder`: `setResourcesWithResources:`, `disableFeaturesWithFeatures:`
/// (a set of `PreauthorizeRequestFeature` numbers), `build`. Each setter returns the builder.
@available(swift, obsoleted: 1)
@objc(PreauthorizeRequestBuilder)
public final class ObjCPreauthorizeRequestBuilder: NSObject, Sendable {
    private let builder = PreauthorizeRequest.Builder()

    /// A builder with no resources and every feature enabled.
    @objc public override init() { super.init() }

    /// `setResourcesWithResources:` — the resource IDs or media RSS fragments.
    @objc(setResourcesWithResources:) @discardableResult
    public func setResources(resources: [String]) -> ObjCPreauthorizeRequestBuilder {
        builder.setResources(resources: resources)
        return self
    }

    /// `disableFeaturesWithFeatures:` — `PreauthorizeRequestFeature` values as numbers; other
    /// numbers are ignored.
    @objc(disableFeaturesWithFeatures:) @discardableResult
    public func disableFeatures(features: Set<NSNumber>) -> ObjCPreauthorizeRequestBuilder {
        let features = features.compactMap { ObjCPreauthorizeRequestFeature(rawValue: $0.intValue)?.feature }
        builder.disableFeatures(features: Set(features))
        return self
    }

    /// `build` — a new request with the values set so far.
    @objc(build) public func build() -> ObjCPreauthorizeRequest {
        ObjCPreauthorizeRequest(builder.build())
    }
}

/// `AccessEnablerCallback`: `onResponseWithResult:` when the request was served (decisions, or a
/// server error status), `onFailureWithResult:` when the SDK could not serve it (status 0). Both
/// run on the main thread; by default they call the blocks given to the initializer.
@available(swift, obsoleted: 1)
@objc(AccessEnablerCallback)
open class ObjCAccessEnablerCallback: NSObject, @unchecked Sendable {
    // @unchecked: the blocks are immutable and called only on the main thread.
    private let response: (ObjCPreauthorizeResponse) -> Void
    private let failure: (ObjCPreauthorizeResponse) -> Void

    /// `initWithOnResponse:onFailure:`.
    @objc(initWithOnResponse:onFailure:)
    public init(
        onResponse: @escaping (ObjCPreauthorizeResponse) -> Void,
        onFailure: @escaping (ObjCPreauthorizeResponse) -> Void
    ) {
        response = onResponse
        failure = onFailure
    }

    /// `onResponseWithResult:`.
    @objc(onResponseWithResult:) open func onResponse(result: ObjCPreauthorizeResponse) { response(result) }

    /// `onFailureWithResult:`.
    @objc(onFailureWithResult:) open func onFailure(result: ObjCPreauthorizeResponse) { failure(result) }

    /// The Swift adapter's callback that calls this one.
    var swiftCallback: AccessEnablerCallback<PreauthorizeResponse> {
        AccessEnablerCallback(
            onResponse: { self.onResponse(result: ObjCPreauthorizeResponse($0)) },
            onFailure: { self.onFailure(result: ObjCPreauthorizeResponse($0)) })
    }
}

/// `PreauthorizeResponse`: `getStatus` (nil unless the call failed) and `getDecisions`.
@available(swift, obsoleted: 1)
@objc(PreauthorizeResponse)
public final class ObjCPreauthorizeResponse: NSObject, Sendable {
    let response: PreauthorizeResponse

    init(_ response: PreauthorizeResponse) { self.response = response }

    /// `getStatus`.
    @objc(getStatus) public func getStatus() -> ObjCStatus? { response.getStatus().map(ObjCStatus.init) }
    /// `getDecisions` — one per resource; empty when the call failed.
    @objc(getDecisions) public func getDecisions() -> [ObjCDecision] { response.getDecisions().map(ObjCDecision.init) }
}

/// `Decision`: `getId`, `isAuthorized`, `getError`.
@available(swift, obsoleted: 1)
@objc(Decision)
public final class ObjCDecision: NSObject, Sendable {
    let decision: Decision

    init(_ decision: Decision) { self.decision = decision }

    /// `getId`.
    @objc(getId) public func getId() -> String { decision.getId() }
    /// `isAuthorized`.
    @objc(isAuthorized) public func isAuthorized() -> Bool { decision.isAuthorized() }
    /// `getError`.
    @objc(getError) public func getError() -> ObjCStatus? { decision.getError().map(ObjCStatus.init) }
}

/// `Status`: the enhanced error status (`getStatus` is the HTTP status, 0 when the SDK made it).
@available(swift, obsoleted: 1)
@objc(Status)
public final class ObjCStatus: NSObject, Sendable {
    let status: Status

    init(_ status: Status) { self.status = status }

    /// `getStatus`.
    @objc(getStatus) public func getStatus() -> Int { status.getStatus() }
    /// `getCode`.
    @objc(getCode) public func getCode() -> String? { status.getCode() }
    /// `getMessage`.
    @objc(getMessage) public func getMessage() -> String? { status.getMessage() }
    /// `getDetails`.
    @objc(getDetails) public func getDetails() -> String? { status.getDetails() }
    /// `getHelpUrl`.
    @objc(getHelpUrl) public func getHelpUrl() -> String? { status.getHelpUrl() }
    /// `getTrace`.
    @objc(getTrace) public func getTrace() -> String? { status.getTrace() }
    /// `getAction`.
    @objc(getAction) public func getAction() -> String? { status.getAction() }
}
#endif
