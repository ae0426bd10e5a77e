// apple-typecheck: platforms=iOS,tvOS
// Stand-in for Apple's CoreGraphics, as far as the tvOS sample (Examples/Sources/SampleTV) names
// it: CGFloat, CGRect and CGImage. Written from Apple's documentation (developer.apple.com/
// documentation/coregraphics: CGFloat, CGRect, CGImage) and compared with the iOS 16.5 SDK's
// CoreGraphics headers, which the real-SDK check reads for the iOS side. A claim, not Apple's SDK.
import Foundation

@frozen public struct CGFloat: Swift.Hashable, Swift.Sendable, Swift.ExpressibleByIntegerLiteral, Swift.ExpressibleByFloatLiteral {
    public init(integerLiteral value: Swift.Int)
    public init(floatLiteral value: Swift.Double)
    public init(_ value: Swift.Double)
}

@frozen public struct CGPoint: Swift.Hashable, Swift.Sendable {
    public var x: CGFloat
    public var y: CGFloat
}

@frozen public struct CGSize: Swift.Hashable, Swift.Sendable {
    public var width: CGFloat
    public var height: CGFloat
}

@frozen public struct CGRect: Swift.Hashable, Swift.Sendable {
    public var origin: CGPoint
    public var size: CGSize
}

/// A bitmap image (a Core Foundation type; immutable, so Sendable in Apple's SDK annotations).
final public class CGImage: @unchecked Swift.Sendable {
    final public var width: Swift.Int { get }
    final public var height: Swift.Int { get }
}
