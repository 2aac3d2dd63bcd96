import Bugle
import Foundation
import Testing

/// The `recurring` rule: candidates on a recurrence's occurrences, with stable ids.
@Suite struct RecurringRuleTests {
    static let newYork = TimeZone(identifier: "America/New_York")!

    func context(now: String, zone: TimeZone = newYork, lookahead: TimeInterval = 400 * 86_400) -> PlanningContext {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return PlanningContext(now: instant(now), calendar: calendar, lookahead: lookahead)
    }

    func rent(_ rule: String = "FREQ=MONTHLY;SKIP=BACKWARD;RSCALE=GREGORIAN", basis: TimeBasis = .wallClock) throws -> RecurringRule {
        let zone: TimeZone? = if case .zoned(let zone) = basis { zone } else { nil }
        return RecurringRule(
            id: "rent", recurrence: try Recurrence(start: local("2026-01-31T09:00"), rule: RecurrenceRule(parsing: rule), timeZone: zone),
            basis: basis, content: NotificationContent(title: "Rent is due", body: ""))
    }

    @Test func wallClockCandidatesHaveDayIDsAndFollowTheDevice() throws {
        let candidates = Array(try rent().candidates(in: context(now: "2026-02-01T00:00:00-05:00")).prefix(3))
        #expect(candidates.map(\.id) == ["rent@2026-02-28", "rent@2026-03-31", "rent@2026-04-30"])
        #expect(candidates.first?.fireTime == .wallClock(local("2026-02-28T09:00")))
        #expect(
            candidates.map { ISO8601.string(from: $0.fireDate, timeZone: Self.newYork) }
                == ["2026-02-28T09:00:00-05:00", "2026-03-31T09:00:00-04:00", "2026-04-30T09:00:00-04:00"])
        // The same rule on a device in Tokyo fires at 09:00 there.
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!
        let there = try rent().candidates(in: context(now: "2026-02-01T00:00:00+09:00", zone: tokyo)).next()
        #expect(there.map { ISO8601.string(from: $0.fireDate, timeZone: tokyo) } == "2026-02-28T09:00:00+09:00")
    }

    @Test func zonedCandidatesStayInTheirZone() throws {
        let rule = try rent(basis: .zoned(Self.newYork))
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!
        let candidate = try #require(rule.candidates(in: context(now: "2026-02-01T00:00:00+09:00", zone: tokyo)).next())
        #expect(candidate.id == "rent@2026-02-28")
        #expect(ISO8601.string(from: candidate.fireDate, timeZone: tokyo) == "2026-02-28T23:00:00+09:00")
        guard case .zoned(let zoned) = candidate.fireTime else {
            Issue.record("expected a zoned fire time, got \(candidate.fireTime)")
            return
        }
        #expect(zoned.timeZone == Self.newYork)
    }

    @Test func severalOccurrencesADayGetTimesInTheirIDs() throws {
        let rule = RecurringRule(
            id: "meds", recurrence: try Recurrence(start: local("2026-03-01T00:00"), rule: RecurrenceRule(parsing: "FREQ=DAILY;BYHOUR=9,21")),
            content: NotificationContent(title: "Medicine", body: ""))
        let ids = Array(rule.candidates(in: context(now: "2026-03-01T08:00:00-05:00")).prefix(3)).map(\.id)
        #expect(ids == ["meds@2026-03-01T09:00", "meds@2026-03-01T21:00", "meds@2026-03-02T09:00"])
    }

    @Test func stopsAfterTheFirstCandidatePastTheLookahead() throws {
        let candidates = Array(try rent().candidates(in: context(now: "2026-02-01T00:00:00-05:00", lookahead: 70 * 86_400)))
        #expect(candidates.map(\.id) == ["rent@2026-02-28", "rent@2026-03-31", "rent@2026-04-30"])
    }

    @Test func theIDsOfAnOccurrenceDoNotChangeBetweenPlans() throws {
        let rule = try rent("FREQ=MONTHLY;BYMONTHDAY=31;SKIP=BACKWARD;RSCALE=GREGORIAN;COUNT=12")
        let planner = Planner(rules: [rule], budget: Budget(platform: Platform(name: "test", pendingLimit: 5), safetyMargin: 0))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = Self.newYork
        let early = planner.plan(PlanInput(now: instant("2026-02-01T00:00:00-05:00"), calendar: calendar))
        let later = planner.plan(PlanInput(now: instant("2026-03-15T00:00:00-04:00"), calendar: calendar))
        let earlyIDs = early.requests.map(\.id)
        let laterIDs = later.requests.map(\.id)
        #expect(earlyIDs.count == 5 && laterIDs.count == 5)
        #expect(Set(earlyIDs).intersection(laterIDs).count == 4)
        #expect(laterIDs.first?.hasSuffix("rent@2026-03-31") == true)
    }
}
