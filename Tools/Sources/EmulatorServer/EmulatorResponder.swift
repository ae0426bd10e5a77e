import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Answers every HTTP request with the emulator: there is no routing here, because
/// `PassEmulator.handle` serves every path, the `/emulator/` control routes included.
struct EmulatorResponder: HTTPResponder {
    /// Where the emulator is once the server listens.
    let slot: EmulatorSlot
    /// The largest request body accepted.
    let maximumBodySize: Int
    /// Called after each request.
    let onRequest: (@Sendable (ServedRequest) -> Void)?

    func respond(to request: Request, context: EmulatorRequestContext) async throws -> Response {
        var request = request
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: maximumBodySize)
        } catch is NIOTooManyBytesError {
            onRequest?(ServedRequest(method: request.method.rawValue, path: request.uri.path, status: 413))
            return Self.tooLarge(maximumBodySize)
        }
        // HTTP/1.1's Host header arrives as the request's authority, not among its fields: it is
        // put back, since the emulator's control routes check it.
        var headers = request.headers.map { (name: $0.name.rawName, value: $0.value) }
        if let authority = request.head.authority, !headers.contains(where: { $0.name.lowercased() == "host" }) {
            headers.insert((name: "Host", value: authority), at: 0)
        }
        let raw = RawRequest(
            method: request.method.rawValue,
            target: request.uri.string,
            headers: headers,
            body: Data(buffer.readableBytesView))
        let path = request.uri.path
        let endpoint = EmulatorEndpoint(emulator: await slot.value())
        let answer: RawResponse
        do {
            answer = try await endpoint.serve(raw)
        } catch {
            // An injected transport failure (a dropped connection or a timeout): the client sees
            // the connection close without an answer, as it would on a real network.
            onRequest?(ServedRequest(method: raw.method, path: path, status: nil))
            context.channel.close(promise: nil)
            throw error
        }
        onRequest?(ServedRequest(method: raw.method, path: path, status: answer.status))
        var fields = HTTPFields()
        for header in answer.headers {
            guard let name = HTTPField.Name(header.name) else { continue }
            fields.append(HTTPField(name: name, value: header.value))
        }
        return Response(
            status: HTTPResponse.Status(code: answer.status),
            headers: fields,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer.body)))
    }

    /// 413 with the reason, as JSON like the emulator's other refusals; the connection is closed
    /// (the rest of the body is not read).
    static func tooLarge(_ limit: Int) -> Response {
        let reason =
            #"{"error": "The request body is larger than the emulator accepts ("# + String(limit) + #" bytes)."}"#
        return Response(
            status: .contentTooLarge,
            headers: [.contentType: "application/json", .connection: "close"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: reason)))
    }
}
