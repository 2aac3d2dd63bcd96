import Foundation
import Testing

@testable import Bugle

/// The learned send time, against synthetic users whose open probability per slot is known:
/// what the learner chooses, not how it computes.
@Suite struct SendTimeLearnerTests {
    let start = LocalDate("2026-01-05")

    /// 07:00–10:00 in 15-minute slots, configured at 09:00.
    func timing(halfLife: Double = 60, splitWeekend: Bool = false) throws -> LearnedTiming {
        try LearnedTiming(
            windowStart: LocalTime(parsing: "07:00"), windowEnd: LocalTime(parsing: "10:00"), configured: LocalTime(parsing: "09:00"),
            halfLife: halfLife, splitWeekend: splitWeekend)
    }

    /// A user who opens with `rates[slot]`: `days` days of sends in the learner's slot, from
    /// `start`; returns the slots chosen each day and the opens.
    func live(
        _ learner: SendTimeLearner, rates: (Int) -> [Double], days: Int, user: UInt64
    ) -> (slots: [Int], opens: Int, state: SendTimeState) {
        var state = SendTimeState(timing: learner.timing, startingOn: start)
        var coin = SeededGenerator(seed: user &* 7_919 &+ 13)
        var slots: [Int] = []
        var opens = 0
        for offset in 0..<days {
            let day = start.adding(days: offset)
            let choice = learner.choose(on: day, state: state, seed: user)
            let opened = BetaDraw.unit(&coin) < rates(offset)[choice.slot]
            if opened { opens += 1 }
            slots.append(choice.slot)
            state = learner.recording(state, sentAt: choice.time, on: day, opened: opened)
        }
        return (slots, opens, state)
    }

    /// Low everywhere, 0.40 and 0.30 in the first two slots (07:00, 07:15): far from 09:00.
    static let earlyBird = [0.40, 0.30, 0.14, 0.13, 0.12, 0.11, 0.12, 0.14, 0.15, 0.14, 0.12, 0.10]

    @Test func dayOneSendsAtTheConfiguredTime() throws {
        let learner = SendTimeLearner(timing: try timing())
        let state = SendTimeState(timing: learner.timing, startingOn: start)
        let times = (0..<1_000).map { learner.choose(on: start, state: state, seed: UInt64($0)).time.description }
        #expect(times.filter { $0 == "09:00" }.count >= 950)
        #expect(times.filter { ["08:45", "09:00", "09:15"].contains($0) }.count >= 980)
    }

    @Test func theBestSlotAtTheWindowsEdgeIsFound() throws {
        let learner = SendTimeLearner(timing: try timing())
        let users = (0..<200).map { live(learner, rates: { _ in Self.earlyBird }, days: 90, user: UInt64($0)) }
        // In the last month, most sends go to the two early slots, and most users believe it.
        let lastMonth = users.flatMap { $0.slots.suffix(30) }
        #expect(Double(lastMonth.filter { $0 <= 1 }.count) / Double(lastMonth.count) > 0.5)
        let believers = users.filter { user in
            let choice = learner.choose(on: start.adding(days: 90), state: user.state, seed: 1)
            return ["07:00", "07:15"].contains(choice.bestMean.description)
        }
        #expect(believers.count > 120)
        // And they open more than a fixed 09:00 would have them open (0.15 a day).
        let rate = Double(users.map(\.opens).reduce(0, +)) / Double(users.count * 90)
        #expect(rate > 0.20)
    }

    @Test func aUserWhoseBestHourMovesIsFollowed() throws {
        // Evidence that counts half after 3 weeks: a change of habit is followed in weeks.
        let learner = SendTimeLearner(timing: try timing(halfLife: 21))
        let late = Array(Self.earlyBird.reversed())  // 09:45 and 09:30 become the best
        let users = (0..<200).map { live(learner, rates: { $0 < 90 ? Self.earlyBird : late }, days: 180, user: UInt64($0)) }
        // From the second month after the move, most sends are from 09:15 on, few still early.
        let lastMonth = users.flatMap { $0.slots.suffix(60) }
        let share = { (slots: ClosedRange<Int>) in Double(lastMonth.filter { slots.contains($0) }.count) / Double(lastMonth.count) }
        #expect(share(9...11) > 2 * share(0...2))
        // And most users believe the new hours are the best.
        let nineFifteen = try LocalTime(parsing: "09:15")
        let believers = users.filter { user in
            learner.choose(on: start.adding(days: 180), state: user.state, seed: 1).bestMean >= nineFifteen
        }
        #expect(believers.count > 120)
    }

