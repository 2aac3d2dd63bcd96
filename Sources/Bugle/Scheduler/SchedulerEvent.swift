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

/// Keeps events in memory, for tests and the simulator.
public final class EventRecorder: EventSink, @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [SchedulerEvent] = []

    /// A recorder with no events yet.
    public init() {}

    /// Appends `event` to ``EventRecorder/events``; safe to call from any thread.
    public func record(_ event: SchedulerEvent) {
        lock.lock()
        stored.append(event)
        lock.unlock()
    }

    /// Everything recorded so far, in order.
    public var events: [SchedulerEvent] {
        lock.lock()
        defer { lock.unlock() }
        return stored
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
