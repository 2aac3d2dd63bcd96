import Bugle
import BugleSimulator
import BugleStore
import Foundation
import Testing

/// The scheduler over a store file, across restarts of the app.
@Suite struct SchedulerStoreTests {
    /// A center whose delivered list the user has cleared.
    struct ClearedCenter: Center {
        let base: SimulatedCenter
        func pendingRequests() async throws -> [NotificationRequest] { try await base.pendingRequests() }
        func add(_ request: NotificationRequest) async throws { try await base.add(request) }
        func removePendingRequests(withIdentifiers ids: [String]) async throws { try await base.removePendingRequests(withIdentifiers: ids) }
        func deliveredNotifications() async throws -> [DeliveredNotification] { [] }
        func authorizationStatus() async -> AuthorizationStatus { await base.authorizationStatus() }
    }

    /// A morning reminder until the user plays, an evening one always, and one a day at most.
    func planner() -> Planner {
        let rules: [any Rule] = [
            ScheduledRule(
                id: "morning", schedule: .daily(LocalTime("08:30")), content: NotificationContent(title: "Morning", body: ""),
                condition: .equals(key: "playedToday", value: false)),
            ScheduledRule(id: "evening", schedule: .daily(LocalTime("19:00")), content: NotificationContent(title: "Evening", body: "")),
        ]
        return Planner(rules: rules, policies: [Caps(perDay: 1)], budget: Budget(platform: .custom(10), safetyMargin: 0))
    }

    @Test func capsStillCountADeliveryTheUserClearedAfterARestart() async throws {
        let url = try temporaryFolder().appendingPathComponent("bugle.sqlite")
        let device = SimulatedDevice(now: instant("2026-03-01T07:00-05:00"), timeZone: newYork)
        let center = SimulatedCenter(device: device)
        do {
            let scheduler = Scheduler(
                planner: planner(), center: center, environment: device.environment, state: ["playedToday": false],
                journal: try BugleDatabase.open(at: url))
            try await scheduler.refresh(reason: .launch)
            await center.advance(to: instant("2026-03-01T09:00-05:00"))
            try await scheduler.refresh(reason: .foreground)
        }
        // The next launch: the user played (no more mornings) and cleared the notification list.
        let store = try BugleDatabase.open(at: url)
        #expect(try store.deliveryHistory().deliveries.map(\.id) == ["bugle.morning@2026-03-01"])
        let scheduler = Scheduler(
            planner: planner(), center: ClearedCenter(base: center), environment: device.environment, state: ["playedToday": true], journal: store)
        let plan = try await scheduler.refresh(reason: .launch).plan
        #expect(!plan.requests.map(\.id).contains("bugle.evening@2026-03-01"))
        #expect(plan.report.dropped.contains { $0.candidate.id == "evening@2026-03-01" && $0.reason == .cap })
        #expect(plan.requests.first?.id == "bugle.evening@2026-03-02")

        // Without the store's history, the cap would let a second notification through today.
        let forgetful = Scheduler(planner: planner(), center: ClearedCenter(base: center), environment: device.environment, state: ["playedToday": true])
        #expect(try await forgetful.currentPlan().requests.first?.id == "bugle.evening@2026-03-01")
    }

    @Test func aDeliveredOccurrenceIsNeverPlannedAgainAfterARestartWithTheClockSetBack() async throws {
        let url = try temporaryFolder().appendingPathComponent("bugle.sqlite")
        let device = SimulatedDevice(now: instant("2026-03-01T07:00-05:00"), timeZone: newYork)
        let center = SimulatedCenter(device: device)
        let evening = ScheduledRule(id: "evening", schedule: .daily(LocalTime("19:00")), content: NotificationContent(title: "Evening", body: ""))
        let planner = Planner(rules: [evening], budget: Budget(platform: .custom(3), safetyMargin: 0))
        do {
            let scheduler = Scheduler(planner: planner, center: center, environment: device.environment, journal: try BugleDatabase.open(at: url))
            try await scheduler.refresh(reason: .launch)
            await center.advance(to: instant("2026-03-01T20:00-05:00"))
            try await scheduler.refresh(reason: .foreground)
        }
        // The store remembers the occurrence, and the occurrence its name.
        let store = try BugleDatabase.open(at: url)
        #expect(try store.deliveryHistory().deliveries.map(\.occurrence) == ["evening@2026-03-01"])
        // The next launch, on a new device (no delivered list) whose clock says 18:00: the
        // evening reminder of 03-01 was shown, and is not planned again.
        let restored = SimulatedDevice(now: instant("2026-03-01T18:00-05:00"), timeZone: newYork)
        let scheduler = Scheduler(planner: planner, center: SimulatedCenter(device: restored), environment: restored.environment, journal: store)
        let plan = try await scheduler.refresh(reason: .launch).plan
        #expect(plan.requests.map(\.id) == ["bugle.evening@2026-03-02", "bugle.evening@2026-03-03", "bugle.evening@2026-03-04"])
        #expect(plan.report.dropped(.delivered).map(\.candidate.id) == ["evening@2026-03-01"])
        // Without the store, the same launch would show it again.
        let forgetful = Scheduler(planner: planner, center: SimulatedCenter(device: restored), environment: restored.environment)
        #expect(try await forgetful.currentPlan().requests.first?.id == "bugle.evening@2026-03-01")
    }

    @Test func theLedgerRecordsEveryStateARequestWentThrough() async throws {
        let store = try BugleDatabase.inMemory()
        let device = SimulatedDevice(now: instant("2026-03-01T07:00-05:00"), timeZone: newYork)
        let center = SimulatedCenter(device: device)
        let scheduler = Scheduler(planner: morningAndEvening(), center: center, environment: device.environment, state: ["playedToday": false], journal: store)
        try await scheduler.refresh(reason: .launch)
        await center.advance(to: instant("2026-03-01T09:00-05:00"))
        try await scheduler.opened(id: "bugle.morning@2026-03-01")
        await scheduler.update("playedToday", to: true)
        try await scheduler.refresh(reason: .dataChanged)
        let ledger = Dictionary(uniqueKeysWithValues: try store.ledger().map { ($0.entry.request.id, $0) })
        #expect(ledger["bugle.morning@2026-03-01"]?.entry.state == .opened)
        #expect(ledger["bugle.morning@2026-03-01"]?.deliveredAt == instant("2026-03-01T08:30-05:00"))
        #expect(ledger["bugle.evening@2026-03-01"]?.entry.state == .cancelled)
        #expect(ledger["bugle.evening@2026-03-01"]?.entry.reason?.hasPrefix("condition:") == true)
        #expect(ledger["bugle.morning@2026-03-02"]?.entry.state == .pending)
        #expect(ledger.values.allSatisfy { $0.entry.request.fingerprintHex.count == 16 })
    }
}
