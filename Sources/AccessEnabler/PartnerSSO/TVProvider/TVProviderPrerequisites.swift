/// What an app needs before the TV Provider may be asked anything. Besides the
/// `com.apple.developer.video-subscriber-single-sign-on` entitlement (without which Apple's
/// answers are errors, a fallback), the Info.plist must describe the use:
/// `checkAccessStatus(options: [.prompt: true])` ends an app without
/// `NSVideoSubscriberAccountUsageDescription`.
enum TVProviderPrerequisites {
    /// The Info.plist key of the text Apple's permission prompt shows.
    static let usageDescriptionKey = "NSVideoSubscriberAccountUsageDescription"

    /// What is missing, given the app's Info.plist strings (`Bundle.main` in the binding).
    static func missing(infoString: (String) -> String?) -> String? {
        let description = infoString(usageDescriptionKey) ?? ""
        guard description.contains(where: { !$0.isWhitespace }) else {
            return "the app's Info.plist has no \(usageDescriptionKey) (Apple's TV Provider ends an app without it)"
        }
        return nil
    }
}
