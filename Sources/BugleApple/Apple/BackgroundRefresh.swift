#if canImport(BackgroundTasks) && (os(iOS) || os(visionOS))
    import BackgroundTasks
    import Bugle
    import Foundation

    /// Tops the plan up in the background with `BGAppRefreshTask`, so reminders do not run dry
    /// while the app stays closed.
    ///
    /// The app's Info.plist lists ``identifier`` under `BGTaskSchedulerPermittedIdentifiers`,
    /// and `UIBackgroundModes` holds `fetch` (the Background Modes capability, "Background
    /// fetch").
    ///
    /// - A SwiftUI app runs it from the scene: `.backgroundTask(.appRefresh(identifier)) { await
    ///   background.run() }`, and never calls ``register()``.
    /// - A UIKit app calls ``register()`` in `application(_:didFinishLaunchingWithOptions:)`.
    ///
    /// Either way, call ``scheduleNext()`` when the app goes to the background. Each run asks
    /// for the next one before it refreshes, so that a run the system cuts short still leaves
    /// the next one scheduled.
    public struct BackgroundRefresh: Sendable {
        /// The task identifier, as listed in the Info.plist.
        public let identifier: String
        /// The scheduler whose plan it tops up.
        public let scheduler: Scheduler
        /// The refresher every refresh goes through, so none overlap.
        public let refresher: LifecycleRefresher<ContinuousClock>
        /// When to ask for the next run.
        public var schedule: BackgroundRefreshSchedule

        /// A background refresh for `scheduler`, through `refresher`.
        public init(
            identifier: String, scheduler: Scheduler, refresher: LifecycleRefresher<ContinuousClock>,
            schedule: BackgroundRefreshSchedule = BackgroundRefreshSchedule()
        ) {
            self.identifier = identifier
            self.scheduler = scheduler
            self.refresher = refresher
            self.schedule = schedule
        }

        /// Runs one background refresh, from SwiftUI's `.backgroundTask(.appRefresh(_:))`:
        /// asks for the next run first, then refreshes for
        /// ``LifecycleSignal/backgroundRefresh`` and asks again with the new plan's coverage.
        /// When SwiftUI cancels the task (its time is up), the refresh is cancelled and `run()`
        /// returns at once (see ``BackgroundTaskRunner``).
        public func run() async {
            await BackgroundTaskRunner(complete: { _ in }).run(submitNext: scheduleNext, work: work)
        }

        /// The refresh, then the next run's request from the new plan, unless cancelled.
        private var work: @Sendable () async -> Void {
            { [self] in
                await refresher.refreshCancellably(.backgroundRefresh)
                if !Task.isCancelled { await scheduleNext() }
            }
        }

        /// Asks the system for the next background refresh, at the date ``schedule`` gives for
        /// the current plan's coverage. A refusal (background refresh turned off, the Simulator)
        /// is recorded as a `failed` event.
        public func scheduleNext() async {
            let now = scheduler.environment.now()
            do {
                let plan = try await scheduler.currentPlan()
                guard let date = schedule.earliestBeginDate(now: now, coverage: plan.report.coverage) else {
                    BGTaskScheduler.shared.cancel(taskRequestWithIdentifier: identifier)
                    return
                }
                let request = BGAppRefreshTaskRequest(identifier: identifier)
                request.earliestBeginDate = date
                try BGTaskScheduler.shared.submit(request)
            } catch {
                scheduler.sink.record(.failed(operation: "scheduleBackgroundRefresh", id: nil, message: String(describing: error), at: now))
            }
        }

        /// Registers the launch handler with `BGTaskScheduler` (UIKit apps). Call it before the
        /// app finishes launching; returns `false` when the identifier is not in the Info.plist.
        ///
        /// Each launch asks for the next run first, then refreshes; the task's
        /// `expirationHandler` cancels the refresh and completes the task with `false`, and
        /// `setTaskCompleted(success:)` is called exactly once (see ``BackgroundTaskRunner``).
        @discardableResult
        public func register() -> Bool {
            let refresh = self
            return BGTaskScheduler.shared.register(forTaskWithIdentifier: identifier, using: nil) { task in
                let handle = TaskHandle(task: task)
                let runner = BackgroundTaskRunner { success in handle.task.setTaskCompleted(success: success) }
                // Set before the work starts, so that no expiration goes unheard.
                task.expirationHandler = { runner.expire() }
                Task { await runner.run(submitNext: refresh.scheduleNext, work: refresh.work) }
            }
        }
    }

    /// A `BGTask` carried into the closures that complete it. The system allows completing a
    /// task from any thread; ``BackgroundTaskRunner`` completes it once.
    private final class TaskHandle: @unchecked Sendable {
        let task: BGTask

        init(task: BGTask) { self.task = task }
    }
#endif
