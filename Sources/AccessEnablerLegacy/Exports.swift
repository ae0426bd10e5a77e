// What `import AccessEnabler` brought into a file that used Adobe's framework, so that a file
// changes only its import line: the framework's module re-exported Foundation and UIKit (and
// Foundation brings Dispatch). On Linux, Foundation's networking classes live in
// FoundationNetworking: re-exported too, so the same file builds there. The async core comes along (`AccessEnabler`, `PreauthorizeRequest`,
// `Status`, …); where its names clash with the legacy SDK's (`MVPD`), the legacy name wins in a file
// that imports only this module.
@_exported import AccessEnabler
@_exported import Foundation
#if canImport(FoundationNetworking)
@_exported import FoundationNetworking
#endif
#if canImport(UIKit)
@_exported import UIKit
#endif
