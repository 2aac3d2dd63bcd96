import Bugle
import Foundation
import Testing

@Suite("LocalDate, LocalTime, LocalDateTime, Weekday")
struct LocalDateTests {
    // MARK: LocalDate

    @Test func epochIsDayZero() {
        #expect(day(1970, 1, 1).dayNumber == 0)
        #expect(LocalDate(dayNumber: 0) == day(1970, 1, 1))
        #expect(LocalDate(dayNumber: -1) == day(1969, 12, 31))
        // 2000-03-01: 30 years of 365 days + 7 leap days (72, 76, 80, 84, 88, 92, 96)
        // + Jan 31 + Feb 29 = 10950 + 7 + 60 = 11017.
        #expect(day(2000, 3, 1).dayNumber == 11_017)
    }

    /// Foundation's Gregorian calendar in UTC is the oracle (it is proleptic only from 1582,
    /// so the range starts in 1600).
    @Test func dayNumbersAgreeWithFoundationFrom1600To2400() {
        let calendar = gregorian("UTC")
        let first = Int(utc(1600, 1, 1).timeIntervalSince1970 / 86_400)
        let last = Int(utc(2400, 12, 31).timeIntervalSince1970 / 86_400)
        var mismatches: [String] = []
        var dayNumber = first
        while dayNumber <= last {
            let date = Date(timeIntervalSince1970: TimeInterval(dayNumber) * 86_400)
            let c = calendar.dateComponents([.year, .month, .day, .weekday], from: date)
            let local = LocalDate(dayNumber: dayNumber)
            if local.year != c.year || local.month != c.month || local.day != c.day
                || (try? LocalDate(year: c.year!, month: c.month!, day: c.day!))?.dayNumber != dayNumber
                || local.weekday.rawValue != c.weekday
            {
                mismatches.append("\(dayNumber): \(local) vs \(c)")
            }
            dayNumber += 13  // 13 is coprime with 7 and with month lengths: every weekday and day of month is visited
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    @Test(arguments: [
        (2024, 2, 29, true), (2000, 2, 29, true), (1900, 2, 29, false), (2100, 2, 29, false), (2026, 2, 29, false),
        (2026, 2, 28, true), (2026, 4, 30, true), (2026, 4, 31, false), (2026, 12, 31, true), (2026, 1, 32, false),
        (2026, 13, 1, false), (2026, 0, 1, false), (2026, 1, 0, false), (2026, 6, -1, false),
    ])
    func validity(year: Int, month: Int, dayOfMonth: Int, exists: Bool) {
        #expect(((try? LocalDate(year: year, month: month, day: dayOfMonth)) != nil) == exists)
    }

    @Test func leapYears() {
        #expect(LocalDate.isLeap(2024))
        #expect(LocalDate.isLeap(2000))
        #expect(!LocalDate.isLeap(1900))
        #expect(!LocalDate.isLeap(2026))
        #expect(LocalDate.daysIn(month: 2, year: 2024) == 29)
        #expect(LocalDate.daysIn(month: 2, year: 2026) == 28)
        #expect(LocalDate.daysIn(month: 9, year: 2026) == 30)
        #expect(LocalDate.daysIn(month: 12, year: 2026) == 31)
    }

    @Test func addingDaysCrossesMonthsYearsAndLeapDays() {
        #expect(day(2026, 12, 31).adding(days: 1) == day(2027, 1, 1))
        #expect(day(2024, 2, 28).adding(days: 1) == day(2024, 2, 29))
        #expect(day(2026, 2, 28).adding(days: 1) == day(2026, 3, 1))
        #expect(day(2026, 3, 1).adding(days: -1) == day(2026, 2, 28))
        #expect(day(1970, 1, 1).adding(days: -365) == day(1969, 1, 1))
        #expect(day(2026, 1, 1).days(to: day(2027, 1, 1)) == 365)
        #expect(day(2024, 1, 1).days(to: day(2025, 1, 1)) == 366)
        #expect(day(2026, 3, 8).days(to: day(2026, 3, 1)) == -7)
    }

    @Test func ordering() {
        #expect(day(2026, 1, 31) < day(2026, 2, 1))
        #expect(day(2025, 12, 31) < day(2026, 1, 1))
        #expect(!(day(2026, 3, 8) < day(2026, 3, 8)))
        #expect([day(2026, 3, 1), day(2025, 3, 1), day(2026, 1, 9)].sorted() == [day(2025, 3, 1), day(2026, 1, 9), day(2026, 3, 1)])
    }

    @Test func descriptionIsISO() {
        #expect(day(2026, 3, 8).description == "2026-03-08")
        #expect(day(987, 1, 2).description == "0987-01-02")
    }

    // MARK: Weekday

    @Test(arguments: [
        (1970, 1, 1, Weekday.thursday), (1969, 12, 31, .wednesday), (2000, 1, 1, .saturday),
        (2026, 3, 8, .sunday), (2026, 1, 5, .monday), (2024, 2, 29, .thursday),
    ])
    func weekdays(year: Int, month: Int, dayOfMonth: Int, expected: Weekday) {
        #expect(day(year, month, dayOfMonth).weekday == expected)
    }

    @Test func weekdayCodes() {
        #expect(Weekday.allCases.map(\.code) == ["SU", "MO", "TU", "WE", "TH", "FR", "SA"])
        #expect(Weekday(code: "mo") == .monday)
        #expect(Weekday(code: "Sa") == .saturday)
        #expect(Weekday(code: "XX") == nil)
        #expect(Weekday.sunday.rawValue == 1)
    }

    // MARK: LocalTime

    @Test(arguments: [(24, 0, 0), (0, 60, 0), (0, 0, 60), (-1, 0, 0), (12, -1, 0)])
    func invalidTimes(hour: Int, minute: Int, second: Int) {
        #expect((try? LocalTime(hour: hour, minute: minute, second: second)) == nil)
    }

    @Test func times() {
        #expect(time(23, 59, 59).secondOfDay == 86_399)
        #expect(time(8, 30).secondOfDay == 30_600)
        #expect(LocalTime.midnight == time(0, 0))
        #expect(time(8, 30).description == "08:30")
        #expect(time(8, 30, 5).description == "08:30:05")
        #expect(time(7, 59) < time(8, 0))
    }

    // MARK: LocalDateTime

    @Test func localSecondsRoundTrip() {
        #expect(wall(1970, 1, 1, 0, 0).localSeconds == 0)
        #expect(wall(2026, 3, 8, 2, 30).localSeconds == day(2026, 3, 8).dayNumber * 86_400 + 9_000)
        #expect(LocalDateTime(localSeconds: -1) == wall(1969, 12, 31, 23, 59, 59))
        #expect(LocalDateTime(localSeconds: -86_400) == wall(1969, 12, 31, 0, 0))
        #expect(LocalDateTime(localSeconds: 86_399) == wall(1970, 1, 1, 23, 59, 59))
        for seconds in stride(from: -200_000, through: 200_000, by: 7_777) {
            #expect(LocalDateTime(localSeconds: seconds).localSeconds == seconds)
        }
    }

    @Test func localDateTimeOrderingAndDescription() {
        #expect(wall(2026, 3, 7, 23, 59) < wall(2026, 3, 8, 0, 0))
        #expect(wall(2026, 3, 8, 2, 30).description == "2026-03-08T02:30")
        #expect(wall(2026, 3, 8, 2, 30, 15).description == "2026-03-08T02:30:15")
    }
}
