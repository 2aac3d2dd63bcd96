import ArgumentParser
import Bugle
import BugleSimulator
import BugleStore
import Foundation

struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Print the ledger, the delivery history and the event log a store keeps.")

    @Option(help: "The store's SQLite file (default: bugle/bugle.sqlite in the platform's application-support folder).")
    var db: String?

    @Option(help: "Only events of this kind (refreshed, scheduled, cancelled, dropped, delivered, opened, failed, skipped); repeat for several.")
    var kind: [String] = []

    @Option(help: "The time zone to show times in (default UTC).")
    var tz: String = "UTC"

    @Option(help: "text or json.")
    var format: OutputFormat = .text

    func validate() throws {
        for name in kind where !SchedulerEvent.kinds.contains(name) {
            throw ValidationError("--kind: unknown event kind \"\(name)\"; expected one of \(SchedulerEvent.kinds.joined(separator: ", "))")
        }
        if TimeZone(ianaName: tz) == nil { throw ValidationError("--tz: unknown time zone \"\(tz)\"; expected an IANA name such as America/New_York") }
    }

    func run() throws {
        let path = try db ?? storeReportingErrors { try BugleDatabase.defaultLocation().path }
        let history = try storeReportingErrors {
            let store = try BugleDatabase.openReadOnly(at: URL(fileURLWithPath: path))
            return StoreHistory(
                path: path, ledger: try store.ledger(), deliveries: try store.deliveryHistory().deliveries,
                events: try store.events(kinds: kind.isEmpty ? nil : Set(kind)))
        }
        let zone = TimeZone(ianaName: tz) ?? TimeZone(secondsFromGMT: 0) ?? .current
        print(format == .json ? try history.json(zone: zone) : history.text(zone: zone), terminator: "")
    }
}

/// Writes a store error's message to standard error, once a run.
func reportStoreError(_ error: any Error) {
    storeWarning.once { reportError("bugle: event log: \(error)") }
}

/// Runs `body`, turning a store error into its message on standard error and exit code 1.
func storeReportingErrors<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as StoreError {
        reportError("\(error)")
        throw ExitCode(1)
    }
}

private let storeWarning = Once()

/// Runs a closure the first time only.
private final class Once: @unchecked Sendable {
    private let lock = NSLock()
    private var done = false

    func once(_ body: () -> Void) {
        lock.lock()
        defer { lock.unlock() }
        guard !done else { return }
        done = true
        body()
    }
}

/// What `bugle history` prints.
struct StoreHistory {
    var path: String
    var ledger: [LedgerRecord]
    var deliveries: [DeliveredNotification]
    var events: [LoggedEvent]

    func text(zone: TimeZone) -> String {
        func time(_ date: Date) -> String { ISO8601.string(from: date, timeZone: zone) }
        var lines = ["Ledger  \(ledger.count) requests  \(path)"]
        let stateWidth = ledger.map(\.entry.state.rawValue.count).max() ?? 0
        let idWidth = ledger.map(\.entry.request.id.count).max() ?? 0
        for record in ledger {
            let entry = record.entry
            var line = "  \(time(entry.fireDate))  \(pad(entry.state.rawValue, stateWidth))  \(pad(entry.request.id, idWidth))  \(entry.request.content.title)"
            if let reason = entry.reason { line += "  (\(reason))" }
            lines.append(line)
        }
        lines.append("")
        lines.append("Deliveries  \(deliveries.count)")
        for delivery in deliveries {
            lines.append("  \(time(delivery.date))  \(delivery.id)  \(delivery.content.title)")
        }
        lines.append("")
        lines.append("Events  \(events.count)")
        let kindWidth = events.map(\.kind.count).max() ?? 0
        for event in events {
            lines.append("  \(time(event.date))  \(pad(event.kind, kindWidth))  \(event.summary)")
        }
        // Titles, ids and summaries come from the app: shown as text, one line each.
        return lines.map { TerminalText.escaped($0) }.joined(separator: "\n") + "\n"
    }

    func json(zone: TimeZone) throws -> String {
        func time(_ date: Date?) -> JSONValue { date.map { .string(ISO8601.string(from: $0, timeZone: zone)) } ?? .null }
        func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        let document = JSONValue.object([
            "path": .string(path),
            "ledger": .array(
                ledger.map { record in
                    let entry = record.entry
                    return .object([
                        "id": .string(entry.request.id), "state": .string(entry.state.rawValue), "reason": text(entry.reason),
                        "rule": text(entry.request.ruleID), "fireTime": .string(entry.request.fireTime.description), "fireDate": time(entry.fireDate),
                        "title": .string(entry.request.content.title), "fingerprint": .string(entry.request.fingerprintHex),
                        "createdAt": time(record.createdAt), "askedAt": time(entry.askedAt), "updatedAt": time(record.updatedAt),
                        "deliveredAt": time(record.deliveredAt), "openedAt": time(record.openedAt),
                    ])
                }),
            "deliveries": .array(
                deliveries.map { delivery in
                    .object(["id": .string(delivery.id), "at": time(delivery.date), "rule": text(delivery.ruleID), "title": .string(delivery.content.title)])
                }),
            "events": .array(
                events.map { event in
                    .object([
                        "sequence": .int(Int(event.sequence)), "kind": .string(event.kind), "at": time(event.date), "id": text(event.requestID),
                        "summary": .string(event.summary), "detail": event.detail,
                    ])
                }),
        ])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(document), as: UTF8.self) + "\n"
    }

    private func pad(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }
}
