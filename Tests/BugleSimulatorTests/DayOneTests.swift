import Bugle
import BugleSimulator
import Foundation
import Testing

/// What an adopting app does on day one, seen as its user sees it: which reminders are
/// pending and delivered, with which text and at which time, and what the report says.
@Suite struct DayOneTests {
    static let newYork = TimeZone(identifier: "America/New_York")!
    /// Thursday 2026-03-05, 07:00 in New York.
    static let start = TimeParsing.instant("2026-03-05T07:00-05:00")!

    static func date(_ day: Int) -> LocalDate { try! LocalDate(year: 2026, month: 3, day: day) }
    static func instant(_ text: String) -> Date { TimeParsing.instant(text)! }

    static func daily(_ id: String, _ hour: Int, _ minute: Int = 0, title: String, priority: Int = 0, group: String? = nil, condition: Condition? = nil)
        -> ScheduledRule
    {
        ScheduledRule(
            id: id, schedule: .daily(try! LocalTime(hour: hour, minute: minute)), content: NotificationContent(title: title, body: "\(title) body"),
            priority: priority, group: group, condition: condition)
    }

    static let practice = daily("practice", 20, title: "Practice")

    /// A device in New York at ``start``, its center, and a scheduler that plans ten days ahead.
    static func setUp(_ rules: [any Rule], policies: [any Policy] = [], limit: Int = 64, state: AppState = [:])
        -> (device: SimulatedDevice, center: SimulatedCenter, scheduler: Scheduler)
    {
        let device = SimulatedDevice(now: start, timeZone: newYork)
        let center = SimulatedCenter(device: device, pendingLimit: 64)
        let planner = Planner(rules: rules, policies: policies, budget: Budget(platform: .custom(limit), safetyMargin: 0), lookahead: 10 * 86_400)
        return (device, center, Scheduler(planner: planner, center: center, environment: device.environment, state: state))
    }

    /// The pending requests' ids, sorted.
    static func pendingIDs(_ center: SimulatedCenter) async throws -> [String] {
        try await center.pendingRequests().map(\.id).sorted()
    }

    /// What the user saw: "title at local time" for each delivery, in order.
    static func seen(_ center: SimulatedCenter) async -> [String] {
        await center.deliveries.map { delivery in
            let local = ZoneRules(timeZone: delivery.timeZone, around: delivery.notification.date).localDateTime(at: delivery.notification.date)
            return "\(delivery.notification.content.title) at \(local.date) \(local.time)"
        }
    }

    // MARK: Completion and skip

    @Test func completingTodayRemovesOnlyTodaysReminder() async throws {
        let (_, center, scheduler) = Self.setUp([Self.practice])
        try await scheduler.refresh(reason: .launch)
        #expect(try await Self.pendingIDs(center).prefix(2) == ["bugle.practice@2026-03-05", "bugle.practice@2026-03-06"])

        let result = try #require(try await scheduler.complete("practice", on: Self.date(5)))
        #expect(result.reason == .dataChanged)
        #expect(result.changes.removals.map(\.id) == ["bugle.practice@2026-03-05"])
        #expect(result.changes.additions.isEmpty)
        let pending = try await Self.pendingIDs(center)
        #expect(pending.first == "bugle.practice@2026-03-06")
        // Ten days ahead held ten; today's is gone.
        #expect(pending.count == 9)
        let drop = try #require(result.plan.report.dropped.first { $0.candidate.id == "practice@2026-03-05" })
        #expect(drop.reason == .completed)
        #expect(drop.detail == "the app marked practice completed on 2026-03-05")

        await center.advance(to: Self.instant("2026-03-07T06:00-05:00"))
        #expect(await Self.seen(center) == ["Practice at 2026-03-06 20:00"])
    }

