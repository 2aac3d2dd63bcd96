import Bugle
import Foundation
import Testing

/// Times and dates as a developer writes them: literals in code, text from a user or a file
/// through `init(parsing:)`, fields through the throwing initializers. Expected values are
/// built from fields (the `time` and `day` helpers), never from the literal under test.
@Suite("Time and date values")
struct TimeValueTests {
    // MARK: Literals

    @Test func literalsGiveTheirValues() {
        let reminder: LocalTime = "08:30"
        let withSeconds: LocalTime = "23:59:59"
        let date: LocalDate = "2026-03-01"
        let leapDay: LocalDate = "2024-02-29"
        let local: LocalDateTime = "2026-03-01T08:30"
        let spaced: LocalDateTime = "2026-03-01 08:30:15"
        #expect(reminder == time(8, 30))
        #expect([reminder.hour, reminder.minute, reminder.second] == [8, 30, 0] as [Int])
        #expect([withSeconds.hour, withSeconds.minute, withSeconds.second] == [23, 59, 59] as [Int])
        #expect([date.year, date.month, date.day] == [2026, 3, 1] as [Int])
        #expect(leapDay == day(2024, 2, 29))
        #expect(local == wall(2026, 3, 1, 8, 30))
        #expect(spaced == wall(2026, 3, 1, 8, 30, 15))
        #expect(LocalTime("00:00") == .midnight)
    }

    @Test func literalsWorkWhereverAValueIsExpected() {
        #expect(Schedule.daily("08:30") == .daily(time(8, 30)))
        #expect(Schedule.once("2026-03-01T09:00") == .once(wall(2026, 3, 1, 9, 0)))
        #expect(QuietHours(start: "22:00", end: "07:00").start == time(22, 0))
        #expect(day(2026, 3, 1) < "2026-03-02")
    }

    @Test func literalsReadAsTheyPrint() {
        for text in ["00:00", "08:30", "12:00:01", "23:59:59"] {
            #expect(LocalTime(stringLiteral: text).description == text)
        }
        for text in ["1900-01-01", "2026-03-01", "2999-12-31"] {
            #expect(LocalDate(stringLiteral: text).description == text)
        }
        #expect(LocalDateTime(stringLiteral: "2026-03-01T08:30").description == "2026-03-01T08:30")
    }

    /// A malformed literal is a bug in the program: it stops it, with a message naming the
    /// literal and the form expected.
    @Test func aMalformedLiteralStopsTheProgramWithAClearMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let time: LocalTime = "8:3"
            print(time)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains(#""8:3" is not a time of day: the hour must be two digits, found "8"; expected HH:MM or HH:MM:SS"#))
    }

    // MARK: Parsing text

    @Test func parsingGivesTheValues() throws {
        #expect(try LocalTime(parsing: "08:30") == time(8, 30))
        #expect(try LocalTime(parsing: "00:00:59") == time(0, 0, 59))
        #expect(try LocalDate(parsing: "2026-12-31") == day(2026, 12, 31))
        #expect(try LocalDateTime(parsing: "2026-03-08T02:30") == wall(2026, 3, 8, 2, 30))
    }

