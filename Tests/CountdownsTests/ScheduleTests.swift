import Bugle
import Countdowns
import Foundation
import Testing

/// Occurrences, roll-forward, clamping, passed reminders and zones.
@Suite struct ScheduleTests {
    @Test func passedRemindersAreNeverScheduled() {
        // Intense, three days ahead: "7 days before" has passed and is left out.
        let trip = event("trip", "2026-05-10T20:00-04:00", preset: .intense)
        let reminders = trip.reminders(at: instant("2026-05-07T20:00-04:00"), entitlements: .pro)
        #expect(reminders.map(\.offset) == [.dayBefore, .hourBefore, .atStart])
        #expect(reminders.map(\.fireAt) == [instant("2026-05-09T20:00-04:00"), instant("2026-05-10T19:00-04:00"), instant("2026-05-10T20:00-04:00")])
        // At the event's time nothing is left.
        #expect(trip.reminders(at: instant("2026-05-10T20:00-04:00"), entitlements: .pro).isEmpty)
    }

    @Test func aPastOneTimeEventIsShownAsPast() {
        let party = event("party", "2026-05-10T20:00-04:00")
        #expect(party.status(at: instant("2026-05-10T19:59-04:00"), entitlements: .pro) == .upcoming(instant("2026-05-10T20:00-04:00")))
        #expect(party.status(at: instant("2026-05-11T09:00-04:00"), entitlements: .pro) == .past(instant("2026-05-10T20:00-04:00")))
        #expect(party.rolledForward(at: instant("2026-05-11T09:00-04:00"), entitlements: .pro).nextOccurrenceAt == instant("2026-05-10T20:00-04:00"))
    }

    @Test func aDisabledPlanHasNoReminders() {
        var trip = event("trip", "2026-05-10T20:00-04:00", preset: .intense)
        trip.reminderPlan.enabled = false
        #expect(trip.reminders(at: instant("2026-05-01T00:00-04:00"), entitlements: .pro).isEmpty)
    }

    @Test func rollForwardReachesTheFirstFutureOccurrenceInOneStep() {
        // Weekly on Mondays 07:00 from 2020: over 300 missed occurrences.
        let standup = event("standup", "2020-01-06T07:00-05:00", preset: .standard, recurrence: .weekly)
        let now = instant("2026-03-04T12:00-05:00")  // a Wednesday
        let rolled = standup.rolledForward(at: now, entitlements: .pro)
        #expect(rolled.nextOccurrenceAt == instant("2026-03-09T07:00-04:00"))  // EDT from Mar 8
        #expect(rolled.originalDateAt == standup.originalDateAt && rolled.date == standup.date)
        // Reminders are rebuilt for the next occurrence only.
        #expect(rolled.reminders.map(\.fireAt) == [instant("2026-03-08T07:00-04:00"), instant("2026-03-09T07:00-04:00")])
        #expect(rolled.reminders.map(\.typeLabel) == ["1 day before", "At start"])
    }

    @Test func dailyRollsToTomorrowOnceTodaysTimeHasPassed() {
        let pills = event("pills", "2026-01-01T21:00-05:00", recurrence: .daily)
        #expect(pills.nextOccurrence(after: instant("2026-02-10T20:59-05:00"), entitlements: .pro) == instant("2026-02-10T21:00-05:00"))
        #expect(pills.nextOccurrence(after: instant("2026-02-10T21:00-05:00"), entitlements: .pro) == instant("2026-02-11T21:00-05:00"))
    }

    static func occurrences(_ countdown: Countdown, from: String, count: Int) -> [String] {
        var now = instant(from)
        var result: [String] = []
        for _ in 0..<count {
            guard let next = countdown.nextOccurrence(after: now, entitlements: .pro) else { break }
            result.append(ZoneRules(timeZone: countdown.reminderPlan.timezone, around: next).localDateTime(at: next).description)
            now = next
        }
        return result
    }

