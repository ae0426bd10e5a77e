import AccessEnabler
import Foundation
import Testing
@testable import AccessEnablerTesting

/// `GET /emulator/requests` serves the log a page at a time, so that reading a full log does not
/// build one answer of tens of megabytes.
@Suite(.timeLimit(.minutes(3)))
struct RequestLogPagingTests {
    private func page(_ harness: Harness, _ path: String) async throws -> (ids: [Int], next: String?, status: Int) {
        let response = try await harness.emulator.handle(HTTPTransportRequest(url: harness.url(path)))
        guard response.status == 200 else { return ([], nil, response.status) }
        let records = try JSONDecoder().decode([JSONValue].self, from: response.body)
        let ids = records.compactMap { $0["id"]?.numberValue.map { Int($0) } }
        var next: String?
        if let link = response.headers["Link"] {
            #expect(link.hasSuffix(#">; rel="next""#))
            next = link.split(separator: ">").first.map { String($0.dropFirst()) }
        }
        return (ids, next, response.status)
    }

    @Test("a log of 2,500 requests is served in pages of 1,000 that follow one another with Link: rel=next")
    func pages() async throws {
        let harness = try await Harness.make()
        for _ in 0..<2_500 {
            _ = try await harness.emulator.handle(HTTPTransportRequest(url: harness.url("/activate")))
        }
        var ids: [Int] = []
        var path: String? = "/emulator/requests"
        var pages = 0
        while let current = path {
            let served = try await page(harness, current)
            #expect(served.ids.count <= 1_000)
            ids += served.ids
            path = served.next
            pages += 1
        }
        #expect(pages == 3)
        #expect(ids.count == 2_502, "every request: the harness's registration and token, and the 2,500")
        #expect(ids == Array(ids.sorted()), "in order")
        #expect(Set(ids).count == ids.count, "none twice")
    }

    @Test("after= and limit= choose the page; a page holds about 4 MiB at most, and at least one record")
    func afterLimitAndBytes() async throws {
        let harness = try await Harness.make()
        let body = Data(repeating: UInt8(ascii: "x"), count: 60_000)
        for _ in 0..<100 {
            _ = try await harness.emulator.handle(
                HTTPTransportRequest(method: .post, url: harness.url("/o/client/register"), body: body))
        }
        let small = try await page(harness, "/emulator/requests?after=10&limit=5")
        #expect(small.ids == [11, 12, 13, 14, 15])
        #expect(small.next == "/emulator/requests?after=15&limit=5")
        let big = try await page(harness, "/emulator/requests")
        #expect(big.ids.count < 100, "about 4 MiB of 60 kB bodies: fewer than all 100")
        #expect(big.ids.count >= 60)
        #expect(big.next != nil)
        // The harness's registration and token, then the 100: IDs 1 to 102.
        let last = try await page(harness, "/emulator/requests?after=101")
        #expect(last.ids == [102] && last.next == nil)
        for bad in ["after=-1", "limit=0", "limit=1001", "after=x"] {
            #expect(try await page(harness, "/emulator/requests?\(bad)").status == 400, "\(bad)")
        }
    }
}