    @Test func skippingTodayThenUndoingBringsTheReminderBack() async throws {
        let (_, center, scheduler) = Self.setUp([Self.practice])
        try await scheduler.refresh(reason: .launch)
        let skipped = try #require(try await scheduler.skip("practice", on: Self.date(5)))
        #expect(skipped.plan.report.dropped.first { $0.candidate.id == "practice@2026-03-05" }?.reason == .skipped)
        #expect(try await !Self.pendingIDs(center).contains("bugle.practice@2026-03-05"))
        // Completing replaces the skip: one mark for the day.
        try await scheduler.complete("practice", on: Self.date(5))
        #expect(try await scheduler.marks() == [OccurrenceMark(.completed, "practice", on: Self.date(5))])

        let undone = try #require(try await scheduler.undo("practice", on: Self.date(5)))
        #expect(undone.changes.additions.map(\.id) == ["bugle.practice@2026-03-05"])
        #expect(!undone.plan.report.dropped.contains { $0.candidate.id == "practice@2026-03-05" })
        #expect(try await scheduler.marks().isEmpty)
        await center.advance(to: Self.instant("2026-03-06T06:00-05:00"))
        #expect(await Self.seen(center) == ["Practice at 2026-03-05 20:00"])
    }

    @Test func markingWithoutRefreshWaitsForTheNextRefresh() async throws {
        let (_, center, scheduler) = Self.setUp([Self.practice])
        try await scheduler.refresh(reason: .launch)
        #expect(try await scheduler.complete("practice", on: Self.date(6), refresh: false) == nil)
        #expect(try await Self.pendingIDs(center).contains("bugle.practice@2026-03-06"))
        try await scheduler.refresh(reason: .foreground)
        #expect(try await !Self.pendingIDs(center).contains("bugle.practice@2026-03-06"))
        #expect(try await Self.pendingIDs(center).contains("bugle.practice@2026-03-05"))
    }

    @Test func aConditionOnTheDayDropsOnlyTheListedDays() async throws {
        let practised = StateKey<[LocalDate]>("practisedDays")
        let rule = Self.daily("practice", 20, title: "Practice", condition: .not(.listsOccurrenceDate(key: practised.name)))
        let (_, center, scheduler) = Self.setUp([rule])
        try await scheduler.refresh(reason: .launch)
        let result = try #require(try await scheduler.set(practised, to: [Self.date(5), Self.date(7)]))
        #expect(result.changes.removals.map(\.id).sorted() == ["bugle.practice@2026-03-05", "bugle.practice@2026-03-07"])
        #expect(try await Self.pendingIDs(center).prefix(2) == ["bugle.practice@2026-03-06", "bugle.practice@2026-03-08"])
        let drop = try #require(result.plan.report.dropped.first { $0.candidate.id == "practice@2026-03-05" })
        #expect(drop.reason == .condition)
        #expect(drop.detail == "condition not (practisedDays lists the day) does not hold on 2026-03-05")
        #expect(result.plan.report.inactiveRules.isEmpty)
        // An object keyed by day reads the same.
        try await scheduler.set("practisedDays", to: .object(["2026-03-06": true, "2026-03-05": false]))
        #expect(try await Self.pendingIDs(center).prefix(2) == ["bugle.practice@2026-03-05", "bugle.practice@2026-03-07"])
    }

    // MARK: Pause

    @Test func aVacationPausesEveryRuleForItsDaysOnly() async throws {
        let water = Self.daily("water", 12, title: "Water the plants")
        let (_, center, scheduler) = Self.setUp([Self.practice, water])
        try await scheduler.refresh(reason: .launch)
        let paused = try #require(try await scheduler.pause(.all, from: Self.date(6), through: Self.date(8)))
        #expect(paused.changes.removals.count == 6)
        #expect(
            paused.plan.report.dropped(.paused).map(\.candidate.id).sorted() == [
                "practice@2026-03-06", "practice@2026-03-07", "practice@2026-03-08", "water@2026-03-06", "water@2026-03-07", "water@2026-03-08",
            ])
        #expect(paused.plan.report.dropped(.paused).first?.detail == "the app marked every rule paused 2026-03-06 through 2026-03-08")

