import Bugle
import BugleSimulator
import Foundation
import Testing

@testable import FactsADay

/// The daily schedule: 64 facts, today or tomorrow, top-up, reschedule.
@Suite struct SchedulingTests {
    @Test func sixtyFourFactsFromTodayWhenTheTimeIsStillAhead() async throws {
        let app = try FactsHarness(start: "2026-03-02T08:00")
        var random = SeededGenerator(seed: 1)
        let count = try await app.notifier.scheduleAll(time: .at(9), language: .en, using: &random)
        #expect(count == 64)
        let scheduled = try app.database.scheduledFacts()
        #expect(scheduled.map(\.date) == (0..<64).map(FactsHarness.day))
        #expect(Set(scheduled.map(\.fact.id)).count == 64)
        let pending = try await app.center.pendingRequests()
        #expect(pending.count == 64)
        #expect(Set(pending.map(\.id)) == Set(scheduled.map(\.notificationID)), "the database keeps the id of each pending request")
        let first = try #require(pending.first { $0.id == scheduled[0].notificationID })
        #expect(first.content.title == scheduled[0].fact.title)
        #expect(first.content.body == scheduled[0].fact.summary)
    }

    @Test func fromTomorrowWhenTheTimeHasPassed() async throws {
        let app = try FactsHarness(start: "2026-03-02T09:00")
        var random = SeededGenerator(seed: 2)
        try await app.notifier.scheduleAll(time: .at(9), language: .en, using: &random)
        #expect(try app.database.scheduledFacts().first?.date == FactsHarness.day(1), "09:00 at 09:00 is no longer ahead")
        #expect(try app.database.lastScheduledDate() == FactsHarness.day(64))
    }

    @Test func theNotificationFiresAtTheChosenTimeOnTheWallClock() async throws {
        let app = try FactsHarness(start: "2026-03-02T08:00", zone: "America/New_York")
        var random = SeededGenerator(seed: 3)
        try await app.notifier.scheduleAll(time: .at(20, 30), language: .en, using: &random)
        let deliveries = await app.center.advance(to: app.device.now.addingTimeInterval(13 * 3600))
        #expect(deliveries.count == 1, "today's fact at 20:30")
        // 2026-03-08 is the spring-forward day in New York: the fact still comes at 20:30 local.
        let march9 = try #require(try app.database.scheduledFacts().first { $0.date == FactsHarness.day(7) })
        let pending = try await app.center.pendingRequests()
        #expect(pending.contains { $0.id == march9.notificationID })
    }

    @Test func onlyTheChosenLanguage() async throws {
        let facts = StubFactsServer.fixture(count: 80) + StubFactsServer.fixture(count: 80, language: "de", firstID: 1001)
        let app = try FactsHarness(facts: facts)
        var random = SeededGenerator(seed: 4)
        try await app.notifier.scheduleAll(time: .at(9), language: .de, using: &random)
        #expect(try app.database.scheduledFacts().allSatisfy { $0.fact.language == "de" })
        #expect(try app.database.scheduledFacts().count == 64)
    }

    @Test func fewerThanSixtyFourFactsScheduleThemAll() async throws {
        let app = try FactsHarness(facts: StubFactsServer.fixture(count: 10))
        var random = SeededGenerator(seed: 5)
        #expect(try await app.notifier.scheduleAll(time: .at(9), language: .en, using: &random) == 10)
        #expect(try await app.center.pendingRequests().count == 10)
    }

    @Test func noFactsIsAnError() async throws {
        let app = try FactsHarness(facts: [])
        var random = SeededGenerator(seed: 6)
        let error = await #expect(throws: FactsError.self) { try await app.notifier.scheduleAll(time: .at(9), language: .en, using: &random) }
        #expect(error?.code == .noFacts)
    }

    @Test func topUpAtLaunchFollowsTheLastScheduledDay() async throws {
        let app = try FactsHarness(start: "2026-03-02T08:00")
        var random = SeededGenerator(seed: 7)
        try await app.notifier.scheduleAll(time: .at(9), language: .en, using: &random)
        // Ten days later, ten facts were delivered: 54 are upcoming.
        await app.center.advance(to: app.device.now.addingTimeInterval(10 * 86_400))
        #expect(try await app.center.pendingRequests().count == 54)
        let added = try await app.notifier.topUp(time: .at(9), language: .en, using: &random)
        #expect(added == 10)
        let scheduled = try app.database.scheduledFacts()
        #expect(scheduled.count == 74, "the delivered ones stay marked, so they never come again")
        #expect(scheduled.suffix(10).map(\.date) == (64..<74).map(FactsHarness.day))
        #expect(Set(scheduled.map(\.fact.id)).count == 74)
        #expect(try await app.center.pendingRequests().count == 64)
    }

