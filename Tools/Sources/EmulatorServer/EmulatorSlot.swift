import AccessEnablerTesting

/// Holds the emulator once the server knows its own address.
///
/// The emulator's ``PassEmulator/baseURL`` is the real listening URL, which is only known once the
/// socket is bound (with port 0 the system picks the port). A request that arrives before then
/// waits.
actor EmulatorSlot {
    private var emulator: PassEmulator?
    private var waiters: [CheckedContinuation<PassEmulator, Never>] = []

    /// Stores the emulator and wakes every request waiting for it.
    func fill(with emulator: PassEmulator) {
        guard self.emulator == nil else { return }
        self.emulator = emulator
        let waiting = waiters
        waiters.removeAll()
        for waiter in waiting { waiter.resume(returning: emulator) }
    }

    /// The emulator, once the server is listening.
    func value() async -> PassEmulator {
        if let emulator { return emulator }
        return await withCheckedContinuation { waiters.append($0) }
    }
}
