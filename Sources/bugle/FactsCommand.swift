import ArgumentParser
import Bugle
import BugleSimulator
import BugleStore
import FactsADay
import Foundation

/// `bugle facts`: the Facts A Day app in the terminal.
struct FactsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "facts",
        abstract: "Facts A Day: onboard against a content server, then read the daily fact.",
        subcommands: [FactsOnboardCommand.self, FactsTodayCommand.self])
}

/// The options both facts commands share.
struct FactsStoreOptions: ParsableArguments {
    @Option(help: "The app's SQLite file (default: bugle/bugle.sqlite in the platform's application-support folder).")
    var db: String?

    @Option(help: "The device's time zone (default: the system's).")
    var tz: String?

    func validate() throws {
        if let tz, TimeZone(ianaName: tz) == nil { throw ValidationError("--tz: unknown time zone \"\(tz)\"; expected an IANA name such as America/New_York") }
    }

    var timeZone: TimeZone { tz.flatMap(TimeZone.init(ianaName:)) ?? .current }

    func path() throws -> String { try db ?? storeReportingErrors { try BugleDatabase.defaultLocation().path } }

    func open() throws -> FactsDatabase {
        let url = URL(fileURLWithPath: try path())
        return try storeReportingErrors {
            do {
                if db == nil {
                    let folder = url.deletingLastPathComponent()
                    do {
                        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                    } catch {
                        throw StoreError(.cannotOpen, path: url.path, message: "cannot create the folder \(folder.path)")
                    }
                }
                return try FactsDatabase.open(at: url)
            } catch let error as FactsError {
                throw StoreError(.cannotOpen, path: url.path, message: error.message)
            }
        }
    }

    /// The app's file, opened without writing to it.
    func openReadOnly() throws -> FactsDatabase {
        let url = URL(fileURLWithPath: try path())
        return try storeReportingErrors {
            do {
                return try FactsDatabase.openReadOnly(at: url)
            } catch let error as FactsError {
                throw StoreError(.cannotOpen, path: url.path, message: error.message)
            }
        }
    }
}

