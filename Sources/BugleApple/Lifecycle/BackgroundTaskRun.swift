import Foundation

/// The order of one background task's steps, as a value-type state machine that returns what
/// to do; ``BackgroundTaskRunner`` does it.
///
/// - The request for the next run is submitted first, before any work: a task the system
///   cuts short still leaves the next one scheduled.
/// - The work starts once the submission is over, unless the task has expired by then.
/// - The task completes exactly once: with `true` when the work finishes, or with `false`
///   when the system's expiration comes first, which also cancels the work. Whatever comes
///   second does nothing.
public struct BackgroundTaskSequence: Hashable, Sendable {
    /// What the driver does next.
    public enum Step: Hashable, Sendable {
        /// Submit the request for the next run, then call ``BackgroundTaskSequence/submitted()``.
        case submitNext
        /// Start the work, then call ``BackgroundTaskSequence/workFinished()`` when it ends.
        case startWork
        /// Cancel the work that is running.
        case cancelWork
        /// Tell the system the task is over (`BGTask.setTaskCompleted(success:)`).
        case complete(success: Bool)
    }

    /// Where the task stands.
    public enum Phase: Hashable, Sendable {
        /// Nothing happened yet.
        case ready
        /// The next run's request is being submitted.
        case submitting
        /// The work is running.
        case working
        /// The work is over, or will never start.
        case finished
    }

    /// Where the task stands.
    public private(set) var phase: Phase = .ready
    /// What the task was completed with, once it was.
    public private(set) var outcome: Bool?

    /// A task that has not started.
    public init() {}

    /// The task starts: submit the next run's request, even when the task already expired.
    public mutating func start() -> [Step] {
        guard phase == .ready else { return [] }
        phase = .submitting
        return [.submitNext]
    }

    /// The submission is over: start the work, unless the task expired meanwhile.
    public mutating func submitted() -> [Step] {
        guard phase == .submitting else { return [] }
        guard outcome == nil else {
            phase = .finished
            return []
        }
        phase = .working
        return [.startWork]
    }

    /// The work ended: complete with `true`, unless the task expired first.
    public mutating func workFinished() -> [Step] {
        guard phase == .working else { return [] }
        phase = .finished
        guard outcome == nil else { return [] }
        outcome = true
        return [.complete(success: true)]
    }

    /// The system's time is running out (`BGTask.expirationHandler`): cancel the work if it
    /// runs, and complete with `false`, unless the task already completed.
    public mutating func expired() -> [Step] {
        guard outcome == nil else { return [] }
        outcome = false
        return phase == .working ? [.cancelWork, .complete(success: false)] : [.complete(success: false)]
    }
}

/// Runs one background task in the order ``BackgroundTaskSequence`` gives: the next run's
/// request first, then the work, then one completion, cut short by ``expire()``.
///
/// ```swift
/// let runner = BackgroundTaskRunner { success in task.setTaskCompleted(success: success) }
/// task.expirationHandler = { runner.expire() }
/// Task { await runner.run(submitNext: { await refresh.scheduleNext() }, work: { await refresh.work() }) }
/// ```
///
/// The work runs in a task of its own, so that an expiration can cancel it; a cancelled run
/// (SwiftUI cancels a `.backgroundTask` closure when its time is up) expires the same way.
public final class BackgroundTaskRunner: @unchecked Sendable {
    private let complete: @Sendable (Bool) -> Void
    // Guards `sequence`, `workTask` and `waiters`; never held across an await or a call out.
    private let lock = NSLock()
    private var sequence = BackgroundTaskSequence()
    private var workTask: Task<Void, Never>?
    private var waiters: [CheckedContinuation<Bool, Never>] = []

    /// - Parameter complete: Tells the system the task is over; called exactly once, with
    ///   `true` when the work finished and `false` when the task expired first.
    public init(complete: @escaping @Sendable (_ success: Bool) -> Void) {
        self.complete = complete
    }

    /// Where the task stands.
    public var phase: BackgroundTaskSequence.Phase { locked { $0.phase } }

    /// Submits the next run's request, then runs `work`, and returns what the task was
    /// completed with: `true` when the work finished, `false` when the task expired first.
    /// It returns as soon as the task completes, without waiting for cancelled work to wind
    /// down. A second call submits nothing and starts no work: it returns what the first
    /// one returns.
    @discardableResult
    public func run(submitNext: () async -> Void, work: @escaping @Sendable () async -> Void) async -> Bool {
        await withTaskCancellationHandler {
            // Only the first run submits and starts the work; a second one waits with it.
            let starts = locked { $0.start() }.contains(.submitNext)
            if starts { await submitNext() }
            return await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                lock.lock()
                if starts, sequence.submitted().contains(.startWork) {
                    waiters.append(continuation)
                    workTask = Task {
                        await work()
                        self.perform(self.locked { $0.workFinished() })
                    }
                    lock.unlock()
                } else if let outcome = sequence.outcome {
                    lock.unlock()
                    continuation.resume(returning: outcome)
                } else {
                    waiters.append(continuation)
                    lock.unlock()
                }
            }
        } onCancel: {
            expire()
        }
    }

    /// The system's time is running out: cancels the work and completes with `false`,
    /// unless the task already completed. Safe to call from any thread, any number of times.
    public func expire() {
        perform(locked { $0.expired() })
    }

    private func perform(_ steps: [BackgroundTaskSequence.Step]) {
        for step in steps {
            switch step {
            case .cancelWork:
                lock.lock()
                let task = workTask
                lock.unlock()
                task?.cancel()
            case .complete(let success):
                complete(success)
                lock.lock()
                let waiting = waiters
                waiters = []
                lock.unlock()
                for waiter in waiting { waiter.resume(returning: success) }
            case .submitNext, .startWork:
                break
            }
        }
    }

    private func locked<T>(_ body: (inout BackgroundTaskSequence) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&sequence)
    }
}
