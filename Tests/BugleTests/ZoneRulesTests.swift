import Bugle
import Foundation
import Testing

/// A wall-clock time on a DST-change day and the instant it must resolve to.
///
/// Every expected instant below was worked out by hand from the zone's rules and then
/// checked against Python's `zoneinfo` (`datetime(..., tzinfo=ZoneInfo(zone), fold=0)`,
/// which for a gap uses the offset in force before it, i.e. moves forward by the gap, and
/// for a repeated time takes the first occurrence). The epoch seconds are zoneinfo's.
struct TransitionCase: Sendable, CustomTestStringConvertible {
    var zoneID: String
    var local: LocalDateTime
    /// Seconds since 1970 of the expected instant.
    var expected: Int
    /// What the wall clock shows at that instant.
    var shows: LocalDateTime
    /// Whether `local` falls in a gap.
    var skipped: Bool
    var why: String

    var testDescription: String { "\(zoneID) \(local)" }
}

let gapCases: [TransitionCase] = [
    // New York springs forward on 2026-03-08 at 02:00 EST (-5) = 07:00Z, to 03:00 EDT (-4).
    // 02:30 does not exist; moved forward by the 1 h gap it is 03:30 EDT = 07:30Z.
    TransitionCase(
        zoneID: "America/New_York", local: wall(2026, 3, 8, 2, 30), expected: 1_772_955_000, shows: wall(2026, 3, 8, 3, 30), skipped: true,
        why: "02:30 EST+gap = 03:30 EDT = 07:30Z"),
    // The first missing minute, 02:00, becomes 03:00 EDT = 07:00Z, the transition itself.
    TransitionCase(
        zoneID: "America/New_York", local: wall(2026, 3, 8, 2, 0), expected: 1_772_953_200, shows: wall(2026, 3, 8, 3, 0), skipped: true,
        why: "02:00 -> 03:00 EDT = 07:00Z"),
    // The last minute before the gap still exists: 01:59 EST = 06:59Z.
    TransitionCase(
        zoneID: "America/New_York", local: wall(2026, 3, 8, 1, 59), expected: 1_772_953_140, shows: wall(2026, 3, 8, 1, 59), skipped: false,
        why: "01:59 EST = 06:59Z"),
    // London springs forward on 2026-03-29 at 01:00 GMT = 01:00Z, to 02:00 BST (+1).
    // 01:30 does not exist: 02:30 BST = 01:30Z.
    TransitionCase(
        zoneID: "Europe/London", local: wall(2026, 3, 29, 1, 30), expected: 1_774_747_800, shows: wall(2026, 3, 29, 2, 30), skipped: true,
        why: "01:30 GMT+gap = 02:30 BST = 01:30Z"),
    // Sydney springs forward on 2026-10-04 at 02:00 AEST (+10) = 16:00Z Oct 3, to 03:00 AEDT (+11).
    // 02:30 does not exist: 03:30 AEDT = 16:30Z on Oct 3.
    TransitionCase(
        zoneID: "Australia/Sydney", local: wall(2026, 10, 4, 2, 30), expected: 1_791_045_000, shows: wall(2026, 10, 4, 3, 30), skipped: true,
        why: "02:30 AEST+gap = 03:30 AEDT = 16:30Z"),
    // Jerusalem springs forward on Friday 2026-03-27 at 02:00 IST (+2) = 00:00Z, to 03:00 IDT (+3).
    // 02:30 does not exist: 03:30 IDT = 00:30Z.
    TransitionCase(
        zoneID: "Asia/Jerusalem", local: wall(2026, 3, 27, 2, 30), expected: 1_774_571_400, shows: wall(2026, 3, 27, 3, 30), skipped: true,
        why: "02:30 IST+gap = 03:30 IDT = 00:30Z"),
    // Lord Howe moves by 30 minutes: on 2026-10-04 at 02:00 LHST (+10:30) = 15:30Z Oct 3 it
    // becomes 02:30 LHDT (+11). 02:15 does not exist; forward by the 30 min gap it is 02:45
    // LHDT = 15:45Z on Oct 3.
    TransitionCase(
        zoneID: "Australia/Lord_Howe", local: wall(2026, 10, 4, 2, 15), expected: 1_791_042_300, shows: wall(2026, 10, 4, 2, 45), skipped: true,
        why: "02:15 +10:30 +30min gap = 02:45 +11:00 = 15:45Z"),
]

