import Bugle
import BugleSimulator
import Countdowns
import Foundation
import RecipeScenarios
import Testing

/// Countdowns that repeat in the Chinese, Korean and Hebrew calendars (`Countdown/calendar`).
///
/// The expected Gregorian dates come from outside Bugle: the Chinese ones from the Python
/// package `lunardate` 0.3.0 (`LunarDate(y, m, d, leap).to_solar_date()`, the Hong Kong
/// Observatory's tables), the Korean ones from `korean-lunar-calendar` 0.4.0 (KARI's
/// tables), the Hebrew ones from `pyluach` 2.3.0 (`HebrewDate(y, m, d).to_pydate()`, its
/// months counted from Nisan). The conventions for a day a year lacks are those of
/// `CountdownCalendar`: Reingold and Dershowitz's Hebrew birthday, and the regular month
/// (and the 29th) for a Chinese leap-month (or 30th) birthday.
@Suite struct LunarTests {
    static let newYork = "America/New_York"

    /// A yearly countdown at 09:00 in New York from `day`, repeating in `calendar`.
    static func yearly(
        _ id: String, from day: String, in calendar: CountdownCalendar, preset: ReminderPreset = .standard,
        recurrence: CountdownRecurrence = .yearly
    ) -> Countdown {
        Countdown(
            id: id, name: id, date: instant("\(day)T09:00-05:00"), createdAt: instant("2024-01-01T00:00Z"),
            reminderPlan: ReminderPlan(preset: preset, timezone: zone(newYork)), recurrence: recurrence, calendar: calendar)
    }

    /// The civil day written `YYYY-MM-DD`.
    static func day(_ text: String) -> LocalDate {
        do { return try LocalDate(parsing: text) } catch { fatalError("\(error)") }
    }

    /// The local dates of the next `count` occurrences after `from`.
    static func days(_ countdown: Countdown, from: String = "2025-01-01T00:00Z", count: Int) -> [String] {
        ScheduleTests.occurrences(countdown, from: from, count: count).map { String($0.prefix(10)) }
    }

