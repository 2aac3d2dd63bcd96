import Bugle
import BugleSimulator
import BugleWorlds
import Foundation
import RecipeScenarios
import XCTest

/// The promises a user relies on, over random worlds: no occurrence twice, nothing turned
/// off fires, quiet hours and caps hold, the center never overflows, pending equals the
/// plan after every clean refresh, and a world runs the same twice.
///
/// CI runs 10,000 worlds in release with `bugle worlds --count 10000`
/// (`Scripts/release-check.sh`); these tests run a share of them in debug, show that a
/// planted bug is caught with a seed that replays it, and check the examples.
final class RandomWorldTests: XCTestCase {
    /// How many worlds a test run checks: `BUGLE_WORLDS` in the environment, else 300.
    private var worldCount: Int {
        ProcessInfo.processInfo.environment["BUGLE_WORLDS"].flatMap(Int.init).map { max(1, min($0, 1_000_000)) } ?? 300
    }

    func testRandomWorldsKeepEveryPromise() async {
        let seeds = Array(1...UInt64(worldCount))
        let outcomes = await WorldCheck.check(seeds: seeds, jobs: ProcessInfo.processInfo.activeProcessorCount)
        XCTAssertEqual(outcomes.count, seeds.count)
        for (seed, outcome) in zip(seeds, outcomes) {
            guard let violation = outcome.violations.first else { continue }
            let world = World(seed: seed)
            let shrunk = await WorldCheck.shrink(world, invariant: violation.invariant)
            XCTFail(
                """
                world \(seed) broke \(violation)
                replay: bugle worlds --seed \(seed), or WorldCheck.check(World(seed: \(seed)))
                shrunk world:
                \(shrunk.yaml)
                """)
            return
        }
        // Every kind ran, and the worlds delivered something worth checking.
        XCTAssertEqual(Set(seeds.map(World.kind(ofSeed:))), Set(World.kinds))
        XCTAssertGreaterThan(outcomes.map(\.deliveries).reduce(0, +), worldCount)
    }

    /// Worlds run side by side give what they give one at a time.
    func testWorldsRunAtOnceGiveWhatTheyGiveAlone() async {
        let seeds = Array(UInt64(500)..<520)
        let together = await WorldCheck.check(seeds: seeds, jobs: 4)
        var alone: [String] = []
        for seed in seeds { alone.append(await WorldCheck.check(World(seed: seed)).digest) }
        XCTAssertEqual(together.map(\.digest), alone)
    }

    func testTheSameSeedIsTheSameWorld() async {
        XCTAssertEqual(World(seed: 77), World(seed: 77))
        XCTAssertNotEqual(World(seed: 77).yaml, World(seed: 78).yaml)
        let first = await WorldCheck.run(World(seed: 77))
        let second = await WorldCheck.run(World(seed: 77))
        XCTAssertEqual(first.digest, second.digest)
        XCTAssertFalse(first.digest.isEmpty)
    }

    /// The identity check planted out (delivered occurrences forgotten at once): some world
    /// delivers an occurrence twice, its seed replays the same failure, and the shrunk world
    /// still shows it with fewer parts.
    func testAPlantedBugIsCaughtWithAReplayableSeed() async throws {
        let planted = WorldOptions(occurrenceWindow: 0)
        var found: (World, Violation)?
        for seed in UInt64(1)...3_000 {
            let world = World(seed: seed)
            let outcome = await WorldCheck.run(world, options: planted)
            if let violation = outcome.violations.first(where: { $0.invariant == "twice" }) {
                found = (world, violation)
                break
            }
        }
        let (world, violation) = try XCTUnwrap(found, "no world caught occurrences forgotten at once")
        // The same world without the plant keeps the promise.
        let honest = await WorldCheck.run(world)
        XCTAssertFalse(honest.violations.contains { $0.invariant == "twice" }, "\(honest.violations)")
        // The seed alone replays it.
        let replay = await WorldCheck.run(World(seed: world.seed), options: planted)
        XCTAssertTrue(replay.violations.contains(violation), "\(replay.violations)")
        let shrunk = await WorldCheck.shrink(world, invariant: "twice", options: planted)
        XCTAssertLessThan(shrunk.size, world.size)
        let again = await WorldCheck.run(shrunk, options: planted)
        XCTAssertTrue(again.violations.contains { $0.invariant == "twice" })
    }

    /// The examples as shipped: no occurrence twice, nothing turned off, policies held.
    func testEveryExampleKeepsEveryPromise() async throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Examples").standardized
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".yaml") }.sorted()
        XCTAssertGreaterThanOrEqual(files.count, 9)
        for file in files {
            for store in [false, true] {
                // Read afresh for each run: a recipe keeps the app's memory in the scenario.
                let scenario = try ScenarioParser.load(path: folder.appendingPathComponent(file).path, recipes: RecipeCatalog.all)
                let outcome = await WorldCheck.run(scenario, store: store)
                XCTAssertEqual(outcome.violations, [], "\(file)")
                XCTAssertGreaterThan(outcome.deliveries, 0, file)
            }
        }
    }

    /// World 45730, shrunk: the user opens a notification (a clean refresh), then the app's
    /// process is restarted and its state turns r4 off while it is not running, so nothing
    /// refreshes and the three r4 reminders still pending are delivered. The switch is off
    /// from the next clean refresh, the app's launch the morning after, not from the
    /// notification's open before the event (which the check used to count as the event's).
    func testASwitchTurnedOffWhileTheAppIsNotRunningIsOffFromTheNextRefresh() async throws {
        let yaml = """
            start: 2026-03-08T02:35Z
            timeZone: America/Santiago
            days: 7
            pendingLimit: 11
            faults: { seed: 549869, addFailureRate: 0.0, removeFailureRate: 0.13 }
            lookahead: 15d
            state: { on_r1: true, on_r2: true, on_r4: true }
            user: { opens: "02:00-11:00", chance: 0.9, after: 80m, seed: 842 }
            learningSeed: 217405
            rules:
              - { id: r4, rrule: "FREQ=HOURLY;INTERVAL=7", start: 2026-03-05, time: "02:30", title: "r4 title", body: "r4 body", basis: zoned, group: g1, when: { key: on_r4, equals: true } }
            events:
              - { at: 2026-03-08T03:34Z, open: {} }
              - { at: 2026-03-10T16:35Z, relaunch: {}, set: { on_r4: false } }

            """
        let outcome = await WorldCheck.run(try ScenarioParser.parse(yaml), store: false)
        XCTAssertEqual(outcome.violations, [])
        // "delivered <id> at <time> ...": what came after the switch, before the next launch.
        let delivered = outcome.digest.split(separator: "\n").filter { $0.hasPrefix("delivered ") }.map { String($0.split(separator: " ")[1]) }
        let after = delivered.filter { $0 > "bugle.r4@2026-03-10T13:35" }
        XCTAssertEqual(after, ["bugle.r4@2026-03-10T15:30", "bugle.r4@2026-03-10T22:30", "bugle.r4@2026-03-11T05:30"])
    }
}
