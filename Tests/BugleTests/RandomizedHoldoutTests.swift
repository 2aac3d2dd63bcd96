import Foundation
import Testing

@testable import Bugle

/// A randomized holdout through the planner and its bookkeeping: which occurrences are kept
/// back, what is recorded, and the lift with its interval.
@Suite struct RandomizedHoldoutTests {
    let london = "Europe/London"

    func checkIn() -> ScheduledRule {
        ScheduledRule(id: "checkin", schedule: .daily(time(9, 0)), content: NotificationContent(title: "How did you sleep?", body: ""))
    }

    @Test func aTenthOfTheOccurrencesAreHeldOutTheSameAtEveryRefresh() throws {
        let holdout = try RandomizedHoldout()
        let occurrences = (0..<4_000).map { "checkin@\(LocalDate("2026-01-01").adding(days: $0))" }
        let held = occurrences.filter { holdout.holdsOut($0, seed: 42) }
        #expect((320...480).contains(held.count), "\(held.count) of 4000 held out")
        #expect(occurrences.filter { holdout.holdsOut($0, seed: 42) } == held)
        // Another install (seed) holds out other days.
        #expect(occurrences.filter { holdout.holdsOut($0, seed: 43) } != held)
    }

    @Test func heldOutOccurrencesAreNeverPlannedAndSayWhy() throws {
        let now = at(london, 2026, 3, 2, 6, 0)
        var input = PlanInput(now: now, calendar: gregorian(london))
        input.learningSeed = 42
        let policy = try RandomizedHoldout(fraction: 0.3)
        let plan = Planner(rules: [checkIn()], policies: [policy], budget: Budget(platform: .custom(40), safetyMargin: 0)).plan(input)
        let held = plan.report.dropped.filter { $0.reason == .holdout }
        #expect(held.count >= 5)
        #expect(held.allSatisfy { $0.detail.hasPrefix("held out to measure lift: draw 0.") && $0.detail.hasSuffix("below 30 %") })
        let planned = Set(plan.entries.map(\.candidate.occurrence))
        #expect(held.allSatisfy { !planned.contains($0.candidate.occurrence) })
        #expect(plan.entries.allSatisfy { !policy.holdsOut($0.candidate.occurrence, seed: 42) })
        // Planned and held out, every day is there once: nothing else is missing.
        let days = (plan.entries.map(\.candidate.occurrence) + held.map(\.candidate.occurrence)).sorted()
        #expect(days == (0..<days.count).map { "checkin@\(LocalDate("2026-03-02").adding(days: $0))" })
    }

    @Test func theLiftAndItsIntervalMatchNewcombesWorkedExamples() {
        // R. G. Newcombe (1998), Statistics in Medicine 17, 873–890, Table II, method 10.
        func interval(_ a: Int, _ m: Int, _ b: Int, _ n: Int) -> [String] {
            let lift = HoldoutLift(ruleID: "r", sent: m, sentActive: a, heldOut: n, heldOutActive: b).estimated()
            return [lift.lower, lift.upper].map { String(format: "%.4f", $0 ?? .nan) }
        }
        #expect(interval(56, 70, 48, 80) == ["0.0524", "0.3339"])
        #expect(interval(9, 10, 3, 10) == ["0.1705", "0.8090"])
        #expect(interval(5, 56, 0, 29) == ["-0.0381", "0.1926"])
        #expect(HoldoutLift(ruleID: "r", sent: 5, sentActive: 2, heldOut: 0, heldOutActive: 0).estimated().lift == nil)
    }

    @Test func theBookKeepsWhatWasPlannedAndSettlesItWhenItsWindowCloses() {
        let nine = at(london, 2026, 3, 2, 9, 0)
        let day = 86_400.0
        let records = [
            // Held out yesterday: the user opened the app at 09:40.
            HoldoutRecord(occurrence: "checkin@2026-03-01", ruleID: "checkin", date: nine - day, heldOut: true),
            // Sent today at 09:00, opened at 09:05; its window is open until 11:00.
            HoldoutRecord(occurrence: "checkin@2026-03-02", ruleID: "checkin", date: nine, heldOut: false),
            // Planned for tomorrow by an earlier refresh, gone from this plan.
            HoldoutRecord(occurrence: "checkin@2026-03-03", ruleID: "checkin", date: nine + day, heldOut: false),
            // Sent three days ago, never shown.
            HoldoutRecord(occurrence: "checkin@2026-02-27", ruleID: "checkin", date: nine - 3 * day, heldOut: false),
            // Older than the retention.
            HoldoutRecord(occurrence: "checkin@2024-12-01", ruleID: "checkin", date: nine - 500 * day, heldOut: false, active: true),
        ]
        let delivered = DeliveredNotification(
            id: "bugle.checkin@2026-03-02", date: nine, content: NotificationContent(title: "How did you sleep?", body: ""), ruleID: "checkin",
            occurrence: "checkin@2026-03-02")
        let book = HoldoutBook(
            records: records, deliveries: [delivered], opens: [delivered.id: nine + 300], appOpens: [nine - day + 2_400, nine + 300])
        let planned = [HoldoutRecord(occurrence: "checkin@2026-03-04", ruleID: "checkin", date: nine + 2 * day, heldOut: true)]
        let early = book.updated(planned: planned, now: nine + 600) { _ in 7_200 }
        #expect(early.saving.map { "\($0.occurrence) \($0.active.map(String.init) ?? "open")" } == ["checkin@2026-03-01 true", "checkin@2026-03-04 open"])
        #expect(early.removing == ["checkin@2026-03-03", "checkin@2026-02-27", "checkin@2024-12-01"])
        // At noon the sent one's window has closed: active, by its open.
        let noon = book.updated(planned: planned, now: nine + 3 * 3_600) { _ in 7_200 }
        #expect(noon.saving.contains(HoldoutRecord(occurrence: "checkin@2026-03-02", ruleID: "checkin", date: nine, heldOut: false, active: true)))
    }

