import Bugle
import Foundation
import Testing

/// Recurrence sets: all-day starts, RDATE and EXDATE in any zone, and the iCalendar reader.
/// Expected values were worked out by hand or with python-dateutil (`rrulestr`) and Python's
/// `zoneinfo`, named at each test.
@Suite struct RecurrenceSetTests {
    func days(_ recurrence: Recurrence, _ count: Int) -> [String] {
        recurrence.firstLocal(count).map { "\($0.date)" + ($0.time == .midnight ? "" : "T\($0.time)") }
    }

    // MARK: All-day starts

    /// dateutil, `FREQ=YEARLY;COUNT=3` from 2026-04-15: 2026-04-15, 2027-04-15, 2028-04-15.
    @Test func anAllDayRuleGivesDaysAndIgnoresItsTimeParts() throws {
        let birthday = try Recurrence(startDate: day(2026, 4, 15), rule: RecurrenceRule(parsing: "FREQ=YEARLY;BYHOUR=9;BYMINUTE=30;BYSECOND=5"))
        #expect(birthday.isAllDay)
        #expect(days(birthday, 3) == ["2026-04-15", "2027-04-15", "2028-04-15"])
        #expect(birthday.rule?.description == "FREQ=YEARLY")
        #expect(!birthday.canRepeatWithinDay)
    }

    /// With its BYHOUR, `FREQ=DAILY;BYHOUR=9,17;COUNT=4` gives two days twice (dateutil:
    /// 03-01, 03-01, 03-02, 03-02); ignored, as RFC 5545 §3.3.10 has it for a DATE start,
    /// four days (dateutil, `FREQ=DAILY;COUNT=4`: 03-01 to 03-04).
    @Test func ignoredHoursDoNotMultiplyTheDaysCountCounts() throws {
        let daily = try Recurrence(startDate: day(2026, 3, 1), rule: RecurrenceRule(parsing: "FREQ=DAILY;BYHOUR=9,17;COUNT=4"))
        #expect(days(daily, 10) == ["2026-03-01", "2026-03-02", "2026-03-03", "2026-03-04"])
    }

    /// dateutil, `FREQ=WEEKLY;UNTIL=20260315` from 2026-03-01: 03-01, 03-08, 03-15; the
    /// date-time UNTIL counts by its date.
    @Test(arguments: ["20260315", "20260315T000000", "20260315T000000Z", "20260315T235959Z"])
    func anUntilWithATimeCountsByItsDate(until: String) throws {
        let weekly = try Recurrence(startDate: day(2026, 3, 1), rule: RecurrenceRule(parsing: "FREQ=WEEKLY;UNTIL=\(until)"))
        #expect(days(weekly, 10) == ["2026-03-01", "2026-03-08", "2026-03-15"])
        #expect(weekly.rule?.until == .date(day(2026, 3, 15)))
        #expect(weekly.isFinite)
    }

    /// An all-day recurrence's `UNTIL` date has `DTSTART`'s type, so its day is kept (dateutil,
    /// `FREQ=WEEKLY;UNTIL=20260315` from 2026-03-01: 03-01, 03-08, 03-15), also at the time a
    /// notification fires on each day: the last reminder is on the 15th at 09:00.
    @Test func anAllDayUntilKeepsItsDayAtTheTimeOfDayToo() throws {
        let weekly = try Recurrence(startDate: day(2026, 3, 1), rule: RecurrenceRule(parsing: "FREQ=WEEKLY;UNTIL=20260315"))
        #expect(days(weekly.timed(at: time(9, 0)), 10) == ["2026-03-01T09:00", "2026-03-08T09:00", "2026-03-15T09:00"])
    }