    @Test func noTopUpWhenSixtyFourAreUpcoming() async throws {
        let app = try FactsHarness(start: "2026-03-02T08:00")
        var random = SeededGenerator(seed: 8)
        try await app.notifier.scheduleAll(time: .at(9), language: .en, using: &random)
        let before = try app.database.scheduledFacts()
        #expect(try await app.notifier.topUp(time: .at(9), language: .en, using: &random) == 0)
        #expect(try app.database.scheduledFacts() == before)
    }

    @Test func aNewTimeReschedulesAll() async throws {
        let app = try FactsHarness(start: "2026-03-02T08:00")
        var random = SeededGenerator(seed: 9)
        try await app.notifier.scheduleAll(time: .at(9), language: .en, using: &random)
        let before = try await app.center.pendingRequests()
        try await app.notifier.scheduleAll(time: .at(7), replacing: .at(9), language: .en, using: &random)
        let scheduled = try app.database.scheduledFacts()
        #expect(scheduled.count == 64)
        #expect(scheduled.first?.date == FactsHarness.day(1), "07:00 has passed at 08:00: from tomorrow")
        let pending = try await app.center.pendingRequests()
        #expect(pending.count == 64)
        let times = Set(
            pending.map { request -> String in
                guard case .wallClock(let local) = request.fireTime else { return "zoned" }
                return local.time.description
            })
        #expect(times == ["07:00"])
        #expect(!pending.contains { $0.id == before.first?.id }, "today's 09:00 fact is cancelled")
    }

    @Test func aNewTimeKeepsTheFactAlreadyDeliveredToday() async throws {
        let app = try FactsHarness(start: "2026-03-02T08:00")
        var random = SeededGenerator(seed: 11)
        try await app.notifier.scheduleAll(time: .at(9), language: .en, using: &random)
        let delivered = try #require(try app.database.fact(on: FactsHarness.day(0)))
        await app.center.advance(to: app.device.now.addingTimeInterval(4 * 3600))
        try await app.notifier.scheduleAll(time: .at(21), replacing: .at(9), language: .en, using: &random)
        #expect(try app.database.fact(on: FactsHarness.day(0)) == delivered, "today's fact stays today's fact")
        let upcoming = try app.database.scheduledFacts(from: FactsHarness.day(1))
        #expect(upcoming.count == 64)
        #expect(!upcoming.contains { $0.fact.id == delivered.fact.id })
        #expect(try await app.center.pendingRequests().count == 64)
    }

    @Test func aCenterFailureUnschedulesTheFactsAndTheRetryWorks() async throws {
        let app = try FactsHarness(start: "2026-03-02T08:00")
        await app.center.setFaults(SimulatedCenter.Faults(seed: 1, addFailureRate: 0.5))
        var random = SeededGenerator(seed: 10)
        let error = await #expect(throws: FactsError.self) { try await app.notifier.scheduleAll(time: .at(9), language: .en, using: &random) }
        #expect(error?.code == .scheduling)
        #expect(try app.database.scheduledFacts().isEmpty, "nothing stays marked after a failure")
        await app.center.setFaults(.none)
        #expect(try await app.notifier.scheduleAll(time: .at(9), language: .en, using: &random) == 64)
        #expect(try await app.center.pendingRequests().count == 64)
    }

