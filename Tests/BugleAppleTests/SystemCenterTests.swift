import Bugle
import BugleApple
import Foundation
import Testing

/// The scheduler against a center over a system that gives back what the real one does.
@Suite struct SystemCenterTests {
    struct Setup {
        var system: MemorySystem
        var center: SystemCenter<MemorySystem>
        var scheduler: Scheduler
        var clock: Clock
    }

    /// A settable clock and zone for the scheduler.
    final class Clock: @unchecked Sendable {
        private let lock = NSLock()
        private var date: Date
        private var timeZone: TimeZone
        init(_ date: Date, _ timeZone: TimeZone) {
            self.date = date
            self.timeZone = timeZone
        }
        var environment: SchedulerEnvironment {
            SchedulerEnvironment(
                now: { self.read().0 },
                calendar: {
                    var calendar = Calendar(identifier: .gregorian)
                    calendar.timeZone = self.read().1
                    return calendar
                })
        }
        func read() -> (Date, TimeZone) {
            lock.lock()
            defer { lock.unlock() }
            return (date, timeZone)
        }
        func set(_ date: Date, _ timeZone: TimeZone) {
            lock.lock()
            self.date = date
            self.timeZone = timeZone
            lock.unlock()
        }
    }

    func setUp() -> Setup {
        let system = MemorySystem()
        let center = SystemCenter(system: system, calendar: { Calendar(identifier: .gregorian) })
        let clock = Clock(instant("2026-03-01T07:00-05:00"), zone("America/New_York"))
        let rules: [any Rule] = [
            ScheduledRule(
                id: "morning", schedule: .daily(LocalTime("08:30")),
                content: NotificationContent(title: "Morning", body: "Puzzle", sound: .named("chime.caf"), userInfo: ["streak": 3, "ratio": 1.0])),
            ScheduledRule(
                id: "webinar", schedule: .once(TimeParsing.dateTime("2026-03-15T20:00")!.local), basis: .zoned(zone("America/New_York")),
                content: NotificationContent(title: "Webinar", body: "", relevanceScore: 0.9)),
        ]
        let scheduler = Scheduler(
            planner: Planner(rules: rules, budget: Budget(platform: .custom(20), safetyMargin: 0)), center: center, environment: clock.environment)
        return Setup(system: system, center: center, scheduler: scheduler, clock: clock)
    }

    @Test func secondRefreshMakesNoCalls() async throws {
        let setup = setUp()
        let first = try await setup.scheduler.refresh(reason: .launch)
        #expect(first.changes.additions.count == 20)
        let adds = await setup.system.adds
        let second = try await setup.scheduler.refresh(reason: .foreground)
        #expect(second.changes.isEmpty)
        #expect(second.changes.unchanged == 20)
        #expect(await setup.system.adds == adds)
        #expect(await setup.system.removeCalls.isEmpty)
    }

    @Test func aSystemThatLowersLevelsAndChangesBadgesStillMakesNoCalls() async throws {
        let system = MemorySystem()
        let center = SystemCenter(system: system, calendar: { Calendar(identifier: .gregorian) })
        let clock = Clock(instant("2026-03-01T07:00-05:00"), zone("America/New_York"))
        let cards = ScheduledRule(
            id: "cards", schedule: .daily(LocalTime("19:00")),
            content: NotificationContent(title: "Cards", body: "Due", badge: 4, interruptionLevel: .timeSensitive))
        let scheduler = Scheduler(
            planner: Planner(rules: [cards], budget: Budget(platform: .custom(5), safetyMargin: 0)), center: center, environment: clock.environment)
        try await scheduler.refresh(reason: .launch)
        await system.alterLevelAndBadge()
        let adds = await system.adds
        let second = try await scheduler.refresh(reason: .foreground)
        #expect(second.changes.isEmpty)
        #expect(await system.adds == adds)
    }