    /// A refresh reads only the records not settled and those past the retention (what
    /// `LearningStore.holdoutRecords(unsettledOrBefore:)` lists), not every record: over random
    /// books, which settled and forgot records of a year and more, with plans that replace
    /// records (a clock set back) and deliveries and opens of some, it saves and forgets
    /// exactly what reading every record would.
    @Test func theRecordsARefreshReadsGiveTheSameUpdateAsEveryRecord() async throws {
        var random = SeededGenerator(seed: 0x401D)
        let now = at(london, 2026, 3, 2, 12, 0)
        let day: TimeInterval = 86_400
        var (skipped, changed) = (0, 0)
        for _ in 0..<300 {
            let store = InMemoryLearningStore()
            var records: [HoldoutRecord] = []
            var deliveries: [DeliveredNotification] = []
            var opens: [String: Date] = [:]
            for index in 0..<Int.random(in: 0...60, using: &random) {
                let date = now + Double(Int.random(in: -600...20, using: &random)) * day + Double(Int.random(in: 0..<24, using: &random)) * 3_600
                let heldOut = Bool.random(using: &random)
                let active: Bool? = date < now && Int.random(in: 0..<3, using: &random) > 0 ? Bool.random(using: &random) : nil
                let record = HoldoutRecord(occurrence: "r\(index % 3)@\(index)", ruleID: "r\(index % 3)", date: date, heldOut: heldOut, active: active)
                records.append(record)
                if !heldOut, date <= now, Bool.random(using: &random) {
                    let shown = DeliveredNotification(
                        id: "bugle.\(record.occurrence)", date: date + 60, content: NotificationContent(title: "t", body: ""), ruleID: record.ruleID,
                        occurrence: record.occurrence)
                    deliveries.append(shown)
                    if Bool.random(using: &random) { opens[shown.id] = shown.date + Double(Int.random(in: 0...10_000, using: &random)) }
                }
            }
            await store.updateHoldoutRecords(saving: records, removing: [])
            // The plan: some occurrences kept, some new, some (after a clock set back) a settled one's.
            var planned: [HoldoutRecord] = []
            for record in records where Int.random(in: 0..<4, using: &random) == 0 {
                planned.append(HoldoutRecord(occurrence: record.occurrence, ruleID: record.ruleID, date: now + day, heldOut: Bool.random(using: &random)))
            }
            for index in 0..<Int.random(in: 0...5, using: &random) {
                planned.append(
                    HoldoutRecord(occurrence: "new@\(index)", ruleID: "r0", date: now + Double(index + 1) * day, heldOut: Bool.random(using: &random)))
            }
            let appOpens = (0..<Int.random(in: 0...30, using: &random)).map { _ in now - Double(Int.random(in: 0...(40 * 24), using: &random)) * 3_600 }
            // As the scheduler asks it: through the protocol, so the store's own query answers.
            let learning: any LearningStore = store
            let read = try await learning.holdoutRecords(unsettledOrBefore: now - HoldoutBook.retention)
            skipped += records.count - read.count
            let attribution: (String) -> TimeInterval = { $0 == "r1" ? 86_400 : 7_200 }
            let every = HoldoutBook(records: await store.holdoutRecords(), deliveries: deliveries, opens: opens, appOpens: appOpens)
                .updated(planned: planned, now: now, attribution: attribution)
            let some = HoldoutBook(records: read, deliveries: deliveries, opens: opens, appOpens: appOpens)
                .updated(planned: planned, now: now, attribution: attribution)
            #expect(some.saving == every.saving)
            #expect(some.removing == every.removing)
            if !every.saving.isEmpty || !every.removing.isEmpty { changed += 1 }
        }
        // The books are not trivial: many settled records go unread, and most updates change something.
        #expect(skipped > 3_000)
        #expect(changed > 250)
    }

    @Test func settingsOutOfRangeSayWhich() throws {
        let fraction = try #require(throws: LearningError.self) { try RandomizedHoldout(fraction: 0) }
        #expect(fraction.description == "randomized holdout: fraction: 0.0 is outside 0.01…0.5")
        let attribution = try #require(throws: LearningError.self) { try RandomizedHoldout(attribution: .infinity) }
        #expect(attribution.description == "randomized holdout: attribution: inf s is outside 300…86400 s")
        #expect(throws: LearningError.self) { try RandomizedHoldout(fraction: 0.9) }
    }
}
