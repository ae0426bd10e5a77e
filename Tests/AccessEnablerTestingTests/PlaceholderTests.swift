import Testing
import AccessEnablerTesting

@Test func placeholder() { #expect(1 + 1 == 2) }
