import Bugle
import Foundation
import Testing

/// Policies that close a stretch of time (a full day, a spacing window, quiet hours that
/// suppress, stale data) let a rule jump past it. A jump may only save work: the plan, its
/// coverage and what it keeps are the same as if every candidate had been drawn and dropped.
@Suite struct ClosedTimeJumpTests {
    static let now = utc(2026, 3, 1, 12, 30)

    /// The same policy, without the promise that lets rules jump.
    struct WithoutJumps: Policy {
        var policy: any Policy
        func evaluate(_ candidate: Candidate, context: PolicyContext, ledger: PlanLedger) -> PolicyDecision {
            if case .dropUntil(let reason, let detail, _) = policy.evaluate(candidate, context: context, ledger: ledger) {
                return .drop(reason, detail: detail)
            }
            return policy.evaluate(candidate, context: context, ledger: ledger)
        }
        var movesCandidates: Bool { policy.movesCandidates }
    }

    func plan(
        _ rules: [any Rule], _ policies: [any Policy], zoneID: String = "America/New_York", lookahead: TimeInterval = 30 * 86_400,
        history: DeliveryHistory = DeliveryHistory(), state: AppState = AppState()
    ) -> Plan {
        Planner(rules: rules, policies: policies, budget: Budget(platform: .custom(64), safetyMargin: 0), lookahead: lookahead)
            .plan(PlanInput(now: Self.now, calendar: gregorian(zoneID), state: state, history: history))
    }

    func secondly(_ id: String, group: String? = nil, dedupeKey: String? = nil) throws -> RecurringRule {
        try RecurringRule(
            id: id, recurrence: Recurrence(start: wall(2026, 3, 1, 0, 0), rule: RecurrenceRule(parsing: "FREQ=SECONDLY")),
            content: NotificationContent(title: "Tick", body: ""), group: group, dedupeKey: dedupeKey)
    }

    @Test func aRuleEverySecondUnderACapOfThreeADayPlansThreeADayFromAFewCandidates() throws {
        let plan = plan([try secondly("tick")], [Caps(perDay: 3)])
        // 64 slots at 3 a day: 21 days and a third; the first day from 12:30:01 local (17:30Z).
        #expect(plan.entries.count == 64)
        let first = plan.entries.prefix(4).map { wallClock($0.candidate.fireDate, in: "America/New_York").description }
        #expect(first == ["2026-03-01T07:30:01", "2026-03-01T07:30:02", "2026-03-01T07:30:03", "2026-03-02T00:00:00"])
        // Without jumps this plan drew 86,400 candidates a day; with them, a few a day.
        #expect(plan.report.considered < 200, "considered \(plan.report.considered)")
        #expect(plan.report.dropped.first?.detail.contains("tick's candidates before 2026-03-02T00:00:00-05:00 are passed over") == true)
    }

