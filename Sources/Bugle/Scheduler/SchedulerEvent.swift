import Foundation

/// Why the app asked for a refresh.
public enum RefreshReason: String, Hashable, Sendable, Codable, CaseIterable {
    /// The app started.
    case launch
    /// The app came to the foreground.
    case foreground
    /// The app went to the background.
    case background
    /// A background refresh task ran (`BGAppRefreshTask` on Apple's systems).
    case backgroundTask
    /// A new local day began.
    case dayChanged
    /// The device's time zone changed.
    case timeZoneChanged
    /// The clock was set, or the system reported a significant time change.
    case clockChanged
    /// A new version of the app was installed.
    case appUpdated
    /// The app's data changed; the scheduler's own changes (state, rules, marks) refresh with
    /// this reason.
    case dataChanged
    /// The user granted or revoked notification permission.
    case permissionChanged
    /// The device started again: Android clears every alarm at a reboot, and the app's
    /// `BOOT_COMPLETED` receiver must set them again.
    case boot
    /// Any other reason: a button, a debug menu, a test.
    case manual
}

/// Something the scheduler did or saw, for logs, analytics and stores.
public enum SchedulerEvent: Hashable, Sendable {
    /// A refresh began.
    case refreshed(reason: RefreshReason, at: Date)
    /// A request was added to the center.
    case scheduled(NotificationRequest, fireDate: Date, at: Date)
    /// A pending request was removed.
    case cancelled(id: String, reason: CancelReason, at: Date)
    /// A candidate was not planned.
    case dropped(DroppedCandidate, at: Date)
    /// The system showed a notification.
    case delivered(DeliveredNotification)
    /// The user tapped a notification.
    case opened(id: String, at: Date)
    /// A center call failed; the next refresh repairs what it left.
    case failed(operation: String, id: String?, message: String, at: Date)
    /// Nothing was scheduled, and why (notifications not allowed, clock not trusted).
    case skipped(reason: String, at: Date)

    /// Every ``kind``, in the order of the cases.
    public static let kinds = ["refreshed", "scheduled", "cancelled", "dropped", "delivered", "opened", "failed", "skipped"]

    /// A short name for the kind of event (`scheduled`, `dropped`, …; one of ``kinds``).
    public var kind: String {
        switch self {
        case .refreshed: "refreshed"
        case .scheduled: "scheduled"
        case .cancelled: "cancelled"
        case .dropped: "dropped"
        case .delivered: "delivered"
        case .opened: "opened"
        case .failed: "failed"
        case .skipped: "skipped"
        }
    }

    /// When it happened.
    public var date: Date {
        switch self {
        case .refreshed(_, let at), .scheduled(_, _, let at), .cancelled(_, _, let at), .dropped(_, let at),
            .opened(_, let at), .failed(_, _, _, let at), .skipped(_, let at):
            at
        case .delivered(let delivery): delivery.date
        }
    }
}

/// Where scheduler events go.
public protocol EventSink: Sendable {
    /// Receives one event. The scheduler calls it on its actor, in the order things happen, and
    /// waits for it: return quickly.
    func record(_ event: SchedulerEvent)
}

/// Keeps the last events in memory, in order: a scheduler's default sink, what tests read,
/// and the simulator's record.
///
/// It keeps at most ``limit`` events, 1,000 unless it is made with another
/// (``init(limit:)``), and lets the oldest go, so that a scheduler that runs for months holds
/// a bounded amount of memory; ``dropped`` counts the events let go. An event holds the
/// request it is about, so events cost memory: in `bugle-bench`'s phone of four rules, which
/// makes about nine events a day, 1,000 are about four months, and 10,000 hold about
/// 1.6 MB. For a record that lasts, give the scheduler a durable sink, such as BugleStore's
/// event log.
public final class EventRecorder: EventSink, @unchecked Sendable {
    /// The events a recorder made with ``init()`` keeps.
    public static let defaultLimit = 1_000
    /// The limits ``init(limit:)`` accepts: 1 to 1,000,000 events.
    public static let limits: ClosedRange<Int> = 1...1_000_000

    /// How many events it keeps at most.
    public let limit: Int
    private let lock = NSLock()
    /// The events kept: in order until `limit` are kept, then a ring whose oldest is at `oldest`.
    private var stored: [SchedulerEvent] = []
    private var oldest = 0
    private var droppedCount = 0

    /// A recorder with no events yet that keeps the last ``defaultLimit`` (1,000).
    public init() { limit = Self.defaultLimit }

    /// A recorder with no events yet that keeps the last `limit`.
    ///
    /// - Throws: ``EventRecorderError`` when `limit` is outside ``limits`` (1 to 1,000,000).
    public init(limit: Int) throws(EventRecorderError) {
        guard Self.limits.contains(limit) else { throw EventRecorderError(limit: limit) }
        self.limit = limit
    }

    /// Appends `event` to ``EventRecorder/events``, letting the oldest go when ``limit`` are
    /// kept; safe to call from any thread.
    ///
    /// - Complexity: O(1) amortized.
    public func record(_ event: SchedulerEvent) {
        lock.lock()
        defer { lock.unlock() }
        if stored.count < limit {
            stored.append(event)
        } else {
            stored[oldest] = event
            oldest = oldest + 1 == limit ? 0 : oldest + 1
            droppedCount += 1
        }
    }

    /// The events kept, oldest first: every event recorded, unless more than ``limit`` were,
    /// then the last ``limit``.
    public var events: [SchedulerEvent] {
        lock.lock()
        defer { lock.unlock() }
        return oldest == 0 ? stored : Array(stored[oldest...] + stored[..<oldest])
    }

    /// How many events were let go, the oldest first, to keep ``limit``.
    public var dropped: Int {
        lock.lock()
        defer { lock.unlock() }
        return droppedCount
    }
}

/// An event recorder's limit outside ``EventRecorder/limits``: "event recorder: a limit of 0
/// events is outside 1…1000000".
public struct EventRecorderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The limit given.
    public var limit: Int

    /// The sentence.
    public var description: String {
        "event recorder: a limit of \(limit) events is outside \(EventRecorder.limits.lowerBound)…\(EventRecorder.limits.upperBound)"
    }
}

/// Sends every event to several sinks.
public struct FanOutSink: EventSink {
    /// The sinks every event goes to, in order.
    public var sinks: [any EventSink]
    /// A sink that sends every event to each of `sinks`, in order.
    public init(_ sinks: [any EventSink]) { self.sinks = sinks }
    /// Records `event` in every sink, in order.
    public func record(_ event: SchedulerEvent) { for sink in sinks { sink.record(event) } }
}
