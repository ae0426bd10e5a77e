// apple-typecheck: platforms=iOS,tvOS
// Stand-in for Apple's CoreImage, as far as the tvOS sample's QR code (Examples/Sources/SampleTV/
// QRCode.swift) names it: CIImage, CIContext, and the QR code generator of the CIFilterBuiltins
// submodule (declared here, in the module, because a stand-in module has no submodules; the
// sample imports `CoreImage.CIFilterBuiltins` under `canImport`, which is true on Apple's SDKs).
// Written from Apple's documentation (developer.apple.com/documentation/coreimage: CIImage,
// CIContext, CIFilter/qrCodeGenerator(), CIQRCodeGenerator; iOS 13 / tvOS 13) and compared with
// the iOS 16.5 SDK's CoreImage headers. A claim, not Apple's SDK.
import CoreGraphics
import Foundation

open class CIImage: Foundation.NSObject {
    open var extent: CoreGraphics.CGRect { get }
}

open class CIContext: Foundation.NSObject {
    public override init()
    open func createCGImage(_ image: CIImage, from fromRect: CoreGraphics.CGRect) -> CoreGraphics.CGImage?
}

open class CIFilter: Foundation.NSObject {
    open var outputImage: CIImage? { get }
}

public protocol CIFilterProtocol: Foundation.NSObjectProtocol {
    var outputImage: CIImage? { get }
}

@available(iOS 13.0, tvOS 13.0, *)
public protocol CIQRCodeGenerator: CIFilterProtocol {
    var message: Foundation.Data { get set }
    var correctionLevel: Swift.String { get set }
}

@available(iOS 13.0, tvOS 13.0, *)
extension CIFilter {
    public class func qrCodeGenerator() -> any CIFilter & CIQRCodeGenerator
}