let repeatCases: [TransitionCase] = [
    // New York falls back on 2026-11-01 at 02:00 EDT = 06:00Z, to 01:00 EST. 01:30 happens at
    // 05:30Z (EDT) and again at 06:30Z (EST); the first is 05:30Z.
    TransitionCase(
        zoneID: "America/New_York", local: wall(2026, 11, 1, 1, 30), expected: 1_793_511_000, shows: wall(2026, 11, 1, 1, 30), skipped: false,
        why: "first 01:30 is EDT = 05:30Z"),
    // London falls back on 2026-10-25 at 02:00 BST = 01:00Z, to 01:00 GMT. 01:30 BST = 00:30Z first.
    TransitionCase(
        zoneID: "Europe/London", local: wall(2026, 10, 25, 1, 30), expected: 1_792_888_200, shows: wall(2026, 10, 25, 1, 30), skipped: false,
        why: "first 01:30 is BST = 00:30Z"),
    // Sydney falls back on 2026-04-05 at 03:00 AEDT (+11) = 16:00Z Apr 4, to 02:00 AEST. 02:30 AEDT = 15:30Z Apr 4 first.
    TransitionCase(
        zoneID: "Australia/Sydney", local: wall(2026, 4, 5, 2, 30), expected: 1_775_316_600, shows: wall(2026, 4, 5, 2, 30), skipped: false,
        why: "first 02:30 is AEDT = 15:30Z"),
    // Jerusalem falls back on 2026-10-25 at 02:00 IDT (+3) = 23:00Z Oct 24, to 01:00 IST. 01:30 IDT = 22:30Z Oct 24 first.
    TransitionCase(
        zoneID: "Asia/Jerusalem", local: wall(2026, 10, 25, 1, 30), expected: 1_792_881_000, shows: wall(2026, 10, 25, 1, 30), skipped: false,
        why: "first 01:30 is IDT = 22:30Z"),
    // Lord Howe falls back on 2026-04-05 at 02:00 LHDT (+11) = 15:00Z Apr 4, to 01:30 LHST (+10:30):
    // 01:30-02:00 happens twice. 01:45 LHDT = 14:45Z Apr 4 first (the second is 15:15Z).
    TransitionCase(
        zoneID: "Australia/Lord_Howe", local: wall(2026, 4, 5, 1, 45), expected: 1_775_313_900, shows: wall(2026, 4, 5, 1, 45), skipped: false,
        why: "first 01:45 is +11:00 = 14:45Z"),
]

@Suite("ZoneRules: wall clock to instant and back")
struct ZoneRulesTests {
    @Test("A wall time in a DST gap moves forward by the gap", arguments: gapCases)
    func gaps(_ c: TransitionCase) {
        let expected = Date(timeIntervalSince1970: TimeInterval(c.expected))
        let rules = ZoneRules(timeZone: zone(c.zoneID), around: expected)
        #expect(rules.date(for: c.local) == expected, "\(c.why)")
        #expect(rules.instant(for: c.local) == c.expected)
        #expect(rules.localDateTime(at: expected) == c.shows)
        #expect(rules.isSkipped(c.local) == c.skipped)
        // The fire-time types resolve the same way.
        #expect(FireTime.wallClock(c.local).resolve(in: rules) == expected)
        #expect(ZonedInstant(local: c.local, timeZone: zone(c.zoneID)).date == expected)
        // What Foundation says the clock shows at the expected instant (an independent check of the oracle).
        let shown = wallClock(expected, in: c.zoneID)
        #expect(shown.hour == c.shows.time.hour && shown.minute == c.shows.time.minute && shown.day == c.shows.date.day)
    }

    @Test("A wall time that occurs twice takes the first occurrence", arguments: repeatCases)
    func repeats(_ c: TransitionCase) {
        let expected = Date(timeIntervalSince1970: TimeInterval(c.expected))
        let rules = ZoneRules(timeZone: zone(c.zoneID), around: expected)
        #expect(rules.date(for: c.local) == expected, "\(c.why)")
        #expect(!rules.isSkipped(c.local))
        #expect(rules.localDateTime(at: expected) == c.local)
        #expect(ZonedInstant(local: c.local, timeZone: zone(c.zoneID)).date == expected)
        // The clock shows the same time again later (1 h later, or 30 min on Lord Howe): it really repeats.
        let shift: TimeInterval = c.zoneID == "Australia/Lord_Howe" ? 1_800 : 3_600
        #expect(rules.localDateTime(at: expected.addingTimeInterval(shift)) == c.local)
        #expect(rules.offset(at: expected) - rules.offset(at: expected.addingTimeInterval(shift)) == Int(shift))
    }

    /// Conversions must not depend on the window the rules were read for: outside it they
    /// ask the time zone directly, and must give the same answers.
    @Test("Answers outside the pre-read window are the same", arguments: gapCases + repeatCases)
    func outsideTheWindow(_ c: TransitionCase) {
        let farAway = ZoneRules(timeZone: zone(c.zoneID), from: utc(2020, 1, 1), through: utc(2020, 2, 1))
        #expect(farAway.date(for: c.local) == Date(timeIntervalSince1970: TimeInterval(c.expected)))
        #expect(farAway.isSkipped(c.local) == c.skipped)
    }

