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

    // MARK: SKIP

    @Test func aNegativeMonthDayBeforeTheFirstMovesBackToThePreviousMonthsLastDay() throws {
        // -31: the 1st in a 31-day month; in a shorter one it falls before the 1st, and
        // BACKWARD makes it the last day of the month before.
        #expect(
            try days("RSCALE=GREGORIAN;FREQ=MONTHLY;BYMONTHDAY=-31;SKIP=BACKWARD", from: "2026-01-01T09:00")
                == ["2026-01-01", "2026-01-31", "2026-03-01", "2026-03-31", "2026-05-01", "2026-05-31"])
    }

    @Test func aNegativeMonthDayBeforeTheFirstMovesForwardToTheFirst() throws {
        #expect(
            try days("RSCALE=GREGORIAN;FREQ=MONTHLY;BYMONTHDAY=-31;SKIP=FORWARD", from: "2026-01-01T09:00")
                == ["2026-01-01", "2026-02-01", "2026-03-01", "2026-04-01", "2026-05-01", "2026-06-01"])
        // -30 in February 2028 (29 days) is the 1st too; in March it is March 2.
        #expect(
            try days("RSCALE=GREGORIAN;FREQ=MONTHLY;BYMONTHDAY=-30;SKIP=FORWARD", from: "2028-02-01T09:00", count: 3)
                == ["2028-02-01", "2028-03-02", "2028-04-01"])
    }

    @Test func aPositiveMonthDayPastTheEndStillMoves() throws {
        #expect(
            try days("RSCALE=GREGORIAN;FREQ=MONTHLY;BYMONTHDAY=31;SKIP=BACKWARD", from: "2026-04-01T09:00", count: 3)
                == ["2026-04-30", "2026-05-31", "2026-06-30"])
        #expect(
            try days("RSCALE=GREGORIAN;FREQ=MONTHLY;BYMONTHDAY=31;SKIP=FORWARD", from: "2026-04-01T09:00", count: 3)
                == ["2026-05-01", "2026-05-31", "2026-07-01"])
    }

    @Test func day366OfACommonYear() throws {
        // 2028 and 2032 are leap years: day 366 is their December 31.
        #expect(
            try days("RSCALE=GREGORIAN;FREQ=YEARLY;BYYEARDAY=366;SKIP=BACKWARD", from: "2027-01-01T09:00", count: 4)
                == ["2027-12-31", "2028-12-31", "2029-12-31", "2030-12-31"])
        #expect(
            try days("RSCALE=GREGORIAN;FREQ=YEARLY;BYYEARDAY=366;SKIP=FORWARD", from: "2027-01-01T09:00")
                == ["2028-01-01", "2028-12-31", "2030-01-01", "2031-01-01", "2032-01-01", "2032-12-31"])
        #expect(try days("FREQ=YEARLY;BYYEARDAY=366", from: "2027-01-01T09:00", count: 2) == ["2028-12-31", "2032-12-31"])
    }

    @Test func dayMinus366OfACommonYear() throws {
        // BACKWARD from a common year reaches the previous year's December 31; 2027's is
        // before the start.
        #expect(
            try days("RSCALE=GREGORIAN;FREQ=YEARLY;BYYEARDAY=-366;SKIP=BACKWARD", from: "2027-01-01T09:00", count: 5)
                == ["2028-01-01", "2028-12-31", "2029-12-31", "2030-12-31", "2032-01-01"])
        #expect(
            try days("RSCALE=GREGORIAN;FREQ=YEARLY;BYYEARDAY=-366;SKIP=FORWARD", from: "2027-01-01T09:00", count: 3)
                == ["2027-01-01", "2028-01-01", "2029-01-01"])
    }

    @Test func aDayMovedBackBeforeItsPeriodStillCountsAgainstUntil() throws {
        // 2029's -366 is 2028-12-31, within UNTIL though 2029 begins after it.
        #expect(
            try days("RSCALE=GREGORIAN;FREQ=YEARLY;BYYEARDAY=-366;SKIP=BACKWARD;UNTIL=20281231T235959", from: "2027-01-01T09:00", count: 5)
                == ["2028-01-01", "2028-12-31"])
        let recurrence = try Recurrence(
            start: local("2027-01-01T09:00"), rule: RecurrenceRule(parsing: "RSCALE=GREGORIAN;FREQ=YEARLY;BYYEARDAY=-366;SKIP=BACKWARD"))
        #expect(recurrence.localOccurrences(from: local("2028-06-01T00:00"), through: local("2028-12-31T23:00")).map(\.description) == ["2028-12-31T09:00"])
    }

    @Test func movedDaysThatRepeatADayCountOnceInCountAndInQueries() throws {
        // The last day of each month, and -31: the 1st of a 31-day month, else the previous
        // month's last day, which the rule already has. A year holds 7 × 2 + 5 = 19.
        let rule = "RSCALE=GREGORIAN;FREQ=MONTHLY;BYMONTHDAY=-1,-31;SKIP=BACKWARD;COUNT=40"
        #expect(try days(rule, from: "2026-01-01T09:00", count: 5) == ["2026-01-01", "2026-01-31", "2026-02-28", "2026-03-01", "2026-03-31"])
        let recurrence = try Recurrence(start: local("2026-01-01T09:00"), rule: RecurrenceRule(parsing: rule))
        // 38 in 2026 and 2027; the 39th and 40th are 2028-01-01 and 2028-01-31.
        #expect(recurrence.localOccurrences(after: local("2027-12-31T10:00")).map(\.description) == ["2028-01-01T09:00", "2028-01-31T09:00"])
        #expect(recurrence.nextLocal(after: local("2026-02-15T00:00"))?.description == "2026-02-28T09:00")
    }

    @Test func nextAfterAMomentWhenDaysMoveBack() throws {
        let recurrence = try Recurrence(
            start: local("2026-01-01T09:00"), rule: RecurrenceRule(parsing: "RSCALE=GREGORIAN;FREQ=MONTHLY;BYMONTHDAY=-31;SKIP=BACKWARD"))
        #expect(recurrence.nextLocal(after: local("2026-02-15T00:00"))?.description == "2026-03-01T09:00")
        #expect(recurrence.nextLocal(after: local("2026-03-15T00:00"))?.description == "2026-03-31T09:00")
        #expect(recurrence.nextLocal(after: local("2030-04-15T00:00"))?.description == "2030-05-01T09:00")
    }

    @Test func skipWithoutRScaleIsAnErrorThatSaysWhy() {
        #expect {
            _ = try RecurrenceRule(parsing: "FREQ=MONTHLY;BYMONTHDAY=-31;SKIP=BACKWARD")
        } throws: { error in
            let description = (error as? RecurrenceRuleError)?.description ?? ""
            return description.hasPrefix("SKIP: needs RSCALE=GREGORIAN") && description.contains("RFC 7529 §4.1")
        }
        #expect(throws: Never.self) { try RecurrenceRule(parsing: "FREQ=MONTHLY;SKIP=OMIT;RSCALE=GREGORIAN") }
    }

    // MARK: UNTIL

    @Test func aDateUntilEndsTheRuleBeforeThatDay() throws {
        // libical orders a date before every time of its day, so the 5th is not kept; a rule
        // at midnight loses it too.
        #expect(try days("FREQ=DAILY;UNTIL=20260105", from: "2026-01-01T09:00", count: 10) == ["2026-01-01", "2026-01-02", "2026-01-03", "2026-01-04"])
        #expect(try days("FREQ=DAILY;UNTIL=20260105", from: "2026-01-01T00:00", count: 10).last == "2026-01-04")
        #expect(try days("FREQ=DAILY;UNTIL=20260105T235959", from: "2026-01-01T09:00", count: 10).last == "2026-01-05")
        // As an instant query too.
        let zone = try #require(TimeZone(identifier: "Europe/Paris"))
        let zoned = try Recurrence(start: local("2026-01-01T09:00"), rule: RecurrenceRule(parsing: "FREQ=DAILY;UNTIL=20260105"), timeZone: zone)
        #expect(zoned.first(10, in: zone).map { "\($0.local.date)" } == ["2026-01-01", "2026-01-02", "2026-01-03", "2026-01-04"])
    }

    @Test func aUTCUntilIsAnInstantAcrossADaylightSavingChange() throws {
        // New York leaves daylight saving on 2026-11-01: 09:00 is 13:00Z before, 14:00Z after.
        let zone = try #require(TimeZone(identifier: "America/New_York"))
        func ends(_ until: String) throws -> (instants: [String], local: [String]) {
            let recurrence = try Recurrence(
                start: local("2026-10-29T09:00"), rule: RecurrenceRule(parsing: "FREQ=DAILY;UNTIL=\(until)"), timeZone: zone)
            return (recurrence.first(10, in: zone).map { "\($0.local.date)" }, recurrence.firstLocal(10).map { "\($0.date)" })
        }
        let through = ["2026-10-29", "2026-10-30", "2026-10-31", "2026-11-01", "2026-11-02"]
        #expect(try ends("20261102T140000Z").instants == through)
        #expect(try ends("20261102T140000Z").local == through)
        #expect(try ends("20261102T135959Z").instants == Array(through.dropLast()))
        #expect(try ends("20261102T135959Z").local == Array(through.dropLast()))
        // 13:00Z is 09:00 on October 31 (still daylight time).
        #expect(try ends("20261031T130000Z").instants == ["2026-10-29", "2026-10-30", "2026-10-31"])
    }

    @Test func aLocalUntilWithAZonedStartIsReadOnTheStartsClock() throws {
        // RFC 5545 asks for UTC here; libical compares the wall-clock digits, and so does Bugle.
        let zone = try #require(TimeZone(identifier: "America/New_York"))
        let recurrence = try Recurrence(
            start: local("2026-10-29T09:00"), rule: RecurrenceRule(parsing: "FREQ=DAILY;UNTIL=20261102T090000"), timeZone: zone)
        #expect(recurrence.first(10, in: zone).map { "\($0.local.date)" } == ["2026-10-29", "2026-10-30", "2026-10-31", "2026-11-01", "2026-11-02"])
        #expect(recurrence.firstLocal(10).last?.description == "2026-11-02T09:00")
    }

    @Test func aUTCUntilWithAFloatingStartIsRefusedWithTheReason() throws {
        let rule = try RecurrenceRule(parsing: "FREQ=WEEKLY;UNTIL=19971224T000000Z")
        #expect {
            _ = try Recurrence(start: local("1997-09-02T09:00"), rule: rule)
        } throws: { error in
            let description = (error as? RecurrenceRuleError)?.description ?? ""
            return description.hasPrefix("UNTIL: 19971224T000000Z is a UTC time but the recurrence is floating") && description.contains("RFC 5545")
        }
    }
}
