/// The callback pair of the legacy preauthorize API: `onResponse` when the request was served
/// (decisions, or a server error status), `onFailure` when the SDK could not serve it (status 0).
///
/// Both closures are called on the main actor.
public final class AccessEnablerCallback<Result: Sendable>: Sendable {
    let response: @MainActor @Sendable (Result) -> Void
    let failure: @MainActor @Sendable (Result) -> Void

    /// Creates a callback from its two handlers.
    public init(
        onResponse: @escaping @MainActor @Sendable (Result) -> Void,
        onFailure: @escaping @MainActor @Sendable (Result) -> Void
    ) {
        self.response = onResponse
        self.failure = onFailure
    }

    /// Called when the request was fulfilled: success, or a server error carrying a status.
    @MainActor public func onResponse(result: Result) { response(result) }
    /// Called when the SDK could not service the request: the result carries a status 0.
    @MainActor public func onFailure(result: Result) { failure(result) }
}
