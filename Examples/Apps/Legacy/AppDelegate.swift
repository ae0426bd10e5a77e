import SampleLegacy
import UIKit

/// The legacy sample, on the scene life cycle: a UIKit app without scenes does not launch when
/// built with the iOS 27 SDK (Apple's TN3187).
@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    func application(
        _ application: UIApplication,
        configurationForConnecting connectingSceneSession: UISceneSession,
        options: UIScene.ConnectionOptions
    ) -> UISceneConfiguration {
        let configuration = UISceneConfiguration(name: nil, sessionRole: connectingSceneSession.role)
        configuration.delegateClass = SceneDelegate.self
        return configuration
    }
}

/// One window with the channel list. The MVPD login that opens in Safari comes back on the app's
/// `adbe.` scheme: to the scene, which passes it on to `handleExternalURL`.
final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    let channels = ChannelsViewController()

    func scene(
        _ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions
    ) {
        guard let windowScene = scene as? UIWindowScene else { return }
        let window = UIWindow(windowScene: windowScene)
        window.rootViewController = UINavigationController(rootViewController: channels)
        window.makeKeyAndVisible()
        self.window = window
        // A cold start from the adbe. URL: it arrives here, not in scene(_:openURLContexts:).
        for context in connectionOptions.urlContexts { channels.handle(context.url) }
    }

    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
        for context in URLContexts { channels.handle(context.url) }
    }
}
