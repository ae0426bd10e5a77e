import Foundation

/// The viewer's session for the current requestor, with the configuration it was checked
/// against: what ``AccessEnabler/checkAuthentication()`` calls authenticated, kept whole for the
/// calls that go on to use the session. A class of `let`s: the authorization's async steps copy
/// one reference, not the configuration's fields.
final class CurrentSession {
    let configuration: RequestorConfiguration
    let session: CachedSession
    /// The session's MVPD as the configuration describes it.
    let mvpd: MVPD

    init(configuration: RequestorConfiguration, session: CachedSession, mvpd: MVPD) {
        (self.configuration, self.session, self.mvpd) = (configuration, session, mvpd)
    }

    var authentication: Authentication {
        Authentication(record: session.authentication, requestorID: configuration.requestorID, mvpd: mvpd)
    }
}
