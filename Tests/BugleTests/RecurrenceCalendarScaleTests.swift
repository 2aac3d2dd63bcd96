import Bugle
import Foundation
import Testing

/// RFC 7529 `RSCALE` rules in calendars other than the Gregorian one. The expected Gregorian
/// dates come from RFC 7529 §4's examples, libical's `icalrecur_test_rscale_withicu.txt`, and
/// published dates of the holidays (Chinese New Year, Rosh Hashanah, Korean Buddha's
/// Birthday), never from Bugle.
@Suite struct RecurrenceCalendarScaleTests {
    func days(_ rule: String, from start: String, count: Int = 6) throws -> [String] {
        try Recurrence(startDate: LocalDate(parsing: start), rule: RecurrenceRule(parsing: rule)).firstLocal(count).map { "\($0.date)" }
    }

    @Test func chineseNewYear() throws {
        // RFC 7529 §4.3's first example, with the published dates of the Spring Festival.
        #expect(
            try days("RSCALE=CHINESE;FREQ=YEARLY", from: "2013-02-10", count: 8) == [
                "2013-02-10", "2014-01-31", "2015-02-19", "2016-02-08", "2017-01-28", "2018-02-16", "2019-02-05", "2020-01-25",
            ])
        // From a later moment, without replaying the years before it.
        let newYear = try Recurrence(startDate: LocalDate("2013-02-10"), rule: RecurrenceRule(parsing: "RSCALE=CHINESE;FREQ=YEARLY"))
        #expect(newYear.nextLocal(after: local("2016-01-01T00:00"))?.date == LocalDate("2016-02-08"))
        #expect(newYear.nextLocal(after: local("2019-02-05T00:00"))?.date == LocalDate("2020-01-25"))
    }

    @Test func aHebrewAnniversaryInALeapMonth() throws {
        // RFC 7529 §4.3: the 8th of Adar I (5L), in common years the 8th of Adar (SKIP=FORWARD).
        #expect(
            try days("RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=5L;BYMONTHDAY=8;SKIP=FORWARD", from: "2014-02-08", count: 5) == [
                "2014-02-08", "2015-02-27", "2016-02-17", "2017-03-06", "2018-02-23",
            ])
        // Without SKIP only the leap years 5776, 5779 and 5782 have Adar I (libical's vector).
        #expect(
            try days("RSCALE=HEBREW;FREQ=YEARLY", from: "2014-02-05", count: 4) == ["2014-02-05", "2016-02-14", "2019-02-10", "2022-02-06"])
    }

    @Test func roshHashanah() throws {
        // 1 Tishri of 5785 to 5788.
        #expect(
            try days("RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=1;BYMONTHDAY=1", from: "2024-10-03", count: 4) == [
                "2024-10-03", "2025-09-23", "2026-09-12", "2027-10-02",
            ])
    }

    @Test func chineseLeapMonths() throws {
        // libical's vectors: 2014 has a leap 9th month; 2013 and 2015 have none.
        let rule = "RSCALE=CHINESE;FREQ=YEARLY;BYMONTHDAY=10;BYMONTH=9L"
        #expect(try days(rule + ";SKIP=FORWARD", from: "2013-10-25", count: 3) == ["2013-11-12", "2014-11-02", "2015-11-21"])
        #expect(try days(rule + ";SKIP=BACKWARD", from: "2013-10-25", count: 3) == ["2014-11-02", "2015-10-22", "2016-10-10"])
        // OMIT: the next leap 9th month after 2014 is in 2109, found within the search cap.
        #expect(try days(rule, from: "2013-10-25", count: 2) == ["2014-11-02", "2109-11-02"])
        // MONTHLY counts the leap month as a month of its own.
        #expect(
            try days("RSCALE=CHINESE;FREQ=MONTHLY;COUNT=4", from: "2014-09-20", count: 5) == ["2014-09-20", "2014-10-20", "2014-11-19", "2014-12-18"])
    }

    @Test func koreanBuddhasBirthday() throws {
        #expect(
            try days("RSCALE=DANGI;FREQ=YEARLY;BYMONTH=4;BYMONTHDAY=8", from: "2014-01-01", count: 3) == ["2014-05-06", "2015-05-25", "2016-05-14"])
    }

    @Test func theEthiopicThirteenthMonth() throws {
        // RFC 7529 §4.3: Pagume, the 13th month, begins on September 6.
        #expect(
            try days("RSCALE=ETHIOPIC;FREQ=MONTHLY;BYMONTH=13", from: "2013-09-06", count: 4) == ["2013-09-06", "2014-09-06", "2015-09-06", "2016-09-06"])
    }

    @Test func ramadan() throws {
        // libical's vector: 1 Ramadan in the civil Islamic calendar.
        #expect(
            try days("RSCALE=ISLAMIC-CIVIL;FREQ=YEARLY;BYMONTH=9", from: "2013-07-09", count: 5) == [
                "2013-07-09", "2014-06-29", "2015-06-18", "2016-06-07", "2017-05-27",
            ])
    }

    @Test func calendarsWithGregorianMonthsExpandAsGregorian() throws {
        for scale in ["JAPANESE", "BUDDHIST", "ROC"] {
            #expect(
                try days("RSCALE=\(scale);FREQ=MONTHLY;BYMONTHDAY=31", from: "2026-01-31", count: 4) == [
                    "2026-01-31", "2026-03-31", "2026-05-31", "2026-07-31",
                ])
        }
    }

    @Test func aRuleThatNeverMatchesEnds() throws {
        // No Hebrew month has 31 days: the search gives up after its cap of calendar years.
        #expect(try days("RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=31", from: "2026-01-01", count: 1).isEmpty)
        #expect(try days("RSCALE=CHINESE;FREQ=MONTHLY;BYMONTHDAY=31", from: "2026-01-01", count: 1).isEmpty)
    }

    @Test(arguments: [
        "RSCALE=CHINESE;FREQ=YEARLY", "RSCALE=CHINESE;FREQ=MONTHLY;BYMONTHDAY=30;SKIP=FORWARD", "RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=5L;SKIP=BACKWARD",
        "RSCALE=HEBREW;FREQ=MONTHLY;INTERVAL=5;BYDAY=SA;BYSETPOS=-1", "RSCALE=ISLAMIC-UMALQURA;FREQ=YEARLY;INTERVAL=3;BYMONTH=9,10;BYMONTHDAY=1",
        "RSCALE=PERSIAN;FREQ=MONTHLY;BYMONTHDAY=-1;BYHOUR=9,21", "RSCALE=COPTIC;FREQ=YEARLY;BYMONTH=13;BYMONTHDAY=6;SKIP=FORWARD",
    ])
    func nextAfterAMomentMatchesAReplay(_ text: String) throws {
        // Without COUNT a query starts at the period before the moment; with it, it replays.
        // Both must give what walking from the start gives.
        let rule = try RecurrenceRule(parsing: text)
        let recurrence = try Recurrence(start: local("2010-03-15T08:00"), rule: rule)
        let replay = recurrence.firstLocal(60)
        #expect(replay.count == 60)
        var counted = rule
        counted.count = 1_000
        let countedRecurrence = try Recurrence(start: local("2010-03-15T08:00"), rule: counted)
        for index in stride(from: 0, to: 59, by: 7) {
            let after = LocalDateTime(localSeconds: replay[index].localSeconds + 3_600)
            let expected = replay.first { $0 > after }
            #expect(recurrence.nextLocal(after: after) == expected, "\(text) after \(after)")
            #expect(countedRecurrence.nextLocal(after: after) == expected, "\(text) with COUNT after \(after)")
        }
    }

    @Test func leapMonthsRoundTrip() throws {
        let rule = try RecurrenceRule(parsing: "RSCALE=CHINESE;FREQ=YEARLY;BYMONTH=9,9L;BYMONTHDAY=10;SKIP=BACKWARD")
        #expect(rule.byMonth == [9])
        #expect(rule.byLeapMonth == [9])
        #expect(rule.description == "RSCALE=CHINESE;FREQ=YEARLY;BYMONTHDAY=10;BYMONTH=9,9L;SKIP=BACKWARD")
        #expect(try RecurrenceRule(parsing: rule.description) == rule)
    }

    @Test func unsupportedCalendarsAndMonthsAreRefused() throws {
        func refusal(_ text: String) -> String? {
            do {
                _ = try RecurrenceRule(parsing: text)
                return nil
            } catch { return error.description }
        }
        #expect(refusal("RSCALE=RUSSIAN;FREQ=YEARLY")?.contains("unsupported calendar RUSSIAN") == true)
        #expect(refusal("FREQ=YEARLY;BYMONTH=5L")?.contains("leap months do not exist in the Gregorian calendar") == true)
        #expect(refusal("RSCALE=ISLAMIC-CIVIL;FREQ=YEARLY;BYMONTH=5L")?.contains("leap months do not exist in the ISLAMIC-CIVIL calendar") == true)
        #expect(refusal("RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=3L")?.contains("not a leap month") == true)
        #expect(refusal("RSCALE=CHINESE;FREQ=YEARLY;BYMONTH=13") != nil)
        // RFC 7529 numbers the Hebrew months 1 to 12, Adar I being 5L.
        #expect(refusal("RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=13") != nil)
        #expect(try RecurrenceRule(parsing: "RSCALE=ETHIOPIC;FREQ=YEARLY;BYMONTH=13").byMonth == [13])
        // Days of the year, weeks, ordinal weekdays and the limits of DAILY rules count in the
        // calendar (RecurrenceCalendarScalePartsTests); only a WEEKLY BYSETPOS cut by months is
        // refused.
        #expect(refusal("RSCALE=CHINESE;FREQ=DAILY;BYMONTHDAY=1") == nil)
        #expect(refusal("RSCALE=HEBREW;FREQ=YEARLY;BYYEARDAY=1") == nil)
        #expect(refusal("RSCALE=HEBREW;FREQ=WEEKLY;BYMONTH=6;BYDAY=SA;BYSETPOS=-1")?.contains("in RSCALE=HEBREW") == true)
    }
}
