/// What a ``PartnerFramework`` call ended with.
public indirect enum PartnerFrameworkOutcome<Value: Sendable & Equatable>: Sendable, Equatable {
    /// The framework answered.
    case completed(Value)
    /// The viewer dismissed the framework's picker or login.
    case userCancelled
    /// The viewer chose a provider the framework does not sign in (on Apple platforms a
    /// picker-only provider); `providerID` is the framework's identifier of it, when known.
    case providerNotSupported(providerID: String?)
}
