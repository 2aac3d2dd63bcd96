import Bugle
import BugleSimulator
import Foundation
import Testing

/// Scenario files that declare a learned send time, a fatigue back-off and a user who taps:
/// Examples/learned-send-time.yaml as the user sees it, and every bad value named with its line.
@Suite struct LearningScenarioTests {
    static let practice = "Practice"
    static let pause = "We'll pause your practice reminders"

    @Test func theExampleMovesTheSendTimeToTheUsersHourThenPausesAndResumes() async throws {
        let result = try await ScenarioRunner(scenario: loadScenario(packageRoot.appendingPathComponent("Examples/learned-send-time.yaml").path)).run()
        let shown = result.deliveries.map { (day: $0.localTime.date.description, time: $0.localTime.time, title: $0.title, body: $0.body) }
        let (seven, eight, ten) = (try LocalTime(parsing: "07:00"), try LocalTime(parsing: "08:00"), try LocalTime(parsing: "10:00"))
        // Every delivery is inside the window; day one is the configured 09:00.
        #expect(shown.allSatisfy { $0.time >= seven && $0.time < ten })
        #expect(shown.first.map { "\($0.day) \($0.time) \($0.title)" } == "2026-03-02 09:00 Practice")
        // The last week the user answers (03-18 to 03-24), the reminder comes before 08:00, the
        // hour the user opens in.
        let lastWeek = shown.filter { $0.day >= "2026-03-18" && $0.day <= "2026-03-24" }
        #expect(lastWeek.count == 7)
        #expect(lastWeek.filter { $0.time < eight }.count >= 6)
        // The user taps only what comes before 08:00.
        let taps = result.appEvents.filter { $0.text.hasPrefix("notification opened: ") }.map { $0.text.dropFirst("notification opened: bugle.".count) }
        let early = Set(result.deliveries.filter { $0.localTime.time < eight && $0.localTime.date.description <= "2026-03-24" }.map { $0.id.dropFirst(6) })
        #expect(!taps.isEmpty && taps.allSatisfy { early.contains($0) })
        // From 03-25 the user is away: four days (four ignored in a row had less than a 1 %
        // chance from a user who answered most of them), then every other day, then the last
        // notice after five ignored, then nothing until the app is opened on 04-08; then daily again.
        let away = shown.filter { $0.day >= "2026-03-25" }.map { "\($0.day) \($0.title)" }
        #expect(
            away == [
                "2026-03-25 \(Self.practice)", "2026-03-26 \(Self.practice)", "2026-03-27 \(Self.practice)", "2026-03-28 \(Self.practice)",
                "2026-03-30 \(Self.practice)", "2026-04-01 \(Self.pause)", "2026-04-09 \(Self.practice)", "2026-04-10 \(Self.practice)",
                "2026-04-11 \(Self.practice)",
            ])
        #expect(
            shown.first { $0.title == Self.pause }?.body == "You haven't opened the last few. Open the app any time to get them back.")
        #expect(result.dropped.allSatisfy { $0.reason == "fatigue" })
        #expect(result.dropped.contains { $0.detail.hasPrefix("paused: 6 ignored in a row") })
    }

    @Test func theSameFileGivesTheSameTimes() async throws {
        let path = packageRoot.appendingPathComponent("Examples/learned-send-time.yaml").path
        let first = try await ScenarioRunner(scenario: loadScenario(path)).run().deliveries.map { "\($0.id) \($0.at)" }
        let second = try await ScenarioRunner(scenario: loadScenario(path)).run().deliveries.map { "\($0.id) \($0.at)" }
        #expect(first == second)
    }

    static let header = "start: 2026-03-02T06:00\ntimeZone: UTC\n"

    static func error(_ yaml: String) -> ScenarioError? {
        do {
            _ = try ScenarioParser.parse(header + yaml, file: "s.yaml")
            return nil
        } catch {
            return error as? ScenarioError
        }
    }

    static func learned(_ settings: String, time: String = "09:00") -> String {
        "rules:\n  - id: p\n    daily: \"\(time)\"\n    title: P\n    timing: { learned: { \(settings) } }\n"
    }

    @Test(arguments: [
        ("window: \"07:00-10:00\", slot: 3m", "rules[0].timing.learned.slot: expected a duration from 5m to 4h, found \"3m\""),
        ("window: \"07:00-10:00\", slot: 90s", "rules[0].timing.learned.slot: expected a duration from 5m to 4h, found \"90s\""),
        ("window: \"07:00-10:00\", slot: 450s", "rules[0].timing.learned.slot: a slot is whole minutes; found \"450s\""),
        ("window: \"07:00-10:00\", attribution: 1m", "rules[0].timing.learned.attribution: expected a duration from 5m to 1d, found \"1m\""),
        ("window: \"07:00-10:00\", halfLife: 400d", "rules[0].timing.learned.halfLife: expected a duration from 1d to 365d, found \"400d\""),
        ("window: \"07:00-10:00\", priorHalfLife: 1h", "rules[0].timing.learned.priorHalfLife: expected a duration from 12h to 60d, found \"1h\""),
        ("window: \"07:00-10:00\", priorWeight: 101", "rules[0].timing.learned.priorWeight: expected a number from 0 to 100, found \"101\""),
        ("window: \"07:00-10:00\", neighbourWidth: -1", "rules[0].timing.learned.neighbourWidth: expected a number from 0 to 12, found \"-1\""),
        ("window: \"07:00-10:00\", splitWeekend: maybe", "rules[0].timing.learned.splitWeekend: expected true or false, found \"maybe\""),
        ("window: \"7-10\"", "rules[0].timing.learned.window: \"7-10\" is not a window; expected two times of day, HH:MM-HH:MM (07:00-10:00)"),
        ("window: \"10:00-07:00\"", "rules[0].timing.learned.window: 10:00-07:00 ends before it starts; a window lies within one day"),
        ("window: \"08:55-09:05\"", "rules[0].timing.learned.window: 08:55-09:05 is shorter than one slot of 15 min"),
        (
            "window: \"06:00-08:00\"",
            "rules[0].timing.learned.window: 06:00-08:00 does not hold the rule's time, 09:00, where learning starts; widen the window or move the time"
        ),
        ("slot: 15m", "rules[0].timing.learned: missing required key \"window\""),
    ])
    func aBadLearnedTimingIsNamedWithItsLine(settings: String, message: String) throws {
        let error = try #require(Self.error(Self.learned(settings)))
        #expect(error.line == 7)
        #expect(error.message == message)
    }

    @Test func onlyARepeatingRuleLearns() throws {
        let error = try #require(
            Self.error("rules:\n  - { id: p, at: 2026-03-03T09:00, title: P, timing: { learned: { window: \"07:00-10:00\" } } }\n"))
        #expect(error.line == 4)
        #expect(error.message == "rules[0].timing: only a daily, weekly or every rule learns its send time; p has at:")
        let unknown = try #require(Self.error("rules:\n  - { id: p, daily: \"09:00\", title: P, timing: sometimes }\n"))
        #expect(unknown.message.hasPrefix("rules[0].timing: unknown timing \"sometimes\"; expected fixed or"))
    }

    @Test(arguments: [
        ("reduceAfter: 0", "policies.fatigue.reduceAfter: expected a whole number from 1 to 29, found \"0\""),
        ("reduceAfter: 4, pauseAfter: 4", "policies.fatigue.pauseAfter: expected a whole number from 5 to 30, found \"4\""),
        ("pauseAfter: 31", "policies.fatigue.pauseAfter: expected a whole number from 4 to 30, found \"31\""),
        ("reducedEvery: 1", "policies.fatigue.reducedEvery: expected a whole number from 2 to 30, found \"1\""),
        ("attribution: 2d", "policies.fatigue.attribution: expected a duration from 5m to 1d, found \"2d\""),
        ("lastNotice: { title: \" \" }", "policies.fatigue.lastNotice.title: a notification needs a title; found an empty one"),
        ("often: 3", "policies.fatigue: unknown key \"often\""),
    ])
    func aBadFatigueSettingIsNamedWithItsLine(settings: String, message: String) throws {
        let error = try #require(Self.error("rules: []\npolicies:\n  fatigue: { \(settings) }\n"))
        #expect(error.line == 5)
        #expect(error.message.hasPrefix(message))
    }

    @Test(arguments: [
        ("opens: \"08:00-08:00\"", "user.opens: \"08:00-08:00\" is not a span of hours"),
        ("opens: \"07:00-08:00\", chance: 1.5", "user.chance: expected a number from 0 to 1, found \"1.5\""),
        ("opens: \"07:00-08:00\", after: 3h", "user.after: expected a duration from 0s to 2h, found \"3h\""),
        ("opens: \"07:00-08:00\", from: 2026-03-05, until: 2026-03-04", "user.until: 2026-03-04 is before from, 2026-03-05"),
        ("chance: 1", "user: missing required key \"opens\""),
    ])
    func aBadUserIsNamedWithItsLine(settings: String, message: String) throws {
        let error = try #require(Self.error("rules: []\nuser: { \(settings) }\n"))
        #expect(error.line == 4)
        #expect(error.message.hasPrefix(message))
    }

    @Test func openingANotificationThatWasNotDeliveredIsAnError() async throws {
        let yaml =
            Self.header + "rules:\n  - { id: p, daily: \"09:00\", title: P }\nevents:\n  - { at: 2026-03-02T06:05, open: {} }\n"
            + "  - { at: 2026-03-02T08:00, openNotification: p }\n"
        await #expect {
            _ = try await ScenarioRunner(scenario: ScenarioParser.parse(yaml, file: "s.yaml")).run()
        } throws: { error in
            (error as? ScenarioError)?.description
                == "s.yaml:7: error: events[1].openNotification: no notification of the rule p has been delivered yet"
        }
    }

    @Test func openingANotificationEndsARunOfIgnoredOnes() async throws {
        // Ignored on 03-02, opened on 03-03 at 10:00: the run starts again there, so the back-off
        // after 2 ignored (whatever the open rate) thins out only after 03-04 and 03-05 are ignored.
        let yaml =
            Self.header + """
                rules:
                  - { id: p, daily: "09:00", title: P, timing: { learned: { window: "08:00-10:00" } } }
                policies:
                  fatigue: { reduceAfter: 2, pauseAfter: 3, minimumOpenRate: 1 }
                events:
                  - { at: 2026-03-02T06:05, open: {} }
                  - { at: 2026-03-03T10:00, openNotification: p }
                  - { at: 2026-03-04T12:00, backgroundRefresh: {} }
                  - { at: 2026-03-05T12:00, backgroundRefresh: {} }
                days: 5

                """
        let result = try await ScenarioRunner(scenario: ScenarioParser.parse(yaml)).run()
        #expect(result.deliveries.map { String($0.localTime.date.description.suffix(2)) } == ["02", "03", "04", "05"])
        #expect(result.appEvents.contains { $0.text == "notification opened: bugle.p@2026-03-03" })
        #expect(result.dropped.map { "\($0.id) \($0.reason)" } == ["bugle.p@2026-03-06 fatigue"])
    }
}
