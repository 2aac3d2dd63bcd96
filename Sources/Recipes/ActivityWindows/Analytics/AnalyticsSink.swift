import Foundation

/// Where analytics events go.
public protocol AnalyticsSink: Sendable {
    func record(_ event: AnalyticsEvent)
}

/// Keeps events in memory: the on-device log, and a stand-in for a backend in tests.
public final class AnalyticsRecorder: AnalyticsSink, @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [AnalyticsEvent] = []

    public init() {}

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
    public var local: any AnalyticsSink
    public var backend: any AnalyticsSink

    public init(local: any AnalyticsSink, backend: any AnalyticsSink) {
        self.local = local
        self.backend = backend
    }

    public func record(_ event: AnalyticsEvent, optIn: Bool) {
        local.record(event)
        if optIn { backend.record(event) }
    }
}
