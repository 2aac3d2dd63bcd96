import Bugle
import BugleApple
import Foundation
import Testing

/// A background refresh task: the next run asked for first, the system's expiration heard,
/// the task completed exactly once; and the background time that lets a refresh finish
/// after the app leaves the foreground.
@Suite struct BackgroundTaskTests {
    @Test func theNextRunIsAskedForBeforeTheRefreshStarts() async {
        let log = Log()
        let runner = BackgroundTaskRunner { log.append("completed \($0)") }
        let success = await runner.run(
            submitNext: {
                log.append("submitting")
                await yieldMany()
                log.append("submitted")
            },
            work: { log.append("refreshing") })
        #expect(success)
        #expect(log.entries == ["submitting", "submitted", "refreshing", "completed true"])
    }

    @Test func expirationCancelsTheRefreshAndCompletesWithFalseOnce() async {
        let log = Log()
        let runner = BackgroundTaskRunner { log.append("completed \($0)") }
        let run = Task {
            await runner.run(submitNext: {}) {
                log.append("refreshing")
                await waitForCancellation()
                log.append("refresh cancelled")
            }
        }
        await eventually { log.entries.contains("refreshing") }
        runner.expire()
        // The task is completed at once, without waiting for the refresh to wind down.
        #expect(log.entries.filter { $0.hasPrefix("completed") } == ["completed false"])
        #expect(await run.value == false)
        await eventually { log.entries.contains("refresh cancelled") }
        runner.expire()
        #expect(log.entries.filter { $0.hasPrefix("completed") } == ["completed false"])
    }

    @Test func completionHappensOnceWhenExpirationRacesTheEnd() async {
        for _ in 0..<300 {
            let log = Log()
            let runner = BackgroundTaskRunner { log.append("completed \($0)") }
            let expiration = Task.detached {
                await Task.yield()
                runner.expire()
            }
            let success = await runner.run(submitNext: {}, work: { await Task.yield() })
            await expiration.value
            runner.expire()
            #expect(log.entries == ["completed \(success)"])
        }
    }

    @Test func expirationWhileAskingForTheNextRunStartsNoRefresh() async {
        let log = Log()
        let gate = Gate()
        let runner = BackgroundTaskRunner { log.append("completed \($0)") }
        let run = Task {
            await runner.run(
                submitNext: {
                    await gate.wait()
                    log.append("submitted")
                },
                work: { log.append("refreshing") })
        }
        await eventually { runner.phase == .submitting }
        runner.expire()
        #expect(log.entries == ["completed false"])
        gate.open()
        #expect(await run.value == false)
        // The next run is still asked for; the refresh never starts.
        #expect(log.entries == ["completed false", "submitted"])
    }

    @Test func cancellingTheRunExpiresIt() async {
        // SwiftUI cancels a `.backgroundTask` closure when the system's time is up.
        let log = Log()
        let runner = BackgroundTaskRunner { log.append("completed \($0)") }
        let run = Task {
            await runner.run(submitNext: {}) {
                log.append("refreshing")
                await waitForCancellation()
                log.append("refresh cancelled")
            }
        }
        await eventually { log.entries.contains("refreshing") }
        run.cancel()
        #expect(await run.value == false)
        await eventually { log.entries.contains("refresh cancelled") }
        #expect(log.entries.filter { $0.hasPrefix("completed") } == ["completed false"])
    }

    @Test func aSecondRunNeitherAsksAgainNorRefreshesAgain() async {
        let log = Log()
        let gate = Gate()
        let runner = BackgroundTaskRunner { log.append("completed \($0)") }
        let first = Task {
            await runner.run(submitNext: { log.append("submitted") }) {
                log.append("refreshing")
                await gate.wait()
            }
        }
        await eventually { log.entries.contains("refreshing") }
        let second = Task { await runner.run(submitNext: { log.append("submitted") }, work: { log.append("refreshing") }) }
        await yieldMany()
        gate.open()
        #expect(await first.value)
        #expect(await second.value)
        #expect(log.entries == ["submitted", "refreshing", "completed true"])
    }

    @Test func expirationCancelsTheRefresherWorkAndTheRefresherSettles() async {
        let clock = ManualClock()
        let log = Log()
        let refresher = LifecycleRefresher(clock: clock, quietPeriod: .milliseconds(500)) { reason in
            log.append("refresh \(reason.rawValue)")
            await waitForCancellation()
            log.append("refresh cancelled")
        }
        let runner = BackgroundTaskRunner { log.append("completed \($0)") }
        let run = Task {
            await runner.run(submitNext: { log.append("submitted") }) {
                await refresher.refreshCancellably(.backgroundRefresh)
            }
        }
        // A background refresh is urgent: it does not wait for the quiet period.
        await eventually { log.entries.contains("refresh backgroundTask") }
        runner.expire()
        #expect(await run.value == false)
        await eventually { log.entries.contains("refresh cancelled") }
        await refresher.settle()
        #expect(log.entries.prefix(2) == ["submitted", "refresh backgroundTask"])
        #expect(Set(log.entries.dropFirst(2)) == ["completed false", "refresh cancelled"])
    }

