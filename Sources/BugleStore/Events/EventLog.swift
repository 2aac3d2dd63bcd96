import Bugle
import Foundation
import GRDB

/// A scheduler event as the event log keeps it.
public struct LoggedEvent: Hashable, Sendable {
    /// The log's sequence number: later events have larger ones.
    public var sequence: Int64
    /// `SchedulerEvent.kind`: `scheduled`, `cancelled`, `delivered`, …
    public var kind: String
    /// When it happened.
    public var date: Date
    /// The request it concerns, when it concerns one; for a drop, the candidate's id.
    public var requestID: String?
    /// A sentence a person can read.
    public var summary: String
    /// The event's fields, as a JSON object.
    public var detail: JSONValue
}

extension BugleDatabase {
    /// Appends `event` to the log.
    public func append(_ event: SchedulerEvent) throws {
        let record = EventRecord(event)
        let detail = JSONText.string(record.detail)
        try write { db in
            try db.cachedStatement(sql: "INSERT INTO event (kind, at, request_id, summary, detail) VALUES (?, ?, ?, ?, ?)")
                .execute(arguments: [event.kind, event.date.timeIntervalSince1970, record.requestID, record.summary, detail])
        }
    }

    /// Logged events in order, of the given kinds (all when `nil`), at or after `from` and
    /// before `to`.
    ///
    /// - Complexity: O(log *n* + *m*) for *m* events returned, through the index on kind and time.
    public func events(kinds: Set<String>? = nil, from: Date? = nil, to: Date? = nil) throws -> [LoggedEvent] {
        var conditions: [String] = []
        var arguments: StatementArguments = []
        if let kinds {
            conditions.append("kind IN (\(Array(repeating: "?", count: kinds.count).joined(separator: ", ")))")
            _ = arguments.append(contentsOf: StatementArguments(kinds.sorted()))
        }
        if let from {
            conditions.append("at >= ?")
            _ = arguments.append(contentsOf: [from.timeIntervalSince1970])
        }
        if let to {
            conditions.append("at < ?")
            _ = arguments.append(contentsOf: [to.timeIntervalSince1970])
        }
        let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        return try read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM event \(filter) ORDER BY at, id", arguments: arguments).map { row in
                let text: String = row["detail"]
                guard let detail = JSONText.parse(text) else { throw ContentCoding.invalid("malformed event detail \(text.prefix(80))") }
                return LoggedEvent(
                    sequence: row["id"], kind: row["kind"], date: Date(timeIntervalSince1970: row["at"]), requestID: row["request_id"],
                    summary: row["summary"], detail: detail)
            }
        }
    }

    /// An event sink that appends every event to this store's log.
    ///
    /// A sink cannot throw: a failed write goes to `onError` (by default, nowhere), and the
    /// scheduler carries on.
    public func eventSink(onError: @escaping @Sendable (any Error) -> Void = { _ in }) -> EventLogSink {
        EventLogSink(store: self, onError: onError)
    }
}

/// Writes scheduler events to a ``BugleDatabase``'s event log; see
/// ``BugleDatabase/eventSink(onError:)``.
public struct EventLogSink: EventSink {
    let store: BugleDatabase
    let onError: @Sendable (any Error) -> Void

    /// Appends `event` to the log.
    public func record(_ event: SchedulerEvent) {
        do { try store.append(event) } catch { onError(error) }
    }
}

/// An event's summary and fields.
private struct EventRecord {
    var requestID: String?
    var summary: String
    var detail: JSONValue

    init(_ event: SchedulerEvent) {
        func time(_ date: Date) -> JSONValue { .string(ISO8601.string(from: date, timeZone: TimeZone(identifier: "UTC")!)) }
        switch event {
        case .refreshed(let reason, _):
            summary = "refresh (\(reason.rawValue))"
            detail = .object(["reason": .string(reason.rawValue)])
        case .scheduled(let request, let fireDate, _):
            requestID = request.id
            summary = "scheduled \(request.id): \(request.content.title)"
            detail = .object([
                "id": .string(request.id), "rule": request.ruleID.map(JSONValue.string) ?? .null, "fireTime": .string(request.fireTime.description),
                "fireDate": time(fireDate), "title": .string(request.content.title), "fingerprint": .string(request.fingerprintHex),
            ])
        case .cancelled(let id, let reason, _):
            requestID = id
            summary = "cancelled \(id): \(reason)"
            detail = .object(["id": .string(id), "reason": .string(reason.description)])
        case .dropped(let drop, _):
            requestID = drop.candidate.id
            summary = "dropped \(drop.candidate.id) (\(drop.reason.rawValue)): \(drop.detail)"
            detail = .object([
                "candidate": .string(drop.candidate.id), "rule": .string(drop.candidate.ruleID), "reason": .string(drop.reason.rawValue),
                "detail": .string(drop.detail), "fireDate": time(drop.candidate.fireDate),
            ])
        case .delivered(let delivery):
            requestID = delivery.id
            summary = "delivered \(delivery.id): \(delivery.content.title)"
            detail = .object(["id": .string(delivery.id), "rule": delivery.ruleID.map(JSONValue.string) ?? .null, "title": .string(delivery.content.title)])
        case .opened(let id, _):
            requestID = id
            summary = "opened \(id)"
            detail = .object(["id": .string(id)])
        case .failed(let operation, let id, let message, _):
            requestID = id
            summary = "\(operation) failed" + (id.map { " for \($0)" } ?? "") + ": \(message)"
            detail = .object(["operation": .string(operation), "id": id.map(JSONValue.string) ?? .null, "message": .string(message)])
        case .skipped(let reason, _):
            summary = "skipped: \(reason)"
            detail = .object(["reason": .string(reason)])
        }
    }
}
