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
        let record = session.authentication
        return Authentication(
            requestorID: configuration.requestorID, mvpd: mvpd, userID: record.userID, expires: record.expires,
            profileType: record.profileType)
    }
}
