import Bugle
import BugleSimulator
import Foundation
import Testing

/// A daily reminder must arrive once per local day, at its wall-clock time, through every
/// DST change, when the app is opened only weekly.
@Suite struct DaylightSavingScenarioTests {
    static func yearLong(zone: String) -> String {
        var events = ""
        // Weekly openings on Sundays at 10:00, local.
        var day = LocalDate("2026-01-04")
        while day.year == 2026 {
            events += "  - { at: \(day)T10:00, open: {} }\n"
            day = day.adding(days: 7)
        }
        return """
            name: Year in \(zone)
            start: 2026-01-01T00:00
            timeZone: \(zone)
            days: 365
            rules:
              - id: daily
                daily: "08:30"
                title: Daily
            events:
              - { at: 2026-01-01T07:00, open: {} }
            \(events)
            """
    }

    @Test(arguments: ["America/New_York", "Europe/London", "Australia/Sydney", "Asia/Jerusalem"])
    func dailyReminderArrivesOncePerLocalDayAllYear(zone: String) async throws {
        let result = try await simulate(Self.yearLong(zone: zone))
        let locals = result.deliveries.map(localTime(of:))
        // 2026-01-01 through 2026-12-31: 365 local days, one each.
        #expect(locals.count == 365)
        #expect(Set(locals.map(\.date)).count == 365)
        #expect(locals.allSatisfy { $0.time == LocalTime("08:30") })
        #expect(locals.first?.date == "2026-01-01")
        #expect(locals.last?.date == "2026-12-31")
        #expect(result.dropped.isEmpty)
        #expect(result.missed.isEmpty)
        // The zone really changed offset during the year, so the test crossed DST.
        let rules = ZoneRules(timeZone: TimeZone(identifier: zone)!, around: result.start)
        #expect(Set(result.deliveries.map { rules.offset(at: $0.at) }).count == 2)
    }

    @Test func reminderAtNonexistentTimeArrivesAfterTheGap() async throws {
        // New York springs forward at 02:00 on 2026-03-08: 02:30 does not exist that day.
        let result = try await simulate(
            """
            start: 2026-03-06T12:00
            timeZone: America/New_York
            days: 4
            rules:
              - { id: early, daily: "02:30", title: Early }
            events:
              - { at: 2026-03-06T12:00, open: {} }
            """)
        let locals = result.deliveries.map(localTime(of:)).map(\.description)
        #expect(locals == ["2026-03-07T02:30", "2026-03-08T03:30", "2026-03-09T02:30", "2026-03-10T02:30"])
    }

    @Test func reminderAtRepeatedTimeArrivesOnceAtTheFirstOccurrence() async throws {
        // New York falls back at 02:00 on 2026-11-01: 01:30 happens twice, EDT then EST.
        let result = try await simulate(
            """
            start: 2026-10-31T12:00
            timeZone: America/New_York
            days: 2
            rules:
              - { id: late, daily: "01:30", title: Late }
            events:
              - { at: 2026-10-31T12:00, open: {} }
            """)
        let onFallBack = result.deliveries.filter { localTime(of: $0).date == "2026-11-01" }
        #expect(onFallBack.count == 1)
        // 01:30 EDT is 05:30 UTC.
        #expect(onFallBack.first?.at == Date(timeIntervalSince1970: 1_793_511_000))
    }
}
