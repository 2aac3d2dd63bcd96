import Bugle
import Foundation
import Testing

/// `BYYEARDAY`, `BYWEEKNO`, ordinal `BYDAY` and the limiting `BYMONTH` / `BYMONTHDAY` of
/// `WEEKLY` and shorter rules in calendars other than the Gregorian one (RFC 7529 `RSCALE`).
///
/// The expected Gregorian dates never come from Bugle or from ICU (which Foundation's
/// `Calendar` uses): they were computed in Python with `pyluach` 2.3.0 (Hebrew, arithmetic
/// rules of the fixed calendar) and `lunardate` 0.3.0 (Chinese, Hong Kong Observatory tables
/// for 1900–2099), by walking those libraries' months and years. Week numbers follow the
/// definition Bugle documents (weeks from `WKST`, week 1 the first with four days in the
/// calendar year, libical's ICU setting), recomputed from pyluach's new-year dates.
@Suite struct RecurrenceCalendarScalePartsTests {
    func days(_ rule: String, from start: String, count: Int = 6) throws -> [String] {
        try Recurrence(startDate: LocalDate(parsing: start), rule: RecurrenceRule(parsing: rule)).firstLocal(count).map { "\($0.date)" }
    }

    func times(_ rule: String, from start: String, count: Int) throws -> [String] {
        try Recurrence(start: local(start), rule: RecurrenceRule(parsing: rule)).firstLocal(count).map { "\($0)" }
    }

    // MARK: Ordinal weekdays

