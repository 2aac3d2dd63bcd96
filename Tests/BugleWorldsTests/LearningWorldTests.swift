import Bugle
import BugleSimulator
import BugleWorlds
import Foundation
import XCTest

/// Random worlds with rules that learn their send time, a fatigue back-off and a user who taps:
/// the generator draws them, the checks keep them in their window and paused when paused, and
/// a learner planted to send outside its window is caught.
final class LearningWorldTests: XCTestCase {
    /// A rule learning in 08:00–09:00 that nobody answers, refreshed every day at noon.
    static let narrowWindow = """
        start: 2026-03-02T06:00
        timeZone: Europe/Berlin
        days: 12
        rules:
          - { id: r0, daily: "08:30", title: r0, timing: { learned: { window: "08:00-09:00", slot: 15m, priorWeight: 0 } } }
        events:
        \((2...13).map { String(format: "  - { at: 2026-03-%02dT12:00, open: {} }", $0) }.joined(separator: "\n"))

        """

    func testALearnerOutsideItsWindowIsCaughtAndTheHonestOneIsNot() async throws {
        let scenario = try ScenarioParser.parse(Self.narrowWindow)
        let honest = await WorldCheck.run(scenario, store: false)
        XCTAssertEqual(honest.violations, [])
        XCTAssertEqual(honest.deliveries, 11)
        let planted = await WorldCheck.run(scenario, store: false, options: WorldOptions(widenLearnedWindows: true))
        let caught = planted.violations.filter { $0.invariant == "window" }
        XCTAssertFalse(caught.isEmpty, "\(planted.violations)")
        XCTAssertTrue(caught.allSatisfy { $0.message.contains("outside its learned window 08:00–09:00") }, "\(caught)")
    }

    /// The last notice comes at 09:00; a refresh at 09:30, while its answer is not known yet,
    /// plans nothing more; then the app is not refreshed for days: one notice, then silence.
    func testAPausedRuleSendsOneNoticeEvenWhenARefreshComesBeforeItsAnswer() async throws {
        let yaml = """
            start: 2026-03-02T06:00
            timeZone: Europe/London
            days: 12
            rules:
              - { id: r0, daily: "09:00", title: r0 }
            policies:
              fatigue: { reduceAfter: 1, pauseAfter: 2, reducedEvery: 2, minimumOpenRate: 1, lastNotice: { title: paused } }
            events:
              - { at: 2026-03-02T06:05, open: {} }
              - { at: 2026-03-02T12:00, backgroundRefresh: {} }
              - { at: 2026-03-04T12:00, backgroundRefresh: {} }
              - { at: 2026-03-06T09:30, backgroundRefresh: {} }

            """
        let outcome = await WorldCheck.run(try ScenarioParser.parse(yaml), store: false)
        XCTAssertEqual(outcome.violations, [])
        // "delivered <id> at <time> in <zone>: <title> | <body> | <level>": the id and the title.
        let shown = outcome.digest.split(separator: "\n").filter { $0.hasPrefix("delivered ") }.map { line in
            "\(line.split(separator: " ")[1]) \(line.split(separator: ": ", maxSplits: 1)[1].components(separatedBy: " | ")[0])"
        }
        XCTAssertEqual(shown, ["bugle.r0@2026-03-02 r0", "bugle.r0@2026-03-04 r0", "bugle.r0@2026-03-06 paused"])
    }

    /// Among the first plain-rule worlds, some learn, some back off, some have a user who taps,
    /// and all keep every promise. (A pause needs a reminder ignored several times with the app
    /// refreshed in between, which few short random worlds reach; the test above and the
    /// examples, checked in `RandomWorldTests`, reach it.)
    func testThePlainWorldsDrawLearningFatigueAndAUser() async {
        var (learned, fatigue, user) = (0, 0, 0)
        var seed: UInt64 = 0
        var checked = 0
        while checked < 60 {
            seed += 1
            let world = World(seed: seed)
            guard world.kind == "rules" else { continue }
            checked += 1
            let yaml = world.yaml
            if yaml.contains("timing: { learned:") { learned += 1 }
            if yaml.contains("fatigue:") { fatigue += 1 }
            if yaml.contains("user: {") { user += 1 }
            let outcome = await WorldCheck.run(world)
            XCTAssertEqual(outcome.violations, [], "world \(seed)")
        }
        XCTAssertGreaterThan(learned, 5)
        XCTAssertGreaterThan(fatigue, 5)
        XCTAssertGreaterThan(user, 5)
    }
}

extension LearningWorldTests {
    /// World 8441, shrunk: a learned 22:xx deferred by quiet hours to their end, 02:45, on the
    /// night St. John's springs forward at 02:00: shown at 03:45, where the gap moves 02:45.
    /// Policy moved it, so the window check lets it be.
    func testADeferralIntoADaylightSavingGapIsNotAWindowBreak() async throws {
        let yaml = """
            start: 2026-03-06T02:20Z
            timeZone: America/St_Johns
            days: 9
            state: { on_r0: true, on_r1: true, on_r2: true }
            user: { opens: "18:30-06:00", chance: 0.4, after: 44m, seed: 409 }
            learningSeed: 191031
            policies:
              quietHours: { start: "21:30", end: "02:45", mode: defer }
            rules:
              - { id: r3, daily: "21:45", timing: { learned: { window: "19:45-23:00", slot: 10m, neighbourWidth: 0, splitWeekend: true } }, title: "r3 title", body: "r3 body", group: g2 }
            events:
              - { at: 2026-03-06T02:31Z, open: {} }

            """
        let outcome = await WorldCheck.run(try ScenarioParser.parse(yaml), store: false)
        XCTAssertEqual(outcome.violations, [])
        XCTAssertTrue(outcome.digest.contains("delivered bugle.r3@2026-03-07 at 1772950500 in America/St_Johns"), outcome.digest)
    }
}
