import Foundation
import Testing

@testable import AccessEnabler

/// `JSONValue`'s hand-written `==` (docs/performance.md): the same answers as comparing the
/// members as dictionaries, and hashes that agree with it.
@Suite(.timeLimit(.minutes(1)))
struct JSONValueTests {
    static let object: JSONValue = ["zip": "10001", "tier": 2, "flags": [true, nil], "nested": ["a": 1.5]]

    @Test func objectsWithTheSameMembersAreEqualWhateverTheirOrder() throws {
        let decoded = try JSONDecoder().decode(
            JSONValue.self, from: Data(#"{"nested":{"a":1.5},"flags":[true,null],"tier":2,"zip":"10001"}"#.utf8))
        #expect(decoded == Self.object)
        #expect(decoded.hashValue == Self.object.hashValue)
        #expect(Set([decoded, Self.object]).count == 1)
    }

    @Test(arguments: [
        ["zip": "10001", "tier": 2, "flags": [true, nil]] as JSONValue,  // a member missing
        ["zip": "10001", "tier": 2, "flags": [true, nil], "nested": ["a": 1.5], "extra": nil],  // one more
        ["zip": "10001", "tier": 2, "flags": [true, nil], "nested": ["b": 1.5]],  // a nested key renamed
        ["zip": "10001", "tier": 3, "flags": [true, nil], "nested": ["a": 1.5]],  // a value changed
        ["zip": "10001", "tier": 2, "flags": [nil, true], "nested": ["a": 1.5]],  // an array reordered
        ["zip": "10001", "tier": "2", "flags": [true, nil], "nested": ["a": 1.5]],  // a type changed
    ])
    func objectsThatDifferAreNotEqual(other: JSONValue) {
        #expect(other != Self.object)
        #expect(Self.object != other)
    }

    /// A NaN makes any value holding it unequal, itself included, as a `Double` NaN is, in an
    /// array as in an object (the standard library's equality would say equal when both sides
    /// share storage).
    @Test func aNaNAnywhereIsUnequalEvenToItself() {
        let inObject: JSONValue = ["x": .number(.nan)]
        let inArray: JSONValue = [.number(.nan)]
        #expect(inObject != inObject)
        #expect(inArray != inArray)
        #expect(JSONValue.object(["x": .number(.nan)]) != JSONValue.object(["x": .number(.nan)]))
    }

    @Test func scalarsCompareByCaseAndValue() {
        #expect(JSONValue.string("1") != .number(1))
        #expect(JSONValue.bool(true) != .number(1))
        #expect(JSONValue.null == .null)
        #expect(JSONValue.null != .object([:]))
        #expect(JSONValue.object([:]) == .object([:]))
        #expect(JSONValue.array([]) != .object([:]))
        #expect(JSONValue.number(0.5) == 0.5)
    }
}
