import Bugle
import Foundation
import Logging

/// An event sink that writes every scheduler event through swift-log.
///
/// The message says what happened; ids, rules, times and reasons go in metadata. The app
/// bootstraps logging; this sink only accepts a `Logger`.
public struct LoggingEventSink: EventSink {
    /// The logger every event goes to. Refreshes and drops log at `debug`, skipped scheduling
    /// at `notice`, failed center calls at `warning`, everything else at `info`.
    public var logger: Logger

    /// A sink that writes through `logger`.
    public init(logger: Logger) { self.logger = logger }

    /// Logs `event`: a short message (`scheduled`, `dropped`, `center call failed`, …) with
    /// metadata `event` (its kind), `at` (ISO 8601 in UTC) and, as the event has them, `id`,
    /// `rule`, `reason`, `detail`, `fireDate`, `operation` and `error`.
    public func record(_ event: SchedulerEvent) {
        var metadata: Logger.Metadata = ["event": .string(event.kind), "at": .string(timestamp(event.date))]
        let message: Logger.Message
        var level: Logger.Level = .info
        switch event {
        case .refreshed(let reason, _):
            metadata["reason"] = .string(reason.rawValue)
            message = "refresh"
            level = .debug
        case .scheduled(let request, let fireDate, _):
            metadata["id"] = .string(request.id)
            metadata["rule"] = request.ruleID.map { .string($0) }
            metadata["fireDate"] = .string(timestamp(fireDate))
            message = "scheduled"
        case .cancelled(let id, let reason, _):
            metadata["id"] = .string(id)
            metadata["reason"] = .string(reason.description)
            message = "cancelled"
        case .dropped(let drop, _):
            metadata["id"] = .string(drop.candidate.id)
            metadata["rule"] = .string(drop.candidate.ruleID)
            metadata["reason"] = .string(drop.reason.rawValue)
            metadata["detail"] = .string(drop.detail)
            message = "dropped"
            level = .debug
        case .delivered(let delivery):
            metadata["id"] = .string(delivery.id)
            metadata["rule"] = delivery.ruleID.map { .string($0) }
            message = "delivered"
        case .opened(let id, _):
            metadata["id"] = .string(id)
            message = "opened"
        case .failed(let operation, let id, let error, _):
            metadata["operation"] = .string(operation)
            metadata["id"] = id.map { .string($0) }
            metadata["error"] = .string(error)
            message = "center call failed"
            level = .warning
        case .skipped(let reason, _):
            metadata["reason"] = .string(reason)
            message = "scheduling skipped"
            level = .notice
        }
        logger.log(level: level, message, metadata: metadata)
    }

    private func timestamp(_ date: Date) -> String {
        ISO8601.string(from: date, timeZone: TimeZone(identifier: "UTC")!)
    }
}
