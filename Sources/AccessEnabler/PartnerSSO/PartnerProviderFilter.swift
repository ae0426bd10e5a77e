/// Which MVPDs the partner's picker offers (the legacy `TV_PROVIDERS` and
/// `FEATURED_TV_PROVIDERS` filter keys).
public struct PartnerProviderFilter: Sendable, Equatable {
    /// The MVPD IDs to offer, in order; MVPDs without single sign-on are left out.
    public var providers: [String]
    /// The MVPD IDs to feature; only those also in ``providers`` count.
    public var featuredProviders: [String]

    /// Creates a filter.
    public init(providers: [String], featuredProviders: [String] = []) {
        self.providers = providers
        self.featuredProviders = featuredProviders
    }
}
