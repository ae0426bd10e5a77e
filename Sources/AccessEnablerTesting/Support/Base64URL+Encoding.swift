import AccessEnabler
import Foundation

// The emulator's side of `Base64URL`: the SDK only reads Base64URL, so an app does not ship this.
extension Base64URL {
    /// `bytes`, encoded without padding.
    package static func encode(_ bytes: some Sequence<UInt8>) -> String {
        String(
            Data(bytes).base64EncodedString().compactMap { character -> Character? in
                switch character {
                case "+": "-"
                case "/": "_"
                case "=": nil
                default: character
                }
            })
    }

    /// The bytes of `text`; nil when it holds anything but the Base64URL alphabet or does not
    /// decode.
    package static func decode(_ text: String) -> [UInt8]? { decode(Substring(text)) }
}
