import Bugle
import Foundation
import Testing

/// Occurrences at wall-clock times that do not exist move forward by the gap; times that
/// occur twice take the first, in five zones (Lord Howe shifts by 30 minutes).
@Suite struct RecurrenceDaylightSavingTests {
    /// The occurrence of a daily rule at `time`, on `day`, as ISO 8601 with its offset.
    func daily(at time: String, in zoneName: String, on day: String) throws -> String? {
        let zone = TimeZone(identifier: zoneName)!
        let start = local("\(day)T\(time)").date.adding(days: -3)
        let recurrence = try Recurrence(
            start: LocalDateTime(date: start, time: local("\(day)T\(time)").time),
            rule: RecurrenceRule(parsing: "FREQ=DAILY"), timeZone: zone)
        let occurrence = recurrence.first(6, in: zone).first { "\($0.local.date)" == day }
        return occurrence.map { ISO8601.string(from: $0.date, timeZone: zone) }
    }

    @Test(arguments: [
        // Spring forward: the time does not exist and moves forward by the gap.
        ("America/New_York", "2026-03-08", "02:30", "2026-03-08T03:30:00-04:00"),
        ("Europe/London", "2026-03-29", "01:30", "2026-03-29T02:30:00+01:00"),
        ("Australia/Sydney", "2026-10-04", "02:30", "2026-10-04T03:30:00+11:00"),
        ("America/Santiago", "2026-09-06", "00:30", "2026-09-06T01:30:00-03:00"),
        ("Australia/Lord_Howe", "2026-10-04", "02:15", "2026-10-04T02:45:00+11:00"),
        // Fall back: the time occurs twice and the first is taken.
        ("America/New_York", "2026-11-01", "01:30", "2026-11-01T01:30:00-04:00"),
        ("Europe/London", "2026-10-25", "01:30", "2026-10-25T01:30:00+01:00"),
        ("Australia/Sydney", "2026-04-05", "02:30", "2026-04-05T02:30:00+11:00"),
        ("America/Santiago", "2026-04-04", "23:30", "2026-04-04T23:30:00-03:00"),
        ("Australia/Lord_Howe", "2026-04-05", "01:45", "2026-04-05T01:45:00+11:00"),
        // The day after, the usual offset again.
        ("Australia/Lord_Howe", "2026-10-05", "02:15", "2026-10-05T02:15:00+11:00"),
        ("America/New_York", "2026-03-09", "02:30", "2026-03-09T02:30:00-04:00"),
    ])
    func dailyRuleAcrossTheChange(_ zone: String, _ day: String, _ time: String, _ expected: String) throws {
        #expect(try daily(at: time, in: zone, on: day) == expected)
    }

    @Test func hourlyOccurrencesInAGapStayInOrderAndCountOnce() throws {
        let zone = TimeZone(identifier: "America/New_York")!
        let recurrence = try Recurrence(start: local("2026-03-08T00:00"), rule: RecurrenceRule(parsing: "FREQ=HOURLY;BYMINUTE=0,30;COUNT=10"), timeZone: zone)
        let times = recurrence.first(10, in: zone).map { ISO8601.string(from: $0.date, timeZone: zone) }
        // 02:00 and 02:30 do not exist: they become 03:00 and 03:30, which the rule has anyway.
        #expect(
            times == [
                "2026-03-08T00:00:00-05:00", "2026-03-08T00:30:00-05:00", "2026-03-08T01:00:00-05:00", "2026-03-08T01:30:00-05:00",
                "2026-03-08T03:00:00-04:00", "2026-03-08T03:30:00-04:00", "2026-03-08T04:00:00-04:00", "2026-03-08T04:30:00-04:00",
            ])
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
    }

    @Test func aGapShiftedTimeWaitsForItsTurn() throws {
        let zone = TimeZone(identifier: "Australia/Lord_Howe")!
        // 02:10 to 02:25 do not exist and move 30 minutes on, past 02:30 and 02:35, which do;
        // 02:40 and 02:45 are then given once.
        let recurrence = try Recurrence(start: local("2026-10-04T02:10"), rule: RecurrenceRule(parsing: "FREQ=MINUTELY;INTERVAL=5;COUNT=8"), timeZone: zone)
        let times = recurrence.first(20, in: zone).map { ISO8601.string(from: $0.date, timeZone: zone) }
        #expect(
            times == [
                "2026-10-04T02:30:00+11:00", "2026-10-04T02:35:00+11:00", "2026-10-04T02:40:00+11:00",
                "2026-10-04T02:45:00+11:00", "2026-10-04T02:50:00+11:00", "2026-10-04T02:55:00+11:00",
            ])
    }

    @Test func monthlyRuleKeepsItsWallClockTimeAcrossChanges() throws {
        let zone = TimeZone(identifier: "Australia/Sydney")!
        let recurrence = try Recurrence(
            start: local("2026-01-31T09:00"), rule: RecurrenceRule(parsing: "FREQ=MONTHLY;SKIP=BACKWARD;RSCALE=GREGORIAN"), timeZone: zone)
        let times = recurrence.first(11, in: zone).map { ISO8601.string(from: $0.date, timeZone: zone) }
        #expect(times.first == "2026-01-31T09:00:00+11:00")
        #expect(times.contains("2026-04-30T09:00:00+10:00"))
        #expect(times.last == "2026-11-30T09:00:00+11:00")
    }
}