/// `bugle facts onboard`: the five onboarding steps, answered at the terminal.
struct FactsOnboardCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "onboard",
        abstract: "Walk through onboarding (language, categories, difficulty, time, permission), download the facts and schedule 64 days.",
        discussion: """
            Prompts on standard input; a blank answer takes the default. There is no notification \
            system on the command line: the permission prompt is answered here, and the schedule \
            goes to a simulated notification center and the store's ledger. Once onboarded, \
            running it again tops the schedule up to 64 facts, as the app does at launch.

            Every request is bounded: the server must start answering within --connect-timeout, \
            may not fall silent for --idle-timeout in the middle of an answer, and a step \
            (connecting and loading the categories, or one page of facts) ends within --timeout, \
            retries included: connecting is tried once (Enter tries again), a page of facts up \
            to 3 times, 1 s and 2 s apart. A server that does not answer in time, fails, or is \
            not the content service is reported as such; only a server that cannot be reached \
            asks to check the internet connection. A failed step leaves the store as it was. \
            The download's end shows as soon as it comes, even while a prompt waits; a \
            selection without a single fact goes back to the categories.
            """)

    @Option(help: "The content server's root URL, such as http://127.0.0.1:8080.")
    var server: String

    @Option(name: .customLong("connect-timeout"), help: "Seconds the server has to start answering a request (0.1 to 60).")
    var connectTimeout: Double = 5

    @Option(name: .customLong("idle-timeout"), help: "Seconds the server may fall silent in the middle of an answer (0.1 to 300).")
    var idleTimeout: Double = 10

    @Option(help: "Seconds one step may take, retries included: connecting and loading the categories, or one page of facts (0.1 to 600).")
    var timeout: Double = 14

    @OptionGroup var store: FactsStoreOptions

    func validate() throws {
        guard let url = URL(string: server), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
            throw ValidationError("--server: expected an http:// or https:// URL, found \(server)")
        }
        _ = try limits()
    }

    /// The request limits and retry budget from the flags, each checked against its range.
    func limits() throws -> (NetworkLimits, RetryPolicy) {
        let connect = try Self.seconds(connectTimeout, flag: "--connect-timeout", in: NetworkLimits.connectRange)
        let idle = try Self.seconds(idleTimeout, flag: "--idle-timeout", in: NetworkLimits.idleRange)
        let total = try Self.seconds(timeout, flag: "--timeout", in: NetworkLimits.totalRange.clamped(to: RetryPolicy.budgetRange))
        do {
            return (try NetworkLimits(connect: connect, idle: idle, total: total), try RetryPolicy(budget: total))
        } catch let error as FactsError {
            throw ValidationError(error.message)
        }
    }

    /// `value` seconds as a `Duration`, when it is a number inside `range`; checked before
    /// converting, since a `Duration` cannot hold every `Double`.
    static func seconds(_ value: Double, flag: String, in range: ClosedRange<Duration>) throws -> Duration {
        let (low, high) = (seconds(range.lowerBound), seconds(range.upperBound))
        guard value.isFinite, value >= low, value <= high else {
            throw ValidationError("\(flag): expected seconds between \(Self.number(low)) and \(Self.number(high)), found \(Self.number(value))")
        }
        return .milliseconds(Int64((value * 1000).rounded()))
    }

    private static func number(_ value: Double) -> String { String(format: "%g", value) }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    func run() async throws {
        let database = try store.open()
        let device = SimulatedDevice(now: Date(), timeZone: store.timeZone)
        let center = SimulatedCenter(device: device, authorization: .notDetermined)
        let scheduler = Scheduler(planner: FactsNotifier.planner(), center: center, environment: device.environment, journal: database.store)
        let notifier = FactsNotifier(database: database, scheduler: scheduler)
        var random = SystemRandomNumberGenerator()
        if try database.isOnboardingComplete(), let preferences = try database.preferences() {
            await center.setAuthorization(.authorized)
            let added = try await notifier.topUp(time: preferences.notificationTime, language: preferences.language, using: &random)
            print("Onboarding is complete. Topped up \(added) notification\(added == 1 ? "" : "s").")
            try printSchedule(database, preferences: preferences)
            return
        }
        let version = ProcessInfo.processInfo.operatingSystemVersion
        let deviceInfo = DeviceInfo(platform: Self.platform, model: "bugle", osVersion: "\(version.majorVersion).\(version.minorVersion)")
        guard let baseURL = URL(string: server) else { throw ValidationError("--server: expected an http:// or https:// URL, found \(server)") }
        let (limits, retry) = try limits()
        let downloader = FactsDownloader(
            service: HTTPFactsService(baseURL: baseURL, limits: limits), database: database, clock: ContinuousClock(),
            retry: retry, device: deviceInfo)
        var shell = TerminalOnboarding(database: database, downloader: downloader, notifier: notifier, center: center)
        try await shell.run()
        guard let preferences = try database.preferences() else { throw ExitCode(1) }
        try printSchedule(database, preferences: preferences)
    }

    /// The contract's name for the system the tool runs on.
    #if os(macOS)
        static let platform = "macos"
    #else
        static let platform = "linux"
    #endif

    private func printSchedule(_ database: FactsDatabase, preferences: FactsPreferences) throws {
        let today = ZoneRules(timeZone: store.timeZone, around: Date()).localDate(at: Date())
        let upcoming = try database.scheduledFacts(from: today)
        guard let first = upcoming.first, let last = upcoming.last else {
            print("No fact is scheduled.")
            return
        }
        print("\(upcoming.count) daily facts at \(preferences.notificationTime), \(first.date) to \(last.date).")
        for item in upcoming.prefix(3) {
            print("  \(item.date)  \(item.fact.title ?? FactSchedule.notificationBody(item.fact))")
        }
        if upcoming.count > 3 { print("  …") }
    }
}

/// `bugle facts today`: the fact scheduled for today.
struct FactsTodayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "today", abstract: "Print today's fact.")

    @OptionGroup var store: FactsStoreOptions

    @Option(help: "Another day than today (YYYY-MM-DD, from 1900-01-01 to 2999-12-31).")
    var on: String?

    func validate() throws {
        let years = TimeParsing.supportedYears
        if let on, !(TimeParsing.localDate(on).map { years.contains($0.year) } ?? false) {
            throw ValidationError("--on: expected a date as YYYY-MM-DD from \(years.lowerBound)-01-01 to \(years.upperBound)-12-31, found \(on)")
        }
    }

    func run() throws {
        let path = try store.path()
        guard FileManager.default.fileExists(atPath: path) else {
            reportError("\(path): no such store; run bugle facts onboard first")
            throw ExitCode(1)
        }
        let database = try store.openReadOnly()
        let day = on.flatMap(TimeParsing.localDate) ?? ZoneRules(timeZone: store.timeZone, around: Date()).localDate(at: Date())
        guard let item = try database.fact(on: day) else {
            reportError("No fact is scheduled for \(day).")
            throw ExitCode(1)
        }
        let time = try database.preferences().map { " at \($0.notificationTime)" } ?? ""
        print("Fact of the day, \(day)\(time)")
        if let title = item.fact.title { print(title) }
        print(item.fact.content)
        if let source = item.fact.sourceURL { print("Source: \(source)") }
    }
}
