import Bugle
import Testing

/// RFC 7529 `SKIP`: days of the month that do not exist, checked by hand. Occurrences come
/// from the anchor (DTSTART), never from the previous occurrence.
@Suite struct RecurrenceSkipTests {
    func days(_ rule: String, from start: String, count: Int = 6) throws -> [String] {
        let recurrence = try Recurrence(start: local(start), rule: RecurrenceRule(parsing: rule))
        return recurrence.firstLocal(count).map { "\($0.date)" }
    }

    @Test func monthlyBackwardFromJanuary31ComesBackToThe31st() throws {
        #expect(
            try days("FREQ=MONTHLY;SKIP=BACKWARD;RSCALE=GREGORIAN", from: "2026-01-31T09:00")
                == ["2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30", "2026-05-31", "2026-06-30"])
        #expect(
            try days("FREQ=MONTHLY;BYMONTHDAY=31;SKIP=BACKWARD;RSCALE=GREGORIAN", from: "2028-01-31T09:00", count: 3)
                == ["2028-01-31", "2028-02-29", "2028-03-31"])
    }

    @Test func monthlyForwardMovesToTheFirstOfTheNextMonth() throws {
        #expect(
            try days("RSCALE=GREGORIAN;FREQ=MONTHLY;SKIP=FORWARD", from: "2026-01-31T09:00")
                == ["2026-01-31", "2026-03-01", "2026-03-31", "2026-05-01", "2026-05-31", "2026-07-01"])
        // COUNT counts the moved ones.
        #expect(
            try days("RSCALE=GREGORIAN;FREQ=MONTHLY;SKIP=FORWARD;COUNT=3", from: "2026-01-31T09:00", count: 10)
                == ["2026-01-31", "2026-03-01", "2026-03-31"])
    }

    @Test func omitIsTheDefault() throws {
        let expected = ["2026-01-31", "2026-03-31", "2026-05-31", "2026-07-31"]
        #expect(try days("FREQ=MONTHLY", from: "2026-01-31T09:00", count: 4) == expected)
        #expect(try days("FREQ=MONTHLY;RSCALE=GREGORIAN;SKIP=OMIT", from: "2026-01-31T09:00", count: 4) == expected)
    }

    @Test func yearlyFromFebruary29() throws {
        // RFC 7529's example: FORWARD gives March 1 in common years.
        #expect(
            try days("RSCALE=GREGORIAN;FREQ=YEARLY;COUNT=5;SKIP=FORWARD", from: "2016-02-29T09:00")
                == ["2016-02-29", "2017-03-01", "2018-03-01", "2019-03-01", "2020-02-29"])
        #expect(
            try days("RSCALE=GREGORIAN;FREQ=YEARLY;SKIP=BACKWARD", from: "2016-02-29T09:00", count: 5)
                == ["2016-02-29", "2017-02-28", "2018-02-28", "2019-02-28", "2020-02-29"])
        #expect(try days("FREQ=YEARLY", from: "2016-02-29T09:00", count: 3) == ["2016-02-29", "2020-02-29", "2024-02-29"])
    }

    @Test func aDayMovedOntoAnotherCountsOnce() throws {
        // April has no 31st: BACKWARD makes it the 30th, which the rule already has.
        #expect(
            try days("FREQ=MONTHLY;BYMONTHDAY=30,31;SKIP=BACKWARD;RSCALE=GREGORIAN", from: "2026-04-01T09:00", count: 4)
                == ["2026-04-30", "2026-05-30", "2026-05-31", "2026-06-30"])
        // The last day of every month, with BYSETPOS after SKIP.
        #expect(
            try days("FREQ=MONTHLY;BYMONTHDAY=29,30,31;BYSETPOS=-1;SKIP=BACKWARD;RSCALE=GREGORIAN", from: "2027-01-01T09:00", count: 4)
                == ["2027-01-31", "2027-02-28", "2027-03-31", "2027-04-30"])
    }

    @Test func forwardKeepsOrderWhenTheNextMonthHasTheSameDay() throws {
        let recurrence = try Recurrence(
            start: local("2026-01-01T00:00"), rule: RecurrenceRule(parsing: "FREQ=MONTHLY;BYMONTHDAY=1,31;BYHOUR=9,17;SKIP=FORWARD;RSCALE=GREGORIAN"))
        let times = recurrence.firstLocal(10).map(\.description)
        #expect(
            times == [
                "2026-01-01T09:00", "2026-01-01T17:00", "2026-01-31T09:00", "2026-01-31T17:00",
                "2026-02-01T09:00", "2026-02-01T17:00", "2026-03-01T09:00", "2026-03-01T17:00",
                "2026-03-31T09:00", "2026-03-31T17:00",
            ])
    }

    @Test func nextAfterAMomentInTheMiddle() throws {
        let recurrence = try Recurrence(start: local("2026-01-31T09:00"), rule: RecurrenceRule(parsing: "FREQ=MONTHLY;SKIP=FORWARD;RSCALE=GREGORIAN"))
        #expect(recurrence.nextLocal(after: local("2026-04-15T00:00"))?.description == "2026-05-01T09:00")
        let backward = try Recurrence(start: local("2026-01-31T09:00"), rule: RecurrenceRule(parsing: "FREQ=MONTHLY;SKIP=BACKWARD;RSCALE=GREGORIAN;COUNT=40"))
        #expect(backward.nextLocal(after: local("2027-02-01T00:00"))?.description == "2027-02-28T09:00")
    }

    @Test func aNegativeDayBeforeTheFirstIsLeftOutOnlyByOmit() throws {
        #expect(
            try days("FREQ=MONTHLY;BYMONTHDAY=-31;SKIP=OMIT;RSCALE=GREGORIAN", from: "2026-01-01T09:00", count: 3)
                == ["2026-01-01", "2026-03-01", "2026-05-01"])
        // BACKWARD and FORWARD move it (RecurrenceRFCEdgeTests).
        #expect(
            try days("FREQ=MONTHLY;BYMONTHDAY=-31;SKIP=BACKWARD;RSCALE=GREGORIAN", from: "2026-01-01T09:00", count: 3)
                == ["2026-01-01", "2026-01-31", "2026-03-01"])
    }
}

/// `YYYY-MM-DDTHH:MM[:SS]` as a wall-clock time.
func local(_ text: String) -> LocalDateTime {
    TimeParsing.dateTime(text)!.local
}