    @Test func aMissingAttachmentIsDroppedNotTheNotification() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let map = folder.appendingPathComponent("map.png")
        try Data([0x89, 0x50]).write(to: map)
        let deleted = folder.appendingPathComponent("deleted.png")
        let reports = OrderLog()
        let system = MemorySystem()
        let center = SystemCenter(
            system: system, calendar: { Calendar(identifier: .gregorian) },
            attachments: { _ in [AttachmentDescription(identifier: "map", url: map), AttachmentDescription(identifier: "photo", url: deleted)] },
            onDroppedAttachments: { id, dropped in
                for attachment in dropped { reports.append("\(id): \(attachment.attachment.identifier): \(attachment.reason)") }
            })
        let request = NotificationRequest(
            id: "bugle.forecast", fireTime: .wallClock(local("2026-03-10T07:00")), content: NotificationContent(title: "Forecast", body: ""))
        try await center.add(request)
        let pending = try #require(await system.pending["bugle.forecast"])
        #expect(pending.content.attachments.map(\.identifier) == ["map"])
        #expect(reports.entries.count == 1)
        let report = try #require(reports.entries.first)
        #expect(report.hasPrefix("bugle.forecast: photo: "))
        #expect(report.contains("deleted.png"))
    }

    @Test func attachmentsLoadOneByOne() {
        struct Refused: Error, CustomStringConvertible {
            var description: String { "the system refuses a 40 MB video" }
        }
        let attachments = ["a.png", "video.mp4", "b.png"].map { AttachmentDescription(identifier: $0, url: URL(fileURLWithPath: "/tmp/\($0)")) }
        let (loaded, dropped) = AttachmentLoading.load(attachments) { attachment in
            if attachment.identifier == "video.mp4" { throw Refused() }
            return attachment.identifier
        }
        #expect(loaded == ["a.png", "b.png"])
        #expect(dropped == [DroppedAttachment(attachment: attachments[1], reason: "the system refuses a 40 MB video")])
    }

    @Test func otherCodesCategoriesStayRegistered() async throws {
        let system = MemorySystem()
        let center = SystemCenter(system: system)
        let chat = NotificationCategoryDescription(identifier: "chat", actions: [NotificationActionDescription(identifier: "reply", title: "Reply")])
        let oldStudy = NotificationCategoryDescription(identifier: "study", actions: [NotificationActionDescription(identifier: "later", title: "Later")])
        await system.setForeignCategories([chat, oldStudy])
        let study = NotificationCategoryDescription(
            identifier: "study", actions: [NotificationActionDescription(identifier: "start", title: "Start", options: .foreground)])
        let promo = NotificationCategoryDescription(identifier: "promo")
        await center.setCategories([study, promo])
        let registered = await system.categories
        #expect(Set(registered.map(\.identifier)) == ["chat", "study", "promo"])
        #expect(registered.first { $0.identifier == "chat" } == chat)
        #expect(registered.first { $0.identifier == "study" } == study)
    }

    @Test func buglesCategoriesReplaceOnlyTheirOwnIdentifiers() {
        let existing = ["chat": "other code's chat", "study": "study, version 1", "call": "other code's call"].sorted { $0.key < $1.key }
        let ours = [("study", "study, version 2"), ("promo", "promo"), ("study", "study, version 3")]
        let merged = CategoryMerge.merged(existing: existing.map { ($0.key, $0.value) }, ours: ours, identifier: \.0)
        #expect(merged.map(\.1) == ["other code's call", "other code's chat", "study, version 3", "promo"])
    }

    @Test func flightToTokyoChangesNothingPending() async throws {
        let setup = setUp()
        try await setup.scheduler.refresh(reason: .launch)
        setup.clock.set(instant("2026-03-05T12:00-05:00"), zone("Asia/Tokyo"))
        let result = try await setup.scheduler.refresh(reason: .timeZoneChanged)
        // Wall-clock requests float and the webinar is a fixed moment: only the days that
        // passed are topped up, nothing already pending is replaced.
        #expect(
            result.changes.additions.allSatisfy { request in
                if case .wallClock = request.fireTime { true } else { false }
            })
        let pendingIDs = Set(await setup.system.pending.keys)
        #expect(pendingIDs == Set(result.plan.requests.map(\.id)))
        #expect(result.changes.removals.allSatisfy { $0.id.contains("morning") })
    }

    @Test func removalNeverReachesOtherCode() async throws {
        let setup = setUp()
        await setup.system.addForeign("alarm.7am")
        try await setup.center.removePendingRequests(withIdentifiers: ["alarm.7am", "bugle.morning.x"])
        #expect(await setup.system.removeCalls == [["bugle.morning.x"]])
        try await setup.center.removePendingRequests(withIdentifiers: ["alarm.7am"])
        #expect(await setup.system.removeCalls.count == 1)
        #expect(await setup.system.pending["alarm.7am"] != nil)
    }

    @Test func foreignRequestsTakeRoomAndSurviveRefreshes() async throws {
        let setup = setUp()
        await setup.system.addForeign("alarm.7am")
        let result = try await setup.scheduler.refresh(reason: .launch)
        #expect(result.plan.requests.count == 19)
        try await setup.scheduler.refresh(reason: .foreground)
        #expect(await setup.system.pending["alarm.7am"] != nil)
    }

    @Test func deliveriesComeBackWithTheirRule() async throws {
        let setup = setUp()
        try await setup.scheduler.refresh(reason: .launch)
        let morning = try #require(await setup.system.pending.keys.sorted().first { $0.contains("morning") })
        await setup.system.deliver(morning, at: instant("2026-03-01T08:30-05:00"))
        let delivered = try await setup.center.deliveredNotifications()
        #expect(delivered.map(\.ruleID) == ["morning"])
        #expect(delivered.first?.content.userInfo == ["streak": 3, "ratio": 1.0])
    }

    @Test func permissionAndCategoriesReachTheSystem() async throws {
        let system = MemorySystem(permission: PermissionState(status: .notDetermined), grants: .provisional)
        let center = SystemCenter(system: system)
        #expect(await center.authorizationStatus() == .notDetermined)
        let status = try await center.requestAuthorization([.alert, .sound, .provisional])
        #expect(status == .provisional)
        #expect(await system.askedOptions == [[.alert, .sound, .provisional]])
        let study = NotificationCategoryDescription(
            identifier: "study", actions: [NotificationActionDescription(identifier: "start", title: "Start", options: .foreground)])
        await center.setCategories([study])
        #expect(await system.categories == [study])
    }
}
