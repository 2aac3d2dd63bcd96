import Foundation
import Testing

@testable import Bugle

/// A daily rule that learns its send time, through the planner: the times a user would see.
@Suite struct LearnedRuleTests {
    let london = "Europe/London"
    let content = NotificationContent(title: "Practice", body: "Five minutes")

    func timing(window: (LocalTime, LocalTime) = (time(7, 0), time(10, 0))) throws -> LearnedTiming {
        try LearnedTiming(windowStart: window.0, windowEnd: window.1, configured: time(9, 0))
    }

    func rule(learning: LearnedTiming?) -> ScheduledRule {
        ScheduledRule(id: "practice", schedule: .daily(time(9, 0)), content: content, learning: learning)
    }

    /// Four months of a user who opens every 07:15 notification and no other.
    func earlyState(_ timing: LearnedTiming, through day: LocalDate) -> SendTimeState {
        let learner = SendTimeLearner(timing: timing)
        var state = SendTimeState(timing: timing, startingOn: day.adding(days: -120))
        for offset in stride(from: -120, to: 0, by: 1) {
            let slot = [time(7, 15), time(8, 30), time(9, 0), time(9, 45)][(offset + 120) % 4]
            state = learner.recording(state, sentAt: slot, on: day.adding(days: offset), opened: slot == time(7, 15))
        }
        return state
    }

    func plan(_ rules: [any Rule], now: Date, learning: [String: SendTimeState] = [:], seed: UInt64 = 0, policies: [any Policy] = []) -> Plan {
        var input = PlanInput(now: now, calendar: gregorian(london))
        input.learning = learning
        input.learningSeed = seed
        return Planner(rules: rules, policies: policies, budget: Budget(platform: .custom(10), safetyMargin: 0)).plan(input)
    }

    func times(_ plan: Plan) -> [String] {
        plan.entries.map {
            ZoneRules(timeZone: TimeZone(identifier: london)!, around: $0.candidate.fireDate).localDateTime(at: $0.candidate.fireDate).description
        }
    }

    @Test func withoutEvidenceItSendsAtTheConfiguredTime() throws {
        let now = at(london, 2026, 3, 2, 6, 0)
        let fixed = plan([rule(learning: nil)], now: now)
        let learned = plan([rule(learning: try timing())], now: now)
        #expect(times(fixed) == (2...11).map { "2026-03-\(String(format: "%02d", $0))T09:00" })
        // Day one: the prior puts the draw at 09:00, and the best mean is 09:00 for every later day.
        #expect(times(learned) == times(fixed))
        #expect(learned.requests.map(\.id) == fixed.requests.map(\.id))
        #expect(learned.entries.first?.candidate.learnedTime?.drawn == true)
        #expect(learned.entries.dropFirst().allSatisfy { $0.candidate.learnedTime?.drawn == false })
        // A window of one slot has no choice: exactly the fixed rule, texts and ids.
        let one = plan([rule(learning: try timing(window: (time(9, 0), time(9, 15))))], now: now)
        #expect(one.requests.map(\.id) == fixed.requests.map(\.id) && times(one) == times(fixed))
        #expect(one.requests.map(\.content) == fixed.requests.map(\.content))
    }

    @Test func whatWasLearnedMovesTheTimeAndSaysWhy() throws {
        let timing = try timing()
        let now = at(london, 2026, 3, 2, 6, 0)
        let state = earlyState(timing, through: LocalDate("2026-03-02"))
        let learned = plan([rule(learning: timing)], now: now, learning: ["practice": state])
        // Every day after the next at the best mean, 07:15; the next one drawn.
        #expect(times(learned).dropFirst().allSatisfy { $0.hasSuffix("T07:15") })
        let next = try #require(learned.entries.first?.candidate.learnedTime)
        #expect(next.drawn && next.choice.bestMean == time(7, 15))
        #expect(next.description.hasPrefix("learned \(next.time) (drawn): \(next.time): drew "))
        #expect(learned.entries.last?.candidate.learnedTime?.description.hasPrefix("learned 07:15 (best mean 0.") == true)
        // The same input and seed plan the same; a refresh later the same morning too.
        #expect(plan([rule(learning: timing)], now: now, learning: ["practice": state]).requests == learned.requests)
        let later = plan([rule(learning: timing)], now: at(london, 2026, 3, 2, 6, 30), learning: ["practice": state])
        #expect(later.requests == learned.requests)
    }

    @Test func learningChoosesWithinWhatQuietHoursAllow() throws {
        let timing = try timing()
        let state = earlyState(timing, through: LocalDate("2026-03-02"))
        // Quiet until 07:30: the learned 07:15 is deferred to 07:30, never sent in quiet hours.
        let quiet = QuietHours(start: time(22, 0), end: time(7, 30), mode: .defer)
        let learned = plan([rule(learning: timing)], now: at(london, 2026, 3, 2, 6, 0), learning: ["practice": state], policies: [quiet])
        #expect(!learned.entries.isEmpty)
        #expect(times(learned).allSatisfy { $0.suffix(5) >= "07:30" })
        #expect(times(learned).dropFirst().allSatisfy { $0.hasSuffix("T07:30") })
    }
}
