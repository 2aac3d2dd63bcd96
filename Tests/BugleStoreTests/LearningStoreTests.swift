import Bugle
import BugleSimulator
import BugleStore
import Foundation
import GRDB
import Testing

/// What a rule learns of its user's hours survives the app's restart in the store, can be
/// exported and erased, and a damaged row is an error that names it.
@Suite struct LearningStoreTests {
    func practice() throws -> ScheduledRule {
        let timing = try LearnedTiming(
            windowStart: LocalTime(parsing: "07:00"), windowEnd: LocalTime(parsing: "10:00"), configured: LocalTime(parsing: "09:00"))
        return ScheduledRule(
            id: "practice", schedule: .daily(try LocalTime(parsing: "09:00")), content: NotificationContent(title: "Practice", body: ""),
            learning: timing)
    }

    /// `days` mornings of a user who opens every notification at once: the store's learning.
    func live(days: Int, store: BugleDatabase, center: SimulatedCenter, device: SimulatedDevice) async throws {
        let scheduler = Scheduler(
            planner: Planner(rules: [try practice()]), center: center, environment: device.environment, journal: store, learning: store, learningSeed: 7)
        try await scheduler.refresh(reason: .launch)
        for _ in 0..<days {
            // From 06:00 to 10:00, the window's end; the user opens what came at 10:00.
            let shown = await center.advance(to: device.now.addingTimeInterval(4 * 3_600))
            for delivery in shown { try await scheduler.opened(id: delivery.notification.id) }
            await center.advance(to: device.now.addingTimeInterval(20 * 3_600))
            try await scheduler.refresh(reason: .backgroundTask)
        }
    }

    @Test func whatWasLearnedSurvivesARestartAndCanBeExportedAndErased() async throws {
        let url = try temporaryFolder().appendingPathComponent("bugle.sqlite")
        let device = SimulatedDevice(now: instant("2026-03-02T06:00-05:00"), timeZone: newYork)
        let center = SimulatedCenter(device: device)
        try await live(days: 5, store: try BugleDatabase.open(at: url), center: center, device: device)
        // The process ends; the next one reads what the first learned and goes on.
        let reopened = try BugleDatabase.open(at: url)
        let afterFive = try #require(try reopened.states()["practice"])
        #expect(afterFive.opens.reduce(0, +) > 0 && afterFive.startDay == LocalDate("2026-03-02"))
        try await live(days: 5, store: reopened, center: center, device: device)
        let afterTen = try #require(try reopened.states()["practice"])
        #expect(afterTen.sends.reduce(0, +) > afterFive.sends.reduce(0, +))
        #expect(afterTen.startDay == LocalDate("2026-03-02"))
        #expect(try reopened.opens(since: .distantPast).count == 10)
        // The user sees what was kept, then erases it.
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let export = try decoder.decode(LearningExport.self, from: try reopened.export())
        #expect(export.states["practice"] == afterTen && export.opens.count == 10)
        try reopened.erase()
        #expect(try reopened.states().isEmpty && reopened.opens(since: .distantPast).isEmpty)
    }

