import Bugle
import Foundation
import Testing

/// Quiet hours are read on the device's wall clock. The device here is in New York, so a
/// policy that read UTC (5 hours ahead in winter) would put candidates on the wrong side.
@Suite("Quiet hours")
struct QuietHoursTests {
    let ny = "America/New_York"
    var calendar: Calendar { gregorian(ny) }
    /// Saturday 2026-01-10 at noon in New York (17:00Z).
    var now: Date { at(ny, 2026, 1, 10, 12, 0) }
    let night = QuietHours(start: time(22, 0), end: time(7, 0))

    func plan(_ rules: [any Rule], _ quiet: QuietHours, policies extra: [any Policy] = []) -> Plan {
        Planner(rules: rules, policies: [quiet] + extra, budget: budget(50)).plan(PlanInput(now: now, calendar: calendar))
    }

    // MARK: The window

    @Test(arguments: [
        (22, 0, true), (23, 59, true), (0, 0, true), (3, 0, true), (6, 59, true),
        (7, 0, false), (12, 0, false), (21, 59, false),
    ])
    func windowWrapsMidnight(hour: Int, minute: Int, inside: Bool) {
        #expect(night.contains(time(hour, minute)) == inside)
    }

    @Test func windowWithinADay() {
        let siesta = QuietHours(start: time(13, 0), end: time(15, 0))
        #expect(!siesta.contains(time(12, 59)))
        #expect(siesta.contains(time(13, 0)))
        #expect(siesta.contains(time(14, 59)))
        #expect(!siesta.contains(time(15, 0)))
        #expect(!siesta.contains(time(23, 0)))
        #expect(siesta.windowEnd(containing: wall(2026, 1, 10, 14, 0)) == wall(2026, 1, 10, 15, 0))
    }

    @Test func emptyWindowNeverHoldsAnything() {
        let none = QuietHours(start: time(9, 0), end: time(9, 0))
        #expect(!none.contains(time(9, 0)))
        #expect(!none.contains(time(3, 0)))
    }

    @Test func windowEndIsTheNextMorningBeforeMidnightAndTheSameMorningAfter() {
        #expect(night.windowEnd(containing: wall(2026, 1, 10, 23, 30)) == wall(2026, 1, 11, 7, 0))
        #expect(night.windowEnd(containing: wall(2026, 1, 11, 5, 0)) == wall(2026, 1, 11, 7, 0))
        #expect(night.windowEnd(containing: wall(2026, 12, 31, 22, 0)) == wall(2027, 1, 1, 7, 0))
    }

    // MARK: Suppress

    @Test func suppressDropsInsideAndKeepsOutside() {
        let rules: [any Rule] = [
            once("late", wall(2026, 1, 10, 23, 30)),
            once("atStart", wall(2026, 1, 10, 22, 0)),
            once("beforeStart", wall(2026, 1, 10, 21, 59)),
            once("dawn", wall(2026, 1, 11, 6, 59)),
            once("atEnd", wall(2026, 1, 11, 7, 0)),
        ]
        let plan = plan(rules, night)
        #expect(Set(plan.candidateIDs) == ["beforeStart", "atEnd"])
        #expect(Set(plan.report.dropped(.quietHours).map(\.candidate.id)) == ["late", "atStart", "dawn"])
        #expect(plan.report.dropped.allSatisfy { $0.reason == .quietHours })
        #expect(plan.drop("late")?.detail.contains("23:30") == true)
    }

    /// A daily rule inside the window is suppressed every night; one outside never is.
    @Test func suppressAppliesEveryNight() {
        let plan = plan([daily("nightly", 23, 0), daily("morning", 8, 0)], night)
        #expect(plan.entries.allSatisfy { $0.candidate.ruleID == "morning" })
        #expect(plan.entries.count == 50)
        #expect(!plan.report.dropped(.quietHours).isEmpty)
        #expect(plan.report.dropped(.quietHours).allSatisfy { $0.candidate.ruleID == "nightly" })
    }

    // MARK: Defer

    @Test func deferMovesToTheEndOfTheWindow() throws {
        let quiet = QuietHours(start: time(22, 0), end: time(7, 0), mode: .defer)
        let plan = plan([once("late", wall(2026, 1, 10, 23, 30)), once("dawn", wall(2026, 1, 11, 5, 0))], quiet)
        #expect(plan.report.dropped.isEmpty)
        // Both land at 07:00 EST on Jan 11 = 12:00Z.
        let late = try #require(plan.entry("late"))
        #expect(late.candidate.fireDate == utc(2026, 1, 11, 12, 0))
        #expect(late.request.fireTime == .wallClock(wall(2026, 1, 11, 7, 0)))
        #expect(late.candidate.adjustments.count == 1)
        #expect(late.candidate.adjustments.first?.policy == .quietHours)
        #expect(late.candidate.adjustments.first?.detail.contains("23:30") == true)
        let dawn = try #require(plan.entry("dawn"))
        #expect(dawn.candidate.fireDate == utc(2026, 1, 11, 12, 0))
        #expect(dawn.candidate.adjustments.map(\.policy) == [.quietHours])
    }

