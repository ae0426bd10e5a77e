import Foundation

/// The viewer's session for the current requestor, with the configuration it was checked
/// against: what ``AccessEnabler/checkAuthentication()`` calls authenticated, kept whole for the
/// calls that go on to use the session.
struct CurrentSession {
    let configuration: RequestorConfiguration
    let session: CachedSession
    /// The session's MVPD as the configuration describes it.
    let mvpd: MVPD

    var authentication: Authentication {
        Authentication(record: session.authentication, requestorID: configuration.requestorID, mvpd: mvpd)
    }
}
