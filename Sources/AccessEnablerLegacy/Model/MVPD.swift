import AccessEnabler
import Foundation

/// An MVPD as the legacy SDK described it (`MVPD.h`): the objects `displayProviderDialog` lists and
/// `selectedProvider` returns.
///
/// A class, as in the Objective-C SDK, so that `mvpds as? [MVPD]`, `extension Array where Element:
/// MVPD` and `mvpd.logoURL ?? ""` keep working. Built from the async core's `MVPD` value; in a file
/// that imports only `AccessEnablerLegacy`, `MVPD` names this class.
///
/// Its Objective-C runtime name is `MVPD`, as in Adobe's SDK, so `NSClassFromString("MVPD")` and
/// archives that name the class keep working.
#if canImport(ObjectiveC)
@objc(MVPD)
#endif
open class MVPD: NSObject {
    /// The MVPD ID, for example `Comcast_SSO`: what `setSelectedProvider(_:)` takes.
    open var id: String!
    /// The name to show in the picker.
    open var displayName: String!
    /// The address of the MVPD's logo, as text (nil when the MVPD has none).
    open var logoURL: String!
    /// Whether the MVPD supports platform single sign-on (Apple's TV Provider).
    open var enablePlatformServices: Bool
    /// Apple SSO boarding: nil (none), `PICKER` (listed by Apple, Adobe signs in) or `SUPPORTED`.
    open var boardingStatus: String!

    /// An MVPD with no values (every property is nil or false).
    public override init() {
        enablePlatformServices = false
        super.init()
    }

    /// The legacy MVPD for one of the async core's MVPDs.
    init(_ mvpd: CoreMVPD) {
        id = mvpd.id
        displayName = mvpd.displayName
        logoURL = mvpd.logoURL?.absoluteString
        enablePlatformServices = mvpd.enablePlatformServices
        boardingStatus = mvpd.boardingStatus
        super.init()
    }

    /// The header's spelling of ``id``.
    open var ID: String! {
        get { id }
        set { id = newValue }
    }

    /// The ID and display name, for logs.
    open override var description: String {
        "MVPD(id: \(id ?? "nil"), displayName: \(displayName ?? "nil"))"
    }
}
