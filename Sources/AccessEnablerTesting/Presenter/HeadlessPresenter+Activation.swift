import AccessEnabler
import Foundation

extension HeadlessPresenter {
    /// Plays the viewer on a second device: opens the emulator's activation page at
    /// `activationURL` (``PassEmulator/activationURL``) with `code`, picks ``mvpdID`` when the TV
    /// did not preselect an MVPD, and signs in on the MVPD login page with ``username`` and
    /// ``password``, until the "go back to your TV" page. The TV's polling then finds the profile.
    ///
    /// Throws ``HeadlessPresenterError/unexpectedPage(status:path:)`` for a wrong or expired
    /// code (status 400), or when an MVPD must be picked and ``mvpdID`` is nil (status 200).
    public func activate(code: String, at activationURL: URL) async throws {
        guard var components = URLComponents(url: activationURL, resolvingAgainstBaseURL: true) else {
            throw HeadlessPresenterError.invalidRedirect(status: 0)
        }
        var items = [URLQueryItem(name: "code", value: code)]
        if let mvpdID { items.append(URLQueryItem(name: "mvpd", value: mvpdID)) }
        components.queryItems = items
        components.percentEncodedPath = PassEmulator.activationPath
        let start = components.url
        components.queryItems = nil
        components.percentEncodedPath = PassEmulator.activationDonePath
        guard let start, let done = components.url else { throw HeadlessPresenterError.invalidRedirect(status: 0) }
        _ = try await presentLogin(url: start, redirectURL: done)
    }
}
