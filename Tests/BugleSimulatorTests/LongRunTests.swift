import Bugle
import BugleSimulator
import Foundation
import Testing

/// Years of simulated use: what the user sees does not depend on how long the run goes on,
/// and the in-memory journal forgets what the scheduler no longer reads.
@Suite struct LongRunTests {
    static let rules: [any Rule] = [
        .daily(id: "morning", at: "08:30", title: "Good morning", body: "Your plan for today is ready."),
        .daily(id: "journal", at: "21:30", title: "Evening journal", body: "Three lines about today."),
        .weekly(id: "workout", on: [.monday, .wednesday, .friday], at: "18:00", title: "Workout time", body: "30 minutes, as planned."),
        .every(id: "plants", days: 2, at: "19:00", from: "2026-03-01", title: "Water the plants", body: "The ficus and the basil."),
    ]

    /// A phone in New York from 2026-03-01 whose app is opened at noon on each of `days` days.
    func run(days: Int, journal: InMemoryJournal? = nil) async throws -> SimulatedPhone {
        let phone = try await SimulatedPhone(at: "2026-03-01T07:00", in: "America/New_York", rules: Self.rules, journal: journal)
        let first = LocalDate("2026-03-01")
        for day in 0..<days {
            try await phone.advance(to: "\(first.adding(days: day))T12:00")
            try await phone.open()
        }
        return phone
    }

    @Test func fourYearsShowTheFirstYearAsOneYearDoes() async throws {
        let year = try await run(days: 365).delivered.map(\.description)
        let fourYears = try await run(days: 1_460).delivered.map(\.description)
        #expect(fourYears.count > 4 * year.count - 8)
        #expect(Array(fourYears.prefix(year.count)) == year)
        // Every morning from the day after the first open, at 08:30 through both clock changes.
        let mornings = year.filter { $0.hasSuffix("Good morning") }
        let first = LocalDate("2026-03-02")
        #expect(mornings == (0..<364).map { "\(first.adding(days: $0))T08:30 America/New_York Good morning" })
    }

    @Test func theJournalForgetsOldClosedEntriesAndStillRecoversOpenOnes() async throws {
        let journal = InMemoryJournal()
        let phone = try await run(days: 500, journal: journal)
        let now = await phone.now
        let entries = await journal.entries
        let open = await journal.openEntries()
        // The requests closed in the last 35 days (and up to 30 more, forgotten in monthly
        // batches) and the pending ones; the earlier ones are forgotten.
        #expect(entries.allSatisfy { $0.state.isOpen || $0.fireDate > now.addingTimeInterval(-67 * 86_400) })
        #expect(entries.contains { $0.state == .delivered && $0.fireDate < now.addingTimeInterval(-34 * 86_400) })
        #expect(entries.count < 67 * 4 + 64)
        #expect(Set(open.map(\.request.id)) == Set(await phone.pending.map(\.id)))
        // The deliveries of the last 400 days (and up to 30 more): the scheduler reads their
        // occurrences back after a relaunch, so that none is shown twice.
        let deliveries = await journal.deliveries(since: .distantPast)
        #expect(deliveries.first.map { $0.date > now.addingTimeInterval(-431 * 86_400) && $0.date < now.addingTimeInterval(-399 * 86_400) } == true)

        // The center loses two requests while the app is not running: recovery adds them again.
        let lost = open.prefix(2).map(\.request.id)
        try await phone.center.removePendingRequests(withIdentifiers: lost)
        let device = await phone.center.device
        let scheduler = Scheduler(planner: Planner(rules: Self.rules), center: phone.center, environment: device.environment, journal: journal)
        let recovered = try await scheduler.recover()
        #expect(Set(recovered.added) == Set(lost))
        #expect(Set(try await phone.center.pendingRequests().map(\.id)) == Set(open.map(\.request.id)))
    }

    @Test func deliveriesSinceADateAreTheFilteredListEvenOutOfOrder() async throws {
        let phone = try await SimulatedPhone(at: "2026-03-01T07:00", in: "America/New_York", rules: Self.rules)
        try await phone.open()
        try await phone.advance(to: "2026-03-05T12:00")
        // Other code adds a request whose time has passed: it is delivered next, at its time.
        let center = phone.center
        let late = try #require(TimeParsing.instant("2026-03-04T10:00-05:00"))
        try await center.addForeign(
            NotificationRequest(
                id: "other.late", fireTime: .zoned(ZonedInstant(date: late, timeZone: TimeZone(identifier: "America/New_York")!)),
                content: NotificationContent(title: "Late", body: "")))
        try await phone.advance(to: "2026-03-06T12:00")
        let all = try await center.deliveredNotifications()
        #expect(zip(all, all.dropFirst()).contains { $0.date > $1.date })
        for since in ["2026-03-01T00:00-05:00", "2026-03-03T08:30-05:00", "2026-03-04T10:00-05:00", "2026-03-04T19:00-05:00", "2026-03-07T00:00-05:00"] {
            let date = try #require(TimeParsing.instant(since))
            #expect(try await center.deliveredNotifications(since: date) == all.filter { $0.date >= date })
        }
    }
}
