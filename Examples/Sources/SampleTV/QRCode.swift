import CoreGraphics
import CoreImage
import Foundation

// CIFilter.qrCodeGenerator() lives in this submodule of Apple's CoreImage (the tvOS stand-in
// declares it in CoreImage itself).
#if canImport(CoreImage.CIFilterBuiltins)
import CoreImage.CIFilterBuiltins
#endif

/// A QR code image of a URL, for the viewer's phone camera.
enum QRCode {
    /// The QR code of `url`, one pixel per module (draw it scaled without interpolation).
    static func image(for url: URL) -> CGImage? {
        let filter = CIFilter.qrCodeGenerator()
        filter.message = Data(url.absoluteString.utf8)
        filter.correctionLevel = "M"
        guard let output = filter.outputImage else { return nil }
        return CIContext().createCGImage(output, from: output.extent)
    }
}
