import Bugle
import Foundation
import Testing

/// `VTIMEZONE` definitions (RFC 5545 §3.6.5): a `TZID` that is not an IANA name is read as
/// the IANA zone that keeps the definition's offsets. The expected instants are worked out
/// from the United States' and the European Union's daylight-saving dates (second Sunday of
/// March / first Sunday of November since 2007; first Sunday of April / last Sunday of
/// October before; last Sundays of March and October in the EU).
@Suite struct ICalendarTimeZoneTests {
    /// Outlook's definition of `Eastern Standard Time`, as Outlook writes it (from 1601).
    static let outlookEastern = """
        BEGIN:VTIMEZONE
        TZID:Eastern Standard Time
        BEGIN:STANDARD
        DTSTART:16010101T020000
        TZOFFSETFROM:-0400
        TZOFFSETTO:-0500
        RRULE:FREQ=YEARLY;BYDAY=1SU;BYMONTH=11
        END:STANDARD
        BEGIN:DAYLIGHT
        DTSTART:16010101T020000
        TZOFFSETFROM:-0500
        TZOFFSETTO:-0400
        RRULE:FREQ=YEARLY;BYDAY=2SU;BYMONTH=3
        END:DAYLIGHT
        END:VTIMEZONE
        """

    static func utc(_ recurrence: Recurrence, _ count: Int) throws -> [String] {
        let zone = try #require(recurrence.timeZone)
        return recurrence.first(count, in: zone).map { ISO8601.string(from: $0.date, timeZone: TimeZone(identifier: "UTC")!) }
    }

    @Test func anOutlookZoneIsReadAsTheIANAZoneThatKeepsItsOffsets() throws {
        let text = """
            BEGIN:VCALENDAR
            \(Self.outlookEastern)
            BEGIN:VEVENT
            DTSTART;TZID=Eastern Standard Time:20260302T090000
            RRULE:FREQ=WEEKLY;COUNT=3
            EXDATE;TZID=Eastern Standard Time:20260309T090000
            RDATE;TZID=Eastern Standard Time:20261102T090000
            END:VEVENT
            END:VCALENDAR
            """
        let recurrence = try Recurrence(iCalendar: text)
        // CLDR's zone for the Windows name keeps the same offsets, so it is the one taken.
        #expect(recurrence.timeZone?.identifier == "America/New_York")
        // 09:00 is 14:00Z before 8 March 2026 and 13:00Z after; 2 November is after the 1st, in EST again.
        #expect(try Self.utc(recurrence, 5) == ["2026-03-02T14:00:00Z", "2026-03-16T13:00:00Z", "2026-11-02T14:00:00Z"])
    }

    @Test func aNameThatEndsWithAnIANANameIsTriedFirst() throws {
        let text = """
            BEGIN:VCALENDAR
            BEGIN:VTIMEZONE
            TZID:/mozilla.org/20050126_1/Europe/Paris
            BEGIN:DAYLIGHT
            TZOFFSETFROM:+0100
            TZOFFSETTO:+0200
            DTSTART:19700329T020000
            RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3
            END:DAYLIGHT
            BEGIN:STANDARD
            TZOFFSETFROM:+0200
            TZOFFSETTO:+0100
            DTSTART:19701025T030000
            RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10
            END:STANDARD
            END:VTIMEZONE
            BEGIN:VEVENT
            DTSTART;TZID=/mozilla.org/20050126_1/Europe/Paris:20270325T080000
            RRULE:FREQ=DAILY;COUNT=3
            END:VEVENT
            END:VCALENDAR
            """
        let recurrence = try Recurrence(iCalendar: text)
        #expect(recurrence.timeZone?.identifier == "Europe/Paris")
        // Summer time begins on Sunday 28 March 2027: 08:00 is 07:00Z, then 06:00Z.
        #expect(try Self.utc(recurrence, 3) == ["2027-03-25T07:00:00Z", "2027-03-26T07:00:00Z", "2027-03-27T07:00:00Z"])
        let later = try Recurrence(iCalendar: text.replacingOccurrences(of: "20270325T080000", with: "20270327T080000"))
        #expect(try Self.utc(later, 2) == ["2027-03-27T07:00:00Z", "2027-03-28T06:00:00Z"])
    }

