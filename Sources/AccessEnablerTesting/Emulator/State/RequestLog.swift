import Foundation

/// The request log and the tasks waiting for requests to arrive (actor-isolated, no lock).
struct RequestLog: Sendable {
    private struct Waiter: Sendable {
        var count: Int
        var continuation: CheckedContinuation<Void, any Error>
    }

    private(set) var records: [EmulatorRequestRecord] = []
    /// Whether records are kept; arrivals are counted (for waiters) either way.
    var keepsRecords = true
    /// Whether records are kept without their secrets (``EmulatorRequestRecord/redacted()``);
    /// ``setRedaction(_:)`` changes it.
    private(set) var redactsRecords = false
    /// The most records kept; the oldest go first.
    var maximumRecords = RequestLog.defaultMaximumRecords
    /// The most bytes the kept records hold (``EmulatorRequestRecord/approximateSize``); the
    /// oldest go first.
    var maximumBytes = RequestLog.defaultMaximumBytes
    /// The bytes the kept records hold (the sum of their ``EmulatorRequestRecord/approximateSize``).
    private(set) var bytes = 0

    /// 10,000 records.
    static let defaultMaximumRecords = 10_000
    /// 64 MiB.
    static let defaultMaximumBytes = 64 << 20
    /// A body kept in a record is cut to 64 KiB (far more than any Adobe Pass request).
    static let maximumBodyBytes = 64 << 10
    /// The ID the next request gets.
    private var nextID = 1
    private var counts: [EmulatorRoute: Int] = [:]
    private var waiters: [EmulatorRoute: [UInt64: Waiter]] = [:]
    private var nextWaiterID: UInt64 = 0

    /// Logs an arriving request to `route` (the record is built only when records are kept);
    /// returns its ID and the waiters it satisfies (resume them).
    mutating func append(route: EmulatorRoute?, _ makeRecord: (Int) -> EmulatorRequestRecord)
        -> (id: Int, satisfied: [CheckedContinuation<Void, any Error>])
    {
        let id = nextID
        nextID += 1
        if keepsRecords { keep(makeRecord(id)) }
        guard let route else { return (id, []) }
        let count = counts[route, default: 0] + 1
        counts[route] = count
        guard let routeWaiters = waiters[route], !routeWaiters.isEmpty else { return (id, []) }
        let due = routeWaiters.filter { $0.value.count <= count }
        for waiterID in due.keys { waiters[route]?[waiterID] = nil }
        return (id, due.values.map(\.continuation))
    }

    /// Records the outcome of request `id`, unless the log was cleared since it arrived.
    mutating func complete(_ id: Int, status: Int?, failure: String?) {
        // IDs increase along the array (with gaps while records were not kept): binary search.
        var low = 0
        var high = records.count
        while low < high {
            let middle = (low + high) / 2
            if records[middle].id < id { low = middle + 1 } else { high = middle }
        }
        guard low < records.count, records[low].id == id else { return }
        // The failure counts toward the record's size: the bound must see it arrive.
        bytes -= records[low].approximateSize
        records[low].responseStatus = status
        records[low].failure = failure
        bytes += records[low].approximateSize
        trim()
    }

    /// Keeps records without their secrets from now on, or with them; turning redaction on also
    /// redacts the records already kept, so none read later holds a secret.
    mutating func setRedaction(_ enabled: Bool) {
        redactsRecords = enabled
        guard enabled else { return }
        bytes = 0
        for index in records.indices {
            records[index] = records[index].redacted()
            bytes += records[index].approximateSize
        }
        trim()
    }

    /// Keeps `record` (redacted when asked, its body cut to ``maximumBodyBytes``), dropping the
    /// oldest records beyond the bounds.
    private mutating func keep(_ record: EmulatorRequestRecord) {
        var record = redactsRecords ? record.redacted() : record
        if let body = record.body, body.count > Self.maximumBodyBytes {
            record.body = body.prefix(Self.maximumBodyBytes)
        }
        records.append(record)
        bytes += record.approximateSize
        trim()
    }

    /// When a bound is exceeded, drops the oldest records until both hold with a tenth to spare,
    /// so that a full log sheds records in chunks rather than shifting its array on every request.
    mutating func trim() {
        guard records.count > max(maximumRecords, 0) || bytes > maximumBytes else { return }
        let recordTarget = max(maximumRecords, 0) - max(maximumRecords, 0) / 10
        let byteTarget = maximumBytes - maximumBytes / 10
        var dropped = 0
        while dropped < records.count, records.count - dropped > recordTarget || bytes > byteTarget {
            bytes -= records[dropped].approximateSize
            dropped += 1
        }
        records.removeFirst(dropped)
    }

    /// The records after the one with ID `after`, at most `limit` of them and about `maximumBytes`
    /// (at least one record when any is left); `hasMore` when records follow the page.
    func page(after: Int, limit: Int, maximumBytes: Int) -> (records: ArraySlice<EmulatorRequestRecord>, hasMore: Bool)
    {
        // IDs increase along the array: binary search for the first record after `after`.
        var low = 0
        var high = records.count
        while low < high {
            let middle = (low + high) / 2
            if records[middle].id <= after { low = middle + 1 } else { high = middle }
        }
        var end = low
        var bytes = 0
        while end < records.count, end - low < limit {
            bytes += records[end].approximateSize
            if bytes > maximumBytes, end > low { break }
            end += 1
        }
        return (records[low..<end], end < records.count)
    }

    /// The number of logged requests to `route`.
    func count(of route: EmulatorRoute) -> Int { counts[route, default: 0] }

    mutating func clear() {
        records.removeAll()
        bytes = 0
        counts.removeAll()
    }

    /// Removes a waiter, returning its continuation if it was still waiting.
    mutating func removeWaiter(_ id: UInt64, route: EmulatorRoute) -> CheckedContinuation<Void, any Error>? {
        waiters[route]?.removeValue(forKey: id)?.continuation
    }

    /// Reserves an ID for a waiter that may register later.
    mutating func reserveWaiterID() -> UInt64 {
        nextWaiterID += 1
        return nextWaiterID
    }

    /// Registers a waiter under a reserved ID.
    mutating func addWaiter(
        id: UInt64, route: EmulatorRoute, count: Int,
        continuation: CheckedContinuation<Void, any Error>
    ) {
        waiters[route, default: [:]][id] = Waiter(count: count, continuation: continuation)
    }
}

extension EmulatorRequestRecord {
    /// Roughly how many bytes the record holds: what the log's byte bound counts.
    var approximateSize: Int {
        var size = 128 + path.utf8.count + method.utf8.count + (body?.count ?? 0) + (failure?.utf8.count ?? 0)
        for field in headers { size += field.name.utf8.count + field.value.utf8.count }
        for item in queryItems { size += item.name.utf8.count + (item.value?.utf8.count ?? 0) }
        return size
    }
}
