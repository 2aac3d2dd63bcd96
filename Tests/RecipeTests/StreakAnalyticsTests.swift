import Bugle
import Foundation
import StreakRescue
import Testing

/// The game's breadcrumbs, from the scheduler's events and the app's foreground presentations.
@Suite struct StreakAnalyticsTests {
    final class Sent: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [Breadcrumb] = []
        func append(_ breadcrumb: Breadcrumb) {
            lock.lock()
            stored.append(breadcrumb)
            lock.unlock()
        }

        var all: [Breadcrumb] {
            lock.lock()
            defer { lock.unlock() }
            return stored
        }
    }

    @Test func schedulerEventsBecomeBreadcrumbs() {
        let sent = Sent()
        let sink = StreakAnalytics(send: sent.append)
        let now = instant("2026-03-03T08:00-05:00")
        let fire = instant("2026-03-03T20:00-05:00")
        let request = NotificationRequest(
            id: "bugle.saver@2026-03-03", fireTime: .zoned(ZonedInstant(date: fire, timeZone: TimeZone(identifier: "UTC")!)),
            content: NotificationContent(title: "Streak Saver", body: ""))
        sink.record(.refreshed(reason: .launch, at: now))
        sink.record(.scheduled(request, fireDate: fire, at: now))
        sink.record(.cancelled(id: "bugle.kickoff@2026-03-03", reason: .obsolete, at: now))
        sink.record(.opened(id: "bugle.kickoff@2026-03-03", at: now))
        sink.record(.skipped(reason: "clock", at: now))
        #expect(
            sent.all == [
                Breadcrumb(name: "notification_scheduled", data: ["id": "bugle.saver@2026-03-03", "fireDate": "2026-03-04T01:00:00Z"]),
                Breadcrumb(name: "notification_opened", data: ["id": "bugle.kickoff@2026-03-03"]),
            ])
        #expect(
            StreakAnalytics.received(id: "bugle.saver@2026-03-08", at: instant("2026-03-08T19:58:30-04:00"))
                == Breadcrumb(name: "notification_received", data: ["id": "bugle.saver@2026-03-08", "at": "2026-03-08T23:58:30Z"]))
        #expect(StreakAnalytics.Name.allCases.map(\.rawValue) == ["notification_scheduled", "notification_received", "notification_opened"])
    }

    @Test func bothNotificationsShowInTheForeground() {
        #expect(StreakRescue.categories.map(\.id) == ["kickoff", "saver"])
        #expect(StreakRescue.categories.allSatisfy { $0.showsInForeground })
    }
}
