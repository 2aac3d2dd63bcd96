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
        let process = Process()
        process.executableURL = try Self.binary()
        process.arguments = arguments
        let stdin = Pipe()
        let out = Pipe()
        let err = Pipe()
        process.standardInput = stdin
        process.standardOutput = out
        process.standardError = err
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
    }

    func temporaryDatabase() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("facts-\(UUID().uuidString).sqlite").path
    }

    @Test func onboardingInTheTerminalEndsWithTheScheduleAndTodayPrintsTheFact() throws {
        let server = try StubFactsServer()
        let db = temporaryDatabase()
        // Language en, five categories, difficulty all, 20:30, Enable, allow.
        let onboard = try run(["facts", "onboard", "--server", server.baseURL.absoluteString, "--db", db, "--tz", "UTC"],
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
        let onboard = try run(["facts", "onboard", "--server", server.baseURL.absoluteString, "--db", db, "--tz", "UTC"],
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
        #expect(onboard.stdout.contains("Check your internet connection"))
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
