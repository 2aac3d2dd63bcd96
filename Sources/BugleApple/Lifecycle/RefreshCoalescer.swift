import Bugle

/// Turns a burst of refresh requests into as few refreshes as possible, one at a time: a
/// value-type state machine that returns what to do; ``LifecycleRefresher`` does it.
///
/// - A request when idle waits a quiet period, so that the signals that come together
///   (a foreground brings the scene phase and the application's notification; midnight
///   brings a day change and a significant time change) make one refresh.
/// - Requests while waiting join the wait, without extending it; the refresh reports the
///   reason that wins (``Bugle/RefreshReason/merged(with:)``).
/// - Requests during a refresh make one more refresh after it, never two at once: the
///   scheduler reads the center, plans and writes, and two interleaved refreshes would add
///   twice.
/// - An urgent request (the app is about to be suspended) skips the quiet period.
public struct RefreshCoalescer<Instant: InstantProtocol>: Sendable where Instant.Duration == Duration {
    /// What the driver does next.
    public enum Action: Hashable, Sendable {
        /// Nothing.
        case none
        /// Call ``deadlineReached(at:)`` at this instant.
        case wake(at: Instant)
        /// Refresh for this reason now, then call ``refreshFinished(at:)``.
        case refresh(RefreshReason)
    }

    private enum State: Hashable, Sendable {
        case idle
        case waiting(until: Instant, reason: RefreshReason)
        case refreshing(next: RefreshReason?, urgent: Bool)
    }

    /// How long a request waits for others before its refresh starts.
    public let quietPeriod: Duration
    private var state: State = .idle

    /// An idle coalescer.
    public init(quietPeriod: Duration) {
        self.quietPeriod = quietPeriod
    }

    /// Whether no refresh is waiting or running.
    public var isIdle: Bool { state == .idle }

    /// A refresh is wanted for `reason`.
    public mutating func request(_ reason: RefreshReason, urgent: Bool = false, at now: Instant) -> Action {
        switch state {
        case .idle:
            if urgent {
                state = .refreshing(next: nil, urgent: false)
                return .refresh(reason)
            }
            let deadline = now.advanced(by: quietPeriod)
            state = .waiting(until: deadline, reason: reason)
            return .wake(at: deadline)
        case .waiting(let deadline, let waiting):
            let merged = waiting.merged(with: reason)
            if urgent {
                state = .refreshing(next: nil, urgent: false)
                return .refresh(merged)
            }
            state = .waiting(until: deadline, reason: merged)
            return .none
        case .refreshing(let next, let wasUrgent):
            state = .refreshing(next: next.map { $0.merged(with: reason) } ?? reason, urgent: wasUrgent || urgent)
            return .none
        }
    }

    /// A wake-up came; wake-ups from an earlier wait are ignored.
    public mutating func deadlineReached(at now: Instant) -> Action {
        guard case .waiting(let deadline, let reason) = state, now >= deadline else { return .none }
        state = .refreshing(next: nil, urgent: false)
        return .refresh(reason)
    }

    /// The refresh the last ``Action/refresh(_:)`` asked for is over.
    public mutating func refreshFinished(at now: Instant) -> Action {
        guard case .refreshing(let next, let urgent) = state else { return .none }
        guard let next else {
            state = .idle
            return .none
        }
        if urgent {
            state = .refreshing(next: nil, urgent: false)
            return .refresh(next)
        }
        let deadline = now.advanced(by: quietPeriod)
        state = .waiting(until: deadline, reason: next)
        return .wake(at: deadline)
    }
}
