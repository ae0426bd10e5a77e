import Foundation

/// The requestor's configuration, merged from every service provider that answered.
public struct RequestorConfiguration: Sendable, Equatable {
    /// The requestor (programmer / channel) ID.
    public var requestorID: String
    /// The requestor's display name, when a service provider sent one.
    public var name: String?
    /// The requestor's registered domains; the first one is used for login.
    public var domains: [String]
    /// The MVPDs offered, each bound to the first service provider that answered and listed it.
    public var mvpds: [MVPD]
    /// Service providers that did not answer, with the reason.
    public var failures: [ServiceProviderFailure]
    /// Each service provider's own domains: logins use the domain of the MVPD's provider.
    var domainsByServiceProvider: [URL: [String]] = [:]
    /// The service providers that answered this time, in the order they answered: only they can
    /// say an MVPD is not offered. (A list, not a `Set<URL>`: a handful of service providers, and
    /// no set of URLs compiled into an app for them.)
    var answeredServiceProviders: [URL] = []

    /// Creates a configuration.
    public init(
        requestorID: String, name: String? = nil, domains: [String] = [], mvpds: [MVPD] = [],
        failures: [ServiceProviderFailure] = []
    ) {
        self.requestorID = requestorID
        self.name = name
        self.domains = domains
        self.mvpds = mvpds
        self.failures = failures
    }

    /// The MVPD with `id`, if offered.
    public func mvpd(withID id: String) -> MVPD? { mvpds.first { $0.id == id } }

    /// The domain to log in to `mvpd` with: the first domain its service provider listed.
    func loginDomain(for mvpd: MVPD) -> String? {
        domainsByServiceProvider[mvpd.serviceProvider]?.first ?? domains.first
    }
}

/// A service provider whose configuration could not be fetched.
public struct ServiceProviderFailure: Sendable, Equatable {
    /// The service provider.
    public var serviceProvider: URL
    /// Why it failed.
    public var error: AccessEnablerError

    /// Creates a failure record.
    public init(serviceProvider: URL, error: AccessEnablerError) {
        self.serviceProvider = serviceProvider
        self.error = error
    }
}