    @Test(arguments: 0..<40)
    func jumpsChangeNothingButTheWork(seed: UInt64) throws {
        var random = RuleGenerator(seed: seed)
        let zoneID = ["America/New_York", "Europe/London", "Australia/Lord_Howe", "Asia/Kolkata"][random.int(0...3)]
        var rules: [any Rule] = []
        for index in 0..<random.int(1...4) {
            let group = random.int(0...2) == 0 ? nil : "g\(random.int(0...1))"
            let dedupeKey = random.int(0...2) == 0 ? "k\(random.int(0...1))" : nil
            let content = NotificationContent(title: "r\(index)", body: "")
            switch random.int(0...3) {
            case 0:
                let rule = [
                    "FREQ=MINUTELY;INTERVAL=\(random.int(1...90))", "FREQ=HOURLY;BYMINUTE=0,30", "FREQ=SECONDLY;INTERVAL=\(random.int(200...900))",
                    "FREQ=DAILY;BYHOUR=6,9,13,22;BYMINUTE=15",
                ][random.int(0...3)]
                rules.append(
                    try RecurringRule(
                        id: "r\(index)", recurrence: Recurrence(start: wall(2026, 2, 27, random.int(0...23), 0), rule: RecurrenceRule(parsing: rule)),
                        content: content, priority: random.int(0...2), group: group, dedupeKey: dedupeKey))
            case 1:
                rules.append(
                    ScheduledRule(
                        id: "r\(index)", schedule: .daily(time(random.int(0...23), random.int(0...59))), content: content,
                        priority: random.int(0...2), group: group, dedupeKey: dedupeKey))
            case 2:
                rules.append(
                    ScheduledRule(
                        id: "r\(index)", schedule: .every(days: random.int(1...3), time: time(random.int(0...23), 0), anchor: day(2026, 2, 20)),
                        content: content, group: group, dedupeKey: dedupeKey))
            default:
                rules.append(
                    ScheduledRule(
                        id: "r\(index)", schedule: .weekly([.monday, .thursday, .saturday], time(random.int(5...23), 45)), content: content,
                        group: group, dedupeKey: dedupeKey))
            }
        }
        var policies: [any Policy] = []
        if random.int(0...1) == 0 {
            policies.append(
                QuietHours(
                    start: time(22, 0), end: time(7, 0), mode: [.suppress, .defer, .quiet][random.int(0...2)],
                    overrides: random.int(0...1) == 0 ? ["g1": .mode(.suppress)] : [:]))
        }
        if random.int(0...1) == 0 { policies.append(NoRenotify(within: TimeInterval(random.int(1...30) * 600))) }
        if random.int(0...1) == 0 { policies.append(MinimumSpacing(TimeInterval(random.int(1...30) * 300))) }
        if random.int(0...2) != 0 { policies.append(Caps(perDay: random.int(1...6), perGroupPerDay: ["g0": random.int(0...2)])) }
        policies.shuffle(using: &random)
        let history = DeliveryHistory([
            DeliveredNotification(
                id: "bugle.old", date: Self.now.addingTimeInterval(-600), content: NotificationContent(title: "old", body: ""),
                ruleID: "r0", group: "g0", dedupeKey: "k0")
        ])
        let lookahead = TimeInterval(random.int(2...12) * 86_400)

        let jumping = plan(rules, policies, zoneID: zoneID, lookahead: lookahead, history: history)
        let drawing = plan(rules, policies.map { WithoutJumps(policy: $0) }, zoneID: zoneID, lookahead: lookahead, history: history)
        #expect(jumping.entries.map(\.request) == drawing.entries.map(\.request), "seed \(seed), \(zoneID), policies \(policies)")
        #expect(jumping.report.coverage == drawing.report.coverage, "seed \(seed)")
        #expect(jumping.report.considered <= drawing.report.considered)
    }

    @Test func aRuleDoesNotJumpPastWhatQuietHoursWouldHaveDeferred() throws {
        // The day's cap is full at 12:34, but the minutes from 22:00 are deferred to 07:00,
        // where the next day's cap has room: they, not the minutes after midnight, come next.
        let rule = try RecurringRule(
            id: "m", recurrence: Recurrence(start: wall(2026, 3, 1, 0, 0), rule: RecurrenceRule(parsing: "FREQ=MINUTELY")),
            content: NotificationContent(title: "Minute", body: ""))
        let policies: [any Policy] = [QuietHours(start: time(22, 0), end: time(7, 0), mode: .defer), Caps(perDay: 3)]
        let jumping = plan([rule], policies, lookahead: 3 * 86_400)
        #expect(
            Array(jumping.entries.map(\.request.id).prefix(6)) == [
                "bugle.m@2026-03-01T07:31", "bugle.m@2026-03-01T07:32", "bugle.m@2026-03-01T07:33",
                "bugle.m@2026-03-01T22:00", "bugle.m@2026-03-01T22:01", "bugle.m@2026-03-01T22:02",
            ])
        let drawing = plan([rule], policies.map { WithoutJumps(policy: $0) }, lookahead: 3 * 86_400)
        #expect(jumping.entries.map(\.request) == drawing.entries.map(\.request))
    }

    @Test func staleDataClosesTheRuleForThePlanAndTheCoverageStillSaysLookahead() throws {
        let policies: [any Policy] = [Staleness(timestampKey: "fetchedAt", holdAfter: 3600, cancelAfter: 7200)]
        let plan = plan([try secondly("tick")], policies)
        #expect(plan.entries.isEmpty)
        #expect(plan.report.considered < 10)
        #expect(plan.report.coverage.limit == .lookahead)
    }
}

/// The oracle tests' seeded generator shuffles too.
extension RuleGenerator: RandomNumberGenerator {}
