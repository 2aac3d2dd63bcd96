import Bugle
import BugleSimulator
import Foundation
import Testing

/// The center's pending count over time, and the quiet hours a result carries: what the HTML
/// page draws.
@Suite struct PendingSamplesTests {
    let start = TimeParsing.instant("2026-03-01T07:00-05:00")!

    func request(_ id: String, at local: String) -> NotificationRequest {
        NotificationRequest(id: id, fireTime: .wallClock(TimeParsing.dateTime(local)!.local), content: NotificationContent(title: id, body: ""))
    }

    @Test func oneSamplePerChangeWithTheCountAfterIt() async throws {
        let device = SimulatedDevice(now: start, timeZone: TimeZone(identifier: "America/New_York")!)
        let center = SimulatedCenter(device: device)
        #expect(await center.pendingSamples == [.init(at: start, count: 0)])
        for (id, time) in [("a", "2026-03-01T08:00"), ("b", "2026-03-01T09:00"), ("c", "2026-03-01T10:00")] {
            try await center.add(request(id, at: time))
        }
        await center.advance(to: start.addingTimeInterval(2.5 * 3600))
        // Three adds at the start are one sample; each delivery is one more, at its moment.
        #expect(
            await center.pendingSamples == [
                .init(at: start, count: 3),
                .init(at: start.addingTimeInterval(3600), count: 2),
                .init(at: start.addingTimeInterval(2 * 3600), count: 1),
            ])
    }

    @Test func aZoneChangeThatLeavesARequestBehindLowersTheCount() async throws {
        let device = SimulatedDevice(now: start, timeZone: TimeZone(identifier: "America/New_York")!)
        let center = SimulatedCenter(device: device)
        try await center.add(request("tonight", at: "2026-03-01T19:00"))
        try await center.add(request("tomorrow", at: "2026-03-02T19:00"))
        let noon = start.addingTimeInterval(5 * 3600)
        await center.advance(to: noon)
        // 12:00 in New York is 02:00 on 03-02 in Tokyo: 19:00 on 03-01 is behind the clock there.
        await center.changeTimeZone(to: TimeZone(identifier: "Asia/Tokyo")!)
        #expect(await center.missed.map { $0.request.id } == ["tonight"])
        #expect(await center.pendingSamples == [.init(at: start, count: 2), .init(at: noon, count: 1)])
        // 19:00 on 03-02 in Tokyo is 10:00 UTC.
        await center.advance(to: start.addingTimeInterval(23 * 3600))
        #expect(await center.pendingSamples.last == .init(at: TimeParsing.instant("2026-03-02T10:00Z")!, count: 0))
    }

    @Test(arguments: exampleFiles())
    func resultSamplesRunFromTheStartToTheCountAtTheEnd(path: String) async throws {
        let result = try await ScenarioRunner(scenario: loadScenario(path)).run()
        let samples = result.pendingSamples
        #expect(samples.first?.at == result.start)
        #expect(samples.last?.count == result.pendingAtEnd)
        #expect(samples.allSatisfy { $0.at >= result.start && $0.at <= result.end && $0.count <= result.peakPending })
        // Samples carry the device's wall-clock time: when the user sets the clock by hand it
        // can go back, and the order below holds only for runs without that.
        guard !result.appEvents.contains(where: { $0.text.hasPrefix("clock set to") }) else { return }
        #expect(zip(samples, samples.dropFirst()).allSatisfy { $0.at < $1.at })
        // After each delivery the count is lower than just before it.
        for delivery in result.deliveries {
            let before = samples.last { $0.at < delivery.at }
            let after = samples.last { $0.at <= delivery.at }
            if let before, let after { #expect(after.count < before.count) }
        }
    }

    @Test func resultCarriesTheScenarioQuietHours() async throws {
        let result = try await ScenarioRunner(scenario: loadScenario(packageRoot.appendingPathComponent("Examples/quiet-hours-and-caps.yaml").path)).run()
        #expect(
            result.quietHours == [
                QuietHours(
                    start: LocalTime("22:00"), end: LocalTime("07:00"), mode: .defer,
                    overrides: ["digest": .mode(.quiet), "urgent": .exempt])
            ])
        let none = try await simulate("start: 2026-03-01T07:00\ntimeZone: UTC\ndays: 1\nrules: []\n")
        #expect(none.quietHours.isEmpty)
    }
}
