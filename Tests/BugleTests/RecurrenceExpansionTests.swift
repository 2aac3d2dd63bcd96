import Bugle
import Foundation
import Testing

/// RFC 5545's own examples, the places where Bugle follows the RFC rather than
/// python-dateutil, and recurrence sets with extra dates and exceptions.
@Suite struct RecurrenceExpansionTests {
    func days(_ rule: String, from start: String, count: Int) throws -> [String] {
        try Recurrence(start: local(start), rule: RecurrenceRule(parsing: rule)).firstLocal(count).map { "\($0.date)" }
    }

    @Test(arguments: [
        (
            "FREQ=DAILY;COUNT=10", "1997-09-02T09:00", 20,
            ["1997-09-02", "1997-09-03", "1997-09-04", "1997-09-05", "1997-09-06", "1997-09-07", "1997-09-08", "1997-09-09", "1997-09-10", "1997-09-11"]
        ),
        (
            "FREQ=MONTHLY;BYDAY=-2MO;COUNT=6", "1997-09-22T09:00", 20,
            ["1997-09-22", "1997-10-20", "1997-11-17", "1997-12-22", "1998-01-19", "1998-02-16"]
        ),
        ("FREQ=YEARLY;BYDAY=20MO", "1997-05-19T09:00", 3, ["1997-05-19", "1998-05-18", "1999-05-17"]),
        ("FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO", "1997-05-12T09:00", 3, ["1997-05-12", "1998-05-11", "1999-05-17"]),
        ("FREQ=MONTHLY;BYDAY=TU,WE,TH;BYSETPOS=3;COUNT=3", "1997-09-04T09:00", 10, ["1997-09-04", "1997-10-07", "1997-11-06"]),
        (
            "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-2", "1997-09-29T09:00", 7,
            ["1997-09-29", "1997-10-30", "1997-11-27", "1997-12-30", "1998-01-29", "1998-02-26", "1998-03-30"]
        ),
        (
            "FREQ=YEARLY;INTERVAL=4;BYMONTH=11;BYDAY=TU;BYMONTHDAY=2,3,4,5,6,7,8", "1996-11-05T09:00", 3,
            ["1996-11-05", "2000-11-07", "2004-11-02"]
        ),
        ("FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=MO", "1997-08-05T09:00", 10, ["1997-08-05", "1997-08-10", "1997-08-19", "1997-08-24"]),
        ("FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=SU", "1997-08-05T09:00", 10, ["1997-08-05", "1997-08-17", "1997-08-19", "1997-08-31"]),
        ("FREQ=MONTHLY;BYMONTHDAY=15,30;COUNT=5", "2007-01-15T09:00", 10, ["2007-01-15", "2007-01-30", "2007-02-15", "2007-03-15", "2007-03-30"]),
        ("FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13", "1997-09-02T09:00", 5, ["1998-02-13", "1998-03-13", "1998-11-13", "1999-08-13", "2000-10-13"]),
        ("FREQ=YEARLY;BYMONTH=1;BYDAY=SU,MO,TU,WE,TH,FR,SA;UNTIL=20000131T140000", "1998-01-01T09:00", 3, ["1998-01-01", "1998-01-02", "1998-01-03"]),
    ])
    func rfc5545Examples(_ rule: String, _ start: String, _ count: Int, _ expected: [String]) throws {
        #expect(try days(rule, from: start, count: count) == expected)
    }

    @Test func theStartCountsOnlyWhenItMatches() throws {
        #expect(try days("FREQ=MONTHLY;BYDAY=-1FR;COUNT=2", from: "2026-01-01T09:00", count: 5) == ["2026-01-30", "2026-02-27"])
    }

    // MARK: Where dateutil departs from RFC 5545

    @Test func weeklySetPositionPicksFromTheWholeFirstWeek() throws {
        // The first weekday of the week of Wed 2026-01-07 is Mon 01-05, before the start.
        #expect(try days("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=1", from: "2026-01-07T09:00", count: 2) == ["2026-01-12", "2026-01-19"])
    }

    @Test func plainAndOrdinalWeekdaysAreBothKept() throws {
        #expect(
            try days("FREQ=MONTHLY;BYDAY=MO,1TU", from: "2026-01-01T09:00", count: 6)
                == ["2026-01-05", "2026-01-06", "2026-01-12", "2026-01-19", "2026-01-26", "2026-02-02"])
    }

    @Test func weekNumbersFollowTheWeekEachDayBelongsTo() throws {
        // 2026 has 53 ISO weeks; week 53 runs from Mon 2026-12-28 to Sun 2027-01-03.
        #expect(
            try days("FREQ=YEARLY;BYWEEKNO=53;BYDAY=MO,TU,WE,TH,FR,SA,SU", from: "2026-01-01T09:00", count: 8)
                == ["2026-12-28", "2026-12-29", "2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02", "2027-01-03", "2032-12-27"])
        #expect(try days("FREQ=YEARLY;BYWEEKNO=-1;BYDAY=SU", from: "2026-01-01T09:00", count: 3) == ["2027-01-03", "2028-01-02", "2028-12-31"])
        // Week 1 can begin in the previous December.
        #expect(try days("FREQ=YEARLY;BYWEEKNO=1;BYDAY=MO", from: "2024-01-01T09:00", count: 4) == ["2024-01-01", "2024-12-30", "2025-12-29", "2027-01-04"])
    }

    // MARK: Sets

    @Test func extraDatesAndExceptions() throws {
        let recurrence = try Recurrence(
            start: local("2026-01-01T09:00"),
            rule: RecurrenceRule(parsing: "FREQ=DAILY;COUNT=5"),
            dates: [local("2026-01-10T12:00"), local("2026-01-02T09:00"), local("2025-12-24T18:00")],
            exceptions: [local("2026-01-03T09:00"), local("2026-01-10T12:00")])
        #expect(
            recurrence.firstLocal(10).map(\.description) == [
                "2025-12-24T18:00", "2026-01-01T09:00", "2026-01-02T09:00", "2026-01-04T09:00", "2026-01-05T09:00",
            ])
        #expect(recurrence.nextLocal(after: local("2026-01-02T09:00"))?.description == "2026-01-04T09:00")
        let datesOnly = try Recurrence(start: local("2026-01-01T09:00"), dates: [local("2026-03-01T08:00"), local("2026-02-01T08:00")])
        #expect(datesOnly.firstLocal(5).map(\.description) == ["2026-02-01T08:00", "2026-03-01T08:00"])
    }

    @Test func aUTCUntilNeedsAZone() throws {
        let rule = try RecurrenceRule(parsing: "FREQ=DAILY;UNTIL=20260310T130000Z")
        #expect(throws: RecurrenceRuleError.self) { try Recurrence(start: local("2026-03-06T09:00"), rule: rule) }
        let zone = TimeZone(identifier: "America/New_York")!
        let zoned = try Recurrence(start: local("2026-03-06T09:00"), rule: rule, timeZone: zone)
        // 09:00 EDT on 03-10 is 13:00Z, inclusive.
        #expect(zoned.first(10, in: zone).map { "\($0.local.date)" } == ["2026-03-06", "2026-03-07", "2026-03-08", "2026-03-09", "2026-03-10"])
    }
}
