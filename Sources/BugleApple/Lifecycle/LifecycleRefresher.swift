import Bugle
import Foundation

/// Calls the scheduler's `refresh(reason:)` for lifecycle signals: a burst of signals makes
/// one refresh, and refreshes never overlap (see ``RefreshCoalescer``).
///
/// ```swift
/// let refresher = LifecycleRefresher(scheduler: scheduler)
/// refresher.send(.launch)
/// ```
///
/// ``send(_:)`` returns at once and may be called from any thread, in the order signals
/// arrive; ``settle()`` waits for the refreshes they caused.
public final class LifecycleRefresher<C: Clock>: @unchecked Sendable where C.Duration == Duration {
    private let clock: C
    private let perform: @Sendable (RefreshReason) async -> Void
    // Guards `coalescer`, `waiters`, `nextWaiter` and `running`; never held across an await.
    private let lock = NSLock()
    private var coalescer: RefreshCoalescer<C.Instant>
    private var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
    private var nextWaiter = 0
    private var running: Task<Void, Never>?

    /// - Parameters:
    ///   - clock: The clock the quiet period is measured on (`ContinuousClock()` in an app, a
    ///     test clock in tests).
    ///   - quietPeriod: How long a signal waits for others before its refresh starts.
    ///   - refresh: One refresh; the refresher never runs two at once.
    public init(clock: C, quietPeriod: Duration = .milliseconds(500), refresh: @escaping @Sendable (RefreshReason) async -> Void) {
        self.clock = clock
        self.perform = refresh
        self.coalescer = RefreshCoalescer(quietPeriod: quietPeriod)
    }

    /// Asks for a refresh for `signal`.
    public func send(_ signal: LifecycleSignal) {
        send(signal.reason, urgent: signal.isUrgent)
    }

    /// Asks for a refresh for `reason` (`.dataChanged` after the app's data changed,
    /// `.permissionChanged` after the user answered the prompt).
    public func send(_ reason: RefreshReason, urgent: Bool = false) {
        let now = clock.now
        act(locked { $0.request(reason, urgent: urgent, at: now) })
    }

    /// Refreshes for `reason` without waiting for other signals, and returns when no refresh
    /// is waiting or running.
    public func refresh(_ reason: RefreshReason) async {
        send(reason, urgent: true)
        await settle()
    }

    /// Returns when no refresh is waiting or running, or when the calling task is cancelled.
    public func settle() async {
        let id = lock.withLock {
            defer { nextWaiter += 1 }
            return nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                lock.lock()
                if coalescer.isIdle || Task.isCancelled {
                    lock.unlock()
                    continuation.resume()
                } else {
                    waiters[id] = continuation
                    lock.unlock()
                }
            }
        } onCancel: {
            lock.lock()
            let waiter = waiters.removeValue(forKey: id)
            lock.unlock()
            waiter?.resume()
        }
    }

    /// Sends `signal` and waits for the refreshes it causes, for work the system may cut
    /// short (a background task): when the calling task is cancelled, the running refresh is
    /// cancelled too (see ``cancelRunningRefresh()``), and it returns without waiting.
    public func refreshCancellably(_ signal: LifecycleSignal) async {
        send(signal)
        await withTaskCancellationHandler {
            await settle()
        } onCancel: {
            cancelRunningRefresh()
        }
    }

    /// Cancels the task of the refresh that is running, if one is. A refresh notices only
    /// where it awaits something that honours cancellation; the scheduler's journal repairs
    /// a refresh cut short at the next one.
    public func cancelRunningRefresh() {
        lock.lock()
        let task = running
        lock.unlock()
        task?.cancel()
    }

    private func locked(_ step: (inout RefreshCoalescer<C.Instant>) -> RefreshCoalescer<C.Instant>.Action) -> RefreshCoalescer<C.Instant>.Action {
        lock.lock()
        defer { lock.unlock() }
        return step(&coalescer)
    }

    private func act(_ action: RefreshCoalescer<C.Instant>.Action) {
        switch action {
        case .none:
            resumeWaitersIfIdle()
        case .wake(let deadline):
            Task {
                try? await clock.sleep(until: deadline, tolerance: nil)
                let now = clock.now
                act(locked { $0.deadlineReached(at: now) })
            }
        case .refresh(let reason):
            // Made under the lock, so that the task clears `running` only after it was set.
            lock.lock()
            running = Task {
                await perform(reason)
                let now = clock.now
                lock.withLock { running = nil }
                act(locked { $0.refreshFinished(at: now) })
            }
            lock.unlock()
        }
    }

    private func resumeWaitersIfIdle() {
        lock.lock()
        guard coalescer.isIdle else {
            lock.unlock()
            return
        }
        let ready = waiters.values
        waiters = [:]
        lock.unlock()
        for waiter in ready { waiter.resume() }
    }
}

extension LifecycleRefresher where C == ContinuousClock {
    /// A refresher for `scheduler` on the system's clock. A refresh that throws (the center
    /// could not be read) is recorded as a `failed` event; the next signal tries again.
    ///
    /// - Parameters:
    ///   - scheduler: The scheduler whose `refresh(reason:)` each refresh calls.
    ///   - quietPeriod: How long a signal waits for others before its refresh starts.
    ///   - backgroundTime: Where each refresh gets the time to finish after the app leaves
    ///     the foreground (see ``BackgroundTime/run(_:name:_:)``): `UIApplication`'s
    ///     background tasks on iOS, nothing elsewhere. Pass `nil` in an app extension.
    public convenience init(
        scheduler: Scheduler, quietPeriod: Duration = .milliseconds(500), backgroundTime: (any BackgroundTimeSource)? = BackgroundTime.system
    ) {
        self.init(clock: ContinuousClock(), quietPeriod: quietPeriod) { reason in
            await BackgroundTime.run(backgroundTime, name: "Bugle refresh (\(reason.rawValue))") {
                do {
                    try await scheduler.refresh(reason: reason)
                } catch {
                    scheduler.sink.record(.failed(operation: "refresh", id: nil, message: String(describing: error), at: scheduler.environment.now()))
                }
            }
        }
    }
}
