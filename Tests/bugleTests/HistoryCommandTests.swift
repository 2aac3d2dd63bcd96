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
        #expect(refused.stderr.hasPrefix("\(foreign): not a Bugle database"))
    }
}