    /// Deferring across a spring-forward night: 07:00 on 2026-03-08 is EDT (-4), i.e. 11:00Z.
    @Test func deferAcrossSpringForward() throws {
        let quiet = QuietHours(start: time(22, 0), end: time(7, 0), mode: .defer)
        let plan = Planner(rules: [once("late", wall(2026, 3, 7, 23, 30))], policies: [quiet], budget: budget(5))
            .plan(PlanInput(now: at(ny, 2026, 3, 7, 12, 0), calendar: calendar))
        #expect(try #require(plan.entry("late")).candidate.fireDate == utc(2026, 3, 8, 11, 0))
    }

    /// A zoned candidate deferred keeps being a fixed instant, in its own zone.
    @Test func deferKeepsAZonedFireTimeZoned() throws {
        let quiet = QuietHours(start: time(22, 0), end: time(7, 0), mode: .defer)
        let rule = ScheduledRule(id: "z", schedule: .once(wall(2026, 1, 10, 23, 30)), basis: .zoned(zone(ny)), content: content())
        let entry = try #require(plan([rule], quiet).entry("z"))
        guard case .zoned(let instant) = entry.request.fireTime else {
            Issue.record("expected a zoned fire time, got \(entry.request.fireTime)")
            return
        }
        #expect(instant.date == utc(2026, 1, 11, 12, 0))
        #expect(instant.timeZone.identifier == ny)
    }

    /// Deferring past a candidate's relevance drops it instead, with reason quietHours.
    @Test func deferDropsWhatWouldNoLongerBeRelevant() {
        let quiet = QuietHours(start: time(22, 0), end: time(7, 0), mode: .defer)
        // 23:30 -> 07:00 is 7.5 h.
        let plan = plan([once("short", wall(2026, 1, 10, 23, 30), relevance: 3_600), once("long", wall(2026, 1, 10, 23, 30), relevance: 8 * 3_600)], quiet)
        #expect(plan.candidateIDs == ["long"])
        #expect(plan.drop("short")?.reason == .quietHours)
    }

    /// A deferred candidate goes through the other policies again at its new time: a cap of
    /// one per day lets the deferred 07:00 one through and drops the 09:00 one after it.
    @Test func deferredCandidatesMeetTheOtherPoliciesAtTheirNewTime() {
        let quiet = QuietHours(start: time(22, 0), end: time(7, 0), mode: .defer)
        let plan = plan([once("late", wall(2026, 1, 10, 23, 30)), once("nine", wall(2026, 1, 11, 9, 0))], quiet, policies: [Caps(perDay: 1)])
        #expect(plan.candidateIDs == ["late"])
        #expect(plan.drop("nine")?.reason == .cap)
    }

    // MARK: Quiet

    @Test func quietKeepsItPassiveAndSilent() throws {
        let quiet = QuietHours(start: time(22, 0), end: time(7, 0), mode: .quiet)
        let plan = plan([once("late", wall(2026, 1, 10, 23, 30)), once("day", wall(2026, 1, 10, 15, 0))], quiet)
        #expect(plan.report.dropped.isEmpty)
        let late = try #require(plan.entry("late"))
        // Same time (23:30 EST = 04:30Z), delivered quietly.
        #expect(late.candidate.fireDate == utc(2026, 1, 11, 4, 30))
        #expect(late.request.content.interruptionLevel == .passive)
        #expect(late.request.content.sound == nil)
        #expect(late.candidate.adjustments.map(\.policy) == [.quietHours])
        let day = try #require(plan.entry("day"))
        #expect(day.request.content.interruptionLevel == .active)
        #expect(day.request.content.sound == .default)
        #expect(day.candidate.adjustments.isEmpty)
    }

    // MARK: Overrides

    func rule(_ id: String, group: String?) -> ScheduledRule {
        once(id, wall(2026, 1, 10, 23, 30), group: group)
    }

    @Test func groupOverridesWinOverTheDefaultMode() throws {
        let quiet = QuietHours(
            start: time(22, 0), end: time(7, 0), mode: .suppress,
            overrides: [
                "alarm": .exempt, "news": .mode(.quiet), "digest": .mode(.defer),
            ])
        let plan = plan(
            [
                rule("alarm", group: "alarm"), rule("news", group: "news"), rule("digest", group: "digest"), rule("promo", group: "promo"),
                rule("plain", group: nil),
            ], quiet)
        // Exempt: untouched, at 23:30 with sound.
        let alarm = try #require(plan.entry("alarm"))
        #expect(alarm.candidate.fireDate == utc(2026, 1, 11, 4, 30))
        #expect(alarm.request.content.interruptionLevel == .active)
        #expect(alarm.request.content.sound == .default)
        #expect(alarm.candidate.adjustments.isEmpty)
        // Its own mode: quiet.
        #expect(try #require(plan.entry("news")).request.content.interruptionLevel == .passive)
        // Its own mode: deferred to 07:00.
        #expect(try #require(plan.entry("digest")).candidate.fireDate == utc(2026, 1, 11, 12, 0))
        // No override: the default mode, suppress.
        #expect(plan.drop("promo")?.reason == .quietHours)
        #expect(plan.drop("plain")?.reason == .quietHours)
        #expect(plan.entries.count == 3)
    }

    @Test func anOverrideCanBeStricterThanTheDefault() {
        let quiet = QuietHours(start: time(22, 0), end: time(7, 0), mode: .quiet, overrides: ["promo": .mode(.suppress)])
        let plan = plan([rule("promo", group: "promo"), rule("other", group: "other")], quiet)
        #expect(plan.candidateIDs == ["other"])
        #expect(plan.drop("promo")?.reason == .quietHours)
    }
}