    @Test func theSameStateDayAndSeedGiveTheSameChoice() throws {
        let learner = SendTimeLearner(timing: try timing())
        let state = live(learner, rates: { _ in Self.earlyBird }, days: 40, user: 3).state
        let day = start.adding(days: 40)
        #expect(learner.choose(on: day, state: state, seed: 9) == learner.choose(on: day, state: state, seed: 9))
        let choices = Set((0..<50).map { learner.choose(on: day, state: state, seed: UInt64($0)).slot })
        #expect(choices.count > 1)
        let choice = learner.choose(on: day, state: state, seed: 9)
        #expect(choice.description.hasPrefix("\(choice.time): drew "))
        #expect(choice.draws[choice.slot] == choice.draws.max())
    }

    @Test func weekendsLearnApartWhenSplit() throws {
        let learner = SendTimeLearner(timing: try timing(splitWeekend: true))
        var state = SendTimeState(timing: learner.timing, startingOn: start)
        #expect(state.sends.count == 24)
        let saturday = LocalDate("2026-01-10")
        for week in 0..<8 {
            state = learner.recording(state, sentAt: try LocalTime(parsing: "07:00"), on: saturday.adding(days: 7 * week), opened: true)
        }
        // Weekdays learned nothing of it.
        #expect(state.sends.prefix(12).allSatisfy { $0 == 0 })
        #expect(learner.posterior(on: saturday.adding(days: 56), state: state)[0].opens > 5)
        // A send outside the window teaches nothing.
        let outside = learner.recording(state, sentAt: try LocalTime(parsing: "11:00"), on: saturday, opened: true)
        #expect(outside == state)
    }

    @Test func settingsOutOfRangeSayWhichAndWhy() throws {
        let seven = try LocalTime(parsing: "07:00")
        let ten = try LocalTime(parsing: "10:00")
        #expect(throws: LearningError.self) { try LearnedTiming(windowStart: ten, windowEnd: seven, configured: seven) }
        do {
            _ = try LearnedTiming(windowStart: seven, windowEnd: ten, slotMinutes: 3, configured: seven)
            Issue.record("a 3-minute slot was accepted")
        } catch {
            #expect(error.description == "learned timing: slot: 3 min is outside 5…240 min")
        }
        do {
            _ = try LearnedTiming(windowStart: seven, windowEnd: ten, configured: try LocalTime(parsing: "11:00"))
            Issue.record("a configured time outside the window was accepted")
        } catch {
            #expect("\(error)" == "learned timing: configured: 11:00 is outside the window 07:00…10:00")
        }
        // A stored setting is checked when read.
        let stored = try JSONEncoder().encode(try timing())
        var object = try #require(try JSONSerialization.jsonObject(with: stored) as? [String: Any])
        object["halfLife"] = 0.1
        let broken = try JSONSerialization.data(withJSONObject: object)
        #expect(throws: LearningError.self) { try JSONDecoder().decode(LearnedTiming.self, from: broken) }
    }
}

extension SendTimeLearnerTests {
    @Test func aDamagedStateCountsAsNothingAndNeverTraps() throws {
        let learner = SendTimeLearner(timing: try timing())
        var state = SendTimeState(timing: learner.timing, startingOn: start)
        state.opens = [.nan, -5, .infinity]
        state.sends = Array(repeating: -1, count: 40)
        let choice = learner.choose(on: start, state: state, seed: 1)
        #expect(choice.means.allSatisfy { $0.isFinite && $0 > 0 && $0 < 1 })
        // Recording into it changes nothing rather than writing out of bounds.
        #expect(learner.recording(state, sentAt: try LocalTime(parsing: "07:00"), on: start, opened: true) == state)
    }
}
