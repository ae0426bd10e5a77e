// Appended to apple-typecheck's built-in UIKit stand-in: presenting and dismissing a view
// controller, as the legacy migration fixture's Apple TV Provider callbacks do (Apple's
// documentation for UIViewController; main-actor isolated like the class).
extension UIViewController {
    public func present(_ viewControllerToPresent: UIViewController, animated flag: Swift.Bool, completion: (() -> Swift.Void)? = nil)
    public func dismiss(animated flag: Swift.Bool, completion: (() -> Swift.Void)? = nil)
}
