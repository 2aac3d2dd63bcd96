import Bugle
import BugleSimulator
import Foundation
import Testing

/// A clock set by hand moves the wall clock, not time: the monotonic clock stays, triggers
/// keep their instants, and later events are read on the device's new time.
@Suite struct ClockChangeTests {
    let start = Date(timeIntervalSince1970: 1_780_000_000)

    @Test func uptimeCountsTimeNotClockChanges() async {
        let device = SimulatedDevice(now: start, timeZone: TimeZone(identifier: "UTC")!)
        let center = SimulatedCenter(device: device)
        await center.advance(to: start.addingTimeInterval(600))
        #expect(device.uptime == 600)
        await center.setClock(to: start.addingTimeInterval(86_400))
        #expect(device.uptime == 600)
        await center.advance(to: start.addingTimeInterval(86_400 + 60))
        #expect(device.uptime == 660)
        await center.setClock(to: start)
        #expect(device.uptime == 660 && device.now == start)
    }

    @Test func settingTheClockForwardDeliversWhatItPassesWithoutTimePassing() async throws {
        let device = SimulatedDevice(now: start, timeZone: TimeZone(identifier: "UTC")!)
        let center = SimulatedCenter(device: device)
        let fire = start.addingTimeInterval(3600)
        try await center.add(
            NotificationRequest(
                id: "a", fireTime: .zoned(ZonedInstant(date: fire, timeZone: device.timeZone)), content: NotificationContent(title: "A", body: "")))
        let delivered = await center.setClock(to: start.addingTimeInterval(7200))
        #expect(delivered.map(\.notification.id) == ["a"])
        #expect(delivered.first?.notification.date == fire)
        #expect(device.now == start.addingTimeInterval(7200))
        #expect(device.uptime == 0)
    }

    static let yaml = """
        start: 2026-03-02T08:00
        timeZone: Europe/Paris
        days: 2
        policies: { noRenotify: 12h }
        rules:
          - { id: evening, daily: "20:00", title: Evening, dedupeKey: evening }
        events:
          - { at: 2026-03-02T08:05, open: {} }
          - { at: 2026-03-02T09:00, clock: 2026-03-02T21:00 }
          - { at: 2026-03-02T21:30, clock: 2026-03-02T09:30 }
          - { at: 2026-03-02T12:00, open: {} }
        """

    @Test func eventsAfterAClockChangeAreOnTheNewTime() async throws {
        let result = try await ScenarioRunner(scenario: ScenarioParser.parse(Self.yaml)).run()
        // 20:00 fired when the clock was set to 21:00 (at the instant it stood for), then at
        // the next day's 20:00. Set back to 09:30, the day's 20:00 is ahead again, but its
        // dedupe key was notified at that very moment: it is not planned twice.
        #expect(result.deliveries.map { localTime(of: $0).description } == ["2026-03-02T20:00", "2026-03-03T20:00"])
        #expect(result.appEvents.contains { $0.text == "clock set to 2026-03-02T09:30" })
    }

    @Test func anEventBeforeTheDevicesNewTimeIsAnError() async throws {
        let yaml = Self.yaml.replacingOccurrences(of: "  - { at: 2026-03-02T21:30, clock: 2026-03-02T09:30 }\n", with: "")
        do {
            _ = try await ScenarioRunner(scenario: ScenarioParser.parse(yaml)).run()
            Issue.record("an event before the device's clock was accepted")
        } catch let error as ScenarioError {
            #expect(error.line == 10)
            #expect(error.message.contains("events must be in time order on the device's clock"))
        }
    }

    /// A recipe that answers lifecycle signals itself and remembers them in its storage.
    struct LifecycleRecipe: ScenarioRecipe {
        static let name = "lifecycle"
        static let settingKeys: [String] = []
        static let eventKeys = ["ping"]

        init(settings: ScenarioObject, setup: ScenarioSetup) throws {}

        var rules: [any Rule] { [] }

        func parseEvent(key: String, value: ScenarioValue) throws -> JSONValue { .null }

        func handle(_ event: RecipeEvent, context: RecipeContext) async throws {
            let seen = try context.stored([String].self, forKey: "seen") ?? []
            context.note("ping after \(seen.joined(separator: ", ")); uptime \(Int(context.uptime)) s")
        }

        func respond(to reason: RefreshReason, context: RecipeContext) async throws {
            let seen = try context.stored([String].self, forKey: "seen") ?? []
            try context.store(seen + [reason.rawValue], forKey: "seen")
            context.note("\(reason.rawValue) at \(ISO8601.string(from: context.now, timeZone: context.timeZone))", at: context.now)
        }
    }

    @Test func recipesAnswerLifecycleSignals() async throws {
        let yaml = """
            start: 2026-03-02T08:00
            timeZone: UTC
            days: 1
            recipe: lifecycle
            events:
              - { at: 2026-03-02T08:10, open: {} }
              - { at: 2026-03-02T08:20, clock: 2026-03-02T10:00 }
              - { at: 2026-03-02T10:05, background: {} }
              - { at: 2026-03-02T10:06, ping: {} }
            """
        let result = try await ScenarioRunner(scenario: ScenarioParser.parse(yaml, recipes: [LifecycleRecipe.self])).run()
        let notes = result.appEvents.map(\.text)
        // The clock change reaches the recipe on the new time; real time went on 26 minutes
        // (20 before the change, 6 after).
        #expect(notes.contains("launch at 2026-03-02T08:10:00Z"))
        #expect(notes.contains("clockChanged at 2026-03-02T10:00:00Z"))
        #expect(notes.contains("ping after launch, clockChanged, background; uptime 1560 s"))
        #expect(result.refreshes.isEmpty)
    }
}
