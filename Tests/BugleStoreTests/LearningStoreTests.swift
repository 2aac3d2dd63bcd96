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
}
