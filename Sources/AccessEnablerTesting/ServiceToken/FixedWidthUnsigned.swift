/// An unsigned integer of a fixed number of 64-bit limbs, least significant first: the little
/// arithmetic RSA needs, in plain Swift (the root package has no dependencies and Linux has no
/// Security framework). Not constant-time: it checks and signs the emulator's test tokens only.
struct FixedWidthUnsigned: Sendable, Hashable {
    /// The limbs, least significant first.
    var limbs: [UInt64]

    init(limbs: [UInt64]) { self.limbs = limbs }

    /// Zero, `count` limbs wide.
    init(zeroWithLimbs count: Int) { limbs = Array(repeating: 0, count: count) }

    /// The big-endian `bytes`, `count` limbs wide; nil when they do not fit.
    init?(bigEndian bytes: some Collection<UInt8>, limbs count: Int) {
        var limbs = [UInt64](repeating: 0, count: count)
        for (index, byte) in bytes.reversed().enumerated() {
            let limb = index / 8
            guard limb < count else {
                if byte == 0 { continue }
                return nil
            }
            limbs[limb] |= UInt64(byte) << UInt64((index % 8) * 8)
        }
        self.limbs = limbs
    }

    /// The value as `count` big-endian bytes; nil when it needs more.
    func bigEndianBytes(count: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        for index in 0..<(limbs.count * 8) {
            let byte = UInt8(truncatingIfNeeded: limbs[index / 8] >> UInt64((index % 8) * 8))
            if index < count {
                bytes[count - 1 - index] = byte
            } else if byte != 0 {
                return nil
            }
        }
        return bytes
    }

    var isZero: Bool { limbs.allSatisfy { $0 == 0 } }

    /// The number of significant bits.
    var bitWidth: Int {
        guard let top = limbs.lastIndex(where: { $0 != 0 }) else { return 0 }
        return top * 64 + (64 - limbs[top].leadingZeroBitCount)
    }

    /// Whether `self < other` (same width).
    func isLess(than other: FixedWidthUnsigned) -> Bool {
        for index in limbs.indices.reversed() where limbs[index] != other.limbs[index] {
            return limbs[index] < other.limbs[index]
        }
        return false
    }

    /// Subtracts `other` (same width) in place; returns the borrow out of the top limb.
    @discardableResult
    mutating func subtract(_ other: FixedWidthUnsigned) -> Bool {
        var borrow = false
        for index in limbs.indices {
            let (partial, overflow1) = limbs[index].subtractingReportingOverflow(other.limbs[index])
            let (result, overflow2) = partial.subtractingReportingOverflow(borrow ? 1 : 0)
            limbs[index] = result
            borrow = overflow1 || overflow2
        }
        return borrow
    }

    /// Adds `other` (at most as wide) in place; returns the carry out of the top limb.
    @discardableResult
    mutating func add(_ other: FixedWidthUnsigned) -> Bool {
        var carry: UInt64 = 0
        for index in limbs.indices {
            let addend = index < other.limbs.count ? other.limbs[index] : 0
            let (partial, overflow1) = limbs[index].addingReportingOverflow(addend)
            let (result, overflow2) = partial.addingReportingOverflow(carry)
            limbs[index] = result
            carry = (overflow1 ? 1 : 0) + (overflow2 ? 1 : 0)
        }
        return carry != 0
    }

    /// The full product, `limbs.count + other.limbs.count` limbs wide.
    func multipliedFullWidth(by other: FixedWidthUnsigned) -> FixedWidthUnsigned {
        var result = [UInt64](repeating: 0, count: limbs.count + other.limbs.count)
        for i in other.limbs.indices {
            var carry: UInt64 = 0
            for j in limbs.indices {
                let (high, low) = limbs[j].multipliedFullWidth(by: other.limbs[i])
                let (sum1, overflow1) = low.addingReportingOverflow(result[i + j])
                let (sum2, overflow2) = sum1.addingReportingOverflow(carry)
                result[i + j] = sum2
                // a·b + t + c < 2^128: the high word cannot overflow.
                carry = high &+ (overflow1 ? 1 : 0) &+ (overflow2 ? 1 : 0)
            }
            result[i + limbs.count] = carry
        }
        return FixedWidthUnsigned(limbs: result)
    }

    /// The same value `count` limbs wide (the dropped limbs must be zero).
    func resized(to count: Int) -> FixedWidthUnsigned {
        var limbs = Array(self.limbs.prefix(count))
        if limbs.count < count { limbs += Array(repeating: 0, count: count - limbs.count) }
        return FixedWidthUnsigned(limbs: limbs)
    }
}

/// Arithmetic modulo an odd modulus in Montgomery form (R = 2^(64·limbs)), for modular
/// exponentiation.
struct MontgomeryModulus: Sendable {
    let modulus: FixedWidthUnsigned
    /// −modulus⁻¹ mod 2⁶⁴.
    private let inverse: UInt64
    /// R² mod modulus, to enter Montgomery form.
    private let rSquared: FixedWidthUnsigned

