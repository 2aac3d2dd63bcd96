import ArgumentParser
import BugleWorlds
import Foundation

/// `bugle worlds`: random worlds with the invariants checked after every step.
struct WorldsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "worlds",
        abstract:
            "Run random worlds and check that no occurrence is delivered twice, nothing turned off fires, and quiet hours, caps, the pending limit and the plan hold.",
        discussion: """
            Each world is drawn from its seed: rules of every kind or one of the recipes, a zone, \
            trips east and west, daylight-saving changes, opens, state changes, clock jumps, center \
            faults and relaunches over a store file. A world that breaks a promise is shrunk and \
            printed as a scenario file; `bugle worlds --seed N` replays it, `bugle simulate --seed N` \
            shows its timeline.
            """)

    @Option(help: "Run this many worlds (1 to 1000000).", transform: ArgumentRange.int(1...1_000_000))
    var count: Int = 1_000

    @Option(help: "The first world's seed; the others follow it (0 to 2^53).", transform: ArgumentRange.int(0...(1 << 53)))
    var first: Int = 1

    @Option(help: "Run only the world of this seed, and print it (0 to 2^53).", transform: ArgumentRange.int(0...(1 << 53)))
    var seed: Int?

    @Option(help: "Run only the worlds of this kind among the seeds: rules or a recipe's name.")
    var kind: String?

    @Option(help: "How many worlds run at once (1 to 64; the number of processors by default).", transform: ArgumentRange.int(1...64))
    var jobs: Int?

    @Flag(help: "Print a broken world as drawn, without shrinking it.")
    var noShrink = false

    func validate() throws {
        if let kind, !World.kinds.contains(kind) {
            throw ValidationError("--kind: expected one of \(Set(World.kinds).sorted().joined(separator: ", ")), found \"\(kind)\"")
        }
    }

    func run() async throws {
        var seeds = seed.map { [$0] } ?? Array(first..<(first + count))
        if let kind { seeds = seeds.filter { World.kind(ofSeed: UInt64($0)) == kind } }
        let started = Date()
        var deliveries = 0
        var perKind: [String: Int] = [:]
        var broken = 0
        let jobs = self.jobs ?? max(1, min(64, ProcessInfo.processInfo.activeProcessorCount))
        // In batches, so that what the worlds saw is not all held at once.
        var outcomes: [WorldOutcome] = []
        for (position, value) in seeds.enumerated() {
            if position % 256 == 0 {
                outcomes = await WorldCheck.check(seeds: seeds[position..<min(seeds.count, position + 256)].map { UInt64($0) }, jobs: jobs)
            }
            let world = World(seed: UInt64(value))
            let outcome = outcomes[position % 256]
            deliveries += outcome.deliveries
            perKind[world.kind, default: 0] += 1
            if seed != nil {
                print(world.yaml, terminator: "")
                print("# \(outcome.refreshes) refreshes, \(outcome.deliveries) deliveries")
            }
            guard let violation = outcome.violations.first else { continue }
            broken += 1
            // Three broken worlds in full say enough; the next ones in a line each.
            guard broken <= 3 else {
                if broken <= 20 { reportError("bugle worlds: world \(value) broke \(violation)") }
                continue
            }
            let shown = noShrink ? world : await WorldCheck.shrink(world, invariant: violation.invariant)
            let rest = outcome.violations.count > 1 ? " (and \(outcome.violations.count - 1) more)" : ""
            reportError("bugle worlds: world \(value) broke \(violation)\(rest)")
            if seed == nil || !noShrink {
                FileHandle.standardError.write(
                    Data(
                        """
                        # \(noShrink ? "the world" : "shrunk to \(shown.size) of \(world.size) rules, policies and events"); replay: bugle worlds --seed \(value), bugle simulate --seed \(value)
                        \(shown.yaml)
                        """.utf8))
            }
        }
        let kinds = perKind.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        let seconds = String(format: "%.1f", Date().timeIntervalSince(started))
        let summary = "\(seeds.count == 1 ? "1 world" : "\(seeds.count) worlds") (\(kinds)), \(deliveries) deliveries, \(broken) broken, in \(seconds) s"
        if broken > 0 {
            reportError("bugle worlds: \(summary)")
            throw ExitCode(1)
        }
        print(summary)
    }
}
