/// The `AccessEnabler` actor under a name no other module declares.
///
/// In a file that imports `AccessEnablerLegacy`, `AccessEnabler` names the legacy SDK's class (so
/// that code written for Adobe's Objective-C SDK changes only its import), and the module name
/// `AccessEnabler` is shadowed by that type too: `AccessEnabler.AccessEnabler` does not reach the
/// actor. `AsyncAccessEnabler` always does, with any Swift 6 compiler (from Swift 6.3 the module
/// selector `AccessEnabler::AccessEnabler` does as well).
public typealias AsyncAccessEnabler = AccessEnabler
