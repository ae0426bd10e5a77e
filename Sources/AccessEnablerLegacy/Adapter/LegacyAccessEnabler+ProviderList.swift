import AccessEnabler
import Foundation

// The `getAuthentication:` filter of SDK 2.0–2.3.1: an array of TV Provider IDs (an `NSArray`),
// before 2.4 made it the `TV_PROVIDERS` / `FEATURED_TV_PROVIDERS` dictionary. Disfavoured, so
// that `getAuthentication(nil)` and `andFilter: nil` keep meaning the dictionary form that
// Swift code written against SDK 3.x calls.

extension LegacyAccessEnabler {
    /// `getAuthentication:` with the SDK 2.0–2.3.1 filter: the IDs of the MVPDs Apple's TV Provider
    /// picker shows, in that order (MVPDs without single sign-on are left out; none is featured).
    /// Without the Apple picker the regular flow runs and the filter is ignored.
    @_disfavoredOverload
    public func getAuthentication(_ filter: [Any]!) {
        getAuthentication(false, withData: nil, andFilter: filter)
    }

    /// `getAuthentication:withData:andFilter:` with the SDK 2.0–2.3.1 filter (an array of MVPD IDs
    /// for Apple's TV Provider picker).
    @_disfavoredOverload
    public func getAuthentication(_ forceAuthn: Bool, withData data: [AnyHashable: Any]!, andFilter filter: [Any]!) {
        let providers: [AnyHashable: Any]? = filter.map { [TV_PROVIDERS: $0] }
        getAuthentication(forceAuthn, withData: data, andFilter: providers)
    }

    /// `getAuthentication:withData:andFilter:` with the filter as Objective-C hands it over (`id`):
    /// the SDK 2.4+ dictionary, or the SDK 2.0–2.3.1 array of MVPD IDs; anything else (nil
    /// included) is no filter. Objective-C names one selector for both generations, so the
    /// argument's class decides, here rather than in a bridging cast that would stop the app.
    func getAuthentication(_ forceAuthn: Bool, withData data: [AnyHashable: Any]?, anyFilter filter: Any?) {
        getAuthentication(forceAuthn, withData: data, andFilter: Self.filterDictionary(filter))
    }

    /// The dictionary form of a filter of either generation; nil for anything else.
    static func filterDictionary(_ filter: Any?) -> [AnyHashable: Any]? {
        switch filter {
        case let dictionary as [AnyHashable: Any]: dictionary
        case let providers as [Any]: [TV_PROVIDERS: providers]
        default: nil
        }
    }
}
