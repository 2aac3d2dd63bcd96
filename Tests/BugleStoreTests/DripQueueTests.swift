import Bugle
import BugleSimulator
import BugleStore
import Foundation
import Testing

/// Drip queues: bulk import, random picks among the unscheduled, scheduling in one transaction.
@Suite struct DripQueueTests {
    @Test func importReportsProgressAtLeastEveryPercent() throws {
        let store = try BugleDatabase.inMemory()
        var reports: [ImportProgress] = []
        let imported = try store.importItems(facts(2_500), into: "facts") { reports.append($0) }
        #expect(imported == 2_500)
        #expect(try store.itemCount(in: "facts") == 2_500)
        #expect(reports.last == ImportProgress(imported: 2_500, total: 2_500))
        let gaps = zip([0] + reports.map(\.imported), reports.map(\.imported)).map { $1 - $0 }
        #expect(gaps.allSatisfy { $0 > 0 && $0 <= 25 })
    }

    @Test func importingAgainUpdatesItemsAndKeepsTheirScheduling() throws {
        let store = try BugleDatabase.inMemory()
        try store.importItems(facts(10), into: "facts")
        let item = try #require(try store.randomUnscheduled(1, from: "facts", matching: DripFilter(language: "en")).first)
        try store.markScheduled([DripAssignment(key: item.key, scheduledDate: LocalDate("2026-03-02"), notificationID: "bugle.facts@2026-03-02")], in: "facts")
        var again = facts(10)
        again = again.map {
            var item = $0
            item.title = "Updated"
            return item
        }
        try store.importItems(again, into: "facts")
        #expect(try store.itemCount(in: "facts") == 10)
        let scheduled = try store.scheduledItems(in: "facts")
        #expect(scheduled.map(\.item.id) == [item.item.id])
        #expect(scheduled.first?.item.title == "Updated")
        #expect(scheduled.first?.notificationID == "bugle.facts@2026-03-02")
    }

    @Test func itemsComeBackAsTheyWereImported() throws {
        let store = try BugleDatabase.inMemory()
        let odd = DripItem(
            id: "odd", language: "en", category: nil, difficulty: nil, title: "", body: "Ünïcødé 🐙 \"quoted\"\nline after",
            payload: .object(["ratio": .double(0.25), "empty": .string(""), "list": .array([.null, .bool(false), .int(-3)])]))
        let items = facts(4) + [odd]
        try store.importItems(items, into: "facts")
        let picked = try store.randomUnscheduled(5, from: "facts", matching: DripFilter(language: "en"))
        #expect(Set(picked.map(\.item)) == Set(items))
    }

