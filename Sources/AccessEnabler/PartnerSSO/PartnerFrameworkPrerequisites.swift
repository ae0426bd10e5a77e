/// A partner framework that can tell, before it is asked anything, that the app cannot use it
/// (Apple's TV Provider without its usage description ends the app on its first prompt).
/// ``AccessEnabler`` then leaves it out, with one log line.
protocol PartnerFrameworkPrerequisites {
    /// What the app lacks to use the framework, said for the log; nil when nothing is missing.
    var missingPrerequisite: String? { get }
}

extension AccessEnabler {
    /// `framework`, or nil (logged once) when the app lacks what it needs.
    static func usable(_ framework: (any PartnerFramework)?, log: Log) -> (any PartnerFramework)? {
        guard let framework else { return nil }
        if let prerequisites = framework as? any PartnerFrameworkPrerequisites,
            let missing = prerequisites.missingPrerequisite
        {
            log.error("partner single sign-on through \(framework.partnerName) is off: \(missing)")
            return nil
        }
        return framework
    }
}
