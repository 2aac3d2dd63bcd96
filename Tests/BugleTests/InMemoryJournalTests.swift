import Bugle
import Foundation
import Testing

/// What the in-memory journal keeps: open entries always, closed entries and deliveries for
/// 400 days, forgotten in batches every 30 days after that.
@Suite struct InMemoryJournalTests {
    let asked = utc(2026, 3, 1, 12)

    func entry(_ id: String, fires date: Date, _ state: LedgerState, askedAt: Date) -> JournalEntry {
        JournalEntry(
            request: NotificationRequest(id: id, fireTime: .zoned(ZonedInstant(date: date, timeZone: zone("UTC"))), content: content(id), ruleID: "r"),
            fireDate: date, state: state, askedAt: askedAt)
    }

    @Test func closedEntriesAndDeliveriesAreForgottenAfterFourHundredDaysInMonthlyBatches() async {
        let journal = InMemoryJournal()
        let fire = asked.addingTimeInterval(86_400)
        await journal.commit(
            [
                .entry(entry("bugle.delivered", fires: fire, .pending, askedAt: asked)),
                .entry(entry("bugle.cancelled", fires: fire, .pending, askedAt: asked)),
                .entry(entry("bugle.open", fires: fire.addingTimeInterval(500 * 86_400), .pending, askedAt: asked)),
            ], at: asked)
        await journal.commit([.delivered(delivery("bugle.delivered", at: fire)), .state(id: "bugle.cancelled", .cancelled, reason: "gone")], at: fire)
        let later = fire.addingTimeInterval(399 * 86_400)
        await journal.commit([.entry(entry("bugle.new", fires: later.addingTimeInterval(3_600), .pending, askedAt: later))], at: later)
        #expect(await journal.entries.map(\.request.id) == ["bugle.cancelled", "bugle.delivered", "bugle.new", "bugle.open"])
        #expect(await journal.deliveries(since: .distantPast).map(\.id) == ["bugle.delivered"])

        // The batch of 30 days later has not come yet.
        await journal.commit([], at: fire.addingTimeInterval(401 * 86_400))
        #expect(await journal.entries.count == 4)
        await journal.commit([.state(id: "bugle.new", .pending, reason: nil)], at: fire.addingTimeInterval(430 * 86_400))
        #expect(await journal.entries.map(\.request.id) == ["bugle.new", "bugle.open"])
        #expect(await journal.openEntries().map(\.request.id) == ["bugle.new", "bugle.open"])
        #expect(await journal.deliveries(since: .distantPast).isEmpty)
    }

    @Test func anEntryOpenedAgainIsKeptFromItsLastClosing() async {
        let journal = InMemoryJournal()
        let fire = asked.addingTimeInterval(3_600)
        await journal.commit([.entry(entry("bugle.a", fires: fire, .pending, askedAt: asked))], at: asked)
        await journal.commit([.state(id: "bugle.a", .cancelled, reason: "no longer planned")], at: asked)
        let again = asked.addingTimeInterval(300 * 86_400)
        await journal.commit([.state(id: "bugle.a", .pending, reason: nil)], at: again)
        await journal.commit([.state(id: "bugle.a", .failed, reason: "the center does not hold it")], at: again)
        await journal.commit([], at: asked.addingTimeInterval(450 * 86_400))
        #expect(await journal.entries.map(\.state) == [.failed])
        await journal.commit([], at: again.addingTimeInterval(401 * 86_400))
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