    /// Every hour of 2026 (and every 15 minutes on transition days would be the same code
    /// path): the offset and the wall clock agree with Foundation's `Calendar`.
    @Test("Offsets and wall clocks agree with Foundation all year", arguments: dstZones)
    func agreesWithFoundationAllYear(_ zoneID: String) {
        let tz = zone(zoneID)
        let start = utc(2026, 1, 1)
        let rules = ZoneRules(timeZone: tz, from: start, through: utc(2027, 1, 1))
        var mismatches: [String] = []
        for quarterHour in 0..<(366 * 96) {
            let date = start.addingTimeInterval(TimeInterval(quarterHour * 900))
            let expectedOffset = tz.secondsFromGMT(for: date)
            let shown = wallClock(date, in: zoneID)
            let local = rules.localDateTime(at: date)
            if rules.offset(at: date) != expectedOffset
                || local.date.year != shown.year || local.date.month != shown.month || local.date.day != shown.day
                || local.time.hour != shown.hour || local.time.minute != shown.minute
            {
                mismatches.append("\(date): \(local) offset \(rules.offset(at: date)) vs \(shown) \(expectedOffset)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(3))")
    }

    /// Every wall time that exists exactly once converts to the instant whose clock shows it.
    @Test("Existing wall times round-trip on every 15 minutes of 2026", arguments: dstZones)
    func roundTrip(_ zoneID: String) {
        let rules = ZoneRules(timeZone: zone(zoneID), from: utc(2026, 1, 1), through: utc(2027, 1, 1))
        var failures: [String] = []
        var gaps = 0
        for dayIndex in 0..<365 {
            let date = day(2026, 1, 1).adding(days: dayIndex)
            for quarter in 0..<96 {
                let local = LocalDateTime(date: date, time: time(quarter / 4, (quarter % 4) * 15))
                let instant = rules.date(for: local)
                let back = rules.localDateTime(at: instant)
                if rules.isSkipped(local) {
                    gaps += 1
                    // Moved forward, never backward, and by less than an hour.
                    let moved = back.localSeconds - local.localSeconds
                    if !(moved > 0 && moved <= 3_600) { failures.append("\(local) -> \(back)") }
                } else if back != local {
                    failures.append("\(local) -> \(back)")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(3))")
        // One spring-forward a year: 4 quarter hours missing (2 on Lord Howe, whose gap is 30 min).
        #expect(gaps == (zoneID == "Australia/Lord_Howe" ? 2 : 4))
    }

    @Test func localDateAndStartOfDay() {
        let rules = ZoneRules(timeZone: zone("America/New_York"), around: utc(2026, 3, 8))
        // 03:59Z on 2026-03-08 is 22:59 EST on 2026-03-07.
        #expect(rules.localDate(at: utc(2026, 3, 8, 3, 59)) == day(2026, 3, 7))
        #expect(rules.localDate(at: utc(2026, 3, 8, 5, 0)) == day(2026, 3, 8))
        // Midnight EST = 05:00Z.
        #expect(rules.startOfDay(day(2026, 3, 8)) == utc(2026, 3, 8, 5, 0))
    }

    @Test func iso8601Strings() {
        #expect(ISO8601.string(from: utc(2026, 3, 8, 7, 30), timeZone: zone("America/New_York")) == "2026-03-08T03:30:00-04:00")
        #expect(ISO8601.string(from: utc(2026, 1, 15, 12, 0), timeZone: zone("Europe/London")) == "2026-01-15T12:00:00Z")
        // Lord Howe in July is on standard time, +10:30.
        #expect(ISO8601.string(from: utc(2026, 7, 1, 0, 0), timeZone: zone("Australia/Lord_Howe")) == "2026-07-01T10:30:00+10:30")
        #expect(ISO8601.offsetString(-16_200) == "-04:30")
        #expect(ISO8601.offsetString(0) == "Z")
        #expect(ISO8601.offsetString(19_800) == "+05:30")
    }

    /// Volgograd moved from +04 to +03 on 2020-12-27 at 02:00 local (22:00Z): a change of
    /// standard offset, not a DST transition. 23:00Z on Dec 26 is 02:00 +03 (checked with zoneinfo).
    @Test func changesOfStandardOffsetAreFollowed() {
        let rules = ZoneRules(timeZone: zone("Europe/Volgograd"), around: utc(2020, 12, 1))
        #expect(rules.offset(at: utc(2020, 12, 26, 21, 0)) == 4 * 3600)
        #expect(rules.offset(at: utc(2020, 12, 26, 23, 0)) == 3 * 3600)
        #expect(rules.localDateTime(at: utc(2020, 12, 26, 23, 0)) == wall(2020, 12, 27, 2, 0))
        // 09:00 on Dec 28 is +03: 06:00Z.
        #expect(rules.date(for: wall(2020, 12, 28, 9, 0)) == utc(2020, 12, 28, 6, 0))
    }
}
