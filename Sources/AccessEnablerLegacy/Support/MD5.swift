import Foundation

/// MD5 (RFC 1321), only for the legacy tracking data, which reports the user ID as an MD5 hash
/// (the "GUID"). Not used for anything that needs security.
enum MD5 {
    private static let shifts: [UInt32] = [
        7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14,
        20,
        4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10,
        15, 21,
    ]
    private static let constants: [UInt32] = (0..<64).map { index in
        UInt32(truncatingIfNeeded: Int64(abs(sin(Double(index + 1))) * 4_294_967_296.0))
    }

    /// The lowercase hex digest of the UTF-8 bytes of `text`.
    static func hexDigest(_ text: String) -> String {
        var message = Array(text.utf8)
        let bitLength = UInt64(message.count) &* 8
        message.append(0x80)
        while message.count % 64 != 56 { message.append(0) }
        for shift in stride(from: 0, to: 64, by: 8) {
            message.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }

        var a0: UInt32 = 0x67452301, b0: UInt32 = 0xefcdab89, c0: UInt32 = 0x98badcfe, d0: UInt32 = 0x10325476
        for chunk in stride(from: 0, to: message.count, by: 64) {
            let words = (0..<16).map { index -> UInt32 in
                let base = chunk + index * 4
                return UInt32(message[base]) | UInt32(message[base + 1]) << 8 | UInt32(message[base + 2]) << 16
                    | UInt32(message[base + 3]) << 24
            }
            var (a, b, c, d) = (a0, b0, c0, d0)
            for index in 0..<64 {
                var f: UInt32
                let g: Int
                switch index {
                case 0..<16: f = (b & c) | (~b & d); g = index
                case 16..<32: f = (d & b) | (~d & c); g = (5 * index + 1) % 16
                case 32..<48: f = b ^ c ^ d; g = (3 * index + 5) % 16
                default: f = c ^ (b | ~d); g = (7 * index) % 16
                }
                f = f &+ a &+ constants[index] &+ words[g]
                a = d
                d = c
                c = b
                b = b &+ ((f << shifts[index]) | (f >> (32 - shifts[index])))
            }
            a0 = a0 &+ a; b0 = b0 &+ b; c0 = c0 &+ c; d0 = d0 &+ d
        }
        var hex = ""
        for word in [a0, b0, c0, d0] {
            for index in 0..<4 {
                let byte = UInt8(truncatingIfNeeded: word >> UInt32(index * 8))
                if byte < 16 { hex += "0" }
                hex += String(byte, radix: 16)
            }
        }
        return hex
    }
}
