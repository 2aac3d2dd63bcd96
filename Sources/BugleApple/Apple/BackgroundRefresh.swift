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
    /// Either way, call ``scheduleNext()`` when the app goes to the background.
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

        /// Refreshes for ``LifecycleSignal/backgroundRefresh`` and asks for the next run.
        public func run() async {
            refresher.send(.backgroundRefresh)
            await refresher.settle()
            await scheduleNext()
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
        @discardableResult
        public func register() -> Bool {
            let refresh = self
            return BGTaskScheduler.shared.register(forTaskWithIdentifier: identifier, using: nil) { task in
                let handle = TaskHandle(task: task)
                Task {
                    await refresh.run()
                    handle.complete(success: true)
                }
                // The refresh cannot be cut short safely; the plan it leaves is repaired by the
                // next refresh.
                task.expirationHandler = { handle.complete(success: false) }
            }
        }
    }

    /// A `BGTask` carried into the task that finishes it, completed once: by the work or by
    /// the system's expiration, whichever comes first. The system allows completing a task
    /// from any thread.
    private final class TaskHandle: @unchecked Sendable {
        private let task: BGTask
        private let lock = NSLock()
        private var completed = false

        init(task: BGTask) { self.task = task }

        func complete(success: Bool) {
            lock.lock()
            let first = !completed
            completed = true
            lock.unlock()
            if first { task.setTaskCompleted(success: success) }
        }
    }
#endif
