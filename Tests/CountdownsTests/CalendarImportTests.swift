import Bugle
import Countdowns
import Foundation
import Testing

/// A countdown from an RFC 5545 `VEVENT`. Expected instants were worked out by hand, with
/// python-dateutil for the rules and Python's `zoneinfo` for the offsets, named at each test.
@Suite struct CalendarImportTests {
    static let created = instant("2026-03-01T10:00Z")

    static let birthday = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//Example//Calendar//EN\r
        BEGIN:VEVENT\r
        UID:mum-birthday@example.com\r
        SUMMARY:Mum's birthday\r
        DTSTART;VALUE=DATE:19600415\r
        RRULE:FREQ=YEARLY\r
        BEGIN:VALARM\r
        ACTION:DISPLAY\r
        TRIGGER:-PT15H\r
        END:VALARM\r
        BEGIN:VALARM\r
        ACTION:DISPLAY\r
        TRIGGER:PT9H\r
        END:VALARM\r
        END:VEVENT\r
        END:VCALENDAR\r

        """

    /// An all-day yearly event at 09:00 London time: 09:00 BST (+01:00) is 08:00 UTC, in
    /// 1960 (summer time from April 10 that year, zoneinfo) as in 2026. Its alarms, the day
    /// before at 09:00 (-PT15H from the start of the day) and on the day at 09:00 (PT9H), are
    /// the standard preset.
    @Test func aBirthdayIsAYearlyAllDayCountdown() throws {
        let event = try CountdownImport.event(fromICalendar: Self.birthday, createdAt: Self.created, timeZone: zone("Europe/London"))
        #expect(event.id == "mum-birthday@example.com" && event.name == "Mum's birthday" && event.icon == "📅")
        #expect(event.recurrence == .yearly)
        #expect(event.iCalendarRecurrence == "RRULE:FREQ=YEARLY")
        #expect(event.reminderPlan == ReminderPlan(preset: .standard, enabled: true, timezone: zone("Europe/London")))
        #expect(event.reminders.isEmpty)
        #expect(event.date == instant("1960-04-15T08:00Z") && event.originalDateAt == event.date && event.nextOccurrenceAt == event.date)
        #expect(event.createdAt == Self.created)
        #expect(event.nextOccurrence(after: Self.created, entitlements: .pro) == instant("2026-04-15T08:00Z"))
        let reminders = event.reminders(at: Self.created, entitlements: .pro)
        #expect(reminders.map(\.offset) == [.dayBefore, .atStart])
        #expect(reminders.map(\.fireAt) == [instant("2026-04-14T08:00Z"), instant("2026-04-15T08:00Z")])
        #expect(reminders.first?.title == "Mum's birthday - 1 day before" && reminders.first?.subtitle == "↻ Repeats yearly")
        // At 07:00 (06:00 UTC), with alarms at 07:00 the day before (-PT17H) and at 06:00 on
        // the day (PT6H): a day and an hour before, the intense preset less its other two.
        let early = try CountdownImport.event(
            fromICalendar: Self.birthday.replacingOccurrences(of: "TRIGGER:-PT15H", with: "TRIGGER:-PT17H").replacingOccurrences(
                of: "TRIGGER:PT9H", with: "TRIGGER:PT6H"),
            createdAt: Self.created, timeZone: zone("Europe/London"), allDayTime: "07:00")
        #expect(early.nextOccurrence(after: Self.created, entitlements: .pro) == instant("2026-04-15T06:00Z"))
        #expect(early.reminderPlan.preset == .intense)
        #expect(early.reminders.map(\.typeLabel) == ["7 days before", "At start"] && early.reminders.allSatisfy { !$0.enabled })
        let earlyReminders = early.reminders(at: Self.created, entitlements: .pro)
        #expect(earlyReminders.map(\.offset) == [.dayBefore, .hourBefore])
        #expect(earlyReminders.map(\.fireAt) == [instant("2026-04-14T06:00Z"), instant("2026-04-15T05:00Z")])
    }

    /// The sample of the import's documentation: yearly, reminded the day before at 09:00
    /// (09:00 BST is 08:00 UTC), "At start" turned off.
    @Test func theDocumentationSampleIsRight() throws {
        let text = """
            BEGIN:VEVENT
            UID:mum@example.com
            SUMMARY:Mum's birthday
            DTSTART;VALUE=DATE:19600415
            RRULE:FREQ=YEARLY
            BEGIN:VALARM
            TRIGGER:-PT15H
            END:VALARM
            END:VEVENT
            """
        let birthday = try CountdownImport.event(fromICalendar: text, createdAt: Self.created, timeZone: zone("Europe/London"))
        #expect(birthday.name == "Mum's birthday" && birthday.recurrence == .yearly)
        #expect(birthday.reminders(at: Self.created, entitlements: .pro).map(\.fireAt) == [instant("2026-04-14T08:00Z")])
    }

    static let rent = """
        BEGIN:VEVENT
        UID:rent
        SUMMARY:Rent
        DTSTART;TZID=America/New_York:20260131T090000
        RRULE:FREQ=MONTHLY;BYMONTHDAY=31;SKIP=BACKWARD;RSCALE=GREGORIAN
        BEGIN:VALARM
        TRIGGER:-P1D
        END:VALARM
        END:VEVENT
        """

    /// By hand: the 31st, or the month's last day (SKIP=BACKWARD), at 09:00 New York time:
    /// 14:00 UTC in EST (-05:00), 13:00 UTC in EDT (-04:00, from 03-08). Only the day-before
    /// alarm: the standard preset with "At start" turned off.
    @Test func rentOnThe31stSkipsBackward() throws {
        let event = try CountdownImport.event(fromICalendar: Self.rent, createdAt: Self.created, timeZone: zone("Asia/Tokyo"))
        #expect(event.recurrence == .monthly)
        #expect(event.reminderPlan.timezone == zone("America/New_York"))
        #expect(event.date == instant("2026-01-31T14:00Z"))
        #expect(event.reminderPlan.preset == .standard)
        #expect(event.reminders.map(\.typeLabel) == ["At start"] && event.reminders.allSatisfy { !$0.enabled })
        var app = Countdowns(entitlements: .pro)
        try app.add(event)
        app.rollForward(at: instant("2026-02-01T00:00Z"))
        let rolled = try #require(app["rent"])
        #expect(rolled.nextOccurrenceAt == instant("2026-02-28T14:00Z"))
        #expect(rolled.reminders(at: instant("2026-02-01T00:00Z"), entitlements: .pro).map(\.fireAt) == [instant("2026-02-27T14:00Z")])
        #expect(event.nextOccurrence(after: instant("2026-02-28T14:00Z"), entitlements: .pro) == instant("2026-03-31T13:00Z"))
        #expect(event.nextOccurrence(after: instant("2026-03-31T13:00Z"), entitlements: .pro) == instant("2026-04-30T13:00Z"))
        // Without SKIP, RFC 5545 leaves out the months without a 31st (dateutil: 01-31, 03-31, 05-31).
        let plain = try CountdownImport.event(
            fromICalendar: Self.rent.replacingOccurrences(of: ";SKIP=BACKWARD;RSCALE=GREGORIAN", with: ""), createdAt: Self.created,
            timeZone: zone("Asia/Tokyo"))
        #expect(plain.nextOccurrence(after: instant("2026-02-01T00:00Z"), entitlements: .pro) == instant("2026-03-31T13:00Z"))
        // A free user cannot add a recurring countdown: Countdowns checks, the import does not.
        var free = Countdowns(entitlements: .free)
        #expect(throws: CountdownError(.needsPro(.advancedReminders))) { try free.add(event) }
    }

    static let yoga = """
        BEGIN:VEVENT
        UID:yoga
        SUMMARY:Yoga\\, with Sam
        DESCRIPTION:Bring a mat
        DTSTART;TZID=Europe/Paris:20260302T183000
        DTEND;TZID=Europe/Paris:20260302T193000
        RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=6
        EXDATE:20260309T173000Z
        EXDATE;VALUE=DATE:20260323
        RDATE;TZID=Europe/Paris:20260320T183000
        END:VEVENT
        """

    /// dateutil: `FREQ=WEEKLY;BYDAY=MO;COUNT=6` from 18:30 Paris on 2026-03-02 gives six
    /// Mondays to 04-06; less 17:30Z on 03-09 (18:30 CET) and the whole of 03-23, plus Friday
    /// 03-20. In UTC (zoneinfo; Paris is +02:00 from 03-29): 03-02, 03-16 and 03-20 at 17:30,
    /// 03-30 and 04-06 at 16:30.
    @Test func exceptionsAndExtraDatesAreKept() throws {
        let event = try CountdownImport.event(fromICalendar: Self.yoga, createdAt: Self.created, timeZone: zone("America/New_York"))
        #expect(event.name == "Yoga, with Sam")
        #expect(event.recurrence == .weekly)
        #expect(event.reminderPlan == ReminderPlan.defaultPlan(in: zone("Europe/Paris")))
        #expect(event.iCalendarRecurrence == "RRULE:FREQ=WEEKLY;COUNT=6;BYDAY=MO\nRDATE:20260320T183000\nEXDATE:20260309T183000\nEXDATE;VALUE=DATE:20260323")
        var seen: [Date] = []
        var now = instant("2026-03-01T00:00Z")
        while let next = event.nextOccurrence(after: now, entitlements: .pro), seen.count < 10 {
            seen.append(next)
            now = next
        }
        let expected = ["2026-03-02T17:30Z", "2026-03-16T17:30Z", "2026-03-20T17:30Z", "2026-03-30T16:30Z", "2026-04-06T16:30Z"]
        #expect(seen == expected.map(instant))
        #expect(event.status(at: instant("2026-04-07T00:00Z"), entitlements: .pro) == .past(instant("2026-03-02T17:30Z")))
        // Stored and read back (the app's JSON, the scheduler's state), it is the same event.
        let stored = try JSONEncoder().encode([event])
        let object = try #require(try JSONSerialization.jsonObject(with: stored) as? [[String: Any]])
        #expect(object.first?["iCalendarRecurrence"] as? String == event.iCalendarRecurrence)
        let read = try CountdownImport.events(from: stored)
        #expect(read == [event])
        #expect(read.first?.nextOccurrence(after: instant("2026-03-17T00:00Z"), entitlements: .pro) == instant("2026-03-20T17:30Z"))
    }

    /// Without an RRULE: a one-time countdown at the start (08:30 in Lisbon, +01:00 in June,
    /// is 07:30 UTC); the `id` given wins over the UID.
    @Test func anEventWithoutARuleIsOneTime() throws {
        let text = "BEGIN:VEVENT\nUID:x\nSUMMARY:Trip to Lisbon\nDTSTART;TZID=Europe/Lisbon:20260601T083000\nEND:VEVENT\n"
        let event = try CountdownImport.event(fromICalendar: text, id: "trip", createdAt: Self.created, timeZone: .gmt, icon: "✈️")
        #expect(event.id == "trip" && event.icon == "✈️")
        #expect(event.recurrence == .none && event.iCalendarRecurrence == nil)
        #expect(event.date == instant("2026-06-01T07:30Z") && event.nextOccurrenceAt == event.date)
    }

    /// An Outlook invitation names its zone by its Windows name and defines it in a
    /// VTIMEZONE: the countdown is in the IANA zone CLDR gives that name (09:00 on 6 March
    /// 2027 in New York, EST, is 14:00 UTC).
    @Test func anOutlookEventIsInTheZoneItsVTimeZoneDefines() throws {
        let text = """
            BEGIN:VCALENDAR
            PRODID:-//Microsoft Corporation//Outlook 16.0 MIMEDIR//EN
            BEGIN:VTIMEZONE
            TZID:Eastern Standard Time
            BEGIN:STANDARD
            DTSTART:16011104T020000
            RRULE:FREQ=YEARLY;BYDAY=1SU;BYMONTH=11
            TZOFFSETFROM:-0400
            TZOFFSETTO:-0500
            END:STANDARD
            BEGIN:DAYLIGHT
            DTSTART:16010311T020000
            RRULE:FREQ=YEARLY;BYDAY=2SU;BYMONTH=3
            TZOFFSETFROM:-0500
            TZOFFSETTO:-0400
            END:DAYLIGHT
            END:VTIMEZONE
            BEGIN:VEVENT
            UID:040000008200E00074C5B7101A82E008
            SUMMARY:Launch
            DTSTART;TZID=Eastern Standard Time:20270306T090000
            END:VEVENT
            END:VCALENDAR
            """
        let event = try CountdownImport.event(fromICalendar: text, createdAt: Self.created, timeZone: .gmt)
        #expect(event.reminderPlan.timezone.identifier == "America/New_York")
        #expect(event.date == instant("2027-03-06T14:00Z"))
    }

    @Test(arguments: [
        ("SUMMARY:x\nDTSTART:20260301T090000\n", "no VEVENT; expected a calendar event"),
        (
            "BEGIN:VEVENT\nUID:a\nSUMMARY:a\nDTSTART:20260301T090000\nEND:VEVENT\nBEGIN:VEVENT\nUID:b\nSUMMARY:b\nDTSTART:20260301T090000\nEND:VEVENT\n",
            "line 6 (BEGIN): a second VEVENT"
        ),
        ("BEGIN:VEVENT\nUID:a\nDTSTART:20260301T090000\nEND:VEVENT\n", "line 1 (SUMMARY): missing in the VEVENT; a countdown needs a name"),
        ("BEGIN:VEVENT\nSUMMARY:a\nDTSTART:20260301T090000\nEND:VEVENT\n", "line 1 (UID): missing in the VEVENT; give the countdown an id"),
        ("BEGIN:VEVENT\nUID:a\nSUMMARY:a\nEND:VEVENT\n", "DTSTART: missing"),
        (
            "BEGIN:VEVENT\nUID:a\nSUMMARY:a\nDTSTART:20260301T090000\nRRULE:FREQ=HOURLY\nEND:VEVENT\n",
            "line 5 (RRULE): FREQ=HOURLY: a countdown repeats daily at most"
        ),
        (
            "BEGIN:VEVENT\nUID:a\nSUMMARY:a\nDTSTART:20260301T090000\nRDATE:20260305T090000\nEND:VEVENT\n",
            "line 5 (RDATE): extra dates without an RRULE"
        ),
        (
            "BEGIN:VEVENT\nUID:a\nSUMMARY:a\nDTSTART:20260301T090000\nEXDATE:20260301T090000\nEND:VEVENT\n",
            "line 5 (EXDATE): removes the event's only occurrence"
        ),
        (
            "BEGIN:VEVENT\nUID:a\nSUMMARY:a\nDTSTART:20260301T090000\nRRULE:FREQ=DAILY;COUNT=1\nEXDATE:20260301T090000\nEND:VEVENT\n",
            "line 5 (RRULE): the event has no occurrence"
        ),
        (
            "BEGIN:VEVENT\nUID:a\nSUMMARY:a\nDTSTART:20260301T090000\nEXDATE;TZID=Europe/Atlantis:20260302T090000\nEND:VEVENT\n",
            "line 5 (EXDATE): unknown time zone \"Europe/Atlantis\""
        ),
        (
            "BEGIN:VEVENT\nUID:a\nSUMMARY:a\nDTSTART:20260301T090000\nBEGIN:VALARM\nTRIGGER:-PT15M\nEND:VALARM\nEND:VEVENT\n",
            "line 6 (TRIGGER): -PT15M: a countdown reminds 7 days, 1 day or 1 hour before its start, or at it"
        ),
        (
            "BEGIN:VEVENT\nUID:a\nSUMMARY:a\nDTSTART;VALUE=DATE:20260301\nBEGIN:VALARM\nTRIGGER:-P1D\nEND:VALARM\nEND:VEVENT\n",
            "line 6 (TRIGGER): -P1D: a countdown reminds 7 days, 1 day or 1 hour before its start, or at it (an all-day event's triggers count from the start of its day, and it takes place at 09:00)"
        ),
        (
            "BEGIN:VEVENT\nUID:a\nSUMMARY:a\nDTSTART:20260301T090000\nBEGIN:VALARM\nTRIGGER;RELATED=END:PT0S\nEND:VALARM\nEND:VEVENT\n",
            "line 6 (TRIGGER): RELATED=END is not read"
        ),
        (
            "BEGIN:VEVENT\nUID:a\nSUMMARY:a\nDTSTART:20260301T090000\nBEGIN:VALARM\nTRIGGER;VALUE=DATE-TIME:20260301T080000Z\nEND:VALARM\nEND:VEVENT\n",
            "line 6 (TRIGGER): a trigger at a date-time (VALUE=DATE-TIME) is not read"
        ),
        (
            "BEGIN:VEVENT\nUID:a\nSUMMARY:a\nDTSTART:20260301T090000\nBEGIN:VALARM\nTRIGGER:soon\nEND:VALARM\nEND:VEVENT\n",
            "line 6 (TRIGGER): \"soon\" is not a duration"
        ),
        ("BEGIN:VEVENT\nUID:a\nSUMMARY:a\nDTSTART:20260301T090000\nBEGIN:VALARM\nACTION:DISPLAY\nEND:VALARM\nEND:VEVENT\n", "line 5 (VALARM): has no TRIGGER"),
    ])
    func aBadEventNamesTheLineAndTheProblem(text: String, message: String) {
        do {
            _ = try CountdownImport.event(fromICalendar: text, createdAt: Self.created, timeZone: zone("Europe/London"))
            Issue.record("accepted: \(text)")
        } catch {
            #expect(error.description.hasPrefix(message), "\(error.description)")
        }
    }

    /// RFC 5545 durations, weeks, days and times, signed; a day is 24 hours here. Each alarm
    /// alone turns on its reminder and no other.
    @Test(arguments: [
        ("PT0S", ReminderOffset.atStart), ("-PT0M", .atStart), ("-PT1H", .hourBefore), ("-PT60M", .hourBefore), ("-PT3600S", .hourBefore),
        ("-P1D", .dayBefore), ("-PT24H", .dayBefore), ("-P1W", .weekBefore), ("-P7D", .weekBefore), ("-P6DT24H", .weekBefore),
    ])
    func aTriggerIsADuration(trigger: String, offset: ReminderOffset) throws {
        let text = "BEGIN:VEVENT\nUID:a\nSUMMARY:a\nDTSTART:20260601T090000\nBEGIN:VALARM\nTRIGGER:\(trigger)\nEND:VALARM\nEND:VEVENT\n"
        let event = try CountdownImport.event(fromICalendar: text, createdAt: Self.created, timeZone: zone("Europe/London"))
        #expect(Set(event.reminderPlan.preset.offsets).subtracting(event.disabledOffsets) == [offset])
    }

    @Test(arguments: ["P", "-PT", "PT1D", "P1H", "-PT30M1H", "-PT9999999S", "-P1.5D", "1H"])
    func aTriggerThatIsNotADurationIsRefused(trigger: String) {
        let text = "BEGIN:VEVENT\nUID:a\nSUMMARY:a\nDTSTART:20260601T090000\nBEGIN:VALARM\nTRIGGER:\(trigger)\nEND:VALARM\nEND:VEVENT\n"
        #expect(throws: ICalendarError(line: 6, property: "TRIGGER", "\"\(trigger)\" is not a duration; expected one such as -PT1H, -P1D or PT0S")) {
            try CountdownImport.event(fromICalendar: text, createdAt: Self.created, timeZone: zone("Europe/London"))
        }
    }

    /// A stored event whose recurrence cannot be read is named with its field.
    @Test func aBadStoredRecurrenceIsNamed() throws {
        let stored = """
            [{"id":"c3","name":"Pay day","date":"2026-01-31T17:00:00Z","reminderPlan":{"preset":"simple","timezone":"America/Chicago"},
              "recurrence":"monthly","iCalendarRecurrence":"RRULE:FREQ=MONTHLY\\nEXDATE;TZID=Mars/Base:20260228T110000"}]
            """
        #expect(throws: CountdownImportError.self) { try CountdownImport.events(from: Data(stored.utf8)) }
        do {
            _ = try CountdownImport.events(from: Data(stored.utf8))
        } catch {
            #expect(error.description.hasPrefix(#"countdowns[0] "Pay day" (id c3): iCalendarRecurrence: line 2 (EXDATE): unknown time zone "Mars/Base""#))
        }
    }

    /// A lunar event: Lunar New Year (RFC 7529 `RSCALE=CHINESE`), all-day at 09:00 in
    /// Shanghai (+08:00, 01:00 UTC). Chinese New Year 2027 is on February 6; the standard
    /// preset reminds the day before and on the day.
    @Test func lunarNewYearIsAChineseCalendarCountdown() throws {
        let text = """
            BEGIN:VEVENT
            UID:lunar-new-year@example.com
            SUMMARY:Lunar New Year
            DTSTART;VALUE=DATE:20130210
            RRULE:RSCALE=CHINESE;FREQ=YEARLY
            BEGIN:VALARM
            TRIGGER:-PT15H
            END:VALARM
            BEGIN:VALARM
            TRIGGER:PT9H
            END:VALARM
            END:VEVENT
            """
        let event = try CountdownImport.event(fromICalendar: text, createdAt: Self.created, timeZone: zone("Asia/Shanghai"))
        #expect(event.iCalendarRecurrence == "RRULE:RSCALE=CHINESE;FREQ=YEARLY")
        #expect(event.nextOccurrence(after: Self.created, entitlements: .pro) == instant("2027-02-06T01:00Z"))
        let reminders = event.reminders(at: Self.created, entitlements: .pro)
        #expect(reminders.map(\.fireAt) == [instant("2027-02-05T01:00Z"), instant("2027-02-06T01:00Z")])
    }

    /// A Hebrew anniversary in Adar I (`BYMONTH=5L`), in common years on the same day of Adar
    /// (RFC 7529 §4.3, `SKIP=FORWARD`): from January 2017 the next is 2017-03-06 (libical's
    /// vector), 09:00 in Jerusalem at +02:00 (summer time begins March 24), 07:00 UTC.
    @Test func aHebrewAnniversaryIsAHebrewCalendarCountdown() throws {
        let text = """
            BEGIN:VEVENT
            UID:yahrzeit@example.com
            SUMMARY:Anniversary
            DTSTART;VALUE=DATE:20140208
            RRULE:RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=5L;BYMONTHDAY=8;SKIP=FORWARD
            BEGIN:VALARM
            TRIGGER:-PT15H
            END:VALARM
            END:VEVENT
            """
        let created = instant("2017-01-01T10:00Z")
        let event = try CountdownImport.event(fromICalendar: text, createdAt: created, timeZone: zone("Asia/Jerusalem"))
        #expect(event.nextOccurrence(after: created, entitlements: .pro) == instant("2017-03-06T07:00Z"))
        #expect(event.reminders(at: created, entitlements: .pro).map(\.fireAt) == [instant("2017-03-05T07:00Z")])
    }
}
