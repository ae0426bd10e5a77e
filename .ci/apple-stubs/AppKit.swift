// apple-typecheck: platforms=macOS
// AppKit, as far as the package names it: NSWindow, the presentation anchor of a web
// authentication session on macOS (class hierarchy as in Apple's documentation).
@_exported import Foundation
// Main-actor isolated, hence Sendable as in Apple's SDK (the stand-in's NSObject, a plain Swift
// class, stops Swift from inferring it).
@MainActor open class NSResponder : Foundation.NSObject, @unchecked Swift.Sendable {}
@MainActor open class NSWindow : AppKit.NSResponder {}
