import AccessEnabler
import Foundation

/// Collects the token stores the SDK moved aside as unreadable during a command
/// (`EntitlementEvent.storageRecovered`), to report each in one line on standard error; the SDK
/// itself only logs them, which the tool shows only with `--verbose`.
struct StorageRecoveryWatcher: Sendable {
    /// The storage file, named in the report.
    let storage: URL
    private let collecting: Task<[EntitlementEvent.StorageRecovery], Never>

    /// Starts collecting from `events`, which must be subscribed before the first SDK call.
    init(events: AsyncStream<EntitlementEvent>, storage: URL) {
        self.storage = storage
        collecting = Task {
            var recoveries: [EntitlementEvent.StorageRecovery] = []
            for await event in events {
                if case .storageRecovered(let recovery) = event { recoveries.append(recovery) }
            }
            return recoveries
        }
    }

    /// Stops collecting and writes one line per recovery to standard error.
    ///
    /// Call after the command's SDK calls have returned: each emits its events before it returns,
    /// and a cancelled stream still hands out the events it has buffered before it ends.
    func report(to console: Console) async {
        collecting.cancel()
        for recovery in await collecting.value {
            console.err(line(for: recovery))
        }
    }

    /// For example `warning: the token storage /…/storage.json was unreadable (the file is not valid
    /// token JSON) and was moved to /…/storage.json.corrupt-1795…; starting with an empty store`.
    func line(for recovery: EntitlementEvent.StorageRecovery) -> String {
        let outcome = recovery.movedTo.map { "was moved to \($0.path)" } ?? "was cleared"
        return "warning: the token storage \(storage.path) was unreadable (\(recovery.reason)) and \(outcome); "
            + "starting with an empty store"
    }
}
