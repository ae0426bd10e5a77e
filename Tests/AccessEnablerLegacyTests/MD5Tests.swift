import Testing
@testable import AccessEnablerLegacy

@Suite(.timeLimit(.minutes(5))) struct MD5Tests {
    @Test(arguments: [
        ("", "d41d8cd98f00b204e9800998ecf8427e"), ("a", "0cc175b9c0f1b6a831c399e269772661"),
        ("abc", "900150983cd24fb0d6963f7d28e17f72"), ("message digest", "f96b697d7cb7938d525a2f31aaf161d0"),
        ("abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"),
    ])
    func rfc1321Vectors(input: String, expected: String) {
        #expect(MD5.hexDigest(input) == expected)
    }
}
