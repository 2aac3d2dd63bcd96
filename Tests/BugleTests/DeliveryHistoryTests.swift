import Bugle
import Foundation
import Testing

/// The delivery history as the scheduler and the journal keep it: recorded once, in date
/// order, pruned from the oldest, whatever order the deliveries arrive in.
@Suite struct DeliveryHistoryTests {
    let monday = utc(2026, 3, 2, 8)

    func hours(_ count: Double) -> Date { monday.addingTimeInterval(count * 3_600) }

    @Test func outOfOrderDeliveriesAreRecordedOnceInDateOrder() {
        let first = delivery("bugle.a", at: hours(0))
        let second = delivery("bugle.b", at: hours(1))
        let third = delivery("bugle.c", at: hours(2))
        var history = DeliveryHistory()
        history.record([third, first])
        history.record([second, first, third, second])
        #expect(history.deliveries == [first, second, third])
        #expect(history == DeliveryHistory([second, third, first]))
        #expect(history.hashValue == DeliveryHistory([first, second, third]).hashValue)
    }

    @Test func aDeliveryAtTheDateOfOthersComesAfterThemAsRecorded() {
        let early = delivery("bugle.early", at: hours(0))
        let one = delivery("bugle.one", at: hours(3))
        let two = delivery("bugle.two", at: hours(3))
        let late = delivery("bugle.late", at: hours(5))
        var history = DeliveryHistory([early, late])
        history.record([one])
        history.record([two])
        #expect(history.deliveries.map(\.id) == ["bugle.early", "bugle.one", "bugle.two", "bugle.late"])
    }

    @Test func theSameRequestDeliveredAtAnotherTimeIsAnotherDelivery() {
        var history = DeliveryHistory([delivery("bugle.a", at: hours(0))])
        history.record([delivery("bugle.a", at: hours(24)), delivery("bugle.a", at: hours(0))])
        #expect(history.deliveries.map(\.date) == [hours(0), hours(24)])
    }

    @Test func containsForgetsWhatPruneForgets() {
        var history = DeliveryHistory([delivery("bugle.old", at: hours(0)), delivery("bugle.new", at: hours(48))])
        #expect(history.contains(id: "bugle.old"))
        history.prune(before: hours(24))
        #expect(!history.contains(id: "bugle.old"))
        #expect(history.contains(id: "bugle.new"))
        #expect(history.deliveries.map(\.id) == ["bugle.new"])
        // Recorded again after it was forgotten, as before: a delivery the center still reports.
        history.record([delivery("bugle.old", at: hours(0))])
        #expect(history.contains(id: "bugle.old"))
        #expect(history.deliveries.map(\.id) == ["bugle.old", "bugle.new"])
    }

    @Test func anOccurrenceDeliveredAgainIsKeptUntilItsLastDelivery() {
        func shown(_ id: String, at date: Date, occurrence: String?) -> DeliveredNotification {
            DeliveredNotification(id: id, date: date, content: content(id), ruleID: "r", occurrence: occurrence)
        }
        var history = DeliveryHistory()
        history.record([shown("bugle.r@1", at: hours(0), occurrence: "r@1"), shown("bugle.legacy", at: hours(1), occurrence: nil)])
        history.record([shown("bugle.r@1.moved", at: hours(30), occurrence: "r@1"), shown("bugle.legacy", at: hours(31), occurrence: nil)])
        // Out of order: earlier than what is remembered, so it changes nothing.
        history.record([shown("bugle.r@1.early", at: hours(-5), occurrence: "r@1")])
        history.pruneOccurrences(before: hours(24))
        #expect(history.delivered(occurrence: "r@1") == hours(30))
        #expect(history.unnamedOccurrences == ["bugle.legacy": hours(31)])
        history.pruneOccurrences(before: hours(31))
        #expect(history.occurrences.isEmpty)
        #expect(history.unnamedOccurrences == ["bugle.legacy": hours(31)])
        history.pruneOccurrences(before: hours(32))
        #expect(history.unnamedOccurrences.isEmpty)
    }

    @Test func pruningInStepsLeavesWhatPruningOnceLeaves() {
        // Two years of four deliveries a day, some arriving late, pruned day by day.
        var stepped = DeliveryHistory()
        var all: [DeliveredNotification] = []
        for day in 0..<730 {
            let today = (0..<4).map { index in
                DeliveredNotification(
                    id: "bugle.r\(index)@\(day)", date: hours(Double(day * 24 + index * 5)), content: content("r\(index)"), ruleID: "r\(index)",
                    occurrence: "r\(index)@\(day)")
            }
            all += today
            stepped.record(day % 7 == 3 ? today.reversed() : today)
            stepped.prune(before: hours(Double(day - 35) * 24))
            stepped.pruneOccurrences(before: hours(Double(day - 400) * 24))
        }
        var once = DeliveryHistory(all)
        once.prune(before: hours(Double(729 - 35) * 24))
        once.pruneOccurrences(before: hours(Double(729 - 400) * 24))
        #expect(stepped == once)
        #expect(stepped.occurrences.count == 4 * 401)
        #expect(stepped.contains(id: "bugle.r0@729") && !stepped.contains(id: "bugle.r0@693"))
    }
}
