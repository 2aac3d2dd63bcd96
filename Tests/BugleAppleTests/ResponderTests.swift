import Bugle
import BugleApple
import Foundation
import Testing

/// Foreground presentation, deep links, and the events a notification's life leaves.
@Suite struct ResponderTests {
    let presentation = ForegroundPresentation(fallback: [.list], byCategory: ["study": [.banner, .sound, .list], "silent": []])

    @Test func studyRemindersShowBannersInTheForeground() {
        #expect(presentation.options(forCategory: "study") == [.banner, .sound, .list])
        #expect(presentation.options(forCategory: "promo") == [.list])
        #expect(presentation.options(forCategory: nil) == [.list])
        #expect(presentation.options(forCategory: "") == [.list])
        #expect(presentation.options(forCategory: "silent") == [])
    }

    func delivered(_ id: String = "bugle.evening@2026-03-10", category: String? = nil, deepLink: String? = nil, userInfo: [String: JSONValue] = [:])
        -> DeliveredNotification
    {
        DeliveredNotification(
            id: id, date: instant("2026-03-10T19:00Z"),
            content: NotificationContent(title: "Evening", body: "", categoryID: category, userInfo: userInfo, deepLink: deepLink))
    }

    @Test func tapOpensTheNotificationsOwnLink() {
        let router = DeepLinkRouter(categoryLinks: ["study": "app://study"])
        let tap = NotificationResponse(notification: delivered(category: "study", deepLink: "app://cards/42"), action: .open)
        #expect(router.destination(for: tap) == URL(string: "app://cards/42"))
    }

    @Test func linkFallsBackToPayloadThenCategory() {
        let router = DeepLinkRouter(categoryLinks: ["study": "app://study"], userInfoKeys: ["url"])
        let fromPayload = NotificationResponse(notification: delivered(category: "study", userInfo: ["url": "app://from-payload"]), action: .open)
        let fromCategory = NotificationResponse(notification: delivered(category: "study", userInfo: ["url": 5]), action: .open)
        let nothing = NotificationResponse(notification: delivered(category: "other"), action: .open)
        #expect(router.destination(for: fromPayload) == URL(string: "app://from-payload"))
        #expect(router.destination(for: fromCategory) == URL(string: "app://study"))
        #expect(router.destination(for: nothing) == nil)
    }

    @Test func buttonsHaveTheirOwnLinksAndDismissalsNone() {
        let router = DeepLinkRouter(actionLinks: ["review": "app://review"])
        let notification = delivered(deepLink: "app://cards/42")
        #expect(router.destination(for: NotificationResponse(notification: notification, action: .custom("review"))) == URL(string: "app://review"))
        #expect(router.destination(for: NotificationResponse(notification: notification, action: .custom("snooze"))) == URL(string: "app://cards/42"))
        #expect(router.destination(for: NotificationResponse(notification: notification, action: .dismiss)) == nil)
    }

    @Test func textThatIsNotAnAbsoluteURLIsNoLink() {
        let router = DeepLinkRouter()
        #expect(router.destination(for: NotificationResponse(notification: delivered(deepLink: "cards/42"), action: .open)) == nil)
        #expect(router.destination(for: NotificationResponse(notification: delivered(deepLink: ""), action: .open)) == nil)
    }

    func scheduler(_ recorder: EventRecorder) -> Scheduler {
        let clock = instant("2026-03-10T19:05Z")
        return Scheduler(
            planner: Planner(rules: []), center: SystemCenter(system: MemorySystem()),
            environment: SchedulerEnvironment(now: { clock }, calendar: { calendar(in: "UTC") }), sink: recorder)
    }

    func shown(_ id: String, category: String = "study") throws -> DeliveredNotificationDescription {
        let request = NotificationRequest(
            id: id, fireTime: .wallClock(local("2026-03-10T19:00")),
            content: NotificationContent(title: "Evening", body: "", categoryID: category, deepLink: "app://review"), ruleID: "evening")
        return DeliveredNotificationDescription(
            identifier: id, date: instant("2026-03-10T19:00Z"), content: try RequestMapping().description(for: request).content)
    }

    @Test func foregroundDeliveryIsRecordedOnceAndShownByCategory() async throws {
        let recorder = EventRecorder()
        let scheduler = scheduler(recorder)
        let responder = NotificationResponder(scheduler: scheduler, presentation: presentation)
        let options = await responder.willPresent(try shown("bugle.evening@2026-03-10"))
        #expect(options == [.banner, .sound, .list])
        _ = await responder.willPresent(try shown("bugle.evening@2026-03-10"))
        _ = await responder.willPresent(try shown("alarm.other", category: "promo"))
        let deliveries = recorder.events.compactMap { event -> DeliveredNotification? in
            if case .delivered(let delivery) = event { delivery } else { nil }
        }
        #expect(deliveries.map(\.id) == ["bugle.evening@2026-03-10"])
        #expect(deliveries.first?.ruleID == "evening")
        #expect(await scheduler.history.contains(id: "bugle.evening@2026-03-10"))
    }

    @Test func tapIsRecordedAsOpenedAndRouted() async throws {
        let recorder = EventRecorder()
        let responder = NotificationResponder(scheduler: scheduler(recorder))
        let tap = await responder.didReceive(try shown("bugle.evening@2026-03-10"), action: .open)
        #expect(tap.destination == URL(string: "app://review"))
        #expect(tap.response.notification.ruleID == "evening")
        _ = await responder.didReceive(try shown("bugle.evening@2026-03-10"), action: .custom("snooze"))
        _ = await responder.didReceive(try shown("alarm.other"), action: .open)
        let opened = recorder.events.compactMap { event -> String? in
            if case .opened(let id, _) = event { id } else { nil }
        }
        #expect(opened == ["bugle.evening@2026-03-10"])
    }

    @Test func textInputReachesTheApp() async throws {
        let responder = NotificationResponder(scheduler: scheduler(EventRecorder()))
        let tap = await responder.didReceive(try shown("bugle.evening@2026-03-10"), action: .custom("reply"), userText: "later")
        #expect(tap.response.userText == "later")
        #expect(tap.response.action == .custom("reply"))
    }
}
