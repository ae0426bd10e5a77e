// Appended to apple-typecheck's built-in UIKit stand-in (and .ci/apple-stubs/UIKit.swift): what
// the tvOS sample (Examples/Sources/SampleTV/TVProviderSignIn.swift) names to find the view
// controller Apple's TV Provider pages are shown over. Written from Apple's documentation
// (developer.apple.com/documentation/uikit: UIApplication.shared, connectedScenes, UIScene,
// UIWindowScene.keyWindow (iOS 15 / tvOS 15), UIWindow.rootViewController,
// UIViewController.presentedViewController) and compared with the iOS 16.5 SDK's UIKit headers.
// Main-actor isolated as the classes are. A claim, not Apple's SDK.
@MainActor open class UIApplication: UIKit.UIResponder {
    public class var shared: UIApplication { get }
    @available(iOS 13.0, tvOS 13.0, *) open var connectedScenes: Swift.Set<UIScene> { get }
}

@available(iOS 13.0, tvOS 13.0, *)
@MainActor open class UIScene: UIKit.UIResponder {}

@available(iOS 13.0, tvOS 13.0, *)
@MainActor open class UIWindowScene: UIScene {
    @available(iOS 15.0, tvOS 15.0, *) open var keyWindow: UIKit.UIWindow? { get }
}

extension UIWindow {
    open var rootViewController: UIKit.UIViewController? { get set }
}

extension UIViewController {
    open var presentedViewController: UIKit.UIViewController? { get }
}
