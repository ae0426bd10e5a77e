import AccessEnabler
import ArgumentParser

/// The `--backend` values: the SDK's wire protocols.
enum BackendChoice: String, CaseIterable, ExpressibleByArgument, Sendable {
    /// Adobe Pass REST API v2.
    case restV2
    /// Adobe Pass REST API v1.
    case restV1

    /// The SDK's default backend.
    static var sdkDefault: BackendChoice {
        BackendChoice(rawValue: AccessEnabler.Configuration().backend.rawValue) ?? .restV2
    }

    /// The SDK's value.
    var backend: AccessEnabler.Backend {
        switch self {
        case .restV2: .restV2
        case .restV1: .restV1
        }
    }
}
