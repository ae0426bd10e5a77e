import Foundation

// The transport's types before they took the `HTTPTransport` prefix: an app that also imports
// a module with an `HTTPRequest` (swift-http-types, an HTTP client) could not name this
// package's, because `AccessEnabler.HTTPRequest` names a member of the `AccessEnabler` actor,
// not of the module. Kept for one release.

/// The former name of ``HTTPTransportRequest``.
@available(*, deprecated, renamed: "HTTPTransportRequest")
public typealias HTTPRequest = HTTPTransportRequest

/// The former name of ``HTTPTransportResponse``.
@available(*, deprecated, renamed: "HTTPTransportResponse")
public typealias HTTPResponse = HTTPTransportResponse

/// The former name of ``HTTPTransportHeaders``.
@available(*, deprecated, renamed: "HTTPTransportHeaders")
public typealias HTTPHeaders = HTTPTransportHeaders

/// The former name of ``HTTPTransportMethod``.
@available(*, deprecated, renamed: "HTTPTransportMethod")
public typealias HTTPMethod = HTTPTransportMethod
