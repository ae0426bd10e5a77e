import Foundation
import Testing
@testable import AccessEnabler

@Suite(.timeLimit(.minutes(5))) struct LogRedactionTests {
    @Test func urlsLoseTheirQueryAndAuthenticationCodes() {
        let resume = URL(string: "https://sp.example.com/api/v2/REF/sessions/X7K2PQ?mvpd=Cablevision")!
        #expect(Log.redacted(resume) == "https://sp.example.com/api/v2/REF/sessions/redacted")
        let byCode = URL(string: "https://sp.example.com/api/v2/REF/profiles/code/X7K2PQ")!
        #expect(Log.redacted(byCode) == "https://sp.example.com/api/v2/REF/profiles/code/redacted")
        let authenticate = URL(string: "https://sp.example.com/api/v2/authenticate/REF/X7K2PQ?redirectUrl=x")!
        #expect(Log.redacted(authenticate) == "https://sp.example.com/api/v2/authenticate/REF/redacted")
        let partner = URL(string: "https://sp.example.com/api/v2/REF/sessions/sso/Apple")!
        #expect(Log.redacted(partner) == "https://sp.example.com/api/v2/REF/sessions/sso/Apple")
        let create = URL(string: "https://sp.example.com/api/v2/REF/sessions")!
        #expect(Log.redacted(create) == "https://sp.example.com/api/v2/REF/sessions")
        let config = URL(string: "https://user:pw@sp.example.com/api/v1/config/REF?deviceId=secret#x")!
        #expect(Log.redacted(config) == "https://sp.example.com/api/v1/config/REF")
    }
}
