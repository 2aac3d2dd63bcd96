import Foundation
import Testing

/// `bugle lab` as a user runs it: the figures, a YAML population, and a wrong field named.
@Suite struct LabCommandTests {
    let binary = BugleBinaryTests()

    func population(_ text: String, ending: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bugle-lab-\(UUID().uuidString).\(ending)").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func labPrintsTheArmsAndTheFindings() throws {
        let run = try binary.run(["lab", "--users", "200", "--days", "21", "--jobs", "2"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("population default, 200 users × 21 days, seed 1"))
        for arm in ["fixed time", "learned time", "learned + fatigue", "learned, texts in turn", "learned + copy bandit"] { #expect(run.stdout.contains(arm)) }
        #expect(run.stdout.contains("learned − fixed open rate:"))
        // Standard error is a pipe here, not a terminal: no progress bar.
        #expect(run.stderr.isEmpty)
    }

    @Test func aYAMLPopulationRunsAndTheJSONIsTheSameForAnyJobs() throws {
        let path = try population("name: tiny\nusers: 64\ndays: 14\nchurn:\n  perIgnore: 0.01\n", ending: "yaml")
        let one = try binary.run(["lab", path, "--format", "json", "--jobs", "1"])
        let two = try binary.run(["lab", path, "--format", "json", "--jobs", "2"])
        #expect(one.status == 0)
        #expect(one.stdout.contains("\"population\" : \"tiny\""))
        #expect(one.stdout == two.stdout)
    }

    @Test func aFieldOutOfRangeIsNamedWithTheFile() throws {
        let path = try population(#"{"churn": {"maximum": 3}}"#, ending: "json")
        let run = try binary.run(["lab", path])
        #expect(run.status == 1)
        #expect(run.stderr == "\(path): error: churn.maximum: 3.0 is outside 0.0…1.0\n")
        #expect(run.stdout.isEmpty)
    }

    @Test func aNumberOutOfRangeOnTheCommandLineIsRefused() throws {
        let run = try binary.run(["lab", "--users", "0"])
        #expect(run.status != 0)
        #expect(run.stderr.contains("expected a whole number from 1 to 1000000"))
    }
}
