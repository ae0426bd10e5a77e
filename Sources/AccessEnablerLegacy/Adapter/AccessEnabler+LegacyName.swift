/// The legacy SDK's class name: in a file that imports only `AccessEnablerLegacy`, `AccessEnabler`
/// is ``LegacyAccessEnabler``, so code written for Adobe's Objective-C SDK changes only its import.
///
/// A module's own declarations shadow the ones it re-exports, so this alias wins over the async
/// actor there (as ``MVPD-class`` wins over the core's `MVPD`); the actor stays reachable as
/// `AsyncAccessEnabler`. In a file that imports both modules, `AccessEnabler` and `MVPD` are
/// ambiguous as types: write ``LegacyAccessEnabler`` and `AsyncAccessEnabler` (or, from Swift 6.3,
/// `AccessEnablerLegacy::AccessEnabler` and `AccessEnabler::AccessEnabler`).
public typealias AccessEnabler = LegacyAccessEnabler

// The async actor's nested types that the adapter's own signatures take, under the adapter, so
// that `AccessEnabler.Configuration(...)` and `AccessEnabler.Backend.restV2` keep compiling in a
// file where `AccessEnabler` is the legacy class.
extension LegacyAccessEnabler {
    /// The async core's configuration (``init(softwareStatement:configuration:)``).
    public typealias Configuration = AsyncAccessEnabler.Configuration
    /// The async core's REST API choice, as in `Configuration.backend`.
    public typealias Backend = AsyncAccessEnabler.Backend
    /// The async core's Adobe Pass environment, as in `Configuration.environment`.
    public typealias Environment = AsyncAccessEnabler.Environment
    /// The async core's typed options (``setOptions(_:)-(AsyncAccessEnabler.Options)``).
    public typealias Options = AsyncAccessEnabler.Options
}
