// Appended to the type-checker's Foundation stand-in: what the package uses beyond it.
// Compared with Apple's iOS 16.5 SDK (iPhoneOS16.5.sdk, Foundation.framework/Headers and
// Foundation.apinotes, as ../shared/tools/apple-sdk-typecheck reads them): the URLSession
// completion handlers are NS_SWIFT_SENDABLE there, FileHandle and URLSessionDataTask are
// Sendable, Thread and UserDefaults are explicitly not. Where this file and Apple's SDK differ,
// Apple's SDK is right.

// The URLSession delegate API the package's URLSessionTransport uses.
extension URLSession {
    public var delegate: (any URLSessionDelegate)? { get }
    public func dataTask(with request: URLRequest) -> URLSessionDataTask
    public enum ResponseDisposition: Swift.Int, Swift.Sendable {
        case cancel = 0
        case allow = 1
        case becomeDownload = 2
        case becomeStream = 3
    }
}
extension URLSessionTask {
    public func resume()
    public func cancel()
    public var response: URLResponse? { get }
}
open class URLSessionDataTask : URLSessionTask, @unchecked Swift.Sendable {}
public protocol URLSessionDataDelegate : URLSessionTaskDelegate {
    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse, completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Swift.Void)
    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data)
    // Apple declares this one on URLSessionTaskDelegate, which URLSessionDataDelegate refines;
    // the stand-in's task delegate cannot gain it from here.
    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Swift.Error)?)
}
extension URLResponse {
    public var expectedContentLength: Swift.Int64 { get }
}
extension URLSessionConfiguration {
    public var httpMaximumConnectionsPerHost: Swift.Int { get set }
}

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

// Appended for AccessEnablerTesting (the emulator's warnings and scenario validation), from
// Apple's Foundation documentation: FileHandle's standard error and write(_:), the
// NSDebugDescriptionErrorKey user-info key, and Error.localizedDescription (all Apple platforms).
open class FileHandle : Foundation.NSObject, @unchecked Swift.Sendable {
    open class var standardError: Foundation.FileHandle { get }
    open func write(_ data: Foundation.Data)
}
public let NSDebugDescriptionErrorKey: Swift.String
extension Swift.Error {
    public var localizedDescription: Swift.String { get }
}

// Appended for AccessEnablerLegacy and the legacy migration fixture (app code that imports only
// the SDK): Foundation re-exports Dispatch on Apple platforms; Thread.isMainThread; UserDefaults;
// URLSession's completion-handler data task.
@_exported import Dispatch
open class Thread : NSObject {
    open class var isMainThread: Swift.Bool { get }
}
@available(*, unavailable)
extension Thread : @unchecked Swift.Sendable {}
@available(*, unavailable)
extension UserDefaults : @unchecked Swift.Sendable {}
open class UserDefaults : NSObject {
    open class var standard: UserDefaults { get }
    open func object(forKey defaultName: Swift.String) -> Any?
    open func set(_ value: Any?, forKey defaultName: Swift.String)
    open func set(_ value: Swift.Bool, forKey defaultName: Swift.String)
    open func string(forKey defaultName: Swift.String) -> Swift.String?
    open func bool(forKey defaultName: Swift.String) -> Swift.Bool
    open func removeObject(forKey defaultName: Swift.String)
}
extension URLSession {
    public func dataTask(with url: URL, completionHandler: @escaping @Sendable (Data?, URLResponse?, (any Swift.Error)?) -> Swift.Void) -> URLSessionDataTask
    public func dataTask(with request: URLRequest, completionHandler: @escaping @Sendable (Data?, URLResponse?, (any Swift.Error)?) -> Swift.Void) -> URLSessionDataTask
}

// Appended for the TV Provider binding's usage-description check: Bundle's Info.plist lookup
// (`- (nullable id)objectForInfoDictionaryKey:(NSString *)key;`, all Apple platforms).
extension Bundle {
    public func object(forInfoDictionaryKey key: Swift.String) -> Any?
}

// Appended for AccessEnablerTesting (the request log's redaction re-encodes a JSON body), from
// Apple's NSJSONSerialization.h (iOS 16.5 SDK): `dataWithJSONObject:options:error:` and
// NSJSONWritingOptions (sortedKeys since iOS 11, macOS 10.13, tvOS 11, watchOS 4).
extension JSONSerialization {
    public struct WritingOptions : Swift.OptionSet, Swift.Sendable {
        public init(rawValue: Swift.UInt)
        public var rawValue: Swift.UInt { get }
        public static var prettyPrinted: Foundation.JSONSerialization.WritingOptions { get }
        public static var sortedKeys: Foundation.JSONSerialization.WritingOptions { get }
        public static var fragmentsAllowed: Foundation.JSONSerialization.WritingOptions { get }
    }
    open class func data(withJSONObject obj: Any, options opt: Foundation.JSONSerialization.WritingOptions = []) throws -> Foundation.Data
}

// NSNull (Foundation, all Apple platforms): the legacy adapter's setOptions: reads it as "remove
// this key", as Objective-C dictionaries, which cannot hold nil, spell it.
open class NSNull : Foundation.NSObject {
    public override init()
}
