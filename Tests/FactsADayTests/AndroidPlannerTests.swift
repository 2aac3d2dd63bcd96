import Bugle
import BugleSimulator
import Foundation
import Testing

@testable import FactsADay

/// The app's own planner on Android, outside a scenario: the seed's "higher on Android" limit
/// with a lookahead that reaches the last fact.
@Suite struct FactsAndroidPlannerTests {
    @Test func onAndroidTheAppsPlannerSchedulesFourHundredFiftyDays() async throws {
        let zone = TimeZone(identifier: "Europe/Berlin")!
        let device = SimulatedDevice(now: TimeParsing.instant("2026-03-02T08:00+01:00")!, timeZone: zone)
        let center = SimulatedCenter(device: device, authorization: .authorized, android: AndroidProfile())
        let database = try FactsDatabase.inMemory()
        try database.saveFacts(StubFactsServer.fixture(count: 500))
        let scheduler = Scheduler(planner: FactsNotifier.planner(for: .android), center: center, environment: device.environment, journal: database.store)
        var random = SeededGenerator(seed: 5)
        let scheduled = try await FactsNotifier(database: database, scheduler: scheduler).scheduleAll(time: .at(9), language: .en, using: &random)
        #expect(scheduled == 450)
        // One a day at 09:00 from today, 09:00 being still ahead: the last on 2027-05-25.
        let pending = try await center.pendingRequests()
        #expect(pending.count == 450)
        let rules = ZoneRules(timeZone: zone, around: device.now)
        let days = pending.map { rules.localDateTime(at: $0.fireTime.resolve(in: rules)) }.sorted { $0.localSeconds < $1.localSeconds }
        #expect(days.first == LocalDateTime(date: LocalDate("2026-03-02"), time: .at(9)))
        #expect(days.last == LocalDateTime(date: LocalDate("2027-05-25"), time: .at(9)))

        // On iOS the same app keeps 64.
        let iosCenter = SimulatedCenter(device: device, authorization: .authorized)
        let iosDatabase = try FactsDatabase.inMemory()
        try iosDatabase.saveFacts(StubFactsServer.fixture(count: 500))
        let iosScheduler = Scheduler(planner: FactsNotifier.planner(), center: iosCenter, environment: device.environment, journal: iosDatabase.store)
        #expect(try await FactsNotifier(database: iosDatabase, scheduler: iosScheduler).scheduleAll(time: .at(9), language: .en, using: &random) == 64)
    }
}
