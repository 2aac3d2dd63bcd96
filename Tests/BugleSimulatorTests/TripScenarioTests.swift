import Bugle
import BugleSimulator
import Foundation
import Testing

/// A trip from New York to Tokyo: wall-clock rules follow the device, zoned instants stay.
@Suite struct TripScenarioTests {
    let yaml = """
        name: Trip
        start: 2026-06-01T07:00
        timeZone: America/New_York
        days: 10
        rules:
          - { id: morning, daily: "08:30", title: Morning }
          - id: call
            at: 2026-06-08T20:00
            basis: zoned
            title: Call with the team
        events:
          - { at: 2026-06-01T07:30, open: {} }
          - { at: 2026-06-04T12:00, timeZone: Asia/Tokyo }
        """

    @Test func wallClockRulesDeliverAtLocalTimeInTokyo() async throws {
        let result = try await simulate(yaml)
        let morning = result.deliveries.filter { $0.rule == "morning" }
        let inTokyo = morning.filter { $0.timeZone == "Asia/Tokyo" }
        #expect(!inTokyo.isEmpty)
        #expect(morning.allSatisfy { localTime(of: $0).time == LocalTime("08:30") })
        // Before the flight, New York days; after, Tokyo days: 06-01..06-04 in New York
        // (06-04 08:30 precedes the 12:00 change), 06-05..06-11 in Tokyo.
        #expect(morning.filter { $0.timeZone == "America/New_York" }.map { localTime(of: $0).date.day } == [1, 2, 3, 4])
        #expect(inTokyo.map { localTime(of: $0).date.day } == [5, 6, 7, 8, 9, 10, 11])
    }

    @Test func zonedInstantKeepsItsMoment() async throws {
        let result = try await simulate(yaml)
        let call = try #require(result.deliveries.first { $0.rule == "call" })
        // 2026-06-08 20:00 EDT = 2026-06-09 00:00 UTC = 09:00 in Tokyo.
        #expect(call.at == TimeParsing.instant("2026-06-08T20:00-04:00"))
        #expect(localTime(of: call).description == "2026-06-09T09:00")
    }
}