    @Test func lunarNewYearRemindsBeforeEachNewYear() {
        // lunardate: LunarDate(y, 1, 1) is 2026-02-17, 2027-02-06, 2028-01-26, 2029-02-13.
        let newYear = Self.yearly("new-year", from: "2026-02-17", in: .chinese)
        #expect(Self.days(newYear, from: "2026-02-18T00:00Z", count: 3) == ["2027-02-06", "2028-01-26", "2029-02-13"])
        // The reminders of each occurrence, after the one before it has passed: the day
        // before and at the time, 09:00 in New York.
        var now = instant("2026-02-18T00:00Z")
        var fired: [Date] = []
        for _ in 0..<3 {
            let rolled = newYear.rolledForward(at: now, entitlements: .pro)
            fired += rolled.reminders.map(\.fireAt)
            now = rolled.nextOccurrenceAt
        }
        #expect(
            fired == [
                instant("2027-02-05T09:00-05:00"), instant("2027-02-06T09:00-05:00"), instant("2028-01-25T09:00-05:00"),
                instant("2028-01-26T09:00-05:00"), instant("2029-02-12T09:00-05:00"), instant("2029-02-13T09:00-05:00"),
            ])
        // And what is scheduled: the candidates of the rule name the occurrence.
        let reminders = newYear.reminders(at: instant("2027-12-01T00:00Z"), entitlements: .pro)
        #expect(reminders.map(\.occurrence) == [instant("2028-01-26T09:00-05:00"), instant("2028-01-26T09:00-05:00")])
        #expect(reminders.map(\.title) == ["new-year - 1 day before", "new-year - At start"])
        #expect(reminders.map(\.body) == ["\"new-year\" 1 day before", "\"new-year\" at start"])
        #expect(reminders.map(\.subtitle) == ["↻ Repeats yearly", "↻ Repeats yearly"])
    }

    @Test func theSameDayInTheGregorianCalendarIsAnotherDay() {
        let gregorian = Self.yearly("new-year", from: "2026-02-17", in: .gregorian)
        #expect(Self.days(gregorian, from: "2026-02-18T00:00Z", count: 2) == ["2027-02-17", "2028-02-17"])
    }

    @Test func seollalInTheKoreanCalendar() {
        // korean-lunar-calendar: the Korean 1/1 is 2027-02-07 and 2028-01-27, a day after the
        // Chinese one (Korea's meridian), and 2029-02-13 as in China.
        let seollal = Self.yearly("seollal", from: "2026-02-17", in: .korean)
        #expect(Self.days(seollal, from: "2026-02-18T00:00Z", count: 3) == ["2027-02-07", "2028-01-27", "2029-02-13"])
        // Chuseok, 8/15: 2026-09-25, 2027-09-15, 2028-10-03.
        let chuseok = Self.yearly("chuseok", from: "2026-09-25", in: .korean)
        #expect(Self.days(chuseok, from: "2026-01-01T00:00Z", count: 3) == ["2026-09-25", "2027-09-15", "2028-10-03"])
    }

    @Test func aChineseLeapMonthBirthdayIsInTheRegularMonthInOtherYears() {
        // Born on day 10 of the leap 6th month of 2025 (lunardate: 2025-08-03). 2026 to 2029
        // have no leap 6th month: LunarDate(y, 6, 10) is 2026-07-23, 2027-07-13, 2028-07-31,
        // 2029-07-20.
        let mei = Self.yearly("mei", from: "2025-08-03", in: .chinese)
        #expect(Self.days(mei, from: "2025-08-04T00:00Z", count: 4) == ["2026-07-23", "2027-07-13", "2028-07-31", "2029-07-20"])
        #expect(CountdownCalendar.chinese.date(of: Self.day("2025-08-03"))?.description == "leap month 6, day 10")
        // Born on 6/30 of 2025 (2025-07-24): the 6th month has 30 days in 2026 and 2029, 29 in
        // 2027 and 2028, when the birthday is on the 29th (lunardate: 2027-08-01, 2028-08-19).
        let last = Self.yearly("last", from: "2025-07-24", in: .chinese)
        #expect(Self.days(last, from: "2025-07-25T00:00Z", count: 4) == ["2026-08-12", "2027-08-01", "2028-08-19", "2029-08-09"])
    }

    @Test func aHebrewBirthdayInAdarIsInAdarIIInALeapYear() {
        // Born on Purim of the common year 5785, 14 Adar (2025-03-14). pyluach: 14 Adar 5786
        // 2026-03-03; 5787 is leap, 14 Adar II 2027-03-23; 14 Adar 5788 2028-03-12, 5789
        // 2029-03-01; 5790 is leap, 14 Adar II 2030-03-19.
        let eli = Self.yearly("eli", from: "2025-03-14", in: .hebrew)
        #expect(
            Self.days(eli, from: "2025-03-15T00:00Z", count: 5) == ["2026-03-03", "2027-03-23", "2028-03-12", "2029-03-01", "2030-03-19"])
        // Born in Adar II of the leap year 5784, 10 Adar II (2024-03-20): 10 Adar 5785
        // 2025-03-10, 5786 2026-02-27; 10 Adar II 5787 2027-03-19.
        let adarII = Self.yearly("adar-ii", from: "2024-03-20", in: .hebrew)
        #expect(Self.days(adarII, count: 3) == ["2025-03-10", "2026-02-27", "2027-03-19"])
        #expect(CountdownCalendar.hebrew.date(of: Self.day("2027-03-23"))?.description == "14 Adar II 5787")
        #expect(CountdownCalendar.hebrew.date(of: Self.day("2028-03-12"))?.description == "14 Adar 5788")
    }

    @Test func aHebrewBirthdayInAdarIIsInAdarInACommonYear() {
        // Born on 8 Adar I 5784 (2024-02-17): 8 Adar 5785 2025-03-08, 5786 2026-02-25; 8 Adar I
        // 5787 2027-02-15; 8 Adar 5788 2028-03-06.
        let adarI = Self.yearly("adar-i", from: "2024-02-17", in: .hebrew)
        #expect(Self.days(adarI, count: 4) == ["2025-03-08", "2026-02-25", "2027-02-15", "2028-03-06"])
        // Born on 30 Adar I 5784 (2024-03-10): a common year's Adar has 29 days, so 1 Nisan:
        // 5785 2025-03-30, 5786 2026-03-19; 30 Adar I 5787 2027-03-09; 1 Nisan 5788 2028-03-28.
        let noa = Self.yearly("noa", from: "2024-03-10", in: .hebrew)
        #expect(Self.days(noa, count: 4) == ["2025-03-30", "2026-03-19", "2027-03-09", "2028-03-28"])
        #expect(CountdownCalendar.hebrew.date(of: Self.day("2024-03-10"))?.description == "30 Adar I 5784")
        #expect(CountdownCalendar.hebrew.date(of: Self.day("2028-03-28"))?.description == "1 Nisan 5788")
    }

    @Test func the30thOfAShortCheshvanOrKislevIsTheFirstOfTheNextMonth() {
        // 30 Cheshvan 5785 (2024-12-01). pyluach: Cheshvan has 29 days in 5786 and 5789, 30 in
        // 5787 and 5788: 1 Kislev 5786 2025-11-21, 30 Cheshvan 5787 2026-11-10, 5788
        // 2027-11-30, 1 Kislev 5789 2028-11-19.
        let wedding = Self.yearly("wedding", from: "2024-12-01", in: .hebrew)
        #expect(Self.days(wedding, from: "2024-12-02T00:00Z", count: 4) == ["2025-11-21", "2026-11-10", "2027-11-30", "2028-11-19"])
        // 30 Kislev 5787 (2026-12-10); Kislev has 29 days in 5790: 1 Tevet, 2029-12-07.
        let kislev = Self.yearly("kislev", from: "2026-12-10", in: .hebrew)
        #expect(Self.days(kislev, from: "2026-12-11T00:00Z", count: 4) == ["2027-12-30", "2028-12-18", "2029-12-07", "2030-12-26"])
    }

    @Test func monthlyAndWeeklyInALunarCalendar() {
        // The 1st of each Chinese month (lunardate: 2027 months 1 to 3 begin on 02-06, 03-08,
        // 04-07).
        let firsts = Self.yearly("firsts", from: "2027-02-06", in: .chinese, recurrence: .monthly)
        #expect(Self.days(firsts, from: "2027-02-01T00:00Z", count: 3) == ["2027-02-06", "2027-03-08", "2027-04-07"])
        // A weekly event repeats alike in every calendar.
        let weekly = Self.yearly("weekly", from: "2027-02-06", in: .hebrew, recurrence: .weekly)
        #expect(Self.days(weekly, from: "2027-02-01T00:00Z", count: 3) == ["2027-02-06", "2027-02-13", "2027-02-20"])
    }

    @Test func withoutProALunarEventStopsRepeatingLikeAnyOther() {
        var newYear = Self.yearly("new-year", from: "2027-02-06", in: .chinese)
        newYear.nextOccurrenceAt = instant("2027-02-06T09:00-05:00")
        #expect(newYear.nextOccurrence(after: instant("2027-01-01T00:00Z"), entitlements: .free) == instant("2027-02-06T09:00-05:00"))
        #expect(newYear.nextOccurrence(after: instant("2027-02-07T00:00Z"), entitlements: .free) == nil)
        #expect(newYear.nextOccurrence(after: instant("2027-02-07T00:00Z"), entitlements: .pro) == instant("2028-01-26T09:00-05:00"))
    }

    @Test func theCalendarIsStoredAndReadBack() throws {
        let wedding = Self.yearly("wedding", from: "2024-12-01", in: .hebrew)
        let data = try JSONEncoder().encode([wedding])
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(object[0]["calendar"] as? String == "hebrew")
        let read = try CountdownImport.events(from: data)
        #expect(read == [wedding])
        #expect(read[0].calendar == .hebrew)
        // A Gregorian event is written as before, without the field.
        let rent = Self.yearly("rent", from: "2026-01-31", in: .gregorian, recurrence: .monthly)
        let rentObject = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode([rent])) as? [[String: Any]])
        #expect(rentObject[0]["calendar"] == nil)
    }

    @Test func filesWithoutTheFieldReadAsGregorian() throws {
        // The app's stored shape before this field, and a `null`.
        let old = """
            [{"id":"mia","name":"Mia's birthday","icon":"🎂","date":"2024-02-29T10:00:00.000Z","createdAt":"2024-01-10T09:00:00.000Z",
              "notes":"","reminderPlan":{"preset":"simple","enabled":true,"timezone":"Europe/London"},"reminders":[],"recurrence":"yearly",
              "nextOccurrenceAt":"2027-02-28T10:00:00.000Z","originalDateAt":"2024-02-29T10:00:00.000Z"},
             {"id":"x","name":"X","date":"2026-01-31T00:00:00Z","reminderPlan":{"preset":"simple","timezone":"UTC"},"calendar":null}]
            """
        let events = try CountdownImport.events(from: Data(old.utf8))
        #expect(events.map(\.calendar) == [.gregorian, .gregorian])
        #expect(events[0].nextOccurrence(after: instant("2027-03-01T00:00Z"), entitlements: .pro) == instant("2028-02-29T10:00Z"))
    }

    @Test func anUnknownCalendarNamesTheEventAndTheField() {
        let json = #"[{"id":"e1","name":"Tet","date":"2027-02-06T02:00:00Z","reminderPlan":{"preset":"simple","timezone":"UTC"},"calendar":"vietnamese"}]"#
        do {
            _ = try CountdownImport.events(from: Data(json.utf8))
            Issue.record("imported an unknown calendar")
        } catch {
            #expect(error.description == #"countdowns[0] "Tet" (id e1): calendar: expected one of gregorian, chinese, korean, hebrew; found "vietnamese""#)
        }
    }

    @Test func aCalendarEventInRSCALEGivesTheCalendar() throws {
        let birthday = try CountdownImport.event(
            fromICalendar: """
                BEGIN:VEVENT
                UID:grandma
                SUMMARY:Grandma's lunar birthday
                DTSTART;VALUE=DATE:20270206
                RRULE:RSCALE=CHINESE;FREQ=YEARLY;SKIP=BACKWARD
                END:VEVENT
                """,
            createdAt: instant("2026-12-01T00:00Z"), timeZone: zone(Self.newYork))
        #expect(birthday.calendar == .chinese && birthday.recurrence == .yearly)
        #expect(birthday.nextOccurrence(after: instant("2027-02-07T00:00Z"), entitlements: .pro) == instant("2028-01-26T09:00-05:00"))
        #expect(CountdownCalendar(scale: .islamicCivil) == nil)
        #expect(CountdownCalendar(scale: .japanese) == .gregorian)
    }

    @Test func theCalendarsRulesAreTheEnginesRSCALEAndSKIP() {
        #expect(CountdownCalendar.allCases.map(\.scale) == [.gregorian, .chinese, .dangi, .hebrew])
        #expect(CountdownCalendar.allCases.map(\.skip) == [.backward, .backward, .backward, .forward])
        #expect(CountdownCalendar.allCases.map(\.name) == ["Gregorian", "Chinese", "Korean", "Hebrew"])
        #expect(CountdownCalendar.gregorian.date(of: Self.day("2027-02-06")) == nil)
        #expect(
            CountdownCalendar.chinese.date(of: Self.day("2027-02-06"))
                == CountdownCalendarDate(calendar: .chinese, year: 44, month: 1, day: 1))
    }

    // MARK: The scenario

    @Test func theExampleShowsTheLunarDates() async throws {
        let result = try await runExample("countdowns-lunar.yaml")
        let starts = result.seen.filter { $0.title.hasSuffix("At start") }.map { "\($0.at.prefix(10)) \($0.title.dropLast(11))" }
        #expect(
            starts == [
                "2026-11-10 Wedding anniversary", "2027-02-06 Lunar New Year", "2027-03-09 Noa's Hebrew birthday",
                "2027-03-23 Eli's Hebrew birthday", "2027-07-13 Mei's lunar birthday", "2027-11-30 Wedding anniversary",
                "2028-01-26 Lunar New Year", "2028-03-12 Eli's Hebrew birthday", "2028-03-28 Noa's Hebrew birthday",
                "2028-07-31 Mei's lunar birthday", "2028-11-19 Wedding anniversary",
            ])
        // Each has its "1 day before" too; the text is the seed's.
        #expect(result.seen.count == 22)
        #expect(result.seen.contains(CountdownsScenarioTests.seen("2027-02-05T09:00", "Lunar New Year", "1 day before", repeats: "yearly")))
        #expect(result.dropped.isEmpty && result.missed.isEmpty)
        let notes = result.notes
        #expect(
            notes.contains(
                "2026-11-01T09:05: add 🧧 Lunar New Year: 2027-02-06T09:00 America/New_York (month 1, day 1), standard, ↻ Repeats yearly in the Chinese calendar"
            ))
        let rolls = notes.filter { $0.contains("rolls forward") }.map { String($0.split(separator: ": ", maxSplits: 1)[1]) }
        #expect(
            rolls == [
                "Wedding anniversary rolls forward to 2026-11-10T09:00 America/New_York (30 Cheshvan 5787)",
                "Mei's lunar birthday rolls forward to 2027-07-13T09:00 America/New_York (month 6, day 10)",
                "Eli's Hebrew birthday rolls forward to 2027-03-23T09:00 America/New_York (14 Adar II 5787)",
                "Noa's Hebrew birthday rolls forward to 2027-03-09T09:00 America/New_York (30 Adar I 5787)",
                "Wedding anniversary rolls forward to 2027-11-30T09:00 America/New_York (30 Cheshvan 5788)",
                "Lunar New Year rolls forward to 2028-01-26T09:00 America/New_York (month 1, day 1)",
                "Noa's Hebrew birthday rolls forward to 2028-03-28T09:00 America/New_York (1 Nisan 5788)",
                "Eli's Hebrew birthday rolls forward to 2028-03-12T09:00 America/New_York (14 Adar 5788)",
                "Mei's lunar birthday rolls forward to 2028-07-31T09:00 America/New_York (month 6, day 10)",
                "Wedding anniversary rolls forward to 2028-11-19T09:00 America/New_York (1 Kislev 5789)",
                "Lunar New Year rolls forward to 2029-02-13T09:00 America/New_York (month 1, day 1)",
                "Eli's Hebrew birthday rolls forward to 2029-03-01T09:00 America/New_York (14 Adar 5789)",
                "Noa's Hebrew birthday rolls forward to 2029-03-17T09:00 America/New_York (1 Nisan 5789)",
                "Mei's lunar birthday rolls forward to 2029-07-20T09:00 America/New_York (month 6, day 10)",
            ])
    }

    static func scenario(_ event: String) -> String {
        """
        name: lunar mistakes
        start: 2027-01-01T08:00
        timeZone: America/New_York
        days: 2
        recipe: { name: countdowns, pro: true }
        events:
          - \(event)
        """
    }

    @Test func anUnknownCalendarInTheScenarioNamesTheField() {
        let yaml = Self.scenario(
            "{ at: 2027-01-01T09:00, addEvent: { id: tet, name: Tet, date: 2027-02-06T09:00, recurrence: yearly, calendar: lunar } }")
        do {
            _ = try ScenarioParser.parse(yaml, recipes: RecipeCatalog.all)
            Issue.record("accepted an unknown calendar")
        } catch {
            #expect("\(error)".contains("<scenario>:7:"), "\(error)")
            #expect(
                "\(error)".contains(#"events[0].addEvent.calendar: expected one of gregorian, chinese, korean, hebrew, found "lunar""#),
                "\(error)")
        }
    }

    @Test func anUnknownCalendarInTheStoredEventsNamesTheField() {
        let yaml = """
            name: lunar mistakes
            start: 2027-01-01T08:00
            timeZone: America/New_York
            days: 2
            recipe:
              name: countdowns
              stored:
                - { id: tet, name: Tet, date: "2027-02-06T14:00:00.000Z", reminderPlan: { preset: simple, timezone: UTC }, recurrence: yearly, calendar: 7 }
            """
        do {
            _ = try ScenarioParser.parse(yaml, recipes: RecipeCatalog.all)
            Issue.record("accepted a calendar that is not a name")
        } catch {
            #expect("\(error)".contains(#"countdowns[0] "Tet" (id tet): calendar:"#), "\(error)")
        }
    }

    @Test func aScenarioAddsAKoreanBirthday() async throws {
        let result = try await runScenario(
            Self.scenario(
                "{ at: 2027-01-01T09:00, addEvent: { id: seollal, name: Seollal, date: 2027-02-07T09:00, timezone: Asia/Seoul, recurrence: yearly, calendar: korean } }"
            ))
        #expect(
            result.notes.contains(
                "2027-01-01T09:00: add 📅 Seollal: 2027-02-07T09:00 Asia/Seoul (month 1, day 1), simple, ↻ Repeats yearly in the Korean calendar"))
    }
}

