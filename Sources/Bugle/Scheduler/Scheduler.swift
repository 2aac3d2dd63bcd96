import Foundation

/// Where the scheduler reads the time and the calendar: the only two facts of the outside
/// world the core needs. The app passes the system's; tests and the simulator pass theirs.
public struct SchedulerEnvironment: Sendable {
    public var now: @Sendable () -> Date
    public var calendar: @Sendable () -> Calendar

    public init(now: @escaping @Sendable () -> Date, calendar: @escaping @Sendable () -> Calendar) {
        self.now = now
        self.calendar = calendar
    }
}

/// The outcome of one refresh.
public struct RefreshResult: Sendable {
    public var reason: RefreshReason
    public var plan: Plan
    public var changes: ChangeSet
    /// Center calls that failed; the next refresh repairs them.
    public var failures: Int
}

/// The one object an app talks to: `refresh(reason:)` plans, reconciles, applies, records
/// and emits events.
///
/// ```swift
/// let scheduler = Scheduler(planner: Planner(rules: [morning]), center: center, environment: .init(now: { Date() }, calendar: { .current }))
/// try await scheduler.refresh(reason: .launch)
/// ```
public actor Scheduler {
    public nonisolated let planner: Planner
    public nonisolated let center: any Center
    public nonisolated let environment: SchedulerEnvironment
    public nonisolated let sink: any EventSink
    public private(set) var state: AppState
    public private(set) var history: DeliveryHistory
    /// How far back deliveries are kept for the policies.
    public var historyWindow: TimeInterval = 35 * 86_400

    public init(planner: Planner, center: any Center, environment: SchedulerEnvironment, state: AppState = AppState(), history: DeliveryHistory = DeliveryHistory(), sink: any EventSink = EventRecorder()) {
        self.planner = planner
        self.center = center
        self.environment = environment
        self.state = state
        self.history = history
        self.sink = sink
    }

    /// Replaces the state snapshot; call `refresh(reason: .dataChanged)` after.
    public func setState(_ state: AppState) { self.state = state }

    /// Changes one value of the state snapshot.
    public func update(_ key: String, to value: JSONValue?) { state[key] = value }

    /// Records that the user tapped the notification `id`.
    public func opened(id: String) {
        sink.record(.opened(id: id, at: environment.now()))
    }

    /// Records that the system showed `notification` while the app was running (a
    /// foreground presentation): the policies count it from now on, and a later refresh
    /// does not report it again. Notifications outside the planner's namespace are ignored.
    public func delivered(_ notification: DeliveredNotification) {
        guard planner.namespace.owns(notification.id) else { return }
        let before = history.deliveries.count
        history.record([notification])
        if history.deliveries.count > before { sink.record(.delivered(notification)) }
    }

    /// The plan for this moment, without touching the center.
    public func currentPlan() async throws -> Plan {
        let pending = try await center.pendingRequests()
        return planner.plan(PlanInput(now: environment.now(), calendar: environment.calendar(), state: state, history: history, pendingRequestIDs: Set(pending.map(\.id))))
    }

    /// Plans, reconciles and applies: after it returns, the center's pending list in
    /// Bugle's namespace equals the plan, except where a center call failed.
    @discardableResult
    public func refresh(reason: RefreshReason) async throws -> RefreshResult {
        let now = environment.now()
        sink.record(.refreshed(reason: reason, at: now))
        try await collectDeliveries(now: now)
        let pending = try await center.pendingRequests()
        let input = PlanInput(now: now, calendar: environment.calendar(), state: state, history: history, pendingRequestIDs: Set(pending.map(\.id)))
        var plan = planner.plan(input)
        let authorization = await center.authorizationStatus()
        if !authorization.allowsDelivery {
            sink.record(.skipped(reason: "notifications are \(authorization.rawValue)", at: now))
            plan.entries = []
        }
        let changes = Reconcile.changes(plan: plan, pending: pending)
        for drop in plan.report.dropped { sink.record(.dropped(drop, at: now)) }
        let failures = await apply(changes, plan: plan, now: now)
        return RefreshResult(reason: reason, plan: plan, changes: changes, failures: failures)
    }

    private func collectDeliveries(now: Date) async throws {
        let delivered = try await center.deliveredNotifications().filter { planner.namespace.owns($0.id) }
        let known = Set(history.deliveries.map { "\($0.id)|\($0.date.timeIntervalSince1970)" })
        let new = delivered.filter { !known.contains("\($0.id)|\($0.date.timeIntervalSince1970)") && $0.date >= now.addingTimeInterval(-historyWindow) }
        history.record(new)
        history.prune(before: now.addingTimeInterval(-historyWindow))
        for delivery in new.sorted(by: { $0.date < $1.date }) { sink.record(.delivered(delivery)) }
    }

    private func apply(_ changes: ChangeSet, plan: Plan, now: Date) async -> Int {
        var failures = 0
        if !changes.removals.isEmpty {
            do {
                try await center.removePendingRequests(withIdentifiers: changes.removals.map(\.id))
                for removal in changes.removals { sink.record(.cancelled(id: removal.id, reason: removal.reason, at: now)) }
            } catch {
                failures += changes.removals.count
                sink.record(.failed(operation: "remove", id: nil, message: String(describing: error), at: now))
            }
        }
        let fireDates = Dictionary(plan.entries.map { ($0.request.id, $0.candidate.fireDate) }, uniquingKeysWith: { first, _ in first })
        for request in changes.additions {
            do {
                try await center.add(request)
                sink.record(.scheduled(request, fireDate: fireDates[request.id] ?? now, at: now))
            } catch {
                failures += 1
                sink.record(.failed(operation: "add", id: request.id, message: String(describing: error), at: now))
            }
        }
        return failures
    }
}
