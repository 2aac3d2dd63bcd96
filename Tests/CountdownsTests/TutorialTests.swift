// swift-format-ignore-file
// The code of DocC articles, kept as the articles show it (ArticleCodeTests, TutorialCodeTests).
import Bugle
import BugleSimulator
import Countdowns
import Foundation
import Testing

/// TutorialCountdownWithRecurrence.md (Sources/Recipes/Countdowns/Countdowns.docc), step by
/// step: each block of the article is here line for line (TutorialCodeTests checks it), with
/// checks after it.
///
/// Every expected date is worked out by hand from the calendar, not copied from a run:
/// - the months of 2026 with a 31st are January, March, May, July, August, October and
///   December; February has 28 days (2026 is not a leap year), the others 30;
/// - 2024 and 2028 are leap years, 2025 to 2027 are not;
/// - 2026-04-05 is a Sunday; New York is on EDT (UTC-04:00) from 2026-03-08 to 2026-11-01 and
///   on EST (UTC-05:00) in February 2027; London is on GMT (UTC+00:00) in February; Tokyo is
///   UTC+09:00 all year: 09:00 EDT is 13:00 UTC, 22:00 in Tokyo; 10:00 GMT is 05:00 EST;
/// - no daylight-saving change falls in the 24 hours before a reminder's occurrence here.
@Suite struct TutorialTests {
    @Test func aCountdownWithRemindersThatRecur() async throws {
        // Step 1: Write the rent's days as a recurrence rule
        let newYork = TimeZone(identifier: "America/New_York")!
        let rentDays = try RecurrenceRule(parsing: "FREQ=MONTHLY;BYMONTHDAY=31;SKIP=BACKWARD;RSCALE=GREGORIAN")
        let rent = try Recurrence(start: "2026-01-31T09:00", rule: rentDays, timeZone: newYork)
        let thisYear = rent.localOccurrences(from: "2026-01-01T00:00", through: "2026-12-31T23:59").map(\.description)
        // ["2026-01-31T09:00", "2026-02-28T09:00", "2026-03-31T09:00", "2026-04-30T09:00",
        //  "2026-05-31T09:00", "2026-06-30T09:00", "2026-07-31T09:00", "2026-08-31T09:00",
        //  "2026-09-30T09:00", "2026-10-31T09:00", "2026-11-30T09:00", "2026-12-31T09:00"]
        // By hand: the 31st, or the month's last day (28 in February 2026, 30 in April, June,
        // September and November).
        let lastDays = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        #expect(thisYear == lastDays.enumerated().map { month, day in
            "2026-\(month + 1 < 10 ? "0" : "")\(month + 1)-\(day)T09:00"
        })
        #expect(thisYear.count == 12)

        // Step 2: Add a birthday on February 29
        let london = TimeZone(identifier: "Europe/London")!
        let birthdays = try Recurrence(start: "2024-02-29T10:00",
                                       rule: RecurrenceRule(parsing: "FREQ=YEARLY;SKIP=BACKWARD;RSCALE=GREGORIAN"), timeZone: london)
        print(birthdays.firstLocal(5).map(\.description))
        // ["2024-02-29T10:00", "2025-02-28T10:00", "2026-02-28T10:00", "2027-02-28T10:00", "2028-02-29T10:00"]

        let now = TimeParsing.instant("2026-04-05T12:00-04:00")!  // Sunday 5 April 2026, noon in New York
        let nextBirthday = birthdays.next(after: now, in: london)!
        print(nextBirthday.local, ISO8601.string(from: nextBirthday.date, timeZone: london))  // 2027-02-28T10:00 2027-02-28T10:00:00Z
        // By hand: February 29 in the leap years 2024 and 2028, February 28 between.
        #expect(birthdays.firstLocal(5) == ["2024-02-29T10:00", "2025-02-28T10:00", "2026-02-28T10:00", "2027-02-28T10:00", "2028-02-29T10:00"])
        // The next after April 2026 is February 2027's, on the 28th; 10:00 GMT is 10:00 UTC.
        #expect(nextBirthday.local == "2027-02-28T10:00")
        #expect(nextBirthday.date == TimeParsing.instant("2027-02-28T10:00Z"))

        // Step 3: Notify at each occurrence, in the event's zone
        let rentDue = RecurringRule(id: "rent", recurrence: rent, basis: .zoned(newYork),
                                    content: NotificationContent(title: "Rent is due", body: "Transfer it today"))
        var tokyoPhone = Calendar(identifier: .gregorian)
        tokyoPhone.timeZone = TimeZone(identifier: "Asia/Tokyo")!
        let plan = Planner(rules: [rentDue]).plan(PlanInput(now: now, calendar: tokyoPhone))
        for entry in plan.entries.prefix(2) {
            print(entry.request.fireTime, "=", ISO8601.string(from: entry.candidate.fireDate, timeZone: tokyoPhone.timeZone))
        }
        // 2026-04-30T09:00:00-04:00 [America/New_York] = 2026-04-30T22:00:00+09:00
        // 2026-05-31T09:00:00-04:00 [America/New_York] = 2026-05-31T22:00:00+09:00
        // By hand: April 30 and May 31, 09:00 EDT = 13:00 UTC = 22:00 in Tokyo.
        #expect(plan.entries.prefix(2).map(\.candidate.fireDate) == ["2026-04-30T13:00Z", "2026-05-31T13:00Z"].map { TimeParsing.instant($0)! })
        #expect(plan.entries.prefix(2).map { "\($0.request.fireTime)" } == [
            "2026-04-30T09:00:00-04:00 [America/New_York]", "2026-05-31T09:00:00-04:00 [America/New_York]",
        ])
        #expect(plan.entries.prefix(2).map { ISO8601.string(from: $0.candidate.fireDate, timeZone: tokyoPhone.timeZone) } == [
            "2026-04-30T22:00:00+09:00", "2026-05-31T22:00:00+09:00",
        ])
        #expect(plan.entries.prefix(2).allSatisfy { $0.request.content.title == "Rent is due" })

        // Step 4: Make them countdowns, with reminders before
        let rentEvent = Countdown(id: "rent", name: "Rent", icon: "🏠", date: ZonedInstant(local: "2026-01-31T09:00", timeZone: newYork).date,
                                  createdAt: now, reminderPlan: ReminderPlan(preset: .standard, timezone: newYork), recurrence: .monthly)
        let miaEvent = Countdown(id: "mia", name: "Mia's birthday", icon: "🎂", date: ZonedInstant(local: "2024-02-29T10:00", timeZone: london).date,
                                 createdAt: now, reminderPlan: ReminderPlan(preset: .standard, timezone: london), recurrence: .yearly)
        var app = Countdowns(entitlements: .pro)
        try app.add(rentEvent)
        try app.add(miaEvent)
        app.rollForward(at: now)
        // 09:00 EST on January 31 is 14:00 UTC; 10:00 GMT on February 29, 2024 is 10:00 UTC.
        #expect(rentEvent.date == TimeParsing.instant("2026-01-31T14:00Z") && miaEvent.date == TimeParsing.instant("2024-02-29T10:00Z"))
        // Rolled forward to the occurrences of steps 1 and 2 after now.
        #expect(app["rent"]?.nextOccurrenceAt == TimeParsing.instant("2026-04-30T13:00Z"))
        #expect(app["mia"]?.nextOccurrenceAt == TimeParsing.instant("2027-02-28T10:00Z"))
        // The recipe's rule for a monthly event gives the days of step 1.
        #expect(rentEvent.recurrenceSet?.localOccurrences(from: "2026-01-01T00:00", through: "2026-12-31T23:59").map(\.description) == thisYear)
        // A free user cannot add them: the paywall's signal.
        var free = Countdowns(entitlements: .free)
        #expect(throws: CountdownError.self) { try free.add(rentEvent) }

        // Step 5: See the reminders of the next occurrence
        for event in app.events {
            for reminder in event.reminders(at: now, entitlements: app.entitlements) {
                print(ISO8601.string(from: reminder.fireAt, timeZone: reminder.timeZone), reminder.title, reminder.subtitle ?? "")
            }
        }
        // 2026-04-29T09:00:00-04:00 Rent - 1 day before ↻ Repeats monthly
        // 2026-04-30T09:00:00-04:00 Rent - At start ↻ Repeats monthly
        // 2027-02-27T10:00:00Z Mia's birthday - 1 day before ↻ Repeats yearly
        // 2027-02-28T10:00:00Z Mia's birthday - At start ↻ Repeats yearly
        // By hand: 24 hours before April 30 09:00 EDT and before February 28 10:00 GMT.
        let reminders = app.events.flatMap { $0.reminders(at: now, entitlements: app.entitlements) }
        #expect(reminders.map { "\(ISO8601.string(from: $0.fireAt, timeZone: $0.timeZone)) \($0.title) \($0.subtitle ?? "")" } == [
            "2026-04-29T09:00:00-04:00 Rent - 1 day before ↻ Repeats monthly",
            "2026-04-30T09:00:00-04:00 Rent - At start ↻ Repeats monthly",
            "2027-02-27T10:00:00Z Mia's birthday - 1 day before ↻ Repeats yearly",
            "2027-02-28T10:00:00Z Mia's birthday - At start ↻ Repeats yearly",
        ])

        // Step 6: Hand them to the scheduler each time the app opens
        let phone = try await SimulatedPhone(at: "2026-04-05T12:00", in: "America/New_York", rules: [CountdownsRule()])

        /// What the app does each time it opens: events move on to their next occurrence, and the
        /// scheduler plans their reminders.
        func appOpens() async throws {
            let openedAt = await phone.now
            app.rollForward(at: openedAt)
            try await phone.scheduler.setState(app.state())
            try await phone.open()
        }
        try await appOpens()
        for notification in await phone.pending { print(notification) }
        // 2026-04-29T09:00 America/New_York Rent - 1 day before
        // 2026-04-30T09:00 America/New_York Rent - At start
        // 2027-02-27T05:00 America/New_York Mia's birthday - 1 day before
        // 2027-02-28T05:00 America/New_York Mia's birthday - At start
        // By hand: the New York clock; 10:00 GMT in February is 05:00 EST.
        #expect(await phone.pending.map(\.description) == [
            "2026-04-29T09:00 America/New_York Rent - 1 day before",
            "2026-04-30T09:00 America/New_York Rent - At start",
            "2027-02-27T05:00 America/New_York Mia's birthday - 1 day before",
            "2027-02-28T05:00 America/New_York Mia's birthday - At start",
        ])

        // Step 7: Watch three months of rent go by
        for firstOfTheMonth in ["2026-05-01T12:00", "2026-06-01T12:00", "2026-07-01T12:00"] {
            try await phone.advance(to: firstOfTheMonth)
            try await appOpens()
        }
        for shown in await phone.delivered { print(shown, shown.content.subtitle ?? "") }
        // 2026-04-29T09:00 America/New_York Rent - 1 day before ↻ Repeats monthly
        // 2026-04-30T09:00 America/New_York Rent - At start ↻ Repeats monthly
        // 2026-05-30T09:00 America/New_York Rent - 1 day before ↻ Repeats monthly
        // 2026-05-31T09:00 America/New_York Rent - At start ↻ Repeats monthly
        // 2026-06-29T09:00 America/New_York Rent - 1 day before ↻ Repeats monthly
        // 2026-06-30T09:00 America/New_York Rent - At start ↻ Repeats monthly
        // By hand: April 30, May 31, June 30 at 09:00 EDT, and the day before each.
        let delivered = await phone.delivered
        #expect(delivered.map { "\($0) \($0.content.subtitle ?? "")" } == [
            "2026-04-29T09:00 America/New_York Rent - 1 day before ↻ Repeats monthly",
            "2026-04-30T09:00 America/New_York Rent - At start ↻ Repeats monthly",
            "2026-05-30T09:00 America/New_York Rent - 1 day before ↻ Repeats monthly",
            "2026-05-31T09:00 America/New_York Rent - At start ↻ Repeats monthly",
            "2026-06-29T09:00 America/New_York Rent - 1 day before ↻ Repeats monthly",
            "2026-06-30T09:00 America/New_York Rent - At start ↻ Repeats monthly",
        ])
        #expect(delivered.map(\.body) == Array(repeating: ["\"Rent\" 1 day before", "\"Rent\" at start"], count: 3).flatMap { $0 })
        // After the July 1 open: July 31's two, and the birthday's.
        #expect(await phone.pending.map(\.localTime) == ["2026-07-30T09:00", "2026-07-31T09:00", "2027-02-27T05:00", "2027-02-28T05:00"])
        #expect(app["rent"]?.nextOccurrenceAt == TimeParsing.instant("2026-07-31T13:00Z"))
    }
}