        // Back a day early: the 8th is planned again, the 6th and 7th stay paused.
        let resumed = try #require(try await scheduler.resume(.all, from: Self.date(8)))
        #expect(resumed.changes.additions.map(\.id).sorted() == ["bugle.practice@2026-03-08", "bugle.water@2026-03-08"])
        #expect(try await scheduler.marks() == [OccurrenceMark(.paused, .all, from: Self.date(6), through: Self.date(7))])
        await center.advance(to: Self.instant("2026-03-09T06:00-05:00"))
        #expect(
            await Self.seen(center) == [
                "Water the plants at 2026-03-05 12:00", "Practice at 2026-03-05 20:00",
                "Water the plants at 2026-03-08 12:00", "Practice at 2026-03-08 20:00",
            ])
    }

    @Test func pausingOneRuleLeavesTheOthers() async throws {
        let water = Self.daily("water", 12, title: "Water the plants")
        let (_, center, scheduler) = Self.setUp([Self.practice, water])
        try await scheduler.refresh(reason: .launch)
        try await scheduler.pause("practice", from: Self.date(5), through: Self.date(14))
        let pending = try await center.pendingRequests()
        #expect(!pending.isEmpty && pending.allSatisfy { $0.ruleID == "water" })
        // A pause of one rule is not ended by resuming another.
        try await scheduler.resume("water", from: Self.date(5))
        #expect(try await center.pendingRequests().allSatisfy { $0.ruleID == "water" })
        try await scheduler.resume("practice", from: Self.date(5))
        #expect(try await center.pendingRequests().contains { $0.id == "bugle.practice@2026-03-05" })
        #expect(try await scheduler.marks().isEmpty)
    }

    @Test func refusedMarksChangeNothing() async throws {
        let (center, scheduler) = {
            let s = Self.setUp([Self.practice])
            return (s.center, s.scheduler)
        }()
        try await scheduler.refresh(reason: .launch)
        let before = await center.calls
        await #expect(throws: SchedulerError.unknownRule("practise")) { try await scheduler.complete("practise", on: Self.date(5)) }
        await #expect(throws: SchedulerError.reversedRange(from: Self.date(9), through: Self.date(6))) {
            try await scheduler.pause(.all, from: Self.date(9), through: Self.date(6))
        }
        // 400 days back and 3,660 ahead are the days a mark may cover.
        let allowed = LocalDate("2025-01-29")...LocalDate("2036-03-12")
        await #expect(throws: SchedulerError.dayOutOfRange(LocalDate("2040-01-01"), allowed: allowed)) {
            try await scheduler.skip("practice", on: LocalDate("2040-01-01"))
        }
        await #expect(throws: SchedulerError.dayOutOfRange(LocalDate("2020-01-01"), allowed: allowed)) {
            try await scheduler.pause("practice", from: LocalDate("2020-01-01"), through: Self.date(6))
        }
        #expect(try await scheduler.marks().isEmpty)
        #expect(await center.calls == before)
        #expect(SchedulerError.unknownRule("practise").description == "no rule has the id practise")
    }

    // MARK: Rules that change

    @Test func changingOneRulesTimeTouchesOnlyItsRequests() async throws {
        let water = Self.daily("water", 12, title: "Water the plants")
        let stretch = Self.daily("stretch", 21, title: "Stretch")
        let (_, center, scheduler) = Self.setUp([water, Self.practice, stretch])
        try await scheduler.refresh(reason: .launch)
        let before = await center.calls
        let others = try await center.pendingRequests().filter { $0.ruleID != "practice" }

        // The user picks 18:30 instead of 20:00: same rule id, new time.
        let result = try #require(try await scheduler.setRule(Self.daily("practice", 18, 30, title: "Practice")))
        let calls = await center.calls
        // Adding an id again replaces its request: ten adds, no removal.
        #expect(calls.adds - before.adds == 10)
        #expect(calls.removes == before.removes)
        #expect(result.changes.removals.isEmpty)
        #expect(result.changes.additions.allSatisfy { $0.ruleID == "practice" && $0.fireTime.description.contains("18:30") })
        #expect(try await center.pendingRequests().filter { $0.ruleID != "practice" } == others)
        #expect(await scheduler.rules.map(\.id) == ["water", "practice", "stretch"])

        // Setting the same rule again changes nothing at all.
        try await scheduler.setRule(Self.daily("practice", 18, 30, title: "Practice"))
        #expect(await center.calls == calls)

        await center.advance(to: Self.instant("2026-03-06T06:00-05:00"))
        #expect(await Self.seen(center) == ["Water the plants at 2026-03-05 12:00", "Practice at 2026-03-05 18:30", "Stretch at 2026-03-05 21:00"])
    }

    @Test func addingAndRemovingARuleTouchesOnlyThatRule() async throws {
        let water = Self.daily("water", 12, title: "Water the plants")
        let (_, center, scheduler) = Self.setUp([water])
        try await scheduler.refresh(reason: .launch)
        let watering = try await center.pendingRequests()

        let added = try #require(try await scheduler.add(rule: Self.practice))
        #expect(added.changes.removals.isEmpty)
        #expect(added.changes.additions.count == 10 && added.changes.additions.allSatisfy { $0.ruleID == "practice" })
        await #expect(throws: SchedulerError.duplicateRuleID("practice")) { try await scheduler.add(rule: Self.practice) }

        let removed = try #require(try await scheduler.removeRule(id: "practice"))
        #expect(removed.changes.additions.isEmpty)
        #expect(removed.changes.removals.count == 10 && removed.changes.removals.allSatisfy { $0.id.hasPrefix("bugle.practice@") })
        #expect(try await center.pendingRequests() == watering)
        await #expect(throws: SchedulerError.unknownRule("practice")) { try await scheduler.removeRule(id: "practice") }
        await #expect(throws: SchedulerError.duplicateRuleID("water")) { try await scheduler.setRules([water, water]) }
        #expect(await scheduler.rules.map(\.id) == ["water"])
    }

    @Test func aDeliveredReminderIsNotDeliveredAgainAfterItsTimeMovesLater() async throws {
        let morning = Self.daily("practice", 8, title: "Practice")
        let (_, center, scheduler) = Self.setUp([morning])
        try await scheduler.refresh(reason: .launch)
        await center.advance(to: Self.instant("2026-03-05T09:00-05:00"))
        // Delivered at 08:00; the user now picks 20:00. Today's occurrence was shown already.
        let result = try #require(try await scheduler.setRule(Self.daily("practice", 20, title: "Practice")))
        let drop = try #require(result.plan.report.dropped.first { $0.candidate.id == "practice@2026-03-05" })
        #expect(drop.reason == .delivered)
        #expect(drop.detail == "practice@2026-03-05 was delivered at 2026-03-05T08:00:00-05:00")
        await center.advance(to: Self.instant("2026-03-07T06:00-05:00"))
        #expect(await Self.seen(center) == ["Practice at 2026-03-05 08:00", "Practice at 2026-03-06 20:00"])
    }

    // MARK: State in one call, typed

    struct Habit: Codable, Sendable, Equatable {
        var playedToday: Bool
        var streak: Int
        var practisedDays: [LocalDate]
    }

    @Test func aCodableSnapshotSetsTheStateAndRefreshes() async throws {
        let rescue = Self.daily(
            "rescue", 19, title: "Save your streak", condition: .all([.equals(key: "playedToday", value: false), .greaterThan(key: "streak", value: 0)]))
        let (_, center, scheduler) = Self.setUp([rescue])
        try await scheduler.refresh(reason: .launch)
        #expect(try await center.pendingRequests().isEmpty)

        let habit = Habit(playedToday: false, streak: 12, practisedDays: [Self.date(4)])
        let result = try #require(try await scheduler.setState(from: habit))
        #expect(result.reason == .dataChanged)
        #expect(try await center.pendingRequests().first?.content.title == "Save your streak")
        #expect(try await scheduler.state(as: Habit.self) == habit)
        #expect(await scheduler.state["practisedDays"] == .array(["2026-03-04"]))

        let played = StateKey<Bool>("playedToday")
        try await scheduler.set(played, to: true)
        #expect(try await center.pendingRequests().isEmpty)
        #expect(try await scheduler.value(played) == true)
        #expect(try await scheduler.value(StateKey<Int>("streak")) == 12)
        #expect(try await scheduler.value(StateKey<Int>("missing")) == nil)
    }

    @Test func typedStateSaysWhatDoesNotFit() async throws {
        let (_, _, scheduler) = Self.setUp([Self.practice], state: ["streak": "twelve"])
        let error = await #expect(throws: StateError.self) { try await scheduler.value(StateKey<Int>("streak")) }
        #expect(error?.description == "state key streak: holds \"twelve\", which is not a Int")
        await #expect(throws: StateError.self) { try await scheduler.setState(from: [1, 2, 3]) }
        await #expect(throws: StateError.self) { try await scheduler.set(StateKey<Double>("ratio"), to: .nan) }
        // Nothing changed.
        #expect(await scheduler.state == ["streak": "twelve"])
    }

    // MARK: Priority

    @Test func atEqualTimesTheCapKeepsTheHigherPriorityAndSaysSo() async throws {
        let nudge = Self.daily("nudge", 19, title: "Quick lesson?", priority: 1)
        let rescue = Self.daily("rescue", 19, title: "Save your streak", priority: 9)
        let (_, center, scheduler) = Self.setUp([nudge, rescue], policies: [Caps(perDay: 1)])
        let result = try await scheduler.refresh(reason: .launch)
        let drop = try #require(result.plan.report.dropped.first { $0.candidate.id == "nudge@2026-03-05" })
        #expect(drop.reason == .cap)
        #expect(drop.detail == "2026-03-05 already has 1 (cap 1 per day); the slot went to rescue@2026-03-05 (priority 9, 19:00)")
        await center.advance(to: Self.instant("2026-03-07T06:00-05:00"))
        #expect(await Self.seen(center) == ["Save your streak at 2026-03-05 19:00", "Save your streak at 2026-03-06 19:00"])
    }

    @Test func atEqualTimesTheBudgetKeepsTheHigherPriority() async throws {
        let nudge = Self.daily("nudge", 19, title: "Quick lesson?", priority: 1)
        let rescue = Self.daily("rescue", 19, title: "Save your streak", priority: 9)
        let (_, center, scheduler) = Self.setUp([nudge, rescue], limit: 3)
        let result = try await scheduler.refresh(reason: .launch)
        #expect(result.plan.requests.map(\.id) == ["bugle.rescue@2026-03-05", "bugle.nudge@2026-03-05", "bugle.rescue@2026-03-06"])
        #expect(result.plan.report.dropped(.budget).first?.candidate.id == "nudge@2026-03-06")
        #expect(try await center.pendingRequests().count == 3)
    }

    @Test func aCompletedDayFreesItsCapSlotForTheNextRule() async throws {
        let rescue = Self.daily("rescue", 19, title: "Save your streak", priority: 9)
        let tip = Self.daily("tip", 21, title: "Tip of the day")
        let (_, center, scheduler) = Self.setUp([rescue, tip], policies: [Caps(perDay: 1)])
        try await scheduler.refresh(reason: .launch)
        try await scheduler.complete("rescue", on: Self.date(5))
        await center.advance(to: Self.instant("2026-03-06T06:00-05:00"))
        #expect(await Self.seen(center) == ["Tip of the day at 2026-03-05 21:00"])
    }
}
