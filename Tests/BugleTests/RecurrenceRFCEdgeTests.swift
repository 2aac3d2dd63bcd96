import Bugle
import Foundation
import Testing

/// Where RFC 5545 and RFC 7529 decide what python-dateutil reads otherwise, checked by hand
/// from a calendar and against libical's vectors: a week number without a weekday, `SKIP`
/// for days counted from the end and for day 366, and how `UNTIL` ends a rule.
@Suite struct RecurrenceRFCEdgeTests {
    func days(_ rule: String, from start: String, count: Int = 6) throws -> [String] {
        try Recurrence(start: local(start), rule: RecurrenceRule(parsing: rule)).firstLocal(count).map { "\($0.date)" }
    }

    // MARK: BYWEEKNO without BYDAY

    @Test func aWeekNumberWithoutAWeekdayTakesTheStartsWeekday() throws {
        // 1997-05-13 is a Tuesday; the Tuesdays of ISO week 20 are 1997-05-13, 1998-05-12,
        // 1999-05-18 and 2000-05-16.
        #expect(
            try days("FREQ=YEARLY;BYWEEKNO=20", from: "1997-05-13T09:00", count: 4) == ["1997-05-13", "1998-05-12", "1999-05-18", "2000-05-16"])
        // libical's "specific in first 2 weeks of year", from Tuesday 2013-01-01: the Tuesdays
        // of weeks 1 and 2 (week 1 of 2014 begins on Monday 2013-12-30).
        #expect(
            try days("FREQ=YEARLY;BYWEEKNO=1,2;UNTIL=20170101T000000", from: "2013-01-01T00:00", count: 20) == [
                "2013-01-01", "2013-01-08", "2013-12-31", "2014-01-07", "2014-12-30", "2015-01-06", "2016-01-05", "2016-01-12",
            ])
        // Week 53 from a Thursday: the years with 53 ISO weeks after 2026 are 2032 and 2037.
        #expect(try days("FREQ=YEARLY;BYWEEKNO=53", from: "2026-01-01T09:00", count: 3) == ["2026-12-31", "2032-12-30", "2037-12-31"])
        // With WKST=SU the weeks run Sunday to Saturday: week 1 of 1998, the first with four
        // days in the year, runs from January 4 to 10, so week 20 from May 17 to 23.
        #expect(try days("FREQ=YEARLY;BYWEEKNO=20;WKST=SU", from: "1997-05-13T09:00", count: 2) == ["1997-05-13", "1998-05-19"])
    }

    @Test func aWeekNumberWithAnotherDayPartKeepsIt() throws {
        // BYMONTHDAY names the day: January 1 when it falls in week 1, that is on a Monday to
        // Thursday (2026 and 2029; 2027 and 2028 begin in the previous year's last week).
        #expect(try days("FREQ=YEARLY;BYWEEKNO=1;BYMONTHDAY=1", from: "2025-06-01T09:00", count: 2) == ["2026-01-01", "2029-01-01"])
        // BYDAY given: only those days.
        #expect(try days("FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO,FR", from: "1997-05-13T09:00", count: 3) == ["1997-05-16", "1998-05-11", "1998-05-15"])
    }
}
