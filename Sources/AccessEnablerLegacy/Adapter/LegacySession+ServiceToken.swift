import AccessEnabler

extension LegacySession {
    /// `setOptions:` changed the service token: the core forgets the one it holds, in the order of
    /// the `setOptions:` calls and before any later call starts.
    func serviceTokenChanged() {
        let previous = optionsUpdate
        let core = self.core
        optionsUpdate = Task { @MainActor in
            await previous?.value
            await core.discardServiceToken()
        }
    }
}
