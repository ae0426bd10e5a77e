import Testing
@testable import AccessEnabler

@Test func statusActionRoundTrip() {
    #expect(Status.Action.applicationRegistration.rawValue == "application-registration")
}