    @Test func settleReturnsWhenItsTaskIsCancelled() async {
        let clock = ManualClock()
        let gate = Gate()
        let refresher = LifecycleRefresher(clock: clock, quietPeriod: .zero) { _ in await gate.wait() }
        // The refresh waits for the gate; a cancelled wait for it does not.
        refresher.send(.backgroundRefresh)
        let waiting = Task { await refresher.settle() }
        await yieldMany()
        waiting.cancel()
        await waiting.value
        gate.open()
        await refresher.settle()
    }

    // MARK: Background time

    @Test func aRefreshEndsItsBackgroundTimeOnceWhenItFinishes() async {
        let source = FakeTimeSource()
        let log = Log()
        await BackgroundTime.run(source, name: "refresh") { log.append("refreshed") }
        #expect(log.entries == ["refreshed"])
        #expect(await source.begun == ["refresh"])
        #expect(await source.ended == [1])
    }

    @Test func expirationCancelsTheRefreshAndEndsTheTimeInsideTheHandler() async {
        let source = FakeTimeSource()
        let log = Log()
        let run = Task {
            await BackgroundTime.run(source, name: "refresh") {
                log.append("refreshing")
                await waitForCancellation()
                log.append("refresh cancelled")
            }
        }
        await eventually { log.entries.contains("refreshing") }
        await eventuallyAsync { await source.begun.count == 1 }
        // UIKit ends the app unless the handler itself gives the time back.
        let endedInHandler = await source.expire()
        #expect(endedInHandler == [1])
        await run.value
        #expect(log.entries == ["refreshing", "refresh cancelled"])
        #expect(await source.ended == [1])
    }

    @Test func withoutBackgroundTimeTheRefreshStillRuns() async {
        let refusing = FakeTimeSource(gives: false)
        let log = Log()
        await BackgroundTime.run(refusing, name: "refresh") { log.append("refreshed") }
        await BackgroundTime.run(nil, name: "refresh") { log.append("refreshed") }
        #expect(log.entries == ["refreshed", "refreshed"])
        #expect(await refusing.ended.isEmpty)
    }

    @Test func backgroundTimeStateEndsOnceWhateverTheOrder() {
        var expiredFirst = BackgroundTimeState()
        #expect(expiredFirst.expire() == nil)
        #expect(expiredFirst.began(7) == 7)
        #expect(expiredFirst.finish() == nil)
        var finishedFirst = BackgroundTimeState()
        #expect(finishedFirst.began(7) == nil)
        #expect(finishedFirst.finish() == 7)
        #expect(finishedFirst.expire() == nil)
    }

    @Test func theSchedulersRefresherRefreshesInsideBackgroundTime() async {
        let source = FakeTimeSource()
        let scheduler = Scheduler(planner: Planner(rules: []), center: FailingCenter(), environment: .system)
        let refresher = LifecycleRefresher(scheduler: scheduler, quietPeriod: .zero, backgroundTime: source)
        await refresher.refresh(.foreground)
        #expect(await source.begun == ["Bugle refresh (foreground)"])
        #expect(await source.ended == [1])
    }
}

/// A background time source that records what it gave and can expire it.
@MainActor
final class FakeTimeSource: BackgroundTimeSource {
    private let gives: Bool
    private(set) var begun: [String] = []
    private(set) var ended: [Int] = []
    private var handlers: [@MainActor @Sendable () -> Void] = []

    nonisolated init(gives: Bool = true) { self.gives = gives }

    func beginBackgroundTime(named name: String, onExpiration: @escaping @MainActor @Sendable () -> Void) -> Int? {
        guard gives else { return nil }
        begun.append(name)
        handlers.append(onExpiration)
        return begun.count
    }

    func endBackgroundTime(_ id: Int) { ended.append(id) }

    /// Calls the expiration handlers as UIKit does, and returns what they ended.
    func expire() -> [Int] {
        let before = ended.count
        for handler in handlers { handler() }
        return Array(ended[before...])
    }
}

/// Strings appended from any task.
final class Log: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    var entries: [String] { lock.withLock { stored } }
    func append(_ entry: String) { lock.withLock { stored.append(entry) } }
}

/// Returns when the calling task is cancelled.
func waitForCancellation() async {
    let gate = Gate()
    await withTaskCancellationHandler {
        await gate.wait()
    } onCancel: {
        gate.open()
    }
}

/// Waits, up to five seconds, until `condition` holds.
func eventuallyAsync(_ condition: () async -> Bool) async {
    var tries = 0
    while !(await condition()), tries < 5000 {
        tries += 1
        try? await Task.sleep(for: .milliseconds(1))
    }
}
