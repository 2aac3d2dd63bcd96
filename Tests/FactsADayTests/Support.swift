import Bugle
import BugleSimulator
import Foundation

@testable import FactsADay

/// The facts app on a simulated device and center, over an in-memory database.
struct FactsHarness {
    let device: SimulatedDevice
    let center: SimulatedCenter
    let database: FactsDatabase
    let scheduler: Scheduler
    var notifier: FactsNotifier { FactsNotifier(database: database, scheduler: scheduler) }

    /// At `start` (local time in `zone`), with `facts` stored.
    init(
        start: String = "2026-03-02T08:00", zone: String = "Europe/Berlin", facts: [Fact] = StubFactsServer.fixture(count: 150),
        authorization: AuthorizationStatus = .authorized
    ) throws {
        let timeZone = TimeZone(identifier: zone)!
        let parts = start.split(separator: "T").map(String.init)
        let local = LocalDateTime(date: TimeParsing.localDate(parts[0])!, time: TimeParsing.localTime(parts[1])!)
        let now = ZoneRules(timeZone: timeZone, around: Date(timeIntervalSince1970: TimeInterval(local.localSeconds))).date(for: local)
        let device = SimulatedDevice(now: now, timeZone: timeZone)
        try self.init(device: device, center: SimulatedCenter(device: device, authorization: authorization), facts: facts)
    }

    private init(device: SimulatedDevice, center: SimulatedCenter, facts: [Fact]) throws {
        self.device = device
        self.center = center
        database = try FactsDatabase.inMemory()
        try database.saveFacts(facts)
        scheduler = Scheduler(planner: FactsNotifier.planner(), center: center, environment: device.environment, journal: database.store)
    }

    /// The app deleted and installed again on the same device: its storage (the database,
    /// Bugle's journal in it) starts empty, with `facts` downloaded again; the system keeps
    /// the notifications it holds.
    func reinstalled(facts: [Fact] = StubFactsServer.fixture(count: 150)) throws -> FactsHarness {
        try FactsHarness(device: device, center: center, facts: facts)
    }

    /// The local day `offset` days after `2026-03-02`.
    static func day(_ offset: Int) -> LocalDate { LocalDate("2026-03-02").adding(days: offset) }
}

extension LocalTime {
    static func at(_ hour: Int, _ minute: Int = 0) -> LocalTime { try! LocalTime(hour: hour, minute: minute) }
}