    @Test func anAllDayRuleRepeatsByDaysAtLeast() {
        #expect(throws: RecurrenceRuleError(part: "FREQ", "an all-day recurrence (a DATE start) repeats by days; FREQ=HOURLY needs a start with a time of day"))
        {
            try Recurrence(startDate: day(2026, 3, 1), rule: RecurrenceRule(parsing: "FREQ=HOURLY"))
        }
        // Once BYHOUR is ignored, BYSETPOS has nothing to pick from.
        #expect(
            throws: RecurrenceRuleError(part: "BYSETPOS", "needs another BYxxx part to pick from (BYHOUR, BYMINUTE and BYSECOND are ignored with a DATE start)")
        ) {
            try Recurrence(startDate: day(2026, 3, 1), rule: RecurrenceRule(parsing: "FREQ=DAILY;BYHOUR=9,17;BYSETPOS=1"))
        }
    }

    /// Extra days and removed days; an all-day set's instants are its midnights.
    @Test func allDayDatesAndExceptionsAreDays() throws {
        let monthly = try Recurrence(
            startDate: day(2026, 1, 31), rule: RecurrenceRule(parsing: "FREQ=MONTHLY;SKIP=BACKWARD;RSCALE=GREGORIAN;COUNT=4"),
            dates: [day(2026, 2, 14)], exceptions: [day(2026, 3, 31)])
        // By hand: Jan 31, Feb 28 (clamped), Mar 31 (removed), Apr 30, plus Feb 14.
        #expect(days(monthly, 10) == ["2026-01-31", "2026-02-14", "2026-02-28", "2026-04-30"])
        let newYork = zone("America/New_York")
        let instants = monthly.first(2, in: newYork).map(\.date)
        #expect(instants == [at("America/New_York", 2026, 1, 31), at("America/New_York", 2026, 2, 14)])
    }

    /// At 09:00 on each day; 2026-04-15 is a Wednesday in New York's daylight time (-04:00).
    @Test func aRecurringRuleFiresAnAllDayOccurrenceAtItsTime() throws {
        let birthday = try Recurrence(startDate: day(1990, 4, 15), rule: RecurrenceRule(parsing: "FREQ=YEARLY"))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone("America/New_York")
        let context = PlanningContext(now: utc(2026, 3, 1), calendar: calendar, lookahead: 400 * 86_400)
        let rule = RecurringRule(id: "mum", recurrence: birthday, content: content("Mum's birthday"))
        let candidates = Array(rule.candidates(in: context).prefix(2))
        #expect(candidates.map(\.id) == ["mum@2026-04-15", "mum@2027-04-15"])
        #expect(candidates.first?.fireDate == utc(2026, 4, 15, 13))
        #expect(candidates.first?.fireTime == .wallClock(wall(2026, 4, 15, 9, 0)))
        var early = rule
        early.allDayTime = time(7, 30)
        #expect(early.candidates(in: context).next()?.fireDate == utc(2026, 4, 15, 11, 30))
        #expect(birthday.timed(at: time(9, 0)).firstLocal(1) == [wall(1990, 4, 15, 9, 0)])
    }

    // MARK: Values in other zones

    /// Python: `rrulestr("FREQ=DAILY;COUNT=10", dtstart=09:00 Europe/Paris 2026-03-23)`, less
    /// 2026-03-25T08:00Z and 2026-03-30T03:00 New York (both 09:00 in Paris) and the day
    /// 2026-03-27, plus 2026-04-05T16:00 Tokyo (09:00 in Paris) and the day 2026-04-10 at the
    /// start's time. Paris moves to +02:00 on 2026-03-29.
    static let parisExpected = [
        "2026-03-23T09:00:00+01:00", "2026-03-24T09:00:00+01:00", "2026-03-26T09:00:00+01:00", "2026-03-28T09:00:00+01:00",
        "2026-03-29T09:00:00+02:00", "2026-03-31T09:00:00+02:00", "2026-04-01T09:00:00+02:00", "2026-04-05T09:00:00+02:00",
        "2026-04-10T09:00:00+02:00",
    ]

    @Test func valuesInOtherZonesMeanTheSameInstant() throws {
        let paris = zone("Europe/Paris")
        let recurrence = try Recurrence(
            start: .zoned(wall(2026, 3, 23, 9, 0), paris), rule: RecurrenceRule(parsing: "FREQ=DAILY;COUNT=10"),
            dates: [.zoned(wall(2026, 4, 5, 16, 0), zone("Asia/Tokyo")), .date(day(2026, 4, 10))],
            exceptions: [.zoned(wall(2026, 3, 25, 8, 0), zone("UTC")), .zoned(wall(2026, 3, 30, 3, 0), zone("America/New_York")), .date(day(2026, 3, 27))])
        #expect(recurrence.first(20, in: paris).map { ISO8601.string(from: $0.date, timeZone: paris) } == Self.parisExpected)
        #expect(recurrence.exceptionDays == [day(2026, 3, 27)])
    }

    @Test func aFloatingStartRefusesTimesInAZone() {
        #expect(
            throws: RecurrenceRuleError(
                part: "RDATE",
                "2026-03-05T09:00Z is a time in a zone but the recurrence is floating (its start has no zone); give the start a zone, or write the time without one"
            )
        ) {
            try Recurrence(start: .local(wall(2026, 3, 1, 9, 0)), rule: nil, dates: [.zoned(wall(2026, 3, 5, 9, 0), zone("UTC"))])
        }
    }

    // MARK: iCalendar

    @Test func theICalendarReaderReadsEveryFormOfValue() throws {
        let text = """
            DTSTART;TZID=Europe/Paris:20260323T090000
            RRULE:FREQ=DAILY;COUNT=10
            EXDATE:20260325T080000Z
            EXDATE;TZID=America/New_York:20260330T030000
            RDATE;TZID=Asia/Tokyo:20260405T160000
            RDATE;VALUE=DATE:20260410
            EXDATE;VALUE=DATE:20260327
            """
        let recurrence = try Recurrence(iCalendar: text)
        let paris = zone("Europe/Paris")
        #expect(recurrence.timeZone?.identifier == "Europe/Paris")
        #expect(recurrence.first(20, in: paris).map { ISO8601.string(from: $0.date, timeZone: paris) } == Self.parisExpected)
        // The same text with CRLF line ends, lower-case names, and lines folded anywhere.
        let folded = "dtstart;tzid=Europe/Paris:2026032\r\n 3T090000\r\nRRULE:FREQ=DA\r\n\tILY;COUNT=10\r\nEXDATE:20260325T080000Z,\r\n 20260327T090000\r\n"
        #expect(
            try Recurrence(iCalendar: folded).first(4, in: paris).map { ISO8601.string(from: $0.date, timeZone: paris) }
                == ["2026-03-23T09:00:00+01:00", "2026-03-24T09:00:00+01:00", "2026-03-26T09:00:00+01:00", "2026-03-28T09:00:00+01:00"])
    }

    /// The sample of `init(iCalendar:)`'s documentation. dateutil, `FREQ=WEEKLY;BYDAY=MO,WE;COUNT=4`
    /// from 2026-03-02T09:00: 03-02, 03-04, 03-09, 03-11; less 03-04, plus 14:00Z on 03-06
    /// (09:00 in New York, still at -05:00).
    @Test func theDocumentationSampleIsRight() throws {
        let recurrence = try Recurrence(
            iCalendar: """
                DTSTART;TZID=America/New_York:20260302T090000
                RRULE:FREQ=WEEKLY;BYDAY=MO,WE;COUNT=4
                EXDATE;VALUE=DATE:20260304
                RDATE:20260306T140000Z
                """)
        #expect(recurrence.firstLocal(4).map(\.description) == ["2026-03-02T09:00", "2026-03-06T09:00", "2026-03-09T09:00", "2026-03-11T09:00"])
    }

    @Test func aUTCStartRepeatsInUTCAndADateStartIsAllDay() throws {
        let utcRule = try Recurrence(iCalendar: "DTSTART:20260301T230000Z\nRRULE:FREQ=DAILY;COUNT=2")
        #expect(utcRule.first(2, in: try #require(utcRule.timeZone)).map(\.date) == [utc(2026, 3, 1, 23), utc(2026, 3, 2, 23)])
        let allDay = try Recurrence(
            iCalendar: "DTSTART;VALUE=DATE:20260301\nRRULE:FREQ=WEEKLY;COUNT=3;BYHOUR=10\nEXDATE;VALUE=DATE:20260308\nRDATE;VALUE=DATE:20260302")
        #expect(allDay.isAllDay && allDay.timeZone == nil)
        #expect(days(allDay, 5) == ["2026-03-01", "2026-03-02", "2026-03-15"])
        let floating = try Recurrence(iCalendar: "DTSTART:20260301T090000\nRRULE:FREQ=DAILY;COUNT=2")
        #expect(floating.timeZone == nil && days(floating, 3) == ["2026-03-01T09:00", "2026-03-02T09:00"])
    }

    @Test func aWholeVEventIsReadForItsRecurrence() throws {
        let text = """
            BEGIN:VCALENDAR
            VERSION:2.0
            PRODID:-//Example//EN
            BEGIN:VTIMEZONE
            TZID:Europe/Paris
            END:VTIMEZONE
            BEGIN:VEVENT
            UID:1234@example.com
            SUMMARY:Standup\\, daily
            DTSTART;TZID=Europe/Paris:20260323T090000
            RRULE:FREQ=DAILY;COUNT=2
            BEGIN:VALARM
            TRIGGER:-PT10M
            ACTION:DISPLAY
            END:VALARM
            END:VEVENT
            END:VCALENDAR
            """
        #expect(days(try Recurrence(iCalendar: text), 5) == ["2026-03-23T09:00", "2026-03-24T09:00"])
        let calendar = try ICalendarComponent(parsing: text)
        let event = try #require(calendar.components(named: "VCALENDAR").first?.components(named: "vevent").first)
        #expect(event.line == 7)
        #expect(event.properties(named: "SUMMARY").first?.value == "Standup\\, daily")
        #expect(event.components.map(\.name) == ["VALARM"])
        #expect(event.properties(named: "DTSTART").first?.parameters == ["TZID": "Europe/Paris"])
    }

    /// EXRULE (RFC 2445 §4.8.5.2; RFC 5545 deprecates it): the rule's occurrences, counted
    /// from the component's DTSTART, leave the set, RDATEs among them.
    @Test func anExcludedRuleRemovesItsOccurrences() throws {
        // Tuesdays and Thursdays from Tuesday 3 March 2026, less the first two Thursdays.
        let set = try Recurrence(
            iCalendar: """
                DTSTART;TZID=Europe/Paris:20260303T090000
                RRULE:FREQ=WEEKLY;BYDAY=TU,TH;COUNT=6
                RDATE;TZID=Europe/Paris:20260305T090000,20260321T100000
                EXRULE:FREQ=WEEKLY;BYDAY=TH;COUNT=2
                """)
        #expect(set.firstLocal(9).map(\.description) == ["2026-03-03T09:00", "2026-03-10T09:00", "2026-03-17T09:00", "2026-03-19T09:00", "2026-03-21T10:00"])
        #expect(set.exclusionRules == [try RecurrenceRule(parsing: "FREQ=WEEKLY;BYDAY=TH;COUNT=2")])
        // Starting later walks the excluded rule from there too: its COUNT still counts from DTSTART.
        #expect(set.localOccurrences(after: "2026-03-11T00:00").prefix(3).map(\.description) == ["2026-03-17T09:00", "2026-03-19T09:00", "2026-03-21T10:00"])
        let paris = zone("Europe/Paris")
        #expect(set.occurrences(after: nil, in: paris).prefix(2).map(\.local.description) == ["2026-03-03T09:00", "2026-03-10T09:00"])

        // The documentation's sample.
        let rule = try RecurrenceRule(parsing: "FREQ=WEEKLY;BYDAY=TU,TH;COUNT=6")
        let thursdays = try RecurrenceRule(parsing: "FREQ=WEEKLY;BYDAY=TH;COUNT=2")
        let sample = try Recurrence(start: "2026-03-03T09:00", rule: rule).removing(occurrencesOf: [thursdays])
        #expect(sample.firstLocal(9).map(\.date.description) == ["2026-03-03", "2026-03-10", "2026-03-17", "2026-03-19"])
        #expect(sample != (try Recurrence(start: "2026-03-03T09:00", rule: rule)))
    }

    /// RFC 5545 §3.8.5.2's example, `RDATE;VALUE=PERIOD:19960403T020000Z/19960403T040000Z,
    /// 19960404T010000Z/PT3H`: each period adds its start.
    @Test func aPeriodAddsItsStart() throws {
        let set = try Recurrence(
            iCalendar: """
                DTSTART:19960402T010000Z
                RDATE;VALUE=PERIOD:19960403T020000Z/19960403T040000Z,19960404T010000Z/PT3H
                RDATE;VALUE=PERIOD:19960405T010000Z/P1DT2H30M,19960406T010000Z/+P1W
                """)
        #expect(set.firstLocal(9).map(\.description) == ["1996-04-03T02:00", "1996-04-04T01:00", "1996-04-05T01:00", "1996-04-06T01:00"])
    }

    /// An excluded rule that fires every second in June, against a set on 1 January and
    /// 1 June: the Junes go, and the walk does not step through the year's seconds.
    @Test func aDenseExcludedRuleIsNotWalkedSecondBySecond() throws {
        let set = try Recurrence(start: "2026-01-01T09:00", rule: RecurrenceRule(parsing: "FREQ=YEARLY;BYMONTH=1,6;BYMONTHDAY=1"))
            .removing(occurrencesOf: [RecurrenceRule(parsing: "FREQ=SECONDLY;BYMONTH=6")])
        let firsts = set.firstLocal(50)
        #expect(firsts.count == 50 && firsts.allSatisfy { $0.date.month == 1 && $0.date.day == 1 })
        #expect(firsts.last?.date.year == 2075)
        #expect(set.nextLocal(after: "2100-01-02T00:00")?.description == "2101-01-01T09:00")
    }

    @Test func anExcludedRuleHonoursItsUntilAndCalendar() throws {
        // Every day in March 2026 but the weekends before the 15th (a UTC UNTIL read in New York).
        let newYork = zone("America/New_York")
        let march = try Recurrence(start: "2026-03-01T08:00", rule: RecurrenceRule(parsing: "FREQ=DAILY;UNTIL=20260320T235959Z"), timeZone: newYork)
            .removing(occurrencesOf: [RecurrenceRule(parsing: "FREQ=WEEKLY;BYDAY=SA,SU;UNTIL=20260315T120000Z")])
        let days = march.firstLocal(40).map(\.date.day)
        #expect(days == [2, 3, 4, 5, 6, 9, 10, 11, 12, 13, 16, 17, 18, 19, 20])
        // All-day, in the Hebrew calendar: the 30 days from 1 Adar 5786 (2026-02-18), less each
        // Hebrew month's first day: 1 Adar and 1 Nisan (2026-03-19), as pyluach dates them.
        let adar = try Recurrence(startDate: "2026-02-18", rule: RecurrenceRule(parsing: "FREQ=DAILY;COUNT=30"))
            .removing(occurrencesOf: [RecurrenceRule(parsing: "RSCALE=HEBREW;FREQ=MONTHLY;BYHOUR=9")])
        let kept = adar.firstLocal(40).map(\.date.description)
        #expect(kept.count == 28)
        #expect(kept.first == "2026-02-19" && kept.last == "2026-03-18")
    }

    @Test func quotedParametersMayHoldSeparators() throws {
        let recurrence = try Recurrence(iCalendar: "DTSTART;TZID=\"America/New_York\";X-NOTE=\"a;b:c\":20260301T090000\nRRULE:FREQ=DAILY;COUNT=1")
        #expect(recurrence.timeZone?.identifier == "America/New_York")
    }

    @Test(arguments: [
        ("RRULE:FREQ=DAILY", "DTSTART: missing; a recurrence needs DTSTART, the date or time it counts from"),
        (
            "DTSTART;TZID=Europe/Atlantis:20260301T090000",
            "line 1 (DTSTART): unknown time zone \"Europe/Atlantis\"; TZID must be an IANA name such as America/New_York"
        ),
        (
            "DTSTART:20260301T090000\nRDATE;TZID=Mars/Olympus_Mons:20260302T090000",
            "line 2 (RDATE): unknown time zone \"Mars/Olympus_Mons\""
        ),
        ("DTSTART:20260301T090000\nRRULE:FREQ=DAILY\nRRULE:FREQ=WEEKLY", "line 3 (RRULE): given twice (first at line 2)"),
        ("DTSTART:20260301T090000\nDTSTART:20260302T090000", "line 2 (DTSTART): given twice (first at line 1); a recurrence has one start"),
        ("DTSTART:20260301T090000\nRRULE:FREQ=DAILY;BYDAY=XX", "line 2 (RRULE): BYDAY: \"XX\" is not a weekday"),
        (
            "DTSTART:20260301T090000\nRRULE:FREQ=DAILY;UNTIL=20260310T000000Z",
            "line 2 (RRULE): UNTIL: 20260310T000000Z is a UTC time but the recurrence is floating"
        ),
        ("DTSTART;VALUE=DATE:20260301\nRRULE:FREQ=MINUTELY", "line 2 (RRULE): FREQ: an all-day recurrence (a DATE start) repeats by days"),
        ("DTSTART:20260301T090000\nEXDATE:20260310", "line 2 (EXDATE): \"20260310\" is a date; write EXDATE;VALUE=DATE:20260310 for a date"),
        ("DTSTART:20260301T090000\nEXDATE;VALUE=DATE:20260310T090000", "line 2 (EXDATE): \"20260310T090000\" is a date-time but VALUE=DATE asks for a date"),
        ("DTSTART:20260301T090000\nEXDATE;VALUE=DATE;TZID=Europe/Paris:20260310", "line 2 (EXDATE): TZID cannot go with VALUE=DATE"),
        (
            "DTSTART:20260301T090000\nEXDATE;TZID=Europe/Paris:20260310T090000Z",
            "line 2 (EXDATE): \"20260310T090000Z\" is in UTC (Z) and cannot also be in TZID=Europe/Paris"
        ),
        ("DTSTART:20260301T090000\nRDATE:20260310T090000Z", "line 2 (RDATE): 2026-03-10T09:00Z is a time in a zone but the recurrence is floating"),
        ("DTSTART:20260301T090000\nRDATE;VALUE=PERIOD:20260310T090000", "line 2 (RDATE): \"20260310T090000\" is not a period; expected START/END"),
        (
            "DTSTART:20260301T090000\nRDATE;VALUE=PERIOD:20260310T090000/-PT1H",
            "line 2 (RDATE): \"20260310T090000/-PT1H\": a period's duration must be positive"
        ),
        ("DTSTART:20260301T090000\nRDATE;VALUE=PERIOD:20260310T090000/PT0S", "line 2 (RDATE): \"20260310T090000/PT0S\": a period's duration must be positive"),
        ("DTSTART:20260301T090000\nRDATE;VALUE=PERIOD:20260310T090000/P1W2D", "line 2 (RDATE): \"20260310T090000/P1W2D\": \"P1W2D\" is not a duration"),
        ("DTSTART:20260301T090000\nRDATE;VALUE=PERIOD:20260310T090000/PT", "line 2 (RDATE): \"20260310T090000/PT\": \"PT\" is not a duration"),
        ("DTSTART:20260301T090000\nRDATE;VALUE=PERIOD:20260310T090000/P1H", "line 2 (RDATE): \"20260310T090000/P1H\": \"P1H\" is not a duration"),
        (
            "DTSTART:20260301T090000\nRDATE;VALUE=PERIOD:20260310T090000/20260310T080000",
            "line 2 (RDATE): \"20260310T090000/20260310T080000\": the period ends before it starts"
        ),
        (
            "DTSTART:20260301T090000\nRDATE;VALUE=PERIOD:20260310T090000/20260310T100000Z",
            "line 2 (RDATE): \"20260310T090000/20260310T100000Z\": the period ends with \"20260310T100000Z\"; expected a date-time YYYYMMDDTHHMMSS"
        ),
        ("DTSTART:20260301T090000\nEXDATE;VALUE=PERIOD:20260310T090000/PT1H", "line 2 (EXDATE): VALUE=PERIOD is not a value type of EXDATE"),
        ("DTSTART:20260301T090000\nEXDATE:20260230T090000", "line 2 (EXDATE): \"20260230T090000\": 20260230 is not a day of the calendar"),
        ("DTSTART:20260301T090000\nEXDATE:20260310T246000", "line 2 (EXDATE): \"20260310T246000\": the time must be 000000 to 235959"),
        ("DTSTART:18500301T090000", "line 1 (DTSTART): \"18500301T090000\": the year 1850 is outside the supported years, 1900 to 2999"),
        ("DTSTART:20260301T090000\nEXDATE:2026-03-10", "line 2 (EXDATE): \"2026-03-10\" is not a date-time; expected YYYYMMDDTHHMMSS"),
        ("DTSTART:20260301T090000\nEXRULE:FREQ=WEEKLY;BYDAY=XX", "line 2 (EXRULE): BYDAY: \"XX\""),
        ("DTSTART:20260301T090000\nEXRULE:FREQ=WEEKLY;UNTIL=20260310T000000Z", "line 2 (EXRULE): UNTIL: 20260310T000000Z in an excluded rule is a UTC time"),
        ("DTSTART;VALUE=DATE:20260301\nEXRULE:FREQ=HOURLY", "line 2 (EXRULE): FREQ: an all-day recurrence (a DATE start) repeats by days"),
        (
            "DTSTART:20260301T090000\n" + String(repeating: "EXRULE:FREQ=WEEKLY\n", count: 17),
            "line 18 (EXRULE): more than 16 lines; at most that many are read"
        ),
        ("DTSTART:20260301T090000\nSUMMARY:Rent", "line 2 (SUMMARY): not a recurrence property; expected DTSTART, RRULE, RDATE, EXDATE or EXRULE"),
        ("DTSTART:20260301T090000,20260302T090000", "line 1 (DTSTART): expected one value, found 2"),
        (" DTSTART:20260301T090000", "line 1: starts with a space or a tab, which continues the line before it"),
        ("DTSTART:20260301T090000\nRRULE FREQ=DAILY", "line 2: expected NAME:VALUE (such as RRULE:FREQ=DAILY)"),
        ("DTSTART;TZID:20260301T090000", "line 1 (DTSTART): expected a parameter NAME=VALUE after \";\""),
        ("DTSTART;TZID=\"Europe/Paris:20260301T090000", "line 1 (DTSTART): the parameter TZID opens a quote that is never closed"),
        ("DTSTART;TZID=Europe/Paris;TZID=Europe/Paris:20260301T090000", "line 1 (DTSTART): the parameter TZID is given twice"),
        ("DTSTART:20260301T090000\nRRULE:FREQ=DAILY;\u{1B}[31m", "line 2: column 18: U+001B (escape) cannot be part of iCalendar text"),
        ("BEGIN:VEVENT\nDTSTART:20260301T090000\n", "line 1 (BEGIN): BEGIN:VEVENT is never closed; expected END:VEVENT"),
        ("BEGIN:VEVENT\nBEGIN:VALARM\nEND:VEVENT", "line 3 (END): END:VEVENT, but the open component is VALARM, begun at line 2"),
        ("END:VEVENT", "line 1 (END): END:VEVENT closes no component"),
        (
            "BEGIN:VEVENT\nDTSTART:20260301T090000\nEND:VEVENT\nBEGIN:VEVENT\nDTSTART:20260301T090000\nEND:VEVENT",
            "line 4 (BEGIN): a second component (VEVENT) after the VEVENT of line 1"
        ),
        ("RRULE:FREQ=DAILY\nBEGIN:VEVENT\nDTSTART:20260301T090000\nEND:VEVENT", "line 1 (RRULE): outside the VEVENT begun at line 2"),
        (String(repeating: "BEGIN:X\n", count: 9), "line 9 (BEGIN): components nest more than 8 deep"),
    ])
    func badICalendarNamesTheLineAndTheProblem(text: String, message: String) {
        do {
            _ = try Recurrence(iCalendar: text)
            Issue.record("accepted: \(text)")
        } catch {
            #expect(error.description.hasPrefix(message), "\(error.description)")
        }
    }

    @Test func theNumberOfValuesAndTheLengthAreBounded() {
        let many = (0..<10_001).map { _ in "20260310T090000" }.joined(separator: ",")
        do {
            _ = try Recurrence(iCalendar: "DTSTART:20260301T090000\nEXDATE:\(many)")
            Issue.record("accepted 10001 EXDATE values")
        } catch {
            #expect(error.description == "line 2 (EXDATE): more than 10000 values; at most that many are read")
        }
        let split = (0..<2).map { _ in "RDATE:" + (0..<5_001).map { _ in "20260310T090000" }.joined(separator: ",") }.joined(separator: "\n")
        #expect(throws: ICalendarError(line: 3, property: "RDATE", "more than 10000 values; at most that many are read")) {
            try Recurrence(iCalendar: "DTSTART:20260301T090000\n" + split)
        }
        let long = "DTSTART:20260301T090000\nX-PAD:" + String(repeating: "a", count: 1_000_000)
        #expect(throws: ICalendarError(line: nil, property: nil, "the text is 1000030 bytes long; at most 1000000 are read")) {
            try ICalendarComponent(parsing: long)
        }
    }
}
