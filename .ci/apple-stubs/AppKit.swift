// apple-typecheck: platforms=macOS
// AppKit, as far as the package names it: NSWindow, the presentation anchor of a web
// authentication session on macOS (class hierarchy as in Apple's documentation).
@_exported import Foundation
@MainActor open class NSResponder : Foundation.NSObject {}
@MainActor open class NSWindow : AppKit.NSResponder {}
