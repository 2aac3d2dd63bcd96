import Bugle
import Foundation
import Testing

@Suite("Parsing written times")
struct TimeParsingTests {
    @Test func times() {
        #expect(TimeParsing.localTime("08:30") == time(8, 30))
        #expect(TimeParsing.localTime("23:59:59") == time(23, 59, 59))
        #expect(TimeParsing.localTime("8:30") == nil)
        #expect(TimeParsing.localTime("24:00") == nil)
        #expect(TimeParsing.localTime("08:60") == nil)
        #expect(TimeParsing.localTime("08-30") == nil)
        #expect(TimeParsing.localTime("") == nil)
    }

    @Test func dates() {
        #expect(TimeParsing.localDate("2026-03-08") == day(2026, 3, 8))
        #expect(TimeParsing.localDate("2024-02-29") == day(2024, 2, 29))
        #expect(TimeParsing.localDate("2026-02-29") == nil)
        #expect(TimeParsing.localDate("2026-3-8") == nil)
        #expect(TimeParsing.localDate("26-03-08") == nil)
    }

    @Test func dateTimesWithoutOffsetFollowTheZone() throws {
        let written = try #require(TimeParsing.dateTime("2026-03-08T02:30"))
        #expect(written.local == wall(2026, 3, 8, 2, 30))
        #expect(written.offset == nil)
        // No offset: the New York wall clock; 02:30 does not exist that day and moves to 03:30 EDT = 07:30Z.
        let rules = ZoneRules(timeZone: zone("America/New_York"), around: utc(2026, 3, 8))
        #expect(written.resolve(in: rules) == utc(2026, 3, 8, 7, 30))
        #expect(TimeParsing.dateTime("2026-03-08 09:15")?.local == wall(2026, 3, 8, 9, 15))
    }

    @Test(arguments: [
        ("2026-03-08T09:00Z", 0), ("2026-03-08T09:00:00+05:30", 19_800), ("2026-03-08T09:00-0400", -14_400),
        ("2026-03-08T09:00+02", 7_200), ("2026-03-08T09:00:00-04:00", -14_400),
    ])
    func offsets(text: String, offset: Int) throws {
        let written = try #require(TimeParsing.dateTime(text))
        #expect(written.offset == offset)
        // 09:00 on a clock `offset` seconds east of UTC is 09:00 UTC minus the offset.
        #expect(TimeParsing.instant(text) == utc(2026, 3, 8, 9, 0).addingTimeInterval(TimeInterval(-offset)))
    }

    @Test(arguments: ["2026-03-08", "2026-03-08X09:00", "2026-03-08T09:00+25:00", "2026-03-08T9:00", "2026-03-08T09:00+5"])
    func rejectsMalformedText(text: String) {
        #expect(TimeParsing.dateTime(text) == nil)
    }

    @Test func instantNeedsAnOffset() {
        #expect(TimeParsing.instant("2026-03-08T09:00") == nil)
    }
}