    @Test func theSecondSaturdayOfEachHebrewMonth() throws {
        // pyluach: each month of 5785 from Tishri, the second Saturday in it.
        #expect(
            try days("RSCALE=HEBREW;FREQ=MONTHLY;BYDAY=2SA", from: "2024-10-03", count: 12) == [
                "2024-10-12", "2024-11-09", "2024-12-14", "2025-01-11", "2025-02-08", "2025-03-08",
                "2025-04-12", "2025-05-10", "2025-06-07", "2025-07-05", "2025-08-02", "2025-09-06",
            ])
    }

    @Test func theLastFridayOfAdar() throws {
        // pyluach: the last Friday of Adar (month 6, Adar II in the leap years 5784, 5787 and
        // 5790) of 5784 to 5790.
        #expect(
            try days("RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=6;BYDAY=-1FR", from: "2024-01-01", count: 7) == [
                "2024-04-05", "2025-03-28", "2026-03-13", "2027-04-02", "2028-03-24", "2029-03-16", "2030-03-29",
            ])
    }

    @Test func ordinalsCountInTheChineseYear() throws {
        // lunardate: the first Monday after (or on) each Lunar New Year, 2014 to 2020, and the
        // last Sunday before the next one.
        #expect(
            try days("RSCALE=CHINESE;FREQ=YEARLY;BYDAY=1MO", from: "2014-01-31", count: 7) == [
                "2014-02-03", "2015-02-23", "2016-02-08", "2017-01-30", "2018-02-19", "2019-02-11", "2020-01-27",
            ])
        #expect(
            try days("RSCALE=CHINESE;FREQ=YEARLY;BYDAY=-1SU", from: "2014-01-31", count: 7) == [
                "2015-02-15", "2016-02-07", "2017-01-22", "2018-02-11", "2019-02-03", "2020-01-19", "2021-02-07",
            ])
    }

    // MARK: Days of the year

    @Test func chineseDayOneIsTheLunarNewYear() throws {
        // lunardate: LunarDate(y, 1, 1) for 2013 to 2022.
        #expect(
            try days("RSCALE=CHINESE;FREQ=YEARLY;BYYEARDAY=1", from: "2013-01-01", count: 10) == [
                "2013-02-10", "2014-01-31", "2015-02-19", "2016-02-08", "2017-01-28", "2018-02-16", "2019-02-05", "2020-01-25",
                "2021-02-12", "2022-02-01",
            ])
    }

    @Test func hebrewLastDayIsTheEveOfRoshHashanah() throws {
        // pyluach: the day before 1 Tishri of 5785 to 5791 (the 29th of Elul).
        #expect(
            try days("RSCALE=HEBREW;FREQ=YEARLY;BYYEARDAY=-1", from: "2024-01-01", count: 7) == [
                "2024-10-02", "2025-09-22", "2026-09-11", "2027-10-01", "2028-09-20", "2029-09-09", "2030-09-27",
            ])
    }

    @Test func dayThreeHundredEightyFiveFollowsSkip() throws {
        // pyluach year lengths: 5784 has 383 days, 5785 355, 5786 354, 5787 385, 5788 355,
        // 5789 354, 5790 383; the next years of 385 days after 5787 are 5795 and 5798.
        let rule = "RSCALE=HEBREW;FREQ=YEARLY;BYYEARDAY=385"
        #expect(try days(rule, from: "2023-09-16", count: 3) == ["2027-10-01", "2035-10-03", "2038-09-29"])
        // BACKWARD: the last day of each year.
        #expect(
            try days(rule + ";SKIP=BACKWARD", from: "2023-09-16", count: 7) == [
                "2024-10-02", "2025-09-22", "2026-09-11", "2027-10-01", "2028-09-20", "2029-09-09", "2030-09-27",
            ])
        // FORWARD: the first day of the next year, except in 5787, which has a 385th day.
        #expect(
            try days(rule + ";SKIP=FORWARD", from: "2023-09-16", count: 7) == [
                "2024-10-03", "2025-09-23", "2026-09-12", "2027-10-01", "2028-09-21", "2029-09-10", "2030-09-28",
            ])
    }

    @Test func dayMinusThreeHundredEightyFiveFollowsSkip() throws {
        // As the Gregorian -366: BACKWARD is the last day of the year before, FORWARD the first
        // day of the year; 5787 (385 days) has the day itself, 1 Tishri.
        let rule = "RSCALE=HEBREW;FREQ=YEARLY;BYYEARDAY=-385"
        #expect(try days(rule, from: "2023-09-16", count: 3) == ["2026-09-12", "2034-09-14", "2037-09-10"])
        #expect(
            try days(rule + ";SKIP=BACKWARD", from: "2023-09-16", count: 6) == [
                "2024-10-02", "2025-09-22", "2026-09-12", "2027-10-01", "2028-09-20", "2029-09-09",
            ])
        #expect(
            try days(rule + ";SKIP=FORWARD", from: "2023-09-16", count: 7) == [
                "2023-09-16", "2024-10-03", "2025-09-23", "2026-09-12", "2027-10-02", "2028-09-21", "2029-09-10",
            ])
    }

    // MARK: Weeks of the year

    @Test func hebrewWeekNumbers() throws {
        // Weeks from Monday; week 1 is the first with four days in the Hebrew year (pyluach's
        // new-year dates). 5784 begins on a Saturday, so its week 1 begins on 2023-09-18, and
        // the Sunday before ends the last week of 5783.
        #expect(
            try days("RSCALE=HEBREW;FREQ=YEARLY;BYWEEKNO=1;BYDAY=MO", from: "2023-09-16", count: 7) == [
                "2023-09-18", "2024-09-30", "2025-09-22", "2026-09-14", "2027-10-04", "2028-09-18", "2029-09-10",
            ])
        #expect(
            try days("RSCALE=HEBREW;FREQ=YEARLY;BYWEEKNO=-1;BYDAY=SU", from: "2023-09-16", count: 7) == [
                "2023-09-17", "2024-09-29", "2025-09-21", "2026-09-13", "2027-10-03", "2028-09-17", "2029-09-09",
            ])
        // A week number alone takes its weekday from the start (a Monday here), and week 55
        // exists only in years that span 55 weeks (5787 and 5790 among these).
        #expect(try days("RSCALE=HEBREW;FREQ=YEARLY;BYWEEKNO=1", from: "2023-09-18", count: 3) == ["2023-09-18", "2024-09-30", "2025-09-22"])
        #expect(try days("RSCALE=HEBREW;FREQ=YEARLY;BYWEEKNO=55;BYDAY=SU", from: "2023-09-16", count: 2) == ["2027-10-03", "2030-09-29"])
    }

    // MARK: Limits of WEEKLY and shorter rules

    @Test func dailyOnTheFirstOfTheTwelfthChineseMonth() throws {
        // lunardate: LunarDate(y, 12, 1) for 2014 to 2018 (none of these years has a leap 12th).
        #expect(
            try days("RSCALE=CHINESE;FREQ=DAILY;BYMONTH=12;BYMONTHDAY=1", from: "2014-01-02", count: 5) == [
                "2015-01-20", "2016-01-10", "2016-12-29", "2018-01-17", "2019-01-06",
            ])
    }

    @Test func dailyInALeapMonth() throws {
        // pyluach: Adar I of 5784 is 2024-02-10 to 2024-03-10 (30 days); the next is in 5787,
        // from 2027-02-08.
        let adar = try days("RSCALE=HEBREW;FREQ=DAILY;BYMONTH=5L", from: "2024-01-01", count: 31)
        #expect(adar.first == "2024-02-10")
        #expect(adar[29] == "2024-03-10")
        #expect(adar[30] == "2027-02-08")
        // The Saturdays of Adar I, WEEKLY.
        #expect(
            try days("RSCALE=HEBREW;FREQ=WEEKLY;BYMONTH=5L;BYDAY=SA", from: "2024-01-01", count: 5) == [
                "2024-02-10", "2024-02-17", "2024-02-24", "2024-03-02", "2024-03-09",
            ])
    }

    @Test func dailyLimitsByDayOfTheMonthWithoutSkip() throws {
        // pyluach: the last day of each month of 5785, and its 30th days. SKIP does not
        // apply to a limit: a month of 29 days has no 30th and nothing moves (libical agrees).
        #expect(
            try days("RSCALE=HEBREW;FREQ=DAILY;BYMONTHDAY=-1", from: "2024-10-03", count: 8) == [
                "2024-11-01", "2024-12-01", "2024-12-31", "2025-01-29", "2025-02-28", "2025-03-29", "2025-04-28", "2025-05-27",
            ])
        for skip in ["", ";SKIP=FORWARD", ";SKIP=BACKWARD"] {
            #expect(
                try days("RSCALE=HEBREW;FREQ=DAILY;BYMONTHDAY=30" + skip, from: "2024-10-03", count: 6) == [
                    "2024-11-01", "2024-12-01", "2024-12-31", "2025-02-28", "2025-04-28", "2025-06-26",
                ])
        }
    }

    @Test func hourlyOnRoshHashanah() throws {
        // pyluach: 1 Tishri 5785 and 5786.
        #expect(
            try times("RSCALE=HEBREW;FREQ=HOURLY;BYYEARDAY=1;BYHOUR=9,18", from: "2024-01-01T00:00", count: 4) == [
                "2024-10-03T09:00", "2024-10-03T18:00", "2025-09-23T09:00", "2025-09-23T18:00",
            ])
    }

    @Test func countCountsOnlyTheDaysThatPass() throws {
        let rule = try RecurrenceRule(parsing: "RSCALE=HEBREW;FREQ=DAILY;BYMONTH=5L;COUNT=3")
        let recurrence = try Recurrence(startDate: LocalDate("2024-01-01"), rule: rule)
        #expect(recurrence.firstLocal(10).map { "\($0.date)" } == ["2024-02-10", "2024-02-11", "2024-02-12"])
        #expect(recurrence.nextLocal(after: local("2024-02-11T00:00"))?.date == LocalDate("2024-02-12"))
        #expect(recurrence.nextLocal(after: local("2024-02-12T00:00")) == nil)
    }

    // MARK: Bounded work

    @Test func rulesThatNeverMatchEnd() throws {
        // No Chinese month has 31 days; day 385 is in Elul, never in Tishri.
        #expect(try days("RSCALE=CHINESE;FREQ=DAILY;BYMONTHDAY=31", from: "2026-01-01", count: 1).isEmpty)
        #expect(try days("RSCALE=HEBREW;FREQ=YEARLY;BYYEARDAY=385;BYMONTH=1", from: "2026-01-01", count: 1).isEmpty)
        #expect(try days("RSCALE=HEBREW;FREQ=MONTHLY;BYDAY=5SA;BYMONTHDAY=1,2,3", from: "2026-01-01", count: 1).isEmpty)
        // Every 7th day from a Thursday is never a Monday, in Ramadan or out of it.
        #expect(try days("RSCALE=ISLAMIC-CIVIL;FREQ=DAILY;INTERVAL=7;BYMONTH=9;BYDAY=MO", from: "2026-01-01", count: 1).isEmpty)
    }

    // MARK: Next after a moment

    @Test(arguments: [
        "RSCALE=HEBREW;FREQ=MONTHLY;BYDAY=2SA,-1FR", "RSCALE=CHINESE;FREQ=YEARLY;BYDAY=-1SU,20MO",
        "RSCALE=HEBREW;FREQ=YEARLY;BYYEARDAY=385,-1;SKIP=FORWARD", "RSCALE=HEBREW;FREQ=YEARLY;BYYEARDAY=-385,100;SKIP=BACKWARD",
        "RSCALE=ISLAMIC-CIVIL;FREQ=YEARLY;BYWEEKNO=1,-1;BYDAY=FR", "RSCALE=PERSIAN;FREQ=YEARLY;INTERVAL=2;BYMONTH=1,7;BYDAY=-1TU,1WE",
        "RSCALE=HEBREW;FREQ=DAILY;BYMONTH=5L;BYHOUR=9,21", "RSCALE=CHINESE;FREQ=DAILY;INTERVAL=3;BYMONTHDAY=1,15",
        "RSCALE=COPTIC;FREQ=HOURLY;INTERVAL=5;BYMONTH=13", "RSCALE=ISLAMIC-UMALQURA;FREQ=WEEKLY;BYMONTH=9;BYDAY=FR,SA",
        "RSCALE=HEBREW;FREQ=MINUTELY;INTERVAL=7;BYYEARDAY=-1;BYHOUR=20", "RSCALE=DANGI;FREQ=DAILY;BYMONTHDAY=-1,1;BYDAY=SA,SU;BYHOUR=8,20;BYSETPOS=2",
    ])
    func nextAfterAMomentMatchesAReplay(_ text: String) throws {
        // Without COUNT a query starts near the moment; with it, it replays. Both must give
        // what walking from the start gives.
        let rule = try RecurrenceRule(parsing: text)
        let recurrence = try Recurrence(start: local("2010-03-15T08:00"), rule: rule)
        let replay = recurrence.firstLocal(60)
        #expect(replay.count == 60)
        #expect(replay == replay.sorted() && Set(replay).count == replay.count)
        var counted = rule
        counted.count = 1_000
        let countedRecurrence = try Recurrence(start: local("2010-03-15T08:00"), rule: counted)
        #expect(countedRecurrence.firstLocal(60) == replay)
        for index in stride(from: 0, to: 59, by: 7) {
            let after = LocalDateTime(localSeconds: replay[index].localSeconds + 3_600)
            // Past the replay's last occurrence the replay cannot tell.
            guard let expected = replay.first(where: { $0 > after }) else { continue }
            #expect(recurrence.nextLocal(after: after) == expected, "\(text) after \(after)")
            #expect(countedRecurrence.nextLocal(after: after) == expected, "\(text) with COUNT after \(after)")
        }
        // COUNT ends the walk at its count, also from a later moment.
        counted.count = 20
        let twenty = try Recurrence(start: local("2010-03-15T08:00"), rule: counted)
        #expect(twenty.firstLocal(30) == Array(replay.prefix(20)))
        #expect(twenty.nextLocal(after: replay[19]) == nil)
    }

    // MARK: Validation

    @Test func rangesFollowTheCalendar() throws {
        func refusal(_ text: String) -> String? {
            do {
                _ = try RecurrenceRule(parsing: text)
                return nil
            } catch { return error.description }
        }
        #expect(refusal("RSCALE=HEBREW;FREQ=YEARLY;BYYEARDAY=385") == nil)
        #expect(refusal("RSCALE=HEBREW;FREQ=YEARLY;BYYEARDAY=-386")?.hasPrefix("BYYEARDAY: -386 is out of range; expected 1 to 385") == true)
        #expect(refusal("RSCALE=ISLAMIC-CIVIL;FREQ=YEARLY;BYYEARDAY=356")?.hasPrefix("BYYEARDAY:") == true)
        #expect(refusal("FREQ=YEARLY;BYYEARDAY=367")?.hasPrefix("BYYEARDAY:") == true)
        #expect(refusal("RSCALE=CHINESE;FREQ=YEARLY;BYWEEKNO=55") == nil)
        #expect(refusal("RSCALE=CHINESE;FREQ=YEARLY;BYWEEKNO=56")?.hasPrefix("BYWEEKNO:") == true)
        #expect(refusal("RSCALE=HEBREW;FREQ=YEARLY;BYDAY=55SA") == nil)
        #expect(refusal("FREQ=YEARLY;BYDAY=54SA")?.hasPrefix("BYDAY:") == true)
        // The one combination left out: a week's BYSETPOS set cut by the calendar's months.
        #expect(
            refusal("RSCALE=HEBREW;FREQ=WEEKLY;BYMONTH=5L;BYDAY=MO,TU;BYSETPOS=1")?.hasPrefix("BYSETPOS: cannot be combined with FREQ=WEEKLY and BYMONTH")
                == true)
        // RFC 5545's own limits still hold in every calendar.
        #expect(refusal("RSCALE=HEBREW;FREQ=MONTHLY;BYYEARDAY=1")?.hasPrefix("BYYEARDAY: cannot be used with FREQ=MONTHLY") == true)
        #expect(refusal("RSCALE=HEBREW;FREQ=MONTHLY;BYWEEKNO=1")?.hasPrefix("BYWEEKNO: needs FREQ=YEARLY") == true)
        #expect(refusal("RSCALE=HEBREW;FREQ=DAILY;BYDAY=1MO")?.hasPrefix("BYDAY:") == true)
        for text in ["RSCALE=HEBREW;FREQ=YEARLY;BYYEARDAY=1", "RSCALE=CHINESE;FREQ=DAILY;BYMONTHDAY=1", "RSCALE=HEBREW;FREQ=YEARLY;BYWEEKNO=1"] {
            #expect(refusal(text) == nil, "\(text)")
        }
    }
}