    @Test func aDamagedRowIsAnErrorThatNamesItsRule() throws {
        let url = try temporaryFolder().appendingPathComponent("bugle.sqlite")
        let store = try BugleDatabase.open(at: url)
        try store.save(SendTimeState(timing: try #require(try practice().learning), startingOn: LocalDate("2026-03-02")), for: "practice")
        try DatabaseQueue(path: url.path).write { db in try db.execute(sql: "UPDATE learning_state SET state = '{\"opens\": 3}'") }
        let error = try #require(throws: StoreError.self) { try store.states() }
        #expect(error.code == .invalidData && error.message.hasPrefix("learning_state of rule practice is not a learned send time"))
    }

    @Test func textsHoldoutsAndAppOpensAreKeptExportedAndErased() async throws {
        let url = try temporaryFolder().appendingPathComponent("bugle.sqlite")
        let store = try BugleDatabase.open(at: url)
        let copy = try CopyVariants(
            variants: ["a", "b"].map { ContentVariant(id: $0, content: NotificationContent(title: "Text \($0)", body: "")) }
        ).validated()
        let state = CopyBandit(copy: copy).recording(CopyState(startingOn: LocalDate("2026-03-02")), variant: "b", on: LocalDate("2026-03-02"), opened: true)
        try store.saveCopy(state, for: "practice")
        let nine = instant("2026-03-02T09:00-05:00")
        let sent = HoldoutRecord(occurrence: "practice@2026-03-02", ruleID: "practice", date: nine, heldOut: false, active: true)
        let held = HoldoutRecord(occurrence: "practice@2026-03-03", ruleID: "practice", date: nine.addingTimeInterval(86_400), heldOut: true)
        try store.updateHoldoutRecords(saving: [sent, held], removing: [])
        try store.recordEngagement(at: nine.addingTimeInterval(600))
        try store.recordEngagement(at: nine.addingTimeInterval(86_400 + 600))
        // A new process reads what the first kept.
        let reopened = try BugleDatabase.open(at: url)
        #expect(try reopened.copyStates() == ["practice": state])
        #expect(try reopened.holdoutRecords() == [sent, held])
        // A refresh reads only what it may change: the unsettled, and the settled before a date
        // (through the protocol, as the scheduler asks: the store's own query answers).
        let learning: any LearningStore = reopened
        #expect(try await learning.holdoutRecords(unsettledOrBefore: nine) == [held])
        #expect(try await learning.holdoutRecords(unsettledOrBefore: nine.addingTimeInterval(1)) == [sent, held])
        #expect(try reopened.engagements(since: nine) == [nine.addingTimeInterval(600), nine.addingTimeInterval(86_400 + 600)])
        #expect(try reopened.lastEngagement() == nine.addingTimeInterval(86_400 + 600))
        try reopened.updateHoldoutRecords(
            saving: [HoldoutRecord(occurrence: held.occurrence, ruleID: "practice", date: held.date, heldOut: true, active: false)], removing: [sent.occurrence]
        )
        #expect(try reopened.holdoutRecords().map { "\($0.occurrence) \($0.active == false)" } == ["practice@2026-03-03 true"])
        try reopened.forgetOpens(before: nine.addingTimeInterval(3_600))
        #expect(try reopened.engagements(since: .distantPast) == [nine.addingTimeInterval(86_400 + 600)])
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let export = try decoder.decode(LearningExport.self, from: try reopened.export())
        #expect(export.copy == ["practice": state] && export.holdout.count == 1 && export.appOpens.count == 1)
        try reopened.erase()
        #expect(try reopened.copyStates().isEmpty && reopened.holdoutRecords().isEmpty && reopened.lastEngagement() == nil)
    }

    @Test func aStoreThatKeptOnlyTheLatestAppOpenKeepsItWhenMigrated() throws {
        let url = try temporaryFolder().appendingPathComponent("bugle.sqlite")
        try BugleDatabase.open(at: url).recordOpen(id: "bugle.practice@2026-03-02", at: instant("2026-03-02T09:05-05:00"))
        // Back to the v4 layout: the app's latest open was a row of notification_open.
        try DatabaseQueue(path: url.path).write { db in
            for table in ["app_open", "copy_state", "holdout_record"] { try db.execute(sql: "DROP TABLE \(table)") }
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = 'v5-copy-holdout'")
            try db.execute(
                sql: "INSERT INTO notification_open (id, opened_at) VALUES ('@app', ?)", arguments: [instant("2026-03-02T09:30-05:00").timeIntervalSince1970])
        }
        #expect(try BugleDatabase.openReadOnly(at: url).lastEngagement() == instant("2026-03-02T09:30-05:00"))
        let store = try BugleDatabase.open(at: url)
        #expect(try store.lastEngagement() == instant("2026-03-02T09:30-05:00"))
        #expect(try store.opens(since: .distantPast) == ["bugle.practice@2026-03-02": instant("2026-03-02T09:05-05:00")])
    }

    @Test func aDamagedTextStateIsAnErrorThatNamesItsRule() throws {
        let url = try temporaryFolder().appendingPathComponent("bugle.sqlite")
        let store = try BugleDatabase.open(at: url)
        try store.saveCopy(CopyState(startingOn: LocalDate("2026-03-02")), for: "practice")
        try DatabaseQueue(path: url.path).write { db in try db.execute(sql: "UPDATE copy_state SET state = 'not json'") }
        let error = try #require(throws: StoreError.self) { try store.copyStates() }
        #expect(error.code == .invalidData && error.message.hasPrefix("copy_state of rule practice is not what a rule learned of its texts"))
    }
}