    @Test func picksAreDistinctUnscheduledAndMatchTheFilter() throws {
        let store = try BugleDatabase.inMemory()
        try store.importItems(facts(3_000, languages: ["en", "de", "fr"]), into: "facts")
        var generator = SeededGenerator(seed: 11)
        let first = try store.randomUnscheduled(64, from: "facts", matching: DripFilter(language: "de"), using: &generator)
        try store.markScheduled(
            first.enumerated().map { DripAssignment(key: $1.key, scheduledDate: LocalDate(dayNumber: 20_500 + $0), notificationID: "n\($0)") }, in: "facts")
        let filter = DripFilter(language: "de", categories: ["science", "space"], difficulties: ["beginner"])
        let second = try store.randomUnscheduled(64, from: "facts", matching: filter, using: &generator)
        #expect(second.count == 64)
        #expect(Set(second.map(\.key)).count == 64)
        #expect(Set(second.map(\.key)).isDisjoint(with: first.map(\.key)))
        #expect(
            second.allSatisfy {
                $0.item.language == "de" && ["science", "space"].contains($0.item.category) && $0.item.difficulty == "beginner" && $0.scheduledDate == nil
            })
    }

    @Test func everyUnscheduledItemIsEquallyLikely() throws {
        // 40 items, every fourth scheduled: each of the 30 others should come up about as
        // often as the rest; the scheduled never.
        let store = try BugleDatabase.inMemory()
        try store.importItems(facts(40), into: "facts")
        let all = try store.randomUnscheduled(40, from: "facts", matching: DripFilter(language: "en")).sorted { $0.key < $1.key }
        let scheduled = all.enumerated().filter { $0.offset % 4 == 0 }.map(\.element)
        try store.markScheduled(
            scheduled.enumerated().map { DripAssignment(key: $1.key, scheduledDate: LocalDate(dayNumber: 20_500 + $0), notificationID: "n\($0)") }, in: "facts")
        var generator = SeededGenerator(seed: 5)
        var counts: [Int64: Int] = [:]
        let draws = 3_000
        for _ in 0..<draws {
            for item in try store.randomUnscheduled(3, from: "facts", matching: DripFilter(language: "en"), using: &generator) {
                counts[item.key, default: 0] += 1
            }
        }
        #expect(counts.count == 30)
        #expect(Set(counts.keys).isDisjoint(with: scheduled.map(\.key)))
        let expected = Double(draws * 3) / 30
        #expect(counts.values.allSatisfy { abs(Double($0) - expected) < expected * 0.2 }, "\(counts.values.sorted())")
    }

    @Test func aRareLanguageIsStillFoundAndAnExhaustedQueueGivesWhatIsLeft() throws {
        let store = try BugleDatabase.inMemory()
        var items = facts(5_000, languages: ["en"])
        for index in stride(from: 250, to: 5_000, by: 500) { items[index].language = "ko" }
        try store.importItems(items, into: "facts")
        let korean = try store.randomUnscheduled(64, from: "facts", matching: DripFilter(language: "ko"))
        #expect(korean.count == 10)
        #expect(Set(korean.map(\.item.id)).count == 10)
        #expect(korean.allSatisfy { $0.item.language == "ko" })
        #expect(try store.randomUnscheduled(5, from: "facts", matching: DripFilter(language: "ja")).isEmpty)
    }

    @Test func schedulingIsAllOrNothing() throws {
        let store = try BugleDatabase.inMemory()
        try store.importItems(facts(10), into: "facts")
        let picked = try store.randomUnscheduled(3, from: "facts", matching: DripFilter(language: "en"))
        let day = LocalDate("2026-03-02")
        try store.markScheduled([DripAssignment(key: picked[0].key, scheduledDate: day, notificationID: "n0")], in: "facts")
        // The second assignment names an item that is already scheduled: nothing changes.
        let error = try #require(throws: StoreError.self) {
            try store.markScheduled(
                [
                    DripAssignment(key: picked[1].key, scheduledDate: day.adding(days: 1), notificationID: "n1"),
                    DripAssignment(key: picked[0].key, scheduledDate: day.adding(days: 2), notificationID: "n2"),
                ], in: "facts")
        }
        #expect(error.code == .conflict)
        #expect(try store.scheduledItems(in: "facts").map(\.notificationID) == ["n0"])
        // A notification id used twice is refused the same way.
        let reused = try #require(throws: StoreError.self) {
            try store.markScheduled([DripAssignment(key: picked[1].key, scheduledDate: day.adding(days: 1), notificationID: "n0")], in: "facts")
        }
        #expect(reused.code == .conflict)
        #expect(try store.unscheduledCount(in: "facts") == 9)
    }

    @Test func reschedulingClearsAndMarksInOneTransaction() throws {
        let store = try BugleDatabase.inMemory()
        try store.importItems(facts(20), into: "facts")
        let day = LocalDate("2026-03-02")
        let first = try store.randomUnscheduled(5, from: "facts", matching: DripFilter(language: "en"))
        try store.markScheduled(
            first.enumerated().map { DripAssignment(key: $1.key, scheduledDate: day.adding(days: $0), notificationID: "old\($0)") }, in: "facts")
        #expect(try store.clearScheduling(in: "facts", .notifications(["old0", "old1", "missing"])) == 2)
        #expect(try store.scheduledItems(in: "facts").count == 3)
        // A new notification time: clear everything and give five items new days at once.
        let cleared = Set(first.prefix(2).map(\.key))
        let next = try store.randomUnscheduled(20, from: "facts", matching: DripFilter(language: "en")).filter { !cleared.contains($0.key) }.prefix(5)
        try store.markScheduled(
            first.prefix(2).map { DripAssignment(key: $0.key, scheduledDate: day, notificationID: "again-\($0.key)") }
                + next.enumerated().map { DripAssignment(key: $1.key, scheduledDate: day.adding(days: $0 + 1), notificationID: "new\($0)") },
            in: "facts", clearingFirst: .all)
        let scheduled = try store.scheduledItems(in: "facts")
        #expect(scheduled.count == 7)
        #expect(scheduled.allSatisfy { $0.notificationID?.hasPrefix("old") == false })
        #expect(scheduled.first?.scheduledDate == day)
    }
}
