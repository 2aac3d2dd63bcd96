import ActivityWindows
import Bugle
import Foundation
import Testing

@Suite struct AnalyticsTests {
    let now = instant("2026-03-27T05:00+03:00")

    @Test func everyEventCarriesScoringVersionAndTimestamp() {
        let request = NotificationRequest(
            id: "bugle.run_dog.2026-03-31.0", fireTime: .wallClock(local("2026-03-31T06:30")),
            content: NotificationContent(title: "Run with Luna", body: "", userInfo: ["mode": "run_dog"]))
        let delivery = DeliveredNotification(request: request, date: now)
        let events: [AnalyticsEvent] = [
            .scheduled(request, fireDate: instant("2026-03-31T06:30+03:00"), zone: zone, at: now),
            .fired(delivery),
            .opened(mode: .runDog, notificationID: request.id, deepLink: "gonow://today?hour=2026-03-31T06:30&mode=run_dog", at: now),
            .dismissed(mode: .runDog, notificationID: request.id, at: now),
            .cancelled(mode: .runDog, cause: .staleData, at: now),
            .permissionGranted(platform: "ios", provisional: true, at: now),
            .permissionDenied(platform: "android", at: now),
            .dstReschedule(OffsetChange(old: 7200, new: 10_800), count: 3, at: now),
            .settingsDeepLink(at: now),
        ]
        #expect(Set(events.map(\.name)) == Set(AnalyticsEvent.Name.allCases))
        for event in events {
            #expect(event.fields["scoring_version"] == "v1")
            #expect(event.fields["timestamp"] == "2026-03-27T02:00:00Z")
        }
        // A heat warning has no window: its window fields are null.
        #expect(events[0].fields["window_start"] == .null)
        #expect(events[0].fields["fire_time"] == "2026-03-31T06:30:00+03:00")
        #expect(Set(events[0].fields.keys) == ["mode", "window_start", "window_end", "avg_score", "scoring_version", "fire_time", "timestamp"])
        #expect(Set(events[2].fields.keys) == ["mode", "opened_at", "notification_id", "deep_link", "scoring_version", "timestamp"])
        #expect(events[4].fields["reason"] == "stale_data")
    }

    @Test func cancelCausesFromReconcile() {
        #expect(AnalyticsEvent.CancelCause(.dropped(.condition, detail: "")) == .userDisabled)
        #expect(AnalyticsEvent.CancelCause(.dropped(.stale, detail: "")) == .staleData)
        #expect(AnalyticsEvent.CancelCause(.dropped(.quietHours, detail: "")) == .reschedule)
        #expect(AnalyticsEvent.CancelCause(.obsolete) == .reschedule)
    }

    @Test func theBackendGetsEventsOnlyWithOptIn() {
        let local = AnalyticsRecorder()
        let backend = AnalyticsRecorder()
        let router = AnalyticsRouter(local: local, backend: backend)
        router.record(.settingsDeepLink(at: now), optIn: false)
        router.record(.permissionDenied(platform: "ios", at: now), optIn: true)
        #expect(local.events.map(\.name) == [.settingsDeepLink, .permissionDenied])
        #expect(backend.events.map(\.name) == [.permissionDenied])
    }
}
