import Bugle
import Foundation
import Testing

/// A recorder keeps the last events, in order, and no more than its limit: a scheduler that
/// runs for months holds a bounded amount of memory.
@Suite("EventRecorder: the last events, bounded")
struct EventRecorderTests {
    let zoneID = "America/New_York"

    func refreshed(_ minute: Int) -> SchedulerEvent {
        .refreshed(reason: .foreground, at: Date(timeIntervalSince1970: TimeInterval(1_800_000_000 + 60 * minute)))
    }

    @Test func keepsEveryEventUpToItsLimitThenTheLastOnesInOrder() throws {
        let recorder = try EventRecorder(limit: 3)
        for minute in 0..<2 { recorder.record(refreshed(minute)) }
        #expect(recorder.events == [refreshed(0), refreshed(1)])
        #expect(recorder.dropped == 0)
        for minute in 2..<8 { recorder.record(refreshed(minute)) }
        #expect(recorder.events == [refreshed(5), refreshed(6), refreshed(7)])
        #expect(recorder.dropped == 5)
        // Once more around the ring: still oldest first.
        recorder.record(refreshed(8))
        #expect(recorder.events == [refreshed(6), refreshed(7), refreshed(8)])
        #expect(recorder.dropped == 6)
    }

    @Test func aLimitOfOneKeepsTheLastEvent() throws {
        let recorder = try EventRecorder(limit: 1)
        for minute in 0..<4 { recorder.record(refreshed(minute)) }
        #expect(recorder.events == [refreshed(3)])
        #expect(recorder.dropped == 3)
    }

    @Test func aLimitOutsideItsRangeIsRefusedWithTheRangeInTheMessage() {
        for limit in [0, -1, 1_000_001, Int.max, Int.min] {
            #expect {
                _ = try EventRecorder(limit: limit)
            } throws: { error in
                (error as? EventRecorderError)?.description == "event recorder: a limit of \(limit) events is outside 1…1000000"
            }
        }
        #expect((try? EventRecorder(limit: 1_000_000))?.limit == 1_000_000)
        #expect(EventRecorder().limit == 1_000)
    }

    @Test func threadsRecordingAtOnceLoseNothingButTheOldest() async throws {
        let recorder = try EventRecorder(limit: 500)
        await withTaskGroup(of: Void.self) { group in
            for thread in 0..<8 {
                group.addTask {
                    for index in 0..<250 { recorder.record(refreshed(thread * 1_000 + index)) }
                }
            }
        }
        #expect(recorder.events.count == 500)
        #expect(recorder.dropped == 1_500)
        // Each thread's events stay in its own order.
        let minutes = recorder.events.map { Int(($0.date.timeIntervalSince1970 - 1_800_000_000) / 60) }
        for thread in 0..<8 {
            let own = minutes.filter { $0 / 1_000 == thread }
            #expect(own == own.sorted())
        }
    }

    /// A scheduler refreshed every hour for a long time, with the default recorder's limit
    /// made small: it keeps the last events, the latest refresh among them.
    @Test func aSchedulerThatRunsLongKeepsOnlyTheLastEvents() async throws {
        let center = FakeCenter()
        let clock = ManualClock(at(zoneID, 2026, 1, 5, 7, 0))
        let recorder = try EventRecorder(limit: 200)
        let calendar = gregorian(zoneID)
        let scheduler = Scheduler(
            planner: Planner(rules: [daily("a", 9, 0), daily("b", 20, 0)], budget: budget(10)), center: center,
            environment: SchedulerEnvironment(now: { clock.now }, calendar: { calendar }), sink: recorder)
        for _ in 0..<24 * 30 {
            try await scheduler.refresh(reason: .foreground)
            clock.advance(3_600)
        }
        let events = recorder.events
        #expect(events.count == 200)
        #expect(recorder.dropped > 700)
        #expect(events.last(where: { $0.kind == "refreshed" })?.date == clock.now.addingTimeInterval(-3_600))
        let refreshes = events.filter { $0.kind == "refreshed" }.map(\.date)
        #expect(refreshes == refreshes.sorted())
    }
}
