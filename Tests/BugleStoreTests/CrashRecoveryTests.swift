import Bugle
import BugleSimulator
import BugleStore
import Foundation
import GRDB
import Testing

/// The process stops between any two steps of a run, while the center fails adds and
/// removes at seeded rates; a new process recovers over the same database and center.
@Suite struct CrashRecoveryTests {
    @Test func aStopBetweenAnyTwoStepsLosesNoReminderAndLeavesNoDuplicate() async throws {
        var runs = 0
        var violations: [String] = []
        let scenarios = 60
        for seed in 1...UInt64(scenarios) {
            let scenario = FaultScenario(seed: seed)
            // A run without a stop counts the steps; then one run per place to stop.
            let steps = try await scenario.run(stopAfter: nil).steps
            for stop in 0...steps {
                let outcome = try await scenario.run(stopAfter: stop)
                runs += 1
                violations += outcome.violations.map { "seed \(seed), stop after \(stop) of \(steps) steps: \($0)" }
            }
        }
        print("fault injection: \(runs) runs over \(scenarios) seeded scenarios, \(violations.count) violations")
        #expect(runs >= 2_000)
        #expect(violations.count == 0, "\(violations.prefix(10).joined(separator: "\n"))")
    }

    @Test func theStoreRecoversItsOwnInterruptedRefreshAfterReopening() async throws {
        // The same stop as above, but the process really ends: the file is closed and opened again.
        let url = try temporaryFolder().appendingPathComponent("bugle.sqlite")
        let device = SimulatedDevice(now: instant("2026-03-01T07:00-05:00"), timeZone: newYork)
        let center = SimulatedCenter(device: device)
        do {
            let stop = StopSwitch(after: 5)
            let store = try BugleDatabase.open(at: url)
            let scheduler = Scheduler(
                planner: morningAndEvening(), center: StoppingCenter(base: center, stop: stop), environment: device.environment,
                state: ["playedToday": false], journal: StoppingJournal(base: store, stop: stop))
            await #expect(throws: Stopped.self) { try await scheduler.refresh(reason: .launch) }
        }
        // Intent, then four adds: the center holds four of the ten planned requests.
        #expect(await center.pendingCount == 4)
        let store = try BugleDatabase.open(at: url)
        #expect(try store.ledger(states: [.adding]).count == 10)
        let scheduler = Scheduler(planner: morningAndEvening(), center: center, environment: device.environment, state: ["playedToday": false], journal: store)
        let recovery = try await scheduler.recover()
        #expect(recovery.added.count == 6)
        #expect(await center.pendingCount == 10)
        let refresh = try await scheduler.refresh(reason: .launch)
        #expect(refresh.changes.isEmpty)
        #expect(try store.ledger(states: [.pending]).count == 10)
    }
}

/// One seeded run: the center's fault rates, legacy requests left by an older id scheme, a
/// few refreshes with state changes and a day passing, then a stop, time away, a recovery
/// that may stop too, and a last recovery and refresh with a healthy center.
struct FaultScenario {
    var seed: UInt64
    var addFailureRate: Double
    var removeFailureRate: Double
    var legacyCount: Int
    var downtime: TimeInterval
    /// A second stop, during the first recovery after the first stop.
    var stopDuringRecovery: Int?

    init(seed: UInt64) {
        self.seed = seed
        var generator = SeededGenerator(seed: seed &* 7919)
        addFailureRate = [0, 0.1, 0.3].randomElement(using: &generator)!
        removeFailureRate = [0, 0.2, 0.5].randomElement(using: &generator)!
        legacyCount = Int.random(in: 0...3, using: &generator)
        downtime = [0, 2 * 3600, 14 * 3600].randomElement(using: &generator)!
        stopDuringRecovery = Bool.random(using: &generator) ? Int.random(in: 0...6, using: &generator) : nil
    }

    struct Outcome {
        var steps: Int
        var violations: [String]
    }

    static let matcher = LegacyMatcher { old in
        guard old.id.hasPrefix("legacy-morning-") else { return nil }
        return NotificationRequest(
            id: "bugle.morning@" + old.id.dropFirst("legacy-morning-".count), fireTime: old.fireTime, content: old.content, ruleID: "morning")
    }