    @Test func aNewTimeTheCenterRefusesKeepsTheScheduleThereWas() async throws {
        let app = try FactsHarness(start: "2026-03-02T08:00")
        var random = SeededGenerator(seed: 12)
        try await app.notifier.scheduleAll(time: .at(9), language: .en, using: &random)
        let before = try app.database.scheduledFacts()
        await app.center.setFaults(SimulatedCenter.Faults(seed: 2, addFailureRate: 0.5))
        let error = await #expect(throws: FactsError.self) {
            try await app.notifier.scheduleAll(time: .at(7), replacing: .at(9), language: .en, using: &random)
        }
        #expect(error?.code == .scheduling)
        #expect(try app.database.scheduledFacts() == before, "the 64 facts scheduled before are still scheduled, on the same days")
        await app.center.setFaults(.none)
        #expect(try await app.notifier.scheduleAll(time: .at(7), replacing: .at(9), language: .en, using: &random) == 64)
    }

    /// After a reinstall the app's storage is gone but the system still holds the facts it
    /// was given: onboarding again keeps each on its day, tells the same fact on that day in
    /// the app, and fills the days after them with facts not already coming.
    @Test func onboardingAfterAReinstallKeepsTheFactsTheSystemStillHolds() async throws {
        let app = try FactsHarness(start: "2026-03-02T08:00")
        var random = SeededGenerator(seed: 13)
        try await app.notifier.scheduleAll(time: .at(9), language: .en, using: &random)
        // At 12:00 on 03-11, ten facts shown, the app is deleted and installed again.
        await app.center.advance(to: app.device.now.addingTimeInterval(9 * 86_400 + 4 * 3600))
        let held = try await app.center.pendingRequests().sorted { $0.id < $1.id }
        #expect(held.count == 54)

        let reinstalled = try app.reinstalled()
        #expect(try await reinstalled.notifier.scheduleAll(time: .at(9), language: .en, using: &random) == 64)

        let pending = try await app.center.pendingRequests()
        #expect(pending.count == 64)
        for request in held {
            #expect(pending.first { $0.id == request.id }?.content == request.content, "\(request.id) shows what it was going to show")
        }
        let ids = pending.compactMap { request -> Int? in
            guard case .int(let id)? = request.content.userInfo["factID"] else { return nil }
            return id
        }
        #expect(Set(ids).count == 64, "no fact comes twice")
        // The app's fact of the day is the one the notification shows.
        for request in held {
            let day = try #require(request.id.split(separator: ".").last.flatMap { TimeParsing.localDate(String($0)) })
            let fact = try #require(try reinstalled.database.fact(on: day))
            #expect(fact.notificationID == request.id)
            #expect(fact.fact.summary == request.content.body)
        }
        // What the user sees next: the three facts the system held for 03-12 to 03-14.
        let shown = await app.center.advance(to: app.device.now.addingTimeInterval(3 * 86_400)).map(\.notification.content.body)
        #expect(shown == held.prefix(3).map(\.content.body))
    }

    /// A pending notification whose fact the new download does not have (another language)
    /// is not adopted: onboarding replaces it.
    @Test func onboardingAfterAReinstallInAnotherLanguageReplacesWhatIsHeld() async throws {
        let app = try FactsHarness(start: "2026-03-02T08:00")
        var random = SeededGenerator(seed: 14)
        try await app.notifier.scheduleAll(time: .at(9), language: .en, using: &random)
        let reinstalled = try app.reinstalled(facts: StubFactsServer.fixture(count: 80, language: "de", firstID: 1001))
        #expect(try await reinstalled.notifier.scheduleAll(time: .at(9), language: .de, using: &random) == 64)
        let pending = try await app.center.pendingRequests()
        #expect(pending.count == 64)
        #expect(
            pending.allSatisfy { request in
                guard case .int(let id)? = request.content.userInfo["factID"] else { return false }
                return (1001...1080).contains(id) && request.content.body == "Summary of fact \(id)"
            }, "only the German facts")
    }

    @Test func theRuleSpeaksTheFact() throws {
        let fact = Fact(id: 3, title: nil, content: "Octopuses have three hearts.", summary: nil, language: "en")
        let state = AppState(
            FactSchedule.stateValues(for: [ScheduledFact(fact: fact, date: FactsHarness.day(0), notificationID: "bugle.fact.2026-03-02")], time: .at(9)))
        let context = PlanningContext(now: Date(timeIntervalSince1970: 1_772_400_000), calendar: Calendar(identifier: .gregorian), state: state)
        let candidates = Array(FactRule().candidates(in: context))
        #expect(candidates.map(\.content.body) == ["Octopuses have three hearts."])
        #expect(candidates.map(\.content.title) == ["Fact of the day"])
        #expect(candidates.map(\.id) == ["fact.2026-03-02"])
    }
}
