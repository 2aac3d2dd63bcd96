import Bugle
import Foundation
import Testing

/// What the in-memory journal keeps: open entries always, closed entries for 35 days and
/// deliveries for 400, forgotten in batches every 30 days after that.
@Suite struct InMemoryJournalTests {
    let asked = utc(2026, 3, 1, 12)

    func entry(_ id: String, fires date: Date, _ state: LedgerState, askedAt: Date) -> JournalEntry {
        JournalEntry(
            request: NotificationRequest(id: id, fireTime: .zoned(ZonedInstant(date: date, timeZone: zone("UTC"))), content: content(id), ruleID: "r"),
            fireDate: date, state: state, askedAt: askedAt)
    }

    func days(_ count: Double, after date: Date) -> Date { date.addingTimeInterval(count * 86_400) }

    @Test func closedEntriesAreForgottenAfterThirtyFiveDaysAndDeliveriesAfterFourHundredInMonthlyBatches() async {
        let journal = InMemoryJournal()
        let fire = days(1, after: asked)
        // The first commit forgets a batch (there is nothing yet); the next batch is 30 days on.
        await journal.commit(
            [
                .entry(entry("bugle.delivered", fires: fire, .pending, askedAt: asked)),
                .entry(entry("bugle.cancelled", fires: fire, .pending, askedAt: asked)),
                .entry(entry("bugle.open", fires: days(500, after: fire), .pending, askedAt: asked)),
            ], at: asked)
        await journal.commit([.delivered(delivery("bugle.delivered", at: fire)), .state(id: "bugle.cancelled", .cancelled, reason: "gone")], at: fire)
        // A batch 34 days after the closing keeps both closed entries.
        let later = days(34, after: fire)
        await journal.commit([.entry(entry("bugle.new", fires: days(1, after: later), .pending, askedAt: later))], at: later)
        #expect(await journal.entries.map(\.request.id) == ["bugle.cancelled", "bugle.delivered", "bugle.new", "bugle.open"])
        #expect(await journal.entries.first?.state == .cancelled)

        // 36 days after it, the next batch has not come yet.
        await journal.commit([], at: days(36, after: fire))
        #expect(await journal.entries.count == 4)
        // The next batch forgets them; the delivery stays, for the occurrences the scheduler
        // reads back after a relaunch.
        await journal.commit([.state(id: "bugle.new", .pending, reason: nil)], at: days(64, after: fire))
        #expect(await journal.entries.map(\.request.id) == ["bugle.new", "bugle.open"])
        #expect(await journal.openEntries().map(\.request.id) == ["bugle.new", "bugle.open"])
        #expect(await journal.deliveries(since: .distantPast).map(\.id) == ["bugle.delivered"])

        // A batch 394 days after the delivery keeps it; the next, 424 days after, forgets it.
        await journal.commit([], at: days(394, after: fire))
        #expect(await journal.deliveries(since: .distantPast).map(\.id) == ["bugle.delivered"])
        await journal.commit([], at: days(424, after: fire))
        #expect(await journal.deliveries(since: .distantPast).isEmpty)
        #expect(await journal.entries.map(\.request.id) == ["bugle.new", "bugle.open"])
    }

    @Test func anEntryOpenedAgainIsKeptFromItsLastClosing() async {
        let journal = InMemoryJournal()
        let fire = asked.addingTimeInterval(3_600)
        await journal.commit([.entry(entry("bugle.a", fires: fire, .pending, askedAt: asked))], at: asked)
        await journal.commit([.state(id: "bugle.a", .cancelled, reason: "no longer planned")], at: asked)
        let again = days(20, after: asked)
        await journal.commit([.state(id: "bugle.a", .pending, reason: nil)], at: again)
        await journal.commit([.state(id: "bugle.a", .failed, reason: "the center does not hold it")], at: again)
        // 40 days after the first closing, 20 after the last: kept.
        await journal.commit([], at: days(40, after: asked))
        #expect(await journal.entries.map(\.state) == [.failed])
        // 36 days after the last closing, between two batches: still kept.
        await journal.commit([], at: days(36, after: again))
        #expect(await journal.entries.count == 1)
        await journal.commit([], at: days(71, after: asked))
        #expect(await journal.entries.isEmpty)
    }

    @Test func openEntriesComeInFireOrderThenById() async {
        let journal = InMemoryJournal()
        let fire = asked.addingTimeInterval(3_600)
        await journal.commit(
            [
                .entry(entry("bugle.c", fires: fire, .adding, askedAt: asked)),
                .entry(entry("bugle.b", fires: fire.addingTimeInterval(60), .removing, askedAt: asked)),
                .entry(entry("bugle.a", fires: fire, .pending, askedAt: asked)),
                .entry(entry("bugle.d", fires: fire, .cancelled, askedAt: asked)),
            ], at: asked)
        #expect(await journal.openEntries().map(\.request.id) == ["bugle.a", "bugle.c", "bugle.b"])
    }
}