    /// A definition written before the United States moved its dates in 2007 matches for the
    /// years it was written for, and the rule then follows the zone's real dates.
    @Test func aDefinitionFromBefore2007MatchesItsOwnYears() throws {
        let text = """
            BEGIN:VCALENDAR
            BEGIN:VTIMEZONE
            TZID:US-Eastern
            BEGIN:STANDARD
            DTSTART:19671029T020000
            RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10
            TZOFFSETFROM:-0400
            TZOFFSETTO:-0500
            END:STANDARD
            BEGIN:DAYLIGHT
            DTSTART:19870405T020000
            RRULE:FREQ=YEARLY;BYDAY=1SU;BYMONTH=4
            TZOFFSETFROM:-0500
            TZOFFSETTO:-0400
            END:DAYLIGHT
            END:VTIMEZONE
            BEGIN:VEVENT
            DTSTART;TZID=US-Eastern:20050301T090000
            RRULE:FREQ=YEARLY;BYMONTH=3,4;BYMONTHDAY=1;COUNT=6
            END:VEVENT
            END:VCALENDAR
            """
        let recurrence = try Recurrence(iCalendar: text)
        // 1 March is in EST every year; 1 April 2005 and 2006 were before the first Sunday of
        // April (still EST), 1 April 2007 after the second Sunday of March (EDT).
        #expect(
            try Self.utc(recurrence, 6) == [
                "2005-03-01T14:00:00Z", "2005-04-01T14:00:00Z", "2006-03-01T14:00:00Z", "2006-04-01T14:00:00Z", "2007-03-01T14:00:00Z",
                "2007-04-01T13:00:00Z",
            ])
    }

    @Test func aFixedOffsetDefinitionMatchesAZoneWithoutDaylightSaving() throws {
        let text = """
            BEGIN:VTIMEZONE
            TZID:India Standard Time
            BEGIN:STANDARD
            DTSTART:16010101T000000
            TZOFFSETFROM:+0530
            TZOFFSETTO:+0530
            END:STANDARD
            END:VTIMEZONE
            BEGIN:VEVENT
            DTSTART;TZID=India Standard Time:20260601T093000
            RRULE:FREQ=DAILY;COUNT=1
            END:VEVENT
            """
        let recurrence = try Recurrence(iCalendar: text)
        #expect(recurrence.timeZone?.identifier == "Asia/Calcutta" || recurrence.timeZone?.identifier == "Asia/Kolkata")
        // 09:30 in India is 04:00Z.
        #expect(try Self.utc(recurrence, 1) == ["2026-06-01T04:00:00Z"])
    }

    /// An IANA name is that zone, whatever its VTIMEZONE says; a definition nothing uses is
    /// not read.
    @Test func anIANANameIsNotReadFromItsDefinition() throws {
        let text = """
            BEGIN:VTIMEZONE
            TZID:Europe/Paris
            BEGIN:STANDARD
            DTSTART:16010101T000000
            TZOFFSETFROM:+0317
            TZOFFSETTO:+0317
            END:STANDARD
            END:VTIMEZONE
            BEGIN:VTIMEZONE
            TZID:Unused
            END:VTIMEZONE
            BEGIN:VTIMEZONE
            END:VTIMEZONE
            BEGIN:VEVENT
            DTSTART;TZID=Europe/Paris:20260601T090000
            RRULE:FREQ=DAILY;COUNT=1
            END:VEVENT
            """
        let recurrence = try Recurrence(iCalendar: text)
        #expect(recurrence.timeZone?.identifier == "Europe/Paris")
        #expect(try Self.utc(recurrence, 1) == ["2026-06-01T07:00:00Z"])
    }

    @Test(arguments: [
        (
            "BEGIN:VTIMEZONE\nTZID:Mars\nBEGIN:STANDARD\nDTSTART:16010101T000000\nTZOFFSETFROM:+0317\nTZOFFSETTO:+0317\nEND:STANDARD\nEND:VTIMEZONE\nDTSTART;TZID=Mars:20260601T090000",
            "line 1 (VTIMEZONE): \"Mars\" keeps offsets that no IANA time zone keeps in 2026–2027"
        ),
        (
            "BEGIN:VTIMEZONE\nTZID:Mars\nBEGIN:STANDARD\nDTSTART:16010101T000000\nTZOFFSETFROM:+0317\nTZOFFSETTO:+0317\nEND:STANDARD\nEND:VTIMEZONE\nDTSTART;TZID=Venus:20260601T090000",
            "line 9 (DTSTART): unknown time zone \"Venus\"; TZID must be an IANA name such as America/New_York, or one a VTIMEZONE of the text defines"
        ),
        (
            "BEGIN:VTIMEZONE\nTZID:Mars\nBEGIN:STANDARD\nDTSTART:16010101T000000\nTZOFFSETFROM:+3:17\nTZOFFSETTO:+0317\nEND:STANDARD\nEND:VTIMEZONE\nDTSTART;TZID=Mars:20260601T090000",
            "line 5 (TZOFFSETFROM): \"+3:17\" is not an offset; expected +HHMM or -HHMM"
        ),
        ("BEGIN:VTIMEZONE\nTZID:Mars\nEND:VTIMEZONE\nDTSTART;TZID=Mars:20260601T090000", "line 1 (VTIMEZONE): has no STANDARD or DAYLIGHT component"),
        (
            "BEGIN:VTIMEZONE\nTZID:Mars\nBEGIN:STANDARD\nTZOFFSETFROM:+0100\nTZOFFSETTO:+0100\nEND:STANDARD\nEND:VTIMEZONE\nDTSTART;TZID=Mars:20260601T090000",
            "line 3 (DTSTART): missing in the STANDARD component"
        ),
        (
            "BEGIN:VTIMEZONE\nTZID:Mars\nBEGIN:STANDARD\nDTSTART:16010101T000000\nTZOFFSETFROM:+0100\nTZOFFSETTO:+0100\nRRULE:FREQ=YEARLY;BYDAY=XX\nEND:STANDARD\nEND:VTIMEZONE\nDTSTART;TZID=Mars:20260601T090000",
            "line 7 (RRULE): BYDAY"
        ),
        (
            "BEGIN:VTIMEZONE\nTZID:A\nBEGIN:STANDARD\nEND:STANDARD\nEND:VTIMEZONE\nBEGIN:VTIMEZONE\nTZID:A\nBEGIN:STANDARD\nEND:STANDARD\nEND:VTIMEZONE\nDTSTART;TZID=A:20260601T090000",
            "line 6 (TZID): \"A\" is defined twice (first at line 1)"
        ),
    ])
    func aBadDefinitionNamesItsLine(text: String, message: String) {
        do {
            _ = try Recurrence(iCalendar: text)
            Issue.record("accepted: \(text)")
        } catch {
            #expect(error.description.hasPrefix(message), "\(error.description)")
        }
    }
}
