import Bugle
import BugleStore
import Foundation
import Testing

/// The journal contract, kept by the in-memory journal and the SQLite store alike.
@Suite struct JournalTests {
    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        case memory, sqlite
        var testDescription: String { rawValue }

        func make() throws -> any SchedulerJournal {
            switch self {
            case .memory: InMemoryJournal()
            case .sqlite: try BugleDatabase.open(at: temporaryFolder().appendingPathComponent("bugle.sqlite"))
            }
        }
    }

    static let asked = instant("2026-03-01T07:00-05:00")

    /// Requests with every kind of field a round trip could lose.
    static let requests: [NotificationRequest] = [
        NotificationRequest(
            id: "bugle.morning@2026-03-02", fireTime: .wallClock(local("2026-03-02T08:30")),
            content: NotificationContent(title: "Morning", body: "Today's puzzle"), ruleID: "morning"),
        NotificationRequest(
            id: "bugle.webinar", fireTime: .zoned(ZonedInstant(local: local("2026-03-15T20:00"), timeZone: newYork)),
            content: NotificationContent(
                title: "Webinar", subtitle: "Starts now", body: "Join", sound: .named("chime.caf"), badge: 3,
                threadID: "events", categoryID: "JOIN", interruptionLevel: .timeSensitive, relevanceScore: 0.75,
                userInfo: [
                    "score": .double(2.0), "count": .int(2), "tags": .array(["a", .null, .bool(true)]),
                    "nested": .object(["ratio": .double(0.5), "name": "x"]),
                ],
                deepLink: "app://webinar"),
            ruleID: "webinar", group: "events", dedupeKey: "webinar-1"),
        NotificationRequest(
            id: "bugle.quiet", fireTime: .wallClock(local("2026-03-03T23:15")),
            content: NotificationContent(title: "Quiet", body: "", sound: nil, interruptionLevel: .passive)),
    ]

    @Test(arguments: Kind.allCases)
    func entriesComeBackWithTheirFingerprints(kind: Kind) async throws {
        let journal = try kind.make()
        let entries = Self.requests.map {
            JournalEntry(request: $0, fireDate: $0.fireTime.resolve(in: ZoneRules(timeZone: newYork, around: Self.asked)), state: .pending, askedAt: Self.asked)
        }
        try await journal.commit(entries.map { .entry($0) }, at: Self.asked)
        let read = try await journal.openEntries()
        #expect(Set(read) == Set(entries))
        #expect(Set(read.map(\.request.fingerprint)) == Set(Self.requests.map(\.fingerprint)))
    }

    @Test(arguments: Kind.allCases)
    func onlyEntriesTheCenterMayHoldAreOpen(kind: Kind) async throws {
        let journal = try kind.make()
        try await journal.commit(
            Self.requests.map { .entry(JournalEntry(request: $0, fireDate: Self.asked, state: .adding, askedAt: Self.asked)) }, at: Self.asked)
        try await journal.commit(
            [
                .state(id: "bugle.morning@2026-03-02", .pending, reason: nil),
                .state(id: "bugle.webinar", .cancelled, reason: "no longer planned"),
                .state(id: "bugle.quiet", .failed, reason: "the center does not hold it"),
                .state(id: "bugle.unknown", .pending, reason: nil),
            ], at: Self.asked)
        let open = try await journal.openEntries()
        #expect(open.map(\.request.id) == ["bugle.morning@2026-03-02"])
        #expect(open.first?.state == .pending)
    }

    @Test(arguments: Kind.allCases)
    func aDeliveryEntersTheHistoryOnceAndClosesItsEntry(kind: Kind) async throws {
        let journal = try kind.make()
        let request = Self.requests[0]
        let delivery = DeliveredNotification(request: request, date: instant("2026-03-02T08:30-05:00"))
        try await journal.commit([.entry(JournalEntry(request: request, fireDate: delivery.date, state: .pending, askedAt: Self.asked))], at: Self.asked)
        try await journal.commit([.delivered(delivery)], at: delivery.date)
        try await journal.commit([.delivered(delivery)], at: delivery.date.addingTimeInterval(60))
        #expect(try await journal.deliveries(since: Self.asked) == [delivery])
        #expect(try await journal.deliveries(since: delivery.date.addingTimeInterval(1)).isEmpty)
        #expect(try await journal.openEntries().isEmpty)
    }

    @Test(arguments: Kind.allCases)
    func anOldDeliveryDoesNotCloseANewerVersion(kind: Kind) async throws {
        // The same id asked for again after an earlier delivery: that delivery is not this one.
        let journal = try kind.make()
        let request = Self.requests[1]
        let earlier = DeliveredNotification(request: request, date: instant("2026-02-20T20:00-05:00"))
        try await journal.commit(
            [.entry(JournalEntry(request: request, fireDate: Self.asked, state: .pending, askedAt: Self.asked)), .delivered(earlier)], at: Self.asked)
        #expect(try await journal.openEntries().map(\.state) == [.pending])
    }

    @Test func theStoreKeepsTimestampsOfEachState() async throws {
        let store = try BugleDatabase.inMemory()
        let request = Self.requests[0]
        let delivered = instant("2026-03-02T08:30-05:00")
        let opened = instant("2026-03-02T09:10-05:00")
        try await store.commit([.entry(JournalEntry(request: request, fireDate: delivered, state: .adding, askedAt: Self.asked))], at: Self.asked)
        try await store.commit([.state(id: request.id, .pending, reason: nil)], at: Self.asked.addingTimeInterval(1))
        try await store.commit([.delivered(DeliveredNotification(request: request, date: delivered))], at: delivered.addingTimeInterval(600))
        try await store.commit([.state(id: request.id, .opened, reason: nil)], at: opened)
        let record = try #require(try store.ledger().first)
        #expect(record.entry.state == .opened)
        #expect(record.createdAt == Self.asked)
        #expect(record.deliveredAt == delivered)
        #expect(record.openedAt == opened)
        #expect(record.updatedAt == opened)
    }
}