    @Test(
        arguments: [
            (.time, "8:3", "hour", #""8:3" is not a time of day: the hour must be two digits, found "8"; expected HH:MM or HH:MM:SS"#),
            (.time, "08:3", "minute", #""08:3" is not a time of day: the minute must be two digits, found "3"; expected HH:MM or HH:MM:SS"#),
            (.time, "24:00", "hour", #""24:00" is not a time of day: the hour must be 0 to 23, found 24; expected HH:MM or HH:MM:SS"#),
            (.time, "12:60", "minute", #""12:60" is not a time of day: the minute must be 0 to 59, found 60; expected HH:MM or HH:MM:SS"#),
            (.time, "12:00:60", "second", #""12:00:60" is not a time of day: the second must be 0 to 59, found 60; expected HH:MM or HH:MM:SS"#),
            (.time, "0830", nil, #""0830" is not a time of day: there is no ":" between the hour and the minute; expected HH:MM or HH:MM:SS"#),
            (.time, "08:30:00:00", nil, #""08:30:00:00" is not a time of day: it has 4 fields separated by ":", not 2 or 3; expected HH:MM or HH:MM:SS"#),
            (.time, "+8:30", "hour", #""+8:30" is not a time of day: the hour must be two digits, found "+8"; expected HH:MM or HH:MM:SS"#),
            (.time, " 08:30", "hour", #"" 08:30" is not a time of day: the hour must be two digits, found " 08"; expected HH:MM or HH:MM:SS"#),
            (.time, "", nil, #""" is not a time of day: there is no ":" between the hour and the minute; expected HH:MM or HH:MM:SS"#),
            (.date, "2026-02-30", "day", #""2026-02-30" is not a date: the day must be 1 to 28 in February 2026, found 30; expected YYYY-MM-DD"#),
            (.date, "2026-13-01", "month", #""2026-13-01" is not a date: the month must be 1 to 12, found 13; expected YYYY-MM-DD"#),
            (.date, "2026-00-10", "month", #""2026-00-10" is not a date: the month must be 1 to 12, found 0; expected YYYY-MM-DD"#),
            (.date, "2026-3-1", "month", #""2026-3-1" is not a date: the month must be two digits, found "3"; expected YYYY-MM-DD"#),
            (.date, "26-03-01", "year", #""26-03-01" is not a date: the year must be four digits, found "26"; expected YYYY-MM-DD"#),
            (.date, "2026/03/01", nil, #""2026/03/01" is not a date: it has 1 field separated by "-", not 3; expected YYYY-MM-DD"#),
            (.date, "2026-03-01T08:30", "day", #""2026-03-01T08:30" is not a date: the day must be two digits, found "01T08:30"; expected YYYY-MM-DD"#),
            (
                .dateTime, "2026-03-01", nil,
                #""2026-03-01" is not a date and time: there is no "T" between the date and the time; expected YYYY-MM-DDTHH:MM or YYYY-MM-DDTHH:MM:SS"#
            ),
            (
                .dateTime, "2026-02-29T08:30", "day",
                #""2026-02-29T08:30" is not a date and time: the day must be 1 to 28 in February 2026, found 29; expected YYYY-MM-DDTHH:MM or YYYY-MM-DDTHH:MM:SS"#
            ),
            (
                .dateTime, "2026-03-01T8:30", "hour",
                #""2026-03-01T8:30" is not a date and time: the hour must be two digits, found "8"; expected YYYY-MM-DDTHH:MM or YYYY-MM-DDTHH:MM:SS"#
            ),
            (
                .dateTime, "2026-03-01T08:30Z", nil,
                #""2026-03-01T08:30Z" is not a date and time: a wall-clock time has no UTC offset, found "Z"; expected YYYY-MM-DDTHH:MM or YYYY-MM-DDTHH:MM:SS"#
            ),
            (
                .dateTime, "2026-03-01T08:30-05:00", nil,
                #""2026-03-01T08:30-05:00" is not a date and time: a wall-clock time has no UTC offset, found "-05:00"; expected YYYY-MM-DDTHH:MM or YYYY-MM-DDTHH:MM:SS"#
            ),
        ] as [(TimeValueError.Kind, String, String?, String)])
    func badTextSaysWhatIsWrongAndWhere(kind: TimeValueError.Kind, text: String, field: String?, message: String) {
        let error = #expect(throws: TimeValueError.self) {
            switch kind {
            case .time: _ = try LocalTime(parsing: text)
            case .date: _ = try LocalDate(parsing: text)
            case .dateTime: _ = try LocalDateTime(parsing: text)
            }
        }
        #expect(error?.description == message)
        #expect(error?.field == field)
        #expect(error?.value == text)
        #expect(error?.isText == true)
        #expect(error?.kind == kind)
        // The optional parsers refuse the same text.
        #expect(TimeParsing.localTime(text) == nil || kind != .time)
        #expect(TimeParsing.localDate(text) == nil || kind != .date)
    }

    // MARK: Fields

    @Test func fieldsOutsideTheirRangesAreNamed() {
        let hour = #expect(throws: TimeValueError.self) { try LocalTime(hour: 24, minute: 0) }
        #expect(hour?.description == "(hour: 24, minute: 0, second: 0) is not a time of day: the hour must be 0 to 23, found 24")
        #expect(hour?.field == "hour")
        #expect(hour?.isText == false)
        let second = #expect(throws: TimeValueError.self) { try LocalTime(hour: 8, minute: 30, second: -1) }
        #expect(second?.field == "second")
        let dayError = #expect(throws: TimeValueError.self) { try LocalDate(year: 2026, month: 4, day: 31) }
        #expect(dayError?.description == "(year: 2026, month: 4, day: 31) is not a date: the day must be 1 to 30 in April 2026, found 31")
        let month = #expect(throws: TimeValueError.self) { try LocalDate(year: 2026, month: 13, day: 1) }
        #expect(month?.field == "month")
        let year = #expect(throws: TimeValueError.self) { try LocalDate(year: .max, month: 1, day: 1) }
        #expect(year?.description == "(year: \(Int.max), month: 1, day: 1) is not a date: the year must be -11000000 to 11000000, found \(Int.max)")
        #expect(LocalDate.years == -11_000_000...11_000_000)
    }

    @Test func fieldsInsideTheirRangesMakeTheValue() throws {
        #expect(try LocalTime(hour: 23, minute: 59, second: 59).secondOfDay == 86_399)
        #expect(try LocalDate(year: 2024, month: 2, day: 29).dayNumber == 19_782)
        #expect(try LocalDate(year: -11_000_000, month: 1, day: 1).year == -11_000_000)
    }

    // MARK: Decoding

    @Test func decodingSaysWhatIsWrong() {
        let decoder = JSONDecoder()
        #expect(throws: DecodingError.self) { try decoder.decode(LocalTime.self, from: Data(#""8:30""#.utf8)) }
        do {
            _ = try decoder.decode([LocalDate].self, from: Data(#"["2026-02-30"]"#.utf8))
            Issue.record("decoded a day that does not exist")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.debugDescription == #""2026-02-30" is not a date: the day must be 1 to 28 in February 2026, found 30; expected YYYY-MM-DD"#)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