    func run(stopAfter stop: Int?) async throws -> Outcome {
        let device = SimulatedDevice(now: instant("2026-03-01T07:00-05:00"), timeZone: newYork)
        let center = SimulatedCenter(device: device)
        for day in 0..<legacyCount {
            let date = try! LocalDate(year: 2026, month: 3, day: 2 + day)
            try await center.add(
                NotificationRequest(
                    id: "legacy-morning-\(date)", fireTime: .wallClock(LocalDateTime(date: date, time: LocalTime("08:30"))),
                    content: NotificationContent(title: "Morning", body: "Today's puzzle")))
        }
        await center.setFaults(.init(seed: seed, addFailureRate: addFailureRate, removeFailureRate: removeFailureRate))
        let queue = try DatabaseQueue(configuration: BugleDatabase.makeConfiguration())
        let database = try BugleDatabase(queue)
        let planner = morningAndEvening()
        var state: AppState = ["playedToday": false]
        var violations: [String] = []

        // The first process, until it stops.
        let switchA = StopSwitch(after: stop)
        let first = Scheduler(
            planner: planner, center: StoppingCenter(base: center, stop: switchA), environment: device.environment, state: state,
            journal: StoppingJournal(base: database, stop: switchA))
        do {
            try await first.recover(adopting: Self.matcher)
            try await first.refresh(reason: .launch)
            state["playedToday"] = true
            await first.update("playedToday", to: true)
            try await first.refresh(reason: .dataChanged)
            await center.advance(to: instant("2026-03-02T10:00-05:00"))
            try await first.refresh(reason: .foreground)
            state["playedToday"] = false
            await first.update("playedToday", to: false)
            try await first.refresh(reason: .dataChanged)
        } catch is Stopped {
        } catch {
            violations.append("the first process failed: \(error)")
        }
        let steps = switchA.steps
        violations += try await unknownToTheLedger(center: center, store: database, namespace: planner.namespace, when: "at the stop")

        // Time away, while the center delivers what falls due.
        await center.advance(to: device.now.addingTimeInterval(downtime))

        // A recovery that may stop in its turn.
        if let stopDuringRecovery {
            let switchB = StopSwitch(after: stopDuringRecovery)
            let second = Scheduler(
                planner: planner, center: StoppingCenter(base: center, stop: switchB), environment: device.environment, state: state,
                journal: StoppingJournal(base: try BugleDatabase(queue), stop: switchB))
            do {
                try await second.recover(adopting: Self.matcher)
            } catch is Stopped {
            } catch {
                violations.append("the second process failed: \(error)")
            }
            violations += try await unknownToTheLedger(center: center, store: database, namespace: planner.namespace, when: "at the stop during recovery")
        }

        // The last process, with a healthy center: recovery alone makes the center hold what
        // the ledger holds, then a refresh makes it hold the plan.
        await center.setFaults(.none)
        let store = try BugleDatabase(queue)
        let last = Scheduler(planner: planner, center: center, environment: device.environment, state: state, journal: store)
        let now = device.now
        let zone = ZoneRules(timeZone: device.timeZone, around: now)
        let delivered = await center.deliveries.map(\.notification)
        let owed = try await store.openEntries().filter { entry in
            planner.namespace.owns(entry.request.id) && entry.state != .removing && entry.request.fireTime.resolve(in: zone) > now
                && !delivered.contains { $0.id == entry.request.id && $0.date >= entry.askedAt }
        }
        let plan: Plan
        do {
            try await last.recover(adopting: Self.matcher)
            let pending = try await center.pendingRequests()
            for entry in owed where !pending.contains(entry.request) {
                violations.append("recovery lost \(entry.request.id), which the ledger held as \(entry.state)")
            }
            violations += try await disagreements(center: center, store: store, namespace: planner.namespace, when: "after recovery")
            plan = try await last.refresh(reason: .launch).plan
        } catch {
            return Outcome(steps: steps, violations: violations + ["the last process failed: \(error)"])
        }

        let pending = try await center.pendingRequests()
        let ours = Dictionary(pending.filter { planner.namespace.owns($0.id) }.map { ($0.id, $0.fingerprint) }, uniquingKeysWith: { _, _ in 0 })
        let planned = Dictionary(uniqueKeysWithValues: plan.requests.map { ($0.id, $0.fingerprint) })
        if ours != planned {
            let lost = Set(planned.keys).subtracting(ours.keys).sorted()
            let extra = Set(ours.keys).subtracting(planned.keys).sorted()
            let changed = planned.keys.filter { ours[$0] != nil && ours[$0] != planned[$0] }.sorted()
            violations.append("pending differs from the plan: lost \(lost), extra \(extra), changed \(changed)")
        }
        violations += try await disagreements(center: center, store: store, namespace: planner.namespace, when: "after the refresh")
        var shown = Set<String>()
        for delivery in await center.deliveries where !shown.insert(delivery.notification.id).inserted {
            violations.append("\(delivery.notification.id) was delivered twice")
        }
        return Outcome(steps: steps, violations: violations)
    }
}

