import Foundation

/// Where analytics events go.
public protocol AnalyticsSink: Sendable {
    /// Stores or sends `event`.
    func record(_ event: AnalyticsEvent)
}

/// Keeps events in memory: the on-device log, and a stand-in for a backend in tests.
public final class AnalyticsRecorder: AnalyticsSink, @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [AnalyticsEvent] = []

    /// An empty recorder.
    public init() {}

    /// Appends `event` to ``AnalyticsRecorder/events``; safe to call from any thread.
    public func record(_ event: AnalyticsEvent) {
        lock.lock()
        stored.append(event)
        lock.unlock()
    }

    /// Everything recorded so far, in order.
    public var events: [AnalyticsEvent] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}

/// Logs every event on the device, and passes it on to the analytics backend only when the
/// user opted in (`privacy.analytics_opt_in`).
public struct AnalyticsRouter: Sendable {
    /// The on-device log: gets every event.
    public var local: any AnalyticsSink
    /// The analytics backend: gets an event only when the user opted in.
    public var backend: any AnalyticsSink

    /// Routes to the on-device log `local` and, with opt-in, to `backend`.
    public init(local: any AnalyticsSink, backend: any AnalyticsSink) {
        self.local = local
        self.backend = backend
    }

    /// Records `event` locally, and passes it on to the backend when `optIn` (the profile's
    /// `privacy.analytics_opt_in`) is `true`.
    public func record(_ event: AnalyticsEvent, optIn: Bool) {
        local.record(event)
        if optIn { backend.record(event) }
    }
}
