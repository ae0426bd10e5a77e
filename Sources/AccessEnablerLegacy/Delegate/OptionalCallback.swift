import Foundation

/// The callbacks Objective-C declares `@optional` in `EntitlementDelegate` and
/// `EntitlementStatus`, and where each goes when the app's object does not implement it: the
/// decision of the Objective-C relays (which ask `respondsToSelector:`), made here so the Linux
/// tests drive it. Calling an unimplemented method would end the app with "unrecognized selector".
enum OptionalCallback: CaseIterable, Sendable {
    /// `navigateToUrl:useSVC:` (3.2+).
    case navigateWithSafari
    /// `sendTrackingData:forEventType:` (optional in the seeds).
    case sendTrackingData
    /// `presentTvProviderDialog:` (3.x; apps written for 2.x have none).
    case presentTvProviderDialog
    /// `dismissTvProviderDialog:` (3.x).
    case dismissTvProviderDialog
    /// `status:` of `EntitlementStatus`.
    case status

    /// Where a callback goes.
    enum Route: Equatable, Sendable {
        /// To the app's method.
        case delegate
        /// To `navigateToUrl:`, which every delegate implements.
        case navigateToURL
        /// To the adapter, which does what the method would have done: it shows or hides Apple's
        /// TV Provider view controller itself (Apple requires it on screen before
        /// `accountManager(_:present:)` returns).
        case adapter
        /// Nowhere: the app did not ask for it.
        case nowhere
    }

    /// The Objective-C selector, as the seeds and the generated header spell it.
    var selector: String {
        switch self {
        case .navigateWithSafari: "navigateToUrl:useSVC:"
        case .sendTrackingData: "sendTrackingData:forEventType:"
        case .presentTvProviderDialog: "presentTvProviderDialog:"
        case .dismissTvProviderDialog: "dismissTvProviderDialog:"
        case .status: "status:"
        }
    }

    /// Where the callback goes, given whether the app's object responds to ``selector``.
    func route(delegateResponds: Bool) -> Route {
        if delegateResponds { return .delegate }
        switch self {
        case .navigateWithSafari: return .navigateToURL
        case .presentTvProviderDialog, .dismissTvProviderDialog: return .adapter
        case .sendTrackingData, .status: return .nowhere
        }
    }
}
