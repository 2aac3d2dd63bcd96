import ArgumentParser
import Bugle
import BugleSimulator
import BugleWorlds
import Foundation
import RecipeScenarios

@main
struct BugleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bugle",
        abstract: "Plan, simulate and explain an app's local notifications.",
        subcommands: [
            Simulate.self, PlanCommand.self, RRuleCommand.self, HistoryCommand.self, ReportCommand.self, FactsCommand.self, WorldsCommand.self,
            LabCommand.self,
        ])

    /// Runs the command; a mistake on the command line is one line on standard error
    /// (`bugle: error: …`), not a usage screen, and a non-zero exit.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var command = command as? any AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            // Help and version requests print as usual; an `ExitCode` was explained already.
            guard code != .success, !(error is ExitCode) else { exit(withError: error) }
            // The message without the usage lines ArgumentParser adds; a line end inside it
            // comes from the value given, and is written out with the rest.
            var message = message(for: error)
            for marker in ["\nHelp: ", "\nUsage: "] {
                if let range = message.range(of: marker) { message = String(message[..<range.lowerBound]) }
            }
            if message.hasPrefix("Error: ") { message.removeFirst(7) }
            reportError("bugle: error: \(message)")
            exit(withError: ExitCode(code.rawValue))
        }
    }
}

/// Writes `text` to standard error as one line: a line end or an escape sequence in it (from
/// a path or a value the user gave) is written out, so that the message stays one line and
/// cannot repaint the terminal.
func reportError(_ text: String) {
    FileHandle.standardError.write(Data("\(TerminalText.escaped(text, invisible: true))\n".utf8))
}

/// Output formats every command offers.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

/// A date-time argument: `2026-03-10T12:00`, optionally with an offset.
struct TimeArgument: ExpressibleByArgument {
    var value: WrittenDateTime

    init?(argument: String) {
        guard let value = try? Self.parse(argument) else { return nil }
        self = value
    }

    private init(value: WrittenDateTime) { self.value = value }

    /// The argument, or an error that says what a time looks like and which years are accepted.
    static func parse(_ argument: String) throws -> TimeArgument {
        let years = TimeParsing.supportedYears
        guard let value = TimeParsing.dateTime(argument) else {
            throw ValidationError("expected YYYY-MM-DDTHH:MM[:SS], optionally with an offset from -18:00 to +18:00 (2026-03-10T12:00-05:00)")
        }
        guard years.contains(value.local.date.year) else {
            throw ValidationError("expected a time from \(years.lowerBound)-01-01 to \(years.upperBound)-12-31")
        }
        return TimeArgument(value: value)
    }

    static var defaultCompletionKind: CompletionKind { .default }
}

/// Checks for numbers on the command line: each says the range it expects.
enum ArgumentRange {
    /// `--days`: one day to ten years, as `days:` in a scenario.
    static let days = ScenarioLimits.days

    /// Reads a whole number inside `range`.
    static func int(_ range: ClosedRange<Int>) -> @Sendable (String) throws -> Int {
        { text in
            guard let value = Int(text), range.contains(value) else {
                throw ValidationError("expected a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
            return value
        }
    }
}

/// Runs `body`, turning a scenario error into its message on standard error and exit code 1.
func reportingErrors<T>(_ body: () async throws -> T) async throws -> T {
    do {
        return try await body()
    } catch let error as ScenarioError {
        reportError("\(error)")
        throw ExitCode(1)
    }
}

struct Simulate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run a scenario on a virtual clock and print what the phone showed, and why.")

    @Argument(help: "The scenario file (YAML).")
    var file: String?

    @Option(
        help: "Simulate the random world of this seed instead of a file (see `bugle worlds`; 0 to 2^53).",
        transform: ArgumentRange.int(0...(1 << 53)))
    var seed: Int?

    @Option(help: "Simulate this many days instead of the scenario's own (1 to 3660).", transform: ArgumentRange.int(ArgumentRange.days))
    var days: Int?

    func validate() throws {
        guard (file == nil) != (seed == nil) else {
            throw ValidationError(file == nil ? "give a scenario file, or --seed N for a random world" : "give a scenario file or --seed, not both")
        }
    }

    @Option(help: "text or json.")
    var format: OutputFormat = .text

    @Option(help: ArgumentHelp("Also write the run as one self-contained HTML page to this file.", valueName: "OUT.html"))
    var html: String?
    @Option(
        help:
            "Keep the run's ledger, delivery history and events in this SQLite file (a new or empty one), written once the run succeeds; read them with `bugle history`."
    )
    var db: String?

    func run() async throws {
        let (output, page, kept) = try await reportingErrors {
            let scenario =
                try seed.map { try ScenarioParser.parse(World(seed: UInt64($0)).yaml, file: "world-\($0).yaml", recipes: RecipeCatalog.all) }
                ?? ScenarioParser.load(path: file ?? "", recipes: RecipeCatalog.all)
            let kept = try db.map(SimulationStore.init(path:))
            let store = kept?.store
            let result = try await ScenarioRunner(scenario: scenario, sinks: store.map { [$0.eventSink(onError: reportStoreError)] } ?? [], journal: store).run(
                days: days)
            let output = format == .json ? try JSONReport.render(result) + "\n" : TextReport.render(result)
            return (output, html == nil ? nil : HTMLReport.render(result), kept)
        }
        if let html, let page {
            do {
                try Data(page.utf8).write(to: URL(fileURLWithPath: html))
            } catch {
                // The system's own words ("No such file or directory") when there are some.
                let posix = ((error as? CocoaError)?.underlying as NSError?).flatMap { $0.domain == NSPOSIXErrorDomain ? $0.code : nil }
                let reason = posix.map { String(cString: strerror(Int32($0))) } ?? error.localizedDescription
                reportError("\(html): error: cannot write the HTML page: \(reason)")
                throw ExitCode(1)
            }
        }
        // Last, so that a run that failed anywhere before leaves no store.
        try kept?.save()
        print(output, terminator: "")
    }
}

struct PlanCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Play a scenario up to a moment and print the plan and its report there.")

    @Argument(help: "The scenario file (YAML).")
    var file: String

    @Option(
        help: "The moment, YYYY-MM-DDTHH:MM (years 1900 to 2999), local to the device's zone then unless it has an offset; not before the scenario's start.",
        transform: TimeArgument.parse)
    var at: TimeArgument

    @Option(help: "text or json.")
    var format: OutputFormat = .text

    func run() async throws {
        let output = try await reportingErrors {
            let scenario = try ScenarioParser.load(path: file, recipes: RecipeCatalog.all)
            let (plan, date, zone) = try await ScenarioRunner(scenario: scenario).plan(at: at.value)
            return format == .json
                ? try PlanReportFormatting.json(plan, at: date, timeZone: zone) + "\n" : PlanReportFormatting.text(plan, at: date, timeZone: zone)
        }
        print(output, terminator: "")
    }
}
