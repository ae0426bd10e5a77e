// Appended to apple-typecheck's built-in UIKit stand-in: presenting and dismissing a view
// controller, as the legacy migration fixture's Apple TV Provider callbacks do (Apple's
// documentation for UIViewController; main-actor isolated like the class).
extension UIViewController {
    public func present(_ viewControllerToPresent: UIViewController, animated flag: Swift.Bool, completion: (() -> Swift.Void)? = nil)
    public func dismiss(animated flag: Swift.Bool, completion: (() -> Swift.Void)? = nil)
}

// In Apple's SDK UIResponder and its subclasses (UIView, UIWindow, UIViewController; all
// NS_SWIFT_UI_ACTOR NSObject subclasses) are main-actor isolated and therefore Sendable. The
// stand-in's NSObject is a plain Swift class, which stops Swift from inferring that; this says it.
extension UIResponder: @unchecked Swift.Sendable {}

// The foreground scene and its windows, which the legacy adapter presents its own view controllers
// from (Sources/AccessEnablerLegacy/Presentation/ForegroundViewController.swift) and the tvOS
// sample shows Apple's TV Provider pages over. Written from Apple's documentation
// (developer.apple.com/documentation/uikit: UIApplication.shared, connectedScenes, UIScene and its
// activationState, UIWindowScene.windows and keyWindow (iOS 15 / tvOS 15), UIWindow's
// rootViewController and isKeyWindow, UIViewController's presentedViewController,
// presentingViewController, isBeingDismissed, isBeingPresented and transitionCoordinator, and
// UIViewControllerTransitionCoordinator's animate(alongsideTransition:completion:)) and compared
// with the iOS 16.5 SDK's UIKit headers (UIViewController.h; UIViewControllerTransitionCoordinator.h,
// where both protocols are NS_SWIFT_UI_ACTOR and the method returns whether the animations were
// queued); `shared` is unavailable in app extensions as Apple marks it. Main-actor isolated as the
// classes are. A claim, not Apple's SDK.
@MainActor open class UIApplication: UIKit.UIResponder {
    @available(iOSApplicationExtension, unavailable)
    @available(tvOSApplicationExtension, unavailable)
    public class var shared: UIApplication { get }
    @available(iOS 13.0, tvOS 13.0, *) open var connectedScenes: Swift.Set<UIScene> { get }
}

@available(iOS 13.0, tvOS 13.0, *)
@MainActor open class UIScene: UIKit.UIResponder {
    public enum ActivationState: Swift.Int, @unchecked Swift.Sendable {
        case unattached = -1
        case foregroundActive = 0
        case foregroundInactive = 1
        case background = 2
    }
    open var activationState: UIKit.UIScene.ActivationState { get }
}

@available(iOS 13.0, tvOS 13.0, *)
@MainActor open class UIWindowScene: UIScene {
    open var windows: [UIKit.UIWindow] { get }
    @available(iOS 15.0, tvOS 15.0, *) open var keyWindow: UIKit.UIWindow? { get }
}

extension UIWindow {
    open var rootViewController: UIKit.UIViewController? { get set }
    open var isKeyWindow: Swift.Bool { get }
}

extension UIViewController {
    open var presentedViewController: UIKit.UIViewController? { get }
    open var presentingViewController: UIKit.UIViewController? { get }
    open var isBeingDismissed: Swift.Bool { get }
    open var isBeingPresented: Swift.Bool { get }
    open var transitionCoordinator: (any UIKit.UIViewControllerTransitionCoordinator)? { get }
}

@MainActor public protocol UIViewControllerTransitionCoordinatorContext: Foundation.NSObjectProtocol {
    var isAnimated: Swift.Bool { get }
    var isCancelled: Swift.Bool { get }
}

@MainActor public protocol UIViewControllerTransitionCoordinator: UIKit.UIViewControllerTransitionCoordinatorContext {
    func animate(
        alongsideTransition animation: ((any UIKit.UIViewControllerTransitionCoordinatorContext) -> Swift.Void)?,
        completion: ((any UIKit.UIViewControllerTransitionCoordinatorContext) -> Swift.Void)?
    ) -> Swift.Bool
}
