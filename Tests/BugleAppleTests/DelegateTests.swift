import Bugle
import BugleApple
import Foundation
import Testing

/// Taps for every window, and the delegate that was there before Bugle's.
@Suite struct DelegateTests {
    func tap(_ id: String, link: String? = nil) -> NotificationTap {
        let notification = DeliveredNotification(id: id, date: instant("2026-03-10T19:00Z"), content: NotificationContent(title: id, body: ""))
        return NotificationTap(response: NotificationResponse(notification: notification, action: .open), destination: link.flatMap(URL.init(string:)))
    }

    /// Reads `count` values from `stream`.
    func take<Element>(_ count: Int, from stream: AsyncStream<Element>) async -> [Element] {
        var iterator = stream.makeAsyncIterator()
        var values: [Element] = []
        for _ in 0..<count { if let value = await iterator.next() { values.append(value) } }
        return values
    }

    // MARK: Taps

    @Test func everyWindowGetsEveryTap() async {
        let taps = NotificationBroadcast<NotificationTap>()
        let first = taps.stream()
        let second = taps.stream()
        for id in ["bugle.a", "bugle.b", "bugle.c"] { taps.send(tap(id)) }
        #expect(await take(3, from: first).map(\.response.notification.id) == ["bugle.a", "bugle.b", "bugle.c"])
        #expect(await take(3, from: second).map(\.response.notification.id) == ["bugle.a", "bugle.b", "bugle.c"])
    }

    @Test func theTapThatLaunchedTheAppWaitsForTheFirstWindow() async {
        let taps = NotificationBroadcast<NotificationTap>()
        taps.send(tap("bugle.launch", link: "app://review"))
        #expect(taps.waitingCount == 1)
        let first = taps.stream()
        let second = taps.stream()
        taps.send(tap("bugle.next"))
        #expect(await take(2, from: first).map(\.response.notification.id) == ["bugle.launch", "bugle.next"])
        // The second window opened after the first took the launch tap: it sees only the next.
        #expect(await take(1, from: second).map(\.response.notification.id) == ["bugle.next"])
        #expect(taps.waitingCount == 0)
    }

    @Test func tapsWithNoWindowKeepTheNewestSixteen() async {
        let taps = NotificationBroadcast<NotificationTap>()
        for index in 1...20 { taps.send(tap("bugle.\(index)")) }
        #expect(taps.waitingCount == 16)
        let kept = await take(16, from: taps.stream())
        #expect(kept.map(\.response.notification.id) == (5...20).map { "bugle.\($0)" })
    }

    @Test func aWindowThatGoesAwayTakesNoMoreTaps() async {
        let taps = NotificationBroadcast<NotificationTap>()
        let staying = taps.stream()
        let leaving = taps.stream()
        let closedWindow = Task {
            var seen = 0
            for await _ in leaving { seen += 1 }
            return seen
        }
        #expect(taps.consumerCount == 2)
        closedWindow.cancel()
        _ = await closedWindow.value
        #expect(await eventually { taps.consumerCount == 1 })
        taps.send(tap("bugle.after"))
        #expect(await take(1, from: staying).map(\.response.notification.id) == ["bugle.after"])
        #expect(taps.waitingCount == 0)
    }

    @Test func tapsAfterTheLastWindowClosedWaitForTheNextOne() async {
        let taps = NotificationBroadcast<NotificationTap>()
        let window = Task {
            for await _ in taps.stream() {}
        }
        #expect(await eventually { taps.consumerCount == 1 })
        window.cancel()
        #expect(await eventually { taps.consumerCount == 0 })
        taps.send(tap("bugle.while-closed"))
        #expect(await take(1, from: taps.stream()).map(\.response.notification.id) == ["bugle.while-closed"])
    }

    @Test func aStreamThatIsDroppedUnreadStopsConsuming() async {
        let taps = NotificationBroadcast<NotificationTap>()
        do {
            _ = taps.stream()
        }
        #expect(await eventually { taps.consumerCount == 0 })
        taps.send(tap("bugle.kept"))
        #expect(taps.waitingCount == 1)
    }

    // MARK: The previous delegate

    /// The app's own delegate, installed before Bugle's bridge, as a record of what it handled.
    final class AppDelegate: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [String] = []
        var handled: [String] { lock.withLock { stored } }
        func handle(_ id: String?) -> Bool {
            lock.withLock { stored.append(id ?? "settings") }
            return true
        }
    }

    @Test func otherCodesNotificationsGoToTheDelegateThatWasThereBefore() {
        let forwarding = DelegateForwarding(namespace: Namespace("bugle."))
        let app = AppDelegate()
        var bugle: [String] = []
        for id in ["bugle.evening@2026-03-10", "chat.message.7", "alarm.7am"] {
            forwarding.dispatch(id, previous: { app.handle(id) }, bugle: { bugle.append(id) })
        }
        #expect(bugle == ["bugle.evening@2026-03-10"])
        #expect(app.handled == ["chat.message.7", "alarm.7am"])
    }

    @Test func theSettingsAppsRequestGoesToTheAppsDelegate() {
        let forwarding = DelegateForwarding()
        let app = AppDelegate()
        var bugle = 0
        #expect(forwarding.dispatch(nil, previous: { app.handle(nil) }, bugle: { bugle += 1 }) == .previous)
        #expect(app.handled == ["settings"])
        #expect(forwarding.dispatch(nil, previous: nil) { bugle += 1 } == .bugle)
        #expect(bugle == 1)
    }

    @Test func withoutAPreviousDelegateBugleAnswersEverything() {
        let forwarding = DelegateForwarding()
        var bugle: [String] = []
        for id in ["bugle.a", "chat.message.7"] {
            #expect(forwarding.dispatch(id, previous: nil) { bugle.append(id) } == .bugle)
        }
        #expect(bugle == ["bugle.a", "chat.message.7"])
    }

    @Test func aPreviousDelegateThatDoesNotImplementTheMethodLeavesItToBugle() {
        let forwarding = DelegateForwarding()
        var asked = 0
        var bugle = 0
        // An app delegate without `willPresent`: the system would show nothing, Bugle shows it.
        let handler = forwarding.dispatch(
            "chat.message.7",
            previous: {
                asked += 1
                return false
            },
            bugle: { bugle += 1 })
        #expect(handler == .bugle)
        #expect(asked == 1)
        #expect(bugle == 1)
    }

    @Test func aCustomNamespaceIsBuglesToo() {
        let forwarding = DelegateForwarding(namespace: Namespace("study."))
        #expect(forwarding.handler(for: "study.evening", hasPrevious: true) == .bugle)
        #expect(forwarding.handler(for: "bugle.evening", hasPrevious: true) == .previous)
    }
}