    /// Nil for an even modulus (or one of a single bit).
    init?(_ modulus: FixedWidthUnsigned) {
        guard modulus.limbs.first.map({ $0 & 1 == 1 }) == true, modulus.bitWidth > 1 else { return nil }
        self.modulus = modulus
        // Newton's iteration for the inverse of an odd number modulo 2^64.
        var x: UInt64 = 1
        for _ in 0..<6 { x = x &* (2 &- modulus.limbs[0] &* x) }
        inverse = 0 &- x
        // R² mod m, by doubling 1 modulo m 2·64·limbs times.
        var value = FixedWidthUnsigned(zeroWithLimbs: modulus.limbs.count)
        value.limbs[0] = 1
        for _ in 0..<(2 * 64 * modulus.limbs.count) {
            let carry = value.add(value)
            if carry || !value.isLess(than: modulus) { value.subtract(modulus) }
        }
        rSquared = value
    }

    var limbCount: Int { modulus.limbs.count }

    /// a·b·R⁻¹ mod m, for a, b < m (coarsely integrated operand scanning).
    func multiply(_ a: FixedWidthUnsigned, _ b: FixedWidthUnsigned) -> FixedWidthUnsigned {
        let n = limbCount
        let m = modulus.limbs
        var t = [UInt64](repeating: 0, count: n + 2)
        for i in 0..<n {
            var carry: UInt64 = 0
            for j in 0..<n {
                let (high, low) = a.limbs[j].multipliedFullWidth(by: b.limbs[i])
                let (sum1, overflow1) = low.addingReportingOverflow(t[j])
                let (sum2, overflow2) = sum1.addingReportingOverflow(carry)
                t[j] = sum2
                carry = high &+ (overflow1 ? 1 : 0) &+ (overflow2 ? 1 : 0)
            }
            let (top, overflow) = t[n].addingReportingOverflow(carry)
            t[n] = top
            t[n + 1] &+= overflow ? 1 : 0

            let factor = t[0] &* inverse
            let (high0, low0) = factor.multipliedFullWidth(by: m[0])
            let (_, overflow0) = low0.addingReportingOverflow(t[0])
            carry = high0 &+ (overflow0 ? 1 : 0)
            for j in 1..<n {
                let (high, low) = factor.multipliedFullWidth(by: m[j])
                let (sum1, overflow1) = low.addingReportingOverflow(t[j])
                let (sum2, overflow2) = sum1.addingReportingOverflow(carry)
                t[j - 1] = sum2
                carry = high &+ (overflow1 ? 1 : 0) &+ (overflow2 ? 1 : 0)
            }
            let (shifted, overflowTop) = t[n].addingReportingOverflow(carry)
            t[n - 1] = shifted
            t[n] = t[n + 1] &+ (overflowTop ? 1 : 0)
            t[n + 1] = 0
        }
        var result = FixedWidthUnsigned(limbs: Array(t[0..<n]))
        if t[n] != 0 || !result.isLess(than: modulus) { result.subtract(modulus) }
        return result
    }

    /// x mod m for any x < m·R (as wide as 2·limbs): Montgomery reduction, then R² back.
    func residue(of x: FixedWidthUnsigned) -> FixedWidthUnsigned {
        let n = limbCount
        var t = x.resized(to: 2 * n).limbs + [0]
        for i in 0..<n {
            let factor = t[i] &* inverse
            var carry: UInt64 = 0
            for j in 0..<n {
                let (high, low) = factor.multipliedFullWidth(by: modulus.limbs[j])
                let (sum1, overflow1) = low.addingReportingOverflow(t[i + j])
                let (sum2, overflow2) = sum1.addingReportingOverflow(carry)
                t[i + j] = sum2
                carry = high &+ (overflow1 ? 1 : 0) &+ (overflow2 ? 1 : 0)
            }
            var k = i + n
            while carry != 0, k < t.count {
                let (sum, overflow) = t[k].addingReportingOverflow(carry)
                t[k] = sum
                carry = overflow ? 1 : 0
                k += 1
            }
        }
        var reduced = FixedWidthUnsigned(limbs: Array(t[n..<(2 * n)]))
        if t[2 * n] != 0 || !reduced.isLess(than: modulus) { reduced.subtract(modulus) }
        // reduced = x·R⁻¹; one multiplication by R² (and R⁻¹) gives x mod m.
        return multiply(reduced, rSquared)
    }

    /// base^exponent mod m, for base < m; `exponent` big-endian bytes (left-to-right binary).
    func power(_ base: FixedWidthUnsigned, exponent: [UInt8]) -> FixedWidthUnsigned {
        var one = FixedWidthUnsigned(zeroWithLimbs: limbCount)
        one.limbs[0] = 1
        let montgomeryBase = multiply(base, rSquared)
        var result = multiply(one, rSquared)
        for byte in exponent {
            for bit in (0..<8).reversed() {
                result = multiply(result, result)
                if byte >> UInt8(bit) & 1 == 1 { result = multiply(result, montgomeryBase) }
            }
        }
        return multiply(result, one)
    }
}
