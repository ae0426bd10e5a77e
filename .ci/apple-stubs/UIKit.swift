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
