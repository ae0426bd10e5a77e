extension AccessEnabler {
    /// The SDK's version (semantic versioning): the one in `CHANGELOG.md`, sent in every
    /// request's `User-Agent` (`AccessEnabler-Swift/<version> (…)`) and, on REST API v1, in
    /// `AP-SDK-Identifier`; `accessenabler --version` prints it.
    public static let version = "1.0.0"
}
