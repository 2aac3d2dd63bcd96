import Bugle
import BugleStore
import Foundation
import GRDB

/// The store's targets: a bulk import of 100,000 drip items, a random pick of 64 among them
/// beside `ORDER BY RANDOM()`, and the ledger writes of a 64-request change. Each runs on a
/// file in a temporary folder, as an app's store would.
enum StoreBenchmarks {
    static let itemCount = 100_000

    /// `quick`: one import and a few picks and ledger writes, for CI.
    static func run(quick: Bool = false) async throws -> [TargetRow] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bugle-bench-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var rows: [TargetRow] = []

        // Import: the median of three imports into new files.
        var imports: [Double] = []
        var widestGap = 0
        var store: BugleDatabase?
        let downloaded = items()
        for run in 0..<(quick ? 1 : 3) {
            let candidate = try BugleDatabase.open(at: folder.appendingPathComponent("import-\(run).sqlite"))
            var reported = [0]
            let seconds = try measure { try candidate.importItems(downloaded, into: "facts") { reported.append($0.imported) } }
            imports.append(seconds)
            widestGap = max(widestGap, zip(reported, reported.dropFirst()).map { $1 - $0 }.max() ?? itemCount)
            store = candidate
        }
        let importSeconds = median(imports)
        rows.append(
            TargetRow(
                name: "store: import 100,000 queue items (one transaction)", value: importSeconds, unit: "s", target: "≤ 2 s", met: importSeconds <= 2))
        let gapPercent = Double(widestGap) * 100 / Double(itemCount)
        rows.append(
            TargetRow(name: "store: widest gap between import progress reports", value: gapPercent, unit: "%", target: "≤ 1%", met: gapPercent <= 1))

        // Picks: a tenth of the queue already scheduled, as after months of use.
        guard let store else { return rows }
        var generator = SystemRandomNumberGenerator()
        let scheduled = try store.randomUnscheduled(itemCount / 10, from: "facts", matching: DripFilter(language: "en"), using: &generator)
        try store.markScheduled(
            scheduled.enumerated().map { DripAssignment(key: $1.key, scheduledDate: LocalDate(dayNumber: 20_000 + $0), notificationID: "n\($0)") }, in: "facts")
        let filter = DripFilter(language: "en")
        var picks: [Double] = []
        for _ in 0..<(quick ? 10 : 200) {
            picks.append(try measure { _ = try store.randomUnscheduled(64, from: "facts", matching: filter, using: &generator) })
        }
        var baseline: [Double] = []
        for _ in 0..<(quick ? 2 : 20) {
            baseline.append(
                try measure {
                    _ = try store.reader.read { db in
                        try GRDB.Row.fetchAll(
                            db, sql: "SELECT * FROM drip_item WHERE queue = ? AND language = ? AND scheduled_date IS NULL ORDER BY RANDOM() LIMIT 64",
                            arguments: ["facts", "en"])
                    }
                })
        }
        let pickMs = median(picks) * 1_000
        let baselineMs = median(baseline) * 1_000
        rows.append(
            TargetRow(name: "store: pick 64 random unscheduled of 100,000 (median)", value: pickMs, unit: "ms", target: "≤ 5 ms", met: pickMs <= 5))
        rows.append(
            TargetRow(name: "store: ORDER BY RANDOM() LIMIT 64, beside it (median)", value: baselineMs, unit: "ms", target: "for comparison", met: true)
        )
        rows.append(
            TargetRow(
                name: "store: random pick speed-up over ORDER BY RANDOM()", value: baselineMs / pickMs, unit: "×", target: "≥ 10×",
                met: baselineMs / pickMs >= 10))

        // The ledger: intent and outcome of a 64-request change, each one transaction.
        let ledger = try BugleDatabase.open(at: folder.appendingPathComponent("ledger.sqlite"))
        let asked = Date(timeIntervalSince1970: 1_772_366_400)
        var records: [Double] = []
        for round in 0..<(quick ? 5 : 60) {
            let requests = (0..<64).map { index in
                NotificationRequest(
                    id: "bugle.daily@\(LocalDate(dayNumber: 20_500 + index))",
                    fireTime: .wallClock(LocalDateTime(localSeconds: (20_500 + index) * 86_400 + 30_600)),
                    content: NotificationContent(title: "Fact of the day", body: "Fact \(round)-\(index)", userInfo: ["fact": .int(round * 64 + index)]),
                    ruleID: "daily")
            }
            let intent = requests.map {
                JournalUpdate.entry(JournalEntry(request: $0, fireDate: asked.addingTimeInterval(86_400), state: .adding, askedAt: asked))
            }
            let outcome = requests.map { JournalUpdate.state(id: $0.id, .pending, reason: nil) }
            let start = ContinuousClock.now
            try await ledger.commit(intent, at: asked)
            try await ledger.commit(outcome, at: asked)
            records.append(seconds(ContinuousClock.now - start))
        }
        let recordMs = median(records) * 1_000
        rows.append(
            TargetRow(
                name: "store: record a 64-request change in the ledger (median)", value: recordMs, unit: "ms", target: "≤ 5 ms", met: recordMs <= 5))
        return rows
    }

    /// The facts a daily-facts app downloads, in one language.
    static func items() -> [DripItem] {
        let categories = ["science", "history", "nature", "space", "art", "food", "sport", "language"]
        let difficulties = ["beginner", "intermediate", "advanced"]
        return (0..<itemCount).map { index in
            DripItem(
                id: "fact-\(index)", language: "en", category: categories[index % categories.count], difficulty: difficulties[index % difficulties.count],
                title: "Fact \(index)", body: "Fact number \(index): an interesting sentence or two about the world, as the app shows it.",
                payload: .object([
                    "tags": .array([.string("tag\(index % 13)"), .string("tag\(index % 17)")]), "readingTime": .int(index % 4 + 1),
                    "source": .string("https://example.org/facts/\(index)"),
                ]))
        }
    }

    static func measure(_ body: () throws -> Void) throws -> Double {
        let start = ContinuousClock.now
        try body()
        return seconds(ContinuousClock.now - start)
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }
}
