import Foundation

/// SHA-1 (FIPS 180-4 §6.1), only for the emulator's stable pseudonymous user IDs
/// (`temppass_<sha1 hex>` as in Adobe's samples). Not for anything security-related.
enum SHA1 {
    /// The 40 lower-case hex digits of the SHA-1 digest of `text`'s UTF-8 bytes.
    static func hex(_ text: String) -> String {
        digest(Array(text.utf8)).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }

    /// The 20-byte digest of `message`.
    static func digest(_ message: [UInt8]) -> [UInt8] {
        var state: (UInt32, UInt32, UInt32, UInt32, UInt32) =
            (0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0)

        // Padding: a 1 bit, zeros up to 56 mod 64 bytes, then the bit length as a 64-bit big-endian.
        var padded = message
        padded.append(0x80)
        while padded.count % 64 != 56 { padded.append(0) }
        let bitLength = UInt64(message.count) &* 8
        for shift in stride(from: 56, through: 0, by: -8) {
            padded.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }

        var schedule = [UInt32](repeating: 0, count: 80)
        for blockStart in stride(from: 0, to: padded.count, by: 64) {
            for word in 0..<16 {
                let offset = blockStart + word * 4
                schedule[word] =
                    UInt32(padded[offset]) << 24 | UInt32(padded[offset + 1]) << 16
                    | UInt32(padded[offset + 2]) << 8 | UInt32(padded[offset + 3])
            }
            for word in 16..<80 {
                schedule[word] = rotateLeft(
                    schedule[word - 3] ^ schedule[word - 8] ^ schedule[word - 14] ^ schedule[word - 16], by: 1)
            }
            var (a, b, c, d, e) = state
            for round in 0..<80 {
                let mixed: UInt32
                let constant: UInt32
                switch round {
                case 0..<20:
                    mixed = (b & c) | (~b & d)
                    constant = 0x5A82_7999
                case 20..<40:
                    mixed = b ^ c ^ d
                    constant = 0x6ED9_EBA1
                case 40..<60:
                    mixed = (b & c) | (b & d) | (c & d)
                    constant = 0x8F1B_BCDC
                default:
                    mixed = b ^ c ^ d
                    constant = 0xCA62_C1D6
                }
                let next = rotateLeft(a, by: 5) &+ mixed &+ e &+ constant &+ schedule[round]
                e = d
                d = c
                c = rotateLeft(b, by: 30)
                b = a
                a = next
            }
            state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e)
        }

        var output: [UInt8] = []
        output.reserveCapacity(20)
        for word in [state.0, state.1, state.2, state.3, state.4] {
            output.append(UInt8(truncatingIfNeeded: word >> 24))
            output.append(UInt8(truncatingIfNeeded: word >> 16))
            output.append(UInt8(truncatingIfNeeded: word >> 8))
            output.append(UInt8(truncatingIfNeeded: word))
        }
        return output
    }

    private static func rotateLeft(_ value: UInt32, by amount: UInt32) -> UInt32 {
        value << amount | value >> (32 - amount)
    }
}
