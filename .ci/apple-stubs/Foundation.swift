// Appended to apple-typecheck's built-in Foundation stand-in: CustomNSError (Foundation, all
// Apple platforms since Swift 3), which FileTokenStorageError adopts for its NSError domain and codes.
public protocol CustomNSError : Swift.Error {
    static var errorDomain: Swift.String { get }
    var errorCode: Swift.Int { get }
    var errorUserInfo: [Swift.String : Any] { get }
}
extension Foundation.CustomNSError {
    public static var errorDomain: Swift.String { get }
    public var errorCode: Swift.Int { get }
    public var errorUserInfo: [Swift.String : Any] { get }
}