    @Test func monthlyFromThe31stClampsBackwardAndComesBack() {
        let rent = event("rent", "2027-01-31T09:00-05:00", recurrence: .monthly)
        #expect(
            Self.occurrences(rent, from: "2027-01-01T00:00Z", count: 5) == [
                "2027-01-31T09:00", "2027-02-28T09:00", "2027-03-31T09:00", "2027-04-30T09:00", "2027-05-31T09:00",
            ])
        // In a leap year February has its 29th.
        #expect(Self.occurrences(rent, from: "2028-01-15T00:00Z", count: 3) == ["2028-01-31T09:00", "2028-02-29T09:00", "2028-03-31T09:00"])
    }

    @Test func aFeb29BirthdayIsOnFeb28InOtherYears() {
        let birthday = event("mia", "2024-02-29T10:00Z", zone: "Europe/London", recurrence: .yearly)
        #expect(
            Self.occurrences(birthday, from: "2024-03-01T00:00Z", count: 5) == [
                "2025-02-28T10:00", "2026-02-28T10:00", "2027-02-28T10:00", "2028-02-29T10:00", "2029-02-28T10:00",
            ])
    }

    @Test func remindersAreZonedInstantsInTheEventsZone() throws {
        // 09:00 in Tokyo is 00:00 UTC, whatever the device's zone.
        let tokyo = event("launch", "2026-04-01T09:00+09:00", zone: "Asia/Tokyo", preset: .standard)
        let reminders = tokyo.reminders(at: instant("2026-03-01T00:00Z"), entitlements: .pro)
        let candidate = try #require(reminders.last?.candidate)
        #expect(candidate.fireTime == .zoned(ZonedInstant(date: instant("2026-04-01T00:00Z"), timeZone: zone("Asia/Tokyo"))))
        #expect(candidate.fireDate == instant("2026-04-01T00:00Z"))
        // A monthly event keeps 09:00 in its own zone across New York's DST change.
        let rent = event("rent", "2026-02-28T09:00-05:00", recurrence: .monthly)
        #expect(rent.nextOccurrence(after: instant("2026-03-01T00:00Z"), entitlements: .pro) == instant("2026-03-28T09:00-04:00"))
        // "1 day before" is 24 hours before: across the change, 08:00 on the wall clock.
        let spring = event("spring", "2026-03-08T09:00-04:00", preset: .standard)
        #expect(spring.reminders(at: instant("2026-03-01T00:00Z"), entitlements: .pro).first?.fireAt == instant("2026-03-07T08:00-05:00"))
    }

    @Test(arguments: [CountdownRecurrence.daily, .weekly, .monthly, .yearly])
    func aRecurringEventsReminderSaysItRepeats(recurrence: CountdownRecurrence) throws {
        let app = Countdowns(
            events: [
                event("rent", "2026-01-31T09:00-05:00", recurrence: recurrence, name: "Rent"),
                event("party", "2026-01-31T18:00-05:00", name: "Party"),
            ], entitlements: .pro)
        let plan = try PlanningTests.plan(app, at: instant("2026-01-30T12:00-05:00"))
        let contents = plan.entries.map(\.candidate.content)
        #expect(contents.map(\.title) == ["Rent - At start", "Party - At start"])
        // The seed's ↻ indicator and "Repeats {type}" line; nothing for a one-time event.
        #expect(contents.map(\.subtitle) == ["↻ Repeats \(recurrence.rawValue)", nil])
        #expect(contents.map(\.body) == ["\"Rent\" at start", "\"Party\" at start"])
    }

    @Test func theNotificationReadsAsTheSeedShowsAndRoutesToTheEvent() throws {
        let concert = event("e42", "2026-05-10T20:00-04:00", preset: .standard, name: "Concert")
        let reminder = try #require(concert.reminders(at: instant("2026-05-01T00:00Z"), entitlements: .pro).first)
        #expect(reminder.title == "Concert - 1 day before")
        #expect(reminder.body == "\"Concert\" 1 day before")
        #expect(reminder.id == "e42_reminder_1d_1778457600000")
        let content = reminder.content
        #expect(content.userInfo == ["eventId": "e42", "reminderId": "e42_reminder_1d_1778457600000", "type": "reminder"])
        #expect(CountdownRoute(userInfo: content.userInfo) == .event(id: "e42"))
        #expect(CountdownRoute(userInfo: ["type": "promo"]) == nil)
    }
}
