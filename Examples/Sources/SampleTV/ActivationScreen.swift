import AccessEnabler
import SampleSupport
import SampleUI
import SwiftUI

/// The second-screen sign-in: the code, where to type it, a QR code, the expiry, and the polling.
@MainActor
struct ActivationScreen: View {
    let session: SampleSession
    @StateObject private var model = SecondScreenModel()
    /// A new attempt cancels the running sign-in and starts one with a new code.
    @State private var attempt = 0

    var body: some View {
        VStack(spacing: 40) {
            switch model.state {
            case .requestingCode:
                ProgressView("Getting a code")
            case .polling(let code, let interval):
                CodePanel(code: code, interval: interval)
            case .expired:
                Text("The code has expired.")
                Button("Get a new code") { attempt += 1 }
            case .signedIn(let authentication):
                Text("Signed in with \(authentication.mvpd.displayName).")
            case .failed(let report):
                ErrorBanner(report: report) { attempt += 1 }
            }
        }
        .task(id: attempt) {
            if let authentication = await model.run(enabler: session.enabler) {
                await session.signedIn(authentication)
            }
        }
    }
}

/// The code, its address and QR code, its expiry, and the state of the polling.
@MainActor
struct CodePanel: View {
    let code: ActivationCode
    let interval: Duration

    var body: some View {
        HStack(spacing: 80) {
            VStack(alignment: .leading, spacing: 24) {
                Text("On your phone or computer, go to")
                Text(code.activationURL?.absoluteString ?? "the activation page").font(.headline)
                Text("and enter")
                Text(code.code).font(.system(size: 96, weight: .bold, design: .monospaced))
                Text("The code expires \(code.expires, style: .relative).").foregroundStyle(.secondary)
                HStack {
                    ProgressView()
                    Text("Waiting for your sign-in: checking every \(interval.components.seconds) s")
                }
            }
            if let url = code.qrCodeURL, let image = QRCode.image(for: url) {
                Image(decorative: image, scale: 1)
                    .interpolation(.none)
                    .resizable()
                    .frame(width: 320, height: 320)
            }
        }
    }
}
