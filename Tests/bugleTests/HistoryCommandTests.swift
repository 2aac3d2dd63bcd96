import Foundation
import Testing

/// `bugle simulate --db` and `bugle history`, run as a user runs them.
@Suite struct HistoryCommandTests {
    let binary = BugleBinaryTests()

    func newPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("bugle-history-\(UUID().uuidString).sqlite").path
    }

    @Test func historyPrintsWhatASimulationKept() throws {
        let path = newPath()
        let simulate = try binary.run(["simulate", "Examples/morning-and-evening.yaml", "--days", "2", "--db", path])
        #expect(simulate.status == 0)
        #expect(simulate.stdout.contains("delivered        4"))
        let history = try binary.run(["history", "--db", path, "--tz", "America/New_York"])
        #expect(history.status == 0)
        #expect(history.stdout.hasPrefix("Ledger  60 requests  \(path)\n"))
        #expect(history.stdout.contains("  2026-03-01T08:30:00-05:00  delivered  bugle.morning@2026-03-01  Good morning"))
        #expect(history.stdout.contains("Deliveries  4\n"))
        #expect(history.stdout.contains("  2026-03-01T07:30:00-05:00  refreshed  refresh (launch)"))
    }

    @Test func historyAsJSONFiltersEventsByKind() throws {
        let path = newPath()
        #expect(try binary.run(["simulate", "Examples/morning-and-evening.yaml", "--days", "2", "--db", path]).status == 0)
        let run = try binary.run(["history", "--db", path, "--format", "json", "--kind", "delivered"])
        #expect(run.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let ledger = try #require(object["ledger"] as? [[String: Any]])
        #expect(ledger.count == 60)
        #expect(Set(ledger[0].keys).isSuperset(of: ["id", "state", "fireDate", "fingerprint", "askedAt", "deliveredAt"]))
        #expect((object["deliveries"] as? [Any])?.count == 4)
        let events = try #require(object["events"] as? [[String: Any]])
        #expect(events.count == 4)
        #expect(events.allSatisfy { $0["kind"] as? String == "delivered" })
        #expect(events.first?["at"] as? String == "2026-03-01T13:30:00Z")
    }

    @Test func reportPrintsTheLiftAndTheTextsASimulationLearned() throws {
        let path = newPath()
        #expect(try binary.run(["simulate", "Examples/texts-and-holdout.yaml", "--db", path]).status == 0)
        let report = try binary.run(["report", "--db", path])
        #expect(report.status == 0)
        #expect(report.stdout.hasPrefix("Learning kept in \(path)\n"))
        let lift = try #require(report.stdout.split(separator: "\n").first { $0.hasPrefix("  practice: lift +") })
        #expect(lift.contains("of 25 held out"), "\(lift)")
        #expect(report.stdout.contains("    minutes: opened "))
        let json = try binary.run(["report", "--db", path, "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let holdout = try #require((object["holdout"] as? [[String: Any]])?.first)
        let (value, interval) = (try #require(holdout["lift"] as? Double), try #require(holdout["interval95"] as? [Double]))
        // The reminder works: the interval is above zero and holds the estimate.
        #expect(interval.count == 2 && interval[0] > 0 && interval[0] < value && value < interval[1])
        let texts = try #require((object["texts"] as? [[String: Any]])?.first?["variants"] as? [[String: Any]])
        let shown = Dictionary(uniqueKeysWithValues: texts.compactMap { item in (item["id"] as? String).map { ($0, item["shown"] as? Int ?? 0) } })
        #expect((shown["minutes"] ?? 0) > (shown["waiting"] ?? 0) + (shown["streak"] ?? 0))
        // A file that is not a store: an error, and the file is left as it was.
        let missing = newPath()
        let refused = try binary.run(["report", "--db", missing])
        #expect(refused.status == 1 && refused.stderr == "\(missing): no such store\n")
    }

    @Test func aSecondSimulationDoesNotMixIntoAStoreInUse() throws {
        let path = newPath()
        #expect(try binary.run(["simulate", "Examples/morning-and-evening.yaml", "--days", "1", "--db", path]).status == 0)
        let again = try binary.run(["simulate", "Examples/morning-and-evening.yaml", "--days", "1", "--db", path])
        #expect(again.status == 1)
        #expect(again.stderr == "\(path): already holds a simulation; choose a new file or delete this one\n")
        #expect(again.stdout.isEmpty)
    }

    @Test func aMissingOrForeignFileIsAnErrorNotACrash() throws {
        let missing = newPath()
        let run = try binary.run(["history", "--db", missing])
        #expect(run.status == 1)
        #expect(run.stderr == "\(missing): no such store\n")
        #expect(!FileManager.default.fileExists(atPath: missing))

        let foreign = newPath()
        try Data("name,score\nada,3\n".utf8).write(to: URL(fileURLWithPath: foreign))
        let refused = try binary.run(["history", "--db", foreign])
        #expect(refused.status == 1)
        #expect(refused.stderr == "\(foreign): not a Bugle database: the file is not an SQLite database; it was left as it is\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: foreign)) == Data("name,score\nada,3\n".utf8))
    }

    // MARK: Nothing written by a command that reads, or by a run that fails

    /// A folder of its own with `files` copied from the corpus's fixtures.
    func folder(with fixtures: [String: String] = [:]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bugle-store-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, fixture) in fixtures {
            try FileManager.default.copyItem(
                at: BugleBinaryTests.root.appendingPathComponent("Tests/HostileInputs/fixtures/\(fixture)"),
                to: folder.appendingPathComponent(name))
        }
        return folder
    }

    /// Every file of `folder` with its bytes.
    func contents(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            files[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return files
    }

    static let outOfOrder = """
        name: Out of order
        start: 2026-03-01T07:00
        timeZone: UTC
        days: 2
        rules:
          - { id: morning, daily: "08:30", title: Good morning, body: Time for today's puzzle }
        events:
          - { at: 2026-03-02T07:30, open: {} }
          - { at: 2026-03-01T12:00, open: {} }
        """

    @Test func historyLeavesAGoodStoreAsItWas() throws {
        let folder = try folder(with: ["run.sqlite": "good-store.sqlite"])
        let before = try contents(folder)
        let run = try binary.run(["history", "--db", folder.appendingPathComponent("run.sqlite").path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Ledger  4 requests"))
        #expect(try contents(folder) == before, "history wrote to the store or beside it")
    }

    @Test func aRunThatFailsLeavesNoStoreAndARerunWorks() throws {
        let folder = try folder()
        let scenario = folder.appendingPathComponent("scenario.yaml")
        try Self.outOfOrder.write(to: scenario, atomically: true, encoding: .utf8)
        let db = folder.appendingPathComponent("run.sqlite").path
        let before = try contents(folder)
        let failed = try binary.run(["simulate", scenario.path, "--db", db])
        #expect(failed.status == 1)
        #expect(failed.stderr.hasSuffix("events must be in time order on the device's clock (after a clock: event, its new time)\n"))
        #expect(failed.stderr.split(separator: "\n").count == 1)
        #expect(try contents(folder) == before, "a failed run left a store behind")

        let rerun = try binary.run(["simulate", "Examples/morning-and-evening.yaml", "--days", "1", "--db", db])
        #expect(rerun.status == 0, "\(rerun.stderr)")
        #expect(try binary.run(["history", "--db", db]).stdout.contains("Deliveries  2\n"))
    }

    @Test func anExistingEmptyFileIsNotFilledByARunThatFails() throws {
        let folder = try folder()
        let scenario = folder.appendingPathComponent("scenario.yaml")
        try Self.outOfOrder.write(to: scenario, atomically: true, encoding: .utf8)
        let db = folder.appendingPathComponent("run.sqlite")
        #expect(FileManager.default.createFile(atPath: db.path, contents: nil))
        let before = try contents(folder)
        #expect(try binary.run(["simulate", scenario.path, "--db", db.path]).status == 1)
        #expect(try contents(folder) == before, "the empty file was filled")

        let rerun = try binary.run(["simulate", "Examples/morning-and-evening.yaml", "--days", "1", "--db", db.path])
        #expect(rerun.status == 0, "\(rerun.stderr)")
        #expect(try binary.run(["history", "--db", db.path]).stdout.contains("Deliveries  2\n"))
    }

    @Test func anHTMLPageThatCannotBeWrittenLeavesNoStore() throws {
        let folder = try folder()
        let db = folder.appendingPathComponent("run.sqlite").path
        let html = folder.appendingPathComponent("missing/page.html").path
        let run = try binary.run(["simulate", "Examples/morning-and-evening.yaml", "--days", "1", "--db", db, "--html", html])
        #expect(run.status == 1)
        #expect(run.stderr == "\(html): error: cannot write the HTML page: No such file or directory\n")
        #expect(try contents(folder).isEmpty, "the run's store was kept although the run failed")
        #expect(try binary.run(["simulate", "Examples/morning-and-evening.yaml", "--days", "1", "--db", db]).status == 0)
    }

    @Test func aStoreThatHoldsNothingTakesTheRun() throws {
        let folder = try folder(with: ["run.sqlite": "empty-store.sqlite"])
        let db = folder.appendingPathComponent("run.sqlite").path
        let run = try binary.run(["simulate", "Examples/morning-and-evening.yaml", "--days", "1", "--db", db])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try contents(folder).keys.sorted() == ["run.sqlite"])
        #expect(try binary.run(["history", "--db", db]).stdout.contains("Deliveries  2\n"))
    }

    @Test(arguments: [
        ("foreign.sqlite", "not a Bugle database: it holds other tables (notes); it was left as it is"),
        ("other-app.sqlite", "not a Bugle database: it belongs to another program (application id 1234); it was left as it is"),
        ("damaged.sqlite", "the database is damaged; move it aside and start a new one"),
        ("newer-schema.sqlite", "written by a newer version of Bugle (schema v9-reminders is unknown here); it was left as it is"),
        ("good-store.sqlite", "already holds a simulation; choose a new file or delete this one"),
    ])
    func simulateRefusesAStoreItMustNotWriteAndLeavesItAsItWas(fixture: String, message: String) throws {
        let folder = try folder(with: ["run.sqlite": fixture])
        let db = folder.appendingPathComponent("run.sqlite").path
        let before = try contents(folder)
        let run = try binary.run(["simulate", "Examples/morning-and-evening.yaml", "--days", "1", "--db", db])
        #expect(run.status == 1)
        #expect(run.stderr == "\(db): \(message)\n")
        #expect(run.stdout.isEmpty)
        #expect(try contents(folder) == before)
    }
}
