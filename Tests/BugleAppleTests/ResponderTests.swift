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

    func scheduler(_ recorder: EventRecorder, journal: any SchedulerJournal = InMemoryJournal()) -> Scheduler {
        let clock = instant("2026-03-10T19:05Z")
        return Scheduler(
            planner: Planner(rules: []), center: SystemCenter(system: MemorySystem()),
            environment: SchedulerEnvironment(now: { clock }, calendar: { calendar(in: "UTC") }), sink: recorder, journal: journal)
    }

    func shown(_ id: String, category: String = "study") throws -> DeliveredNotificationDescription {
        let request = NotificationRequest(
            id: id, fireTime: .wallClock(local("2026-03-10T19:00")),
            content: NotificationContent(title: "Evening", body: "", categoryID: category, deepLink: "app://review"), ruleID: "evening")
        return DeliveredNotificationDescription(
            identifier: id, date: instant("2026-03-10T19:00Z"), content: try RequestMapping().description(for: request).content)
    }

    /// The study category: "Start" opens the app, "Done" and "Reply" run in the background.
    let study = NotificationCategoryDescription(
        identifier: "study",
        actions: [
            NotificationActionDescription(identifier: "start", title: "Start now", options: .foreground),
            NotificationActionDescription(identifier: "done", title: "Done"),
            NotificationActionDescription(identifier: "reply", title: "Reply", textInput: .init(buttonTitle: "Send", placeholder: "Note")),
        ], options: .customDismissAction)

    /// Answers `action` on `notification` and returns what each stream was handed and whether
    /// the completion handler was called, after running the recording.
    func answer(
        _ responder: NotificationResponder, _ notification: DeliveredNotificationDescription, _ action: NotificationResponse.Action, userText: String? = nil
    ) async -> (taps: [NotificationTap], actions: [NotificationTap], completed: Bool) {
        let taps = NotificationBroadcast<NotificationTap>()
        let actions = NotificationBroadcast<NotificationTap>()
        var completed = false
        let recording = responder.didReceive(notification, action: action, userText: userText, taps: taps, actions: actions) { completed = true }
        await recording.run()
        return (await Self.drain(taps), await Self.drain(actions), completed)
    }

    /// What a broadcast kept for its first consumer.
    static func drain(_ broadcast: NotificationBroadcast<NotificationTap>) async -> [NotificationTap] {
        let count = broadcast.waitingCount
        var iterator = broadcast.stream().makeAsyncIterator()
        var taps: [NotificationTap] = []
        for _ in 0..<count { if let tap = await iterator.next() { taps.append(tap) } }
        return taps
    }

    @Test func foregroundDeliveryIsRecordedOnceAndShownByCategory() async throws {
        let recorder = EventRecorder()
        let scheduler = scheduler(recorder)
        let responder = NotificationResponder(scheduler: scheduler, presentation: presentation)
        var shownWith: [PresentationOptions] = []
        await responder.willPresent(try shown("bugle.evening@2026-03-10")) { shownWith.append($0) }.run()
        await responder.willPresent(try shown("bugle.evening@2026-03-10")) { shownWith.append($0) }.run()
        await responder.willPresent(try shown("alarm.other", category: "promo")) { shownWith.append($0) }.run()
        #expect(shownWith == [[.banner, .sound, .list], [.banner, .sound, .list], [.list]])
        let deliveries = recorder.events.compactMap { event -> DeliveredNotification? in
            if case .delivered(let delivery) = event { delivery } else { nil }
        }
        #expect(deliveries.map(\.id) == ["bugle.evening@2026-03-10"])
        #expect(deliveries.first?.ruleID == "evening")
        #expect(await scheduler.history.contains(id: "bugle.evening@2026-03-10"))
    }

    @Test func presentationIsAnsweredBeforeTheJournalIsWritten() async throws {
        let gate = Gate()
        let log = OrderLog()
        let scheduler = scheduler(EventRecorder(), journal: SlowJournal(gate: gate, log: log))
        let responder = NotificationResponder(scheduler: scheduler, presentation: presentation)
        let recording = responder.willPresent(try shown("bugle.evening@2026-03-10")) { _ in log.append("completion called") }
        // The system has its answer before any journal I/O begins.
        #expect(log.entries == ["completion called"])
        let writing = Task { await recording.run() }
        #expect(await eventually { log.entries.count == 2 })
        #expect(log.entries == ["completion called", "journal write started"])
        gate.open()
        await writing.value
        #expect(log.entries == ["completion called", "journal write started", "journal written"])
        #expect(await scheduler.history.contains(id: "bugle.evening@2026-03-10"))
    }

    @Test func tapIsHandedOverAndCompletedBeforeTheOpenIsWritten() async throws {
        let gate = Gate()
        let log = OrderLog()
        let scheduler = scheduler(EventRecorder(), journal: SlowJournal(gate: gate, log: log))
        let responder = NotificationResponder(scheduler: scheduler, categories: [study])
        let taps = NotificationBroadcast<NotificationTap>()
        let actions = NotificationBroadcast<NotificationTap>()
        let recording = responder.didReceive(try shown("bugle.evening@2026-03-10"), action: .open, taps: taps, actions: actions) {
            log.append(taps.waitingCount == 1 ? "completion called, tap handed over" : "completion called, no tap yet")
        }
        let writing = Task { await recording.run() }
        #expect(await eventually { log.entries.count == 2 })
        #expect(log.entries == ["completion called, tap handed over", "journal write started"])
        gate.open()
        await writing.value
        #expect(log.entries.last == "journal written")
        #expect(await Self.drain(taps).map(\.destination) == [URL(string: "app://review")])
    }

    @Test func tapIsRecordedAsOpenedAndRouted() async throws {
        let recorder = EventRecorder()
        let responder = NotificationResponder(scheduler: scheduler(recorder), categories: [study])
        let opened = await answer(responder, try shown("bugle.evening@2026-03-10"), .open)
        #expect(opened.taps.map(\.destination) == [URL(string: "app://review")])
        #expect(opened.taps.first?.response.notification.ruleID == "evening")
        #expect(opened.completed)
        _ = await answer(responder, try shown("bugle.evening@2026-03-10"), .custom("done"))
        _ = await answer(responder, try shown("alarm.other"), .open)
        let openEvents = recorder.events.compactMap { event -> String? in
            if case .opened(let id, _) = event { id } else { nil }
        }
        #expect(openEvents == ["bugle.evening@2026-03-10"])
    }

    @Test func buttonsThatOpenTheAppNavigateAndTheOthersRunInTheBackground() async throws {
        let router = DeepLinkRouter(actionLinks: ["start": "app://session", "done": "app://done"])
        let responder = NotificationResponder(scheduler: scheduler(EventRecorder()), router: router, categories: [study])
        let notification = try shown("bugle.evening@2026-03-10")

        let start = await answer(responder, notification, .custom("start"))
        #expect(start.taps.map(\.destination) == [URL(string: "app://session")])
        #expect(start.actions.isEmpty)

        // "Done" has no `.foreground`: the app runs in the background, so nothing navigates,
        // even with a link for the button; the app's action handler gets it.
        let done = await answer(responder, notification, .custom("done"))
        #expect(done.taps.isEmpty)
        #expect(done.actions.map(\.response.action) == [.custom("done")])
        #expect(done.actions.map(\.destination) == [nil])
        #expect(done.completed)

        let dismissed = await answer(responder, notification, .dismiss)
        #expect(dismissed.taps.isEmpty)
        #expect(dismissed.actions.map(\.response.action) == [.dismiss])
        #expect(dismissed.completed)

        // A button of a category Bugle was not given cannot be known to open the app.
        let unknown = await answer(responder, try shown("bugle.evening@2026-03-10", category: "chat"), .custom("start"))
        #expect(unknown.taps.isEmpty)
        #expect(unknown.actions.count == 1)
    }

    @Test func textInputReachesTheApp() async throws {
        let responder = NotificationResponder(scheduler: scheduler(EventRecorder()), categories: [study])
        let reply = await answer(responder, try shown("bugle.evening@2026-03-10"), .custom("reply"), userText: "later")
        #expect(reply.actions.map(\.response.userText) == ["later"])
        #expect(reply.actions.map(\.response.action) == [.custom("reply")])
    }

    @Test func routeFollowsTheForegroundOption() {
        let categories = [study]
        #expect(NotificationResponseRoute(action: .open, categoryID: "study", categories: categories) == .tap)
        #expect(NotificationResponseRoute(action: .open, categoryID: nil, categories: []) == .tap)
        #expect(NotificationResponseRoute(action: .custom("start"), categoryID: "study", categories: categories) == .tap)
        #expect(NotificationResponseRoute(action: .custom("done"), categoryID: "study", categories: categories) == .action)
        #expect(NotificationResponseRoute(action: .custom("start"), categoryID: "other", categories: categories) == .action)
        #expect(NotificationResponseRoute(action: .dismiss, categoryID: "study", categories: categories) == .dismissal)
    }

    @Test func aFailedJournalWriteStillAnswersAndIsReported() async throws {
        struct Broken: Error {}
        struct BrokenJournal: SchedulerJournal {
            func openEntries() async throws -> [JournalEntry] { [] }
            func deliveries(since date: Date) async throws -> [DeliveredNotification] { [] }
            func marks(endingOnOrAfter day: LocalDate) async throws -> [OccurrenceMark] { [] }
            func commit(_ updates: [JournalUpdate], at date: Date) async throws { throw Broken() }
        }
        let recorder = EventRecorder()
        let responder = NotificationResponder(scheduler: scheduler(recorder, journal: BrokenJournal()), presentation: presentation)
        var options: PresentationOptions?
        await responder.willPresent(try shown("bugle.evening@2026-03-10")) { options = $0 }.run()
        let opened = await answer(responder, try shown("bugle.evening@2026-03-10"), .open)
        #expect(options == [.banner, .sound, .list])
        #expect(opened.taps.count == 1)
        let failures = recorder.events.compactMap { event -> String? in
            if case .failed(let operation, _, _, _) = event { operation } else { nil }
        }
        #expect(failures == ["record delivery", "record open"])
    }

    @Test func settingsRequestsCarryTheNotification() async throws {
        let responder = NotificationResponder(scheduler: scheduler(EventRecorder()))
        let requests = NotificationBroadcast<DeliveredNotification?>()
        responder.openSettings(for: try shown("bugle.evening@2026-03-10"), requests: requests)
        responder.openSettings(for: nil, requests: requests)
        var iterator = requests.stream().makeAsyncIterator()
        let fromNotification = await iterator.next()
        let fromSettingsApp = await iterator.next()
        #expect(fromNotification.flatMap { $0 }?.ruleID == "evening")
        // Opened from the Settings app: a request, with no notification.
        #expect(fromSettingsApp.map { $0 == nil } == true)
    }
}
