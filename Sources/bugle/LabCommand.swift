import ArgumentParser
import BugleLab
import BugleSimulator
import Foundation
import Yams

/// `bugle lab`: a synthetic population through the fixed, learned and learned + fatigue arms.
struct LabCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lab",
        abstract: "Compare a fixed send time, a learned one and a learned one with fatigue back-off on synthetic users.",
        discussion: """
            Every user is run through every arm with the same random numbers, and through every \
            fixed slot of the window for the best fixed slot in hindsight. Figures come with 95 % \
            intervals over users; the same population and seed print the same figures, whatever \
            --jobs. Without a file, the built-in default population (Examples/lab/default-population.json).
            """)

    @Argument(help: "A population file (JSON, or YAML when it ends in .yaml or .yml); the default population when left out.")
    var population: String?

    @Option(help: "Simulate this many users instead of the file's (1 to 1000000).", transform: ArgumentRange.int(Population.usersRange))
    var users: Int?

    @Option(help: "Simulate this many days instead of the file's (7 to 3660).", transform: ArgumentRange.int(Population.daysRange))
    var days: Int?

    @Option(help: "The seed every random number derives from (0 to 2^53).", transform: ArgumentRange.int(0...(1 << 53)))
    var seed: Int = 1

    @Option(help: "How many jobs share the users (1 to 64; the number of processors by default).", transform: ArgumentRange.int(Lab.jobsRange))
    var jobs: Int?

    @Option(help: "text or json.")
    var format: OutputFormat = .text

    @Option(help: ArgumentHelp("Also write the learning curves and figures as one self-contained HTML page to this file.", valueName: "OUT.html"))
    var html: String?

    @Flag(help: "Print the population the run would use, as JSON, and stop.")
    var showPopulation = false

    func run() async throws {
        var chosen = try loadPopulation()
        if let users { chosen.users = users }
        if let days { chosen.days = days }
        if showPopulation {
            print(String(decoding: try chosen.json(), as: UTF8.self))
            return
        }
        let lab: Lab
        do {
            lab = try Lab(population: chosen, seed: UInt64(seed))
        } catch {
            reportError("\(population ?? "default population"): error: \(error)")
            throw ExitCode(1)
        }
        let bar = isatty(STDERR_FILENO) == 1 ? ProgressBar(total: chosen.users) : nil
        var progress: (@Sendable (Int) -> Void)?
        if let bar { progress = { users in bar.advance(users) } }
        let result = await lab.run(jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount, progress: progress)
        bar?.finish()
        if let html {
            do {
                try Data(LabHTMLReport.render(result).utf8).write(to: URL(fileURLWithPath: html))
            } catch {
                reportError("\(html): error: cannot write the HTML page: \(error.localizedDescription)")
                throw ExitCode(1)
            }
        }
        print(format == .json ? String(decoding: try result.json(), as: UTF8.self) : result.text, terminator: format == .json ? "\n" : "")
    }

    /// The file's population, or the default; an error names the file and the field.
    private func loadPopulation() throws -> Population {
        guard let population else { return .default }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: population))
        } catch {
            reportError("\(population): error: cannot read the population file")
            throw ExitCode(1)
        }
        do {
            if population.hasSuffix(".yaml") || population.hasSuffix(".yml") {
                return try YAMLDecoder().decode(Population.self, from: data)
            }
            return try Population.json(data)
        } catch {
            reportError("\(population): error: \(PopulationError(reading: error))")
            throw ExitCode(1)
        }
    }
}

/// `[█████░░░░░] 50% (5,000/10,000 users)` on standard error, redrawn on one line as the jobs
/// finish their blocks; only when standard error is a terminal.
final class ProgressBar: @unchecked Sendable {
    private let lock = NSLock()
    private let total: Int
    private var done = 0
    private var shown = -1

    init(total: Int) { self.total = max(total, 1) }

    func advance(_ users: Int) {
        lock.lock()
        defer { lock.unlock() }
        done += users
        let percentage = done * 100 / total
        guard percentage != shown else { return }
        shown = percentage
        let width = 30
        let filled = percentage * width / 100
        let bar = "\r[\(String(repeating: "█", count: filled))\(String(repeating: "░", count: width - filled))] \(percentage)% (\(done)/\(total) users)"
        FileHandle.standardError.write(Data(bar.utf8))
    }

    /// Clears the bar's line.
    func finish() {
        FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
    }
}
