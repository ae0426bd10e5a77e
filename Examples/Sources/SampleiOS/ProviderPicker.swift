import AccessEnabler
import Combine
import SwiftUI

/// The app's ``MVPDPicker``: the SDK asks it for a provider, the sheet it drives answers.
@MainActor
public final class ProviderPicker: ObservableObject, MVPDPicker {
    /// The providers the sheet lists while a choice is pending; nil hides the sheet.
    @Published public private(set) var offered: [MVPD]?
    private var pending: CheckedContinuation<MVPD?, Never>?

    /// Creates the picker.
    public init() {}

    /// Shows the sheet with `providers` and returns the viewer's choice, nil when cancelled.
    public func selectProvider(from providers: [MVPD]) async throws -> MVPD? {
        // A newer request replaces an older one (the older sign-in sees a cancel).
        pending?.resume(returning: nil)
        offered = providers.sorted { $0.displayName < $1.displayName }
        return try await withTaskCancellationHandler {
            let choice = await withCheckedContinuation { pending = $0 }
            try Task.checkCancellation()
            return choice
        } onCancel: {
            // The sign-in was cancelled while the sheet is up: close it.
            Task { @MainActor in self.choose(nil) }
        }
    }

    /// The viewer picked `mvpd`, or cancelled with nil.
    func choose(_ mvpd: MVPD?) {
        offered = nil
        pending?.resume(returning: mvpd)
        pending = nil
    }
}

/// The sheet the picker drives: one row per provider, and Cancel.
@MainActor
struct ProviderPickerSheet: View {
    @ObservedObject var picker: ProviderPicker

    var body: some View {
        NavigationStack {
            List(picker.offered ?? []) { mvpd in
                Button(mvpd.displayName) { picker.choose(mvpd) }
            }
            .navigationTitle("Your TV provider")
            .toolbar {
                ToolbarItem(placement: .cancellationAction) {
                    Button("Cancel") { picker.choose(nil) }
                }
            }
        }
    }
}
