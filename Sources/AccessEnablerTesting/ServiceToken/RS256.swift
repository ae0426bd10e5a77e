import AccessEnabler

/// RSASSA-PKCS1-v1_5 with SHA-256 (JWS `RS256`, RFC 7518 §3.3; RFC 8017 §8.2), over
/// ``FixedWidthUnsigned``: what the emulator checks `AD-Service-Token` signatures with, and what
/// ``ServiceTokenIssuer`` signs test tokens with.
enum RS256 {
    /// The DER `DigestInfo` prefix of a SHA-256 digest (RFC 8017 §9.2, note 1).
    static let digestInfoPrefix: [UInt8] = [
        0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01, 0x05, 0x00, 0x04,
        0x20,
    ]

    /// EMSA-PKCS1-v1_5 of `message` in `length` bytes: `00 01 FF…FF 00 DigestInfo H`; nil when
    /// `length` is too short for it (RFC 8017 §9.2).
    static func encoded(_ message: some Collection<UInt8>, length: Int) -> [UInt8]? {
        let digestInfo = digestInfoPrefix + SHA256.digest(Array(message))
        guard length >= digestInfo.count + 11 else { return nil }
        return [0x00, 0x01] + Array(repeating: 0xff, count: length - digestInfo.count - 3) + [0x00] + digestInfo
    }
}

/// An RSA public key: the JWK members `n` and `e`.
struct RSAPublicKey: Sendable {
    /// The modulus's length in bytes (k).
    let length: Int
    let modulus: MontgomeryModulus
    /// The public exponent, big-endian.
    let exponent: [UInt8]

    /// Nil for a modulus that is even, shorter than 512 bits, or an exponent of zero.
    init?(modulus: [UInt8], exponent: [UInt8]) {
        let bytes = Array(modulus.drop { $0 == 0 })
        guard bytes.count >= 64, exponent.contains(where: { $0 != 0 }),
            let value = FixedWidthUnsigned(bigEndian: bytes, limbs: (bytes.count + 7) / 8),
            let context = MontgomeryModulus(value)
        else { return nil }
        self.length = bytes.count
        self.modulus = context
        self.exponent = exponent
    }

    /// Whether `signature` is this key's RS256 signature of `message` (RFC 8017 §8.2.2: the
    /// signature is as long as the modulus and below it, and its public operation gives exactly
    /// the encoding of the message's digest).
    func verifies(_ signature: [UInt8], of message: some Collection<UInt8>) -> Bool {
        guard signature.count == length,
            let value = FixedWidthUnsigned(bigEndian: signature, limbs: modulus.limbCount),
            value.isLess(than: modulus.modulus),
            let expected = RS256.encoded(message, length: length)
        else { return false }
        return modulus.power(value, exponent: exponent).bigEndianBytes(count: length) == expected
    }
}

/// An RSA private key in its Chinese-remainder form (the JWK members `p`, `q`, `dp`, `dq`, `qi`).
struct RSAPrivateKey: Sendable {
    let publicKey: RSAPublicKey
    private let p: MontgomeryModulus
    private let q: MontgomeryModulus
    private let dp: [UInt8]
    private let dq: [UInt8]
    private let qi: FixedWidthUnsigned

    /// Nil when the parts do not fit together as sizes go (their values are trusted).
    init?(publicKey: RSAPublicKey, p: [UInt8], q: [UInt8], dp: [UInt8], dq: [UInt8], qi: [UInt8]) {
        let half = (publicKey.modulus.limbCount + 1) / 2
        guard let pValue = FixedWidthUnsigned(bigEndian: p, limbs: half), let p = MontgomeryModulus(pValue),
            let qValue = FixedWidthUnsigned(bigEndian: q, limbs: half), let q = MontgomeryModulus(qValue),
            let qi = FixedWidthUnsigned(bigEndian: qi, limbs: half)
        else { return nil }
        self.publicKey = publicKey
        self.p = p
        self.q = q
        self.dp = dp
        self.dq = dq
        self.qi = qi
    }

    /// The RS256 signature of `message` (RFC 8017 §8.2.1), the private operation done by the
    /// Chinese remainder theorem (RFC 8017 §5.1.2).
    func sign(_ message: some Collection<UInt8>) -> [UInt8] {
        let length = publicKey.length
        let limbs = publicKey.modulus.limbCount
        let encoded = RS256.encoded(message, length: length)!
        let m = FixedWidthUnsigned(bigEndian: encoded, limbs: limbs)!
        let s1 = p.power(p.residue(of: m), exponent: dp)
        let s2 = q.power(q.residue(of: m), exponent: dq)
        // h = qi·(s1 − s2) mod p; s = s2 + h·q.
        var difference = s1
        if difference.subtract(p.residue(of: s2)) { difference.add(p.modulus) }
        let h = p.multiplyModulo(difference, qi)
        var signature = h.multipliedFullWidth(by: q.modulus).resized(to: limbs)
        signature.add(s2)
        return signature.bigEndianBytes(count: length)!
    }
}

extension MontgomeryModulus {
    /// a·b mod m, for a, b < m.
    func multiplyModulo(_ a: FixedWidthUnsigned, _ b: FixedWidthUnsigned) -> FixedWidthUnsigned {
        residue(of: a.multipliedFullWidth(by: b))
    }
}
