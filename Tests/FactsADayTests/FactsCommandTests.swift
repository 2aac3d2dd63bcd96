import FactsADay
import Foundation
import Testing

/// `bugle facts`, run as a user runs it: the built binary against the stub server on loopback.
@Suite(.serialized) struct FactsCommandTests {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func binary() throws -> URL {
        var folder = Bundle.main.bundleURL
        for _ in 0..<3 {
            let candidate = folder.appendingPathComponent("bugle")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "bugle next to \(Bundle.main.bundleURL.path)"])
    }

    func run(_ arguments: [String], input: String = "") throws -> Run {
        try Self.start(arguments, input: input).wait()
    }

    /// The same as ``run(_:input:)``, waiting on a dispatch thread: for the long runs, which
    /// would otherwise hold a thread of the Swift concurrency pool for their seconds, and with
    /// it the other tests in the process and the timings of some.
    func runAwaitingExit(_ arguments: [String], input: String = "") async throws -> Run {
        let child = try Self.start(arguments, input: input)
        return await withCheckedContinuation { continuation in
            DispatchQueue(label: "FactsCommandTests.child").async { continuation.resume(returning: child.wait()) }
        }
    }

    /// Starts the tool with `input` on its standard input, closed after it unless told not to.
    static func start(_ arguments: [String], input: String, closingInput: Bool = true) throws -> Child {
        let child = Child()
        child.process.executableURL = try binary()
        child.process.arguments = arguments
        try child.process.run()
        child.stdin.fileHandleForWriting.write(Data(input.utf8))
        if closingInput { try child.stdin.fileHandleForWriting.close() }
        return child
    }

    /// A child process and its pipes, handed to the thread that waits for it.
    final class Child: @unchecked Sendable {
        let process = Process()
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()

        init() {
            process.standardInput = stdin
            process.standardOutput = stdout
            process.standardError = stderr
        }

        func wait() -> Run {
            let out = stdout.fileHandleForReading.readDataToEndOfFile()
            let err = stderr.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return Run(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
        }
    }

    /// What a child writes, read as it comes on a thread of its own.
    final class LiveOutput: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()
        private var ended = false

        init(_ handle: FileHandle) {
            Thread { [self] in
                while true {
                    let chunk = handle.availableData
                    if chunk.isEmpty { break }
                    lock.withLock { data.append(chunk) }
                }
                lock.withLock { ended = true }
            }.start()
        }

        var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }

        /// Whether `expected` was written within `limit`.
        func waitFor(_ expected: String, within limit: Duration) async -> Bool {
            await poll(within: limit) { text.contains(expected) }
        }

        /// Whether the output ended within `limit`.
        func waitForEnd(within limit: Duration) async -> Bool {
            await poll(within: limit) { lock.withLock { ended } }
        }

        private func poll(within limit: Duration, until done: () -> Bool) async -> Bool {
            let clock = ContinuousClock()
            let deadline = clock.now.advanced(by: limit)
            while clock.now < deadline, !done() {
                try? await Task.sleep(for: .milliseconds(50))
            }
            return done()
        }
    }

    func temporaryDatabase() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("facts-\(UUID().uuidString).sqlite").path
    }

    @Test func onboardingInTheTerminalEndsWithTheScheduleAndTodayPrintsTheFact() throws {
        let server = try StubFactsServer()
        let db = temporaryDatabase()
        // Language en, five categories, difficulty all, 20:30, Enable, allow.
        let onboard = try run(
            ["facts", "onboard", "--server", server.baseURL.absoluteString, "--db", db, "--tz", "UTC"],
            input: "en\n1,2,3,4,5\n\n20:30\n\ny\n")
        #expect(onboard.status == 0, "\(onboard.stderr)")
        #expect(onboard.stdout.contains("Step 4/4"))
        #expect(onboard.stdout.contains("All Set!"))
        #expect(onboard.stdout.contains("daily facts at 20:30"))
        let line = try #require(onboard.stdout.split(separator: "\n").first { $0.contains("daily facts at 20:30") })
        let words = line.split(separator: " ")
        let first = try #require(words.firstIndex(of: "20:30,").map { words[$0 + 1] })
        let before = try contents(of: db)
        let today = try run(["facts", "today", "--db", db, "--on", String(first)])
        #expect(today.status == 0, "\(today.stderr)")
        #expect(today.stdout.hasPrefix("Fact of the day, \(first) at 20:30"))
        #expect(today.stdout.contains("The whole text of fact"))
        #expect(try contents(of: db) == before, "facts today wrote to the store or beside it")

        let relaunch = try run(["facts", "onboard", "--server", server.baseURL.absoluteString, "--db", db, "--tz", "UTC"])
        #expect(relaunch.status == 0, "\(relaunch.stderr)")
        #expect(relaunch.stdout.contains("Onboarding is complete. Topped up 0 notifications."))
    }

    @Test func aDeniedPermissionBlocksOnboarding() throws {
        let server = try StubFactsServer()
        let db = temporaryDatabase()
        let onboard = try run(
            ["facts", "onboard", "--server", server.baseURL.absoluteString, "--db", db, "--tz", "UTC"],
            input: "en\n1,2,3,4,5\n\n\n\nn\nn\n\n")
        #expect(onboard.status == 1)
        #expect(onboard.stdout.contains("Notification Permission Required"))
        #expect(!onboard.stdout.contains("All Set!"))
        let today = try run(["facts", "today", "--db", db])
        #expect(today.status == 1)
    }

    @Test func noServerShowsCheckYourInternetConnection() throws {
        let server = try StubFactsServer()
        server.stop()
        let db = temporaryDatabase()
        let onboard = try run(["facts", "onboard", "--server", server.baseURL.absoluteString, "--db", db], input: "en\n")
        #expect(onboard.status == 1)
        #expect(onboard.stderr == "bugle: Cannot connect to the server at 127.0.0.1:\(server.port). Check your internet connection.\n")
    }

    /// The case, as a user meets it: a server that accepts and never answers, the
    /// default limits. Initialization asks once (the user's Continue is the retry), so
    /// onboarding fails after the 5 s connect timeout, with one line on standard error, and
    /// the store from an earlier, unfinished onboarding holds exactly what it held.
    @Test(.ownThreads) func aServerThatNeverAnswersFailsOnboardingWithinFifteenSecondsAndLeavesTheStoreAsItWas() async throws {
        let server = try HostileServer(.silent)
        defer { server.stop() }
        let db = temporaryDatabase()
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: db + suffix) } }
        do {
            let database = try FactsDatabase.open(at: URL(fileURLWithPath: db))
            try database.saveDeviceKey("key-from-an-earlier-run")
            try database.saveMetadata(categories: StubFactsServer.fixtureCategories, contentTypes: [])
        }
        let before = try DatabaseSnapshot(fileAt: db)
        #expect(!FileManager.default.fileExists(atPath: db + "-wal"))

        let clock = ContinuousClock()
        let started = clock.now
        let onboard = try await runAwaitingExit(["facts", "onboard", "--server", try server.baseURL.absoluteString, "--db", db, "--tz", "UTC"], input: "en\n")
        let elapsed = started.duration(to: clock.now)

        #expect(onboard.status == 1)
        #expect(elapsed <= .seconds(9), "took \(elapsed)")
        #expect(server.connections == 1)
        #expect(onboard.stderr == "bugle: The server at \(server.name) did not answer within 5 s.\n")
        #expect(!onboard.stdout.contains("internet"))
        let journal = (try? FileManager.default.attributesOfItem(atPath: db + "-wal")[.size] as? Int) ?? 0
        #expect(journal == 0, "a write-ahead log of \(journal) bytes was left")
        // The app's own store is opened for writing (a refused file is what stays byte for
        // byte as it was): what it holds is what must not change.
        #expect(try DatabaseSnapshot(fileAt: db) == before)
    }

    /// A selection without a single fact tells the user and goes back to the categories;
    /// other categories then complete onboarding.
    @Test func aSelectionWithoutFactsGoesBackToTheCategories() throws {
        // Facts only in food, sports and music.
        let server = try StubFactsServer(facts: StubFactsServer.fixture(count: 160).filter { ["food", "sports", "music"].contains($0.category ?? "") })
        let db = temporaryDatabase()
        // en, five categories without facts, all, 09:00, Enable, allow; then the three with facts as well, all, 09:00, Enable.
        let onboard = try run(
            ["facts", "onboard", "--server", server.baseURL.absoluteString, "--db", db, "--tz", "UTC"],
            input: "en\nspace,history,animals,science,art\n\n\n\ny\nfood,sports,music\n\n\n\n")
        #expect(onboard.status == 0, "\(onboard.stdout) \(onboard.stderr)")
        let alert =
            "⚠ No Facts Available\n  There are no facts for the categories and difficulty you chose, so there is nothing to send. Choose other categories or another difficulty.\n"
        let told = try #require(onboard.stdout.range(of: alert), "\(onboard.stdout)")
        let chosenAgain = try #require(onboard.stdout.range(of: "Step 2/4 · Categories", range: told.upperBound..<onboard.stdout.endIndex))
        #expect(onboard.stdout[chosenAgain.upperBound...].contains("Chosen: animals, art, history, science, space."))
        #expect(onboard.stdout.contains("All Set!"))
        #expect(onboard.stdout.contains("60 daily facts at 09:00"))
    }

    /// A download that gives up (after its 3 attempts) shows on the notifications step while
    /// the prompt waits, without the user pressing anything.
    @Test(.ownThreads) func aFailedDownloadShowsWhileThePromptWaits() async throws {
        let server = try StubFactsServer()
        server.failFacts()
        let db = temporaryDatabase()
        let child = try Self.start(
            ["facts", "onboard", "--server", server.baseURL.absoluteString, "--db", db, "--tz", "UTC"],
            input: "en\n1,2,3,4,5\n\n", closingInput: false)
        let output = LiveOutput(child.stdout.fileHandleForReading)
        let alert =
            "⚠ Download Failed\n  The facts could not be downloaded. The server at 127.0.0.1:\(server.port) answered HTTP 503 to /api/facts (unavailable: injected failure) (3 tries). Tap Enable Notifications to try again.\n"
        let shown = await output.waitFor(alert, within: .seconds(20))
        try child.stdin.fileHandleForWriting.close()
        #expect(await output.waitForEnd(within: .seconds(10)))
        child.process.waitUntilExit()
        #expect(shown, "\(output.text)")
        #expect(output.text.hasSuffix(alert + "Notification time [09:00]: "), "the prompt comes again after the alert")
        #expect(server.requestLog.filter { $0.contains("/api/facts") }.count == 3)
    }

    @Test(arguments: [
        (["--timeout", "0"], "--timeout: expected seconds between 0.1 and 600, found 0"),
        (["--timeout", "nan"], "--timeout: expected seconds between 0.1 and 600, found nan"),
        (["--connect-timeout", "1e300"], "--connect-timeout: expected seconds between 0.1 and 60, found 1e+300"),
        (["--idle-timeout=-1"], "--idle-timeout: expected seconds between 0.1 and 300, found -1"),
    ])
    func aTimeoutOutsideItsRangeIsRefused(_ flags: [String], _ message: String) async throws {
        let onboard = try await runAwaitingExit(["facts", "onboard", "--server", "http://127.0.0.1:9"] + flags)
        #expect(onboard.status != 0)
        #expect(onboard.stderr == "bugle: error: \(message)\n", "\(onboard.stderr)")
        #expect(!onboard.stderr.contains("Fatal error"))
    }

    /// The bytes of `path` and of every file beside it whose name starts with its name.
    func contents(of path: String) throws -> [String: Data] {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent()
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasPrefix(url.lastPathComponent) {
            files[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return files
    }

    @Test func todayDoesNotAddTheAppsTablesToAStoreThatIsNotItsOwn() throws {
        let db = temporaryDatabase()
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("HostileInputs/fixtures/good-store.sqlite")
        try FileManager.default.copyItem(atPath: fixture.path, toPath: db)
        let before = try contents(of: db)
        let today = try run(["facts", "today", "--db", db])
        #expect(today.status == 1)
        #expect(today.stderr == "\(db): holds no Facts A Day data (a Bugle store the app never onboarded into); it was left as it is\n")
        #expect(try contents(of: db) == before)
    }

    @Test func onboardingRefusesAnotherProgramsFileBeforeAnyQuestion() throws {
        let db = temporaryDatabase()
        try Data("name,score\nada,3\n".utf8).write(to: URL(fileURLWithPath: db))
        let onboard = try run(["facts", "onboard", "--server", "http://127.0.0.1:9", "--db", db], input: "en\n")
        #expect(onboard.status == 1)
        #expect(onboard.stderr == "\(db): not a Bugle database: the file is not an SQLite database; it was left as it is\n")
        #expect(onboard.stdout.isEmpty)
        #expect(try contents(of: db) == [URL(fileURLWithPath: db).lastPathComponent: Data("name,score\nada,3\n".utf8)])
    }

    @Test func aBadServerURLIsRefused() throws {
        let onboard = try run(["facts", "onboard", "--server", "ftp://example"])
        #expect(onboard.status != 0)
        #expect(onboard.stderr.contains("--server: expected an http:// or https:// URL"))
    }
}