/// The code of the article *Lunar countdowns* (`LunarCountdowns.md`), as it is written there.
@Suite struct LunarArticleCodeTests {
    @Test func theArticlesCountdownRepeatsOnLunarNewYear() throws {
        let february6At9 = instant("2027-02-06T09:00-05:00")
        let now = instant("2026-11-01T09:00-05:00")
        let newYork = zone("America/New_York")
        var app = Countdowns(events: [], entitlements: .pro)

        // 2027-02-06 is the 1st day of the 1st month in the Chinese calendar.
        let newYear = Countdown(
            id: "new-year", name: "Lunar New Year", icon: "🧧", date: february6At9, createdAt: now,
            reminderPlan: ReminderPlan(preset: .standard, timezone: newYork), recurrence: .yearly,
            calendar: .chinese)
        try app.add(newYear)  // a recurring event needs Pro, in every calendar
        // Occurrences: 2027-02-06, 2028-01-26, 2029-02-13, each at 09:00 in New York,
        // each reminded the day before and at the time.

        #expect(LunarTests.days(try #require(app["new-year"]), from: "2026-11-01T00:00Z", count: 3) == ["2027-02-06", "2028-01-26", "2029-02-13"])
        var free = Countdowns(events: [], entitlements: .free)
        #expect(throws: CountdownError.self) { try free.add(newYear) }
    }
}
