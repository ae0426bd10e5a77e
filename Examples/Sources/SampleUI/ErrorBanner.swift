import SampleSupport
import SwiftUI

/// A failure as its `Status` says it: the message, what to do (from the action), and the code
/// and trace ID for support.
@MainActor
public struct ErrorBanner: View {
    let report: ErrorReport
    let dismiss: () -> Void

    /// Creates the banner; `dismiss` hides it.
    public init(report: ErrorReport, dismiss: @escaping () -> Void) {
        self.report = report
        self.dismiss = dismiss
    }

    public var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            Label(report.operation, systemImage: "exclamationmark.triangle").font(.headline)
            Text(report.message)
            if let remedy = report.remedy {
                Text(remedy).bold()
            }
            if let code = report.code {
                Text("Code: \(code)\(report.trace.map { " · trace \($0)" } ?? "")")
                    .font(.caption).foregroundStyle(.secondary)
            }
            Button("OK", action: dismiss)
        }
        .padding()
    }
}
