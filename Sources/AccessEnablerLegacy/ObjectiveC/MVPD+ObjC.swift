#if canImport(ObjectiveC)
import Foundation

// The properties of `MVPD.h` for Objective-C, over the Swift properties; unavailable in Swift, which
// keeps its own names (`id`, `displayName`, …).
@available(swift, obsoleted: 1)
extension MVPD {
    /// `ID`: the MVPD ID, what `setSelectedProvider:` takes.
    @objc(ID) public var objcID: String! {
        get { id }
        set { id = newValue }
    }
    /// `displayName`: the name to show in the picker.
    @objc(displayName) public var objcDisplayName: String! {
        get { displayName }
        set { displayName = newValue }
    }
    /// `logoURL`: the address of the MVPD's logo, as text.
    @objc(logoURL) public var objcLogoURL: String! {
        get { logoURL }
        set { logoURL = newValue }
    }
    /// `enablePlatformServices`: whether the MVPD supports Apple's TV Provider single sign-on.
    @objc(enablePlatformServices) public var objcEnablePlatformServices: Bool {
        get { enablePlatformServices }
        set { enablePlatformServices = newValue }
    }
    /// `boardingStatus`: nil, `PICKER` or `SUPPORTED`.
    @objc(boardingStatus) public var objcBoardingStatus: String! {
        get { boardingStatus }
        set { boardingStatus = newValue }
    }
}
#endif