/// Requests of the namespace the center holds and the ledger does not know: what a call
/// made before its intent was journaled would leave.
func unknownToTheLedger(center: SimulatedCenter, store: BugleDatabase, namespace: Namespace, when: String) async throws -> [String] {
    let known = Set(try await store.openEntries().map(\.request.id))
    return try await center.pendingRequests().filter { namespace.owns($0.id) && !known.contains($0.id) }.map { "\(when), the ledger does not know \($0.id)" }
}

/// Where the center and the ledger disagree, and reminders pending twice or under an old id.
func disagreements(center: SimulatedCenter, store: BugleDatabase, namespace: Namespace, when: String) async throws -> [String] {
    var violations: [String] = []
    let pending = try await center.pendingRequests()
    let ours = Dictionary(pending.filter { namespace.owns($0.id) }.map { ($0.id, $0.fingerprint) }, uniquingKeysWith: { _, _ in 0 })
    let open = try await store.openEntries()
    if open.contains(where: { $0.state != .pending })
        || Dictionary(open.map { ($0.request.id, $0.request.fingerprint) }, uniquingKeysWith: { _, _ in 0 }) != ours
    {
        violations.append(
            "\(when), the ledger's open entries differ from the center: \(open.map { "\($0.request.id) \($0.state)" }) against \(ours.keys.sorted())")
    }
    var reminders = Set<String>()
    for request in pending where !reminders.insert("\(request.fireTime)|\(request.content.title)").inserted {
        violations.append("\(when), the reminder \(request.content.title) at \(request.fireTime) is pending twice")
    }
    if pending.contains(where: { $0.id.hasPrefix("legacy-") }) {
        violations.append("\(when), a legacy request was not adopted")
    }
    return violations
}

/// The process has stopped: nothing it does reaches the center or the database any more.
struct Stopped: Error {}

/// Counts the steps that change something (a center add or remove, a journal commit) and
/// stops the process before step `after` (counted from 0), or never when `nil`.
final class StopSwitch: @unchecked Sendable {
    private let lock = NSLock()
    private let limit: Int?
    private var taken = 0
    private var stopped = false

    init(after limit: Int?) { self.limit = limit }

    /// Steps taken before the stop.
    var steps: Int {
        lock.lock()
        defer { lock.unlock() }
        return taken
    }

    /// Takes one step, or throws ``Stopped`` when the process has stopped.
    func step() throws {
        lock.lock()
        defer { lock.unlock() }
        if stopped || taken == limit {
            stopped = true
            throw Stopped()
        }
        taken += 1
    }

    /// Throws ``Stopped`` when the process has stopped.
    func check() throws {
        lock.lock()
        defer { lock.unlock() }
        if stopped { throw Stopped() }
    }
}

/// A center seen from a process that may stop.
struct StoppingCenter: Center {
    let base: SimulatedCenter
    let stop: StopSwitch

    func pendingRequests() async throws -> [NotificationRequest] {
        try stop.check()
        return try await base.pendingRequests()
    }

    func add(_ request: NotificationRequest) async throws {
        try stop.step()
        try await base.add(request)
    }

    func removePendingRequests(withIdentifiers ids: [String]) async throws {
        try stop.step()
        try await base.removePendingRequests(withIdentifiers: ids)
    }

    func deliveredNotifications() async throws -> [DeliveredNotification] {
        try stop.check()
        return try await base.deliveredNotifications()
    }

    func authorizationStatus() async -> AuthorizationStatus { await base.authorizationStatus() }
}

/// A journal written by a process that may stop: a commit either happens whole or not at all.
struct StoppingJournal: SchedulerJournal {
    let base: BugleDatabase
    let stop: StopSwitch

    func openEntries() async throws -> [JournalEntry] {
        try stop.check()
        return try await base.openEntries()
    }

    func deliveries(since date: Date) async throws -> [DeliveredNotification] {
        try stop.check()
        return try await base.deliveries(since: date)
    }

    func marks(endingOnOrAfter day: LocalDate) async throws -> [OccurrenceMark] {
        try stop.check()
        return try await base.marks(endingOnOrAfter: day)
    }

    func commit(_ updates: [JournalUpdate], at date: Date) async throws {
        try stop.step()
        try await base.commit(updates, at: date)
    }
}
