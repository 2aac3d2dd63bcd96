import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The built `bugle` binary, run as a user runs it: output and exit codes.
@Suite struct BugleBinaryTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The `bugle` executable next to the test bundle.
    static func binary() throws -> URL {
        var folder = Bundle.main.bundleURL
        for _ in 0..<3 {
            let candidate = folder.appendingPathComponent("bugle")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "bugle next to \(Bundle.main.bundleURL.path)"])
    }

    func run(_ arguments: [String]) throws -> Run {
        let process = Process()
        process.executableURL = try Self.binary()
        process.arguments = arguments
        process.currentDirectoryURL = Self.root
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
    }

    func scenario(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bugle-\(UUID().uuidString).yaml").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func simulatePrintsATimelineAndSummary() throws {
        let run = try run(["simulate", "Examples/morning-and-evening.yaml"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("Sun 2026-03-08  America/New_York -04:00"))
        #expect(run.stdout.contains("08:30  morning"))
        #expect(run.stdout.contains("Summary"))
        #expect(run.stdout.contains("center calls"))
        #expect(run.stdout.contains("coverage"))
    }

    @Test func simulateJSONHasTheDocumentedFields() throws {
        let run = try run(["simulate", "Examples/morning-and-evening.yaml", "--format", "json"])
        #expect(run.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let deliveries = try #require(object["deliveries"] as? [[String: Any]])
        let first = try #require(deliveries.first)
        #expect(Set(first.keys).isSuperset(of: ["id", "rule", "at", "title", "body"]))
        #expect(first["at"] as? String == "2026-03-01T08:30:00-05:00")
        // After the DST change the offset is -04:00; in Tokyo +09:00.
        let ats = deliveries.compactMap { $0["at"] as? String }
        #expect(ats.contains("2026-03-09T08:30:00-04:00"))
        #expect(ats.contains("2026-03-13T08:30:00+09:00"))
        #expect(object["dropped"] is [[String: Any]])
        let calls = try #require(object["centerCalls"] as? [String: Any])
        #expect(calls["add"] is Int && calls["remove"] is Int)
        #expect(object["peakPending"] as? Int == 60)
    }

    @Test func daysOptionShortensTheRun() throws {
        let run = try run(["simulate", "Examples/morning-and-evening.yaml", "--days", "2", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect((object["deliveries"] as? [Any])?.count == 4)
    }

    @Test func planPrintsThePlanAndItsReport() throws {
        let run = try run(["plan", "Examples/budget-competition.yaml", "--at", "2026-05-01T08:30"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("8 of 8 slots used"))
        #expect(run.stdout.contains("Sat 2026-05-30 08:00  wall  exam"))
        #expect(run.stdout.contains("budget: the plan is full"))
        let json = try self.run(["plan", "Examples/budget-competition.yaml", "--at", "2026-05-01T08:30", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((object["planned"] as? [Any])?.count == 8)
    }

    @Test func malformedFileNamesPathLineAndColumn() throws {
        let path = try scenario("start: 2026-03-01T07:00\ntimeZone: UTC\nrules:\n  - id: a\n    daily: \"8 o'clock\"\n    title: t\n")
        let run = try run(["simulate", path])
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("\(path):5:12: error: rules[0].daily:"))
        #expect(run.stdout.isEmpty)
    }

    @Test func unknownTimeZoneIsNamed() throws {
        let path = try scenario("start: 2026-03-01T07:00\ntimeZone: Europe/Atlantis\nrules: []\n")
        let run = try run(["simulate", path])
        #expect(run.status == 1)
        #expect(run.stderr.contains("unknown time zone \"Europe/Atlantis\""))
    }

    @Test func missingFileIsAnErrorNotACrash() throws {
        let run = try run(["simulate", "Examples/does-not-exist.yaml"])
        #expect(run.status == 1)
        #expect(run.stderr == "Examples/does-not-exist.yaml: error: no such file; expected a scenario file (YAML)\n")
    }

    @Test func badTimeArgumentIsRejected() throws {
        let run = try run(["plan", "Examples/budget-competition.yaml", "--at", "noon"])
        #expect(run.status != 0)
        #expect(run.stderr.contains("'noon' is invalid for '--at"))
    }

    @Test func htmlOptionWritesOneOfflinePageBesideTheReport() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bugle-\(UUID().uuidString).html").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try run(["simulate", "Examples/morning-and-evening.yaml", "--html", path])
        #expect(run.status == 0)
        #expect(run.stdout.contains("Summary"))
        let page = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!page.contains("http:") && !page.contains("https:") && !page.contains("src="))
        let document = try XMLDocument(xmlString: page, options: [])
        let marks = try document.nodes(forXPath: "//svg[@class='timeline']//circle[@class='delivery']")
        let json = try self.run(["simulate", "Examples/morning-and-evening.yaml", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let deliveries = try #require(object["deliveries"] as? [[String: Any]])
        #expect(marks.count == deliveries.count)
        let titles = try document.nodes(forXPath: "//svg[@class='timeline']//circle[@class='delivery']/title").compactMap(\.stringValue)
        #expect(titles.first?.hasPrefix("Sun 2026-03-01 08:30 -05:00 · morning\nGood morning\nTime for today's puzzle") == true)
    }

    @Test(arguments: [
        (FileManager.default.temporaryDirectory.appendingPathComponent("no-such-folder/timeline.html").path, "No such file or directory"),
        (FileManager.default.temporaryDirectory.path, "Is a directory"),
    ])
    func htmlToAPathThatCannotBeWrittenIsAnError(path: String, reason: String) throws {
        let run = try run(["simulate", "Examples/budget-competition.yaml", "--html", path])
        #expect(run.status == 1)
        #expect(run.stderr == "\(path): error: cannot write the HTML page: \(reason)\n")
        #expect(run.stdout.isEmpty)
    }

    /// The lines of the first ```` ```text ```` block after `command` in the file at `path`
    /// (relative to the package's root), without the `…` lines that stand for lines left out.
    static func excerpt(after command: String, in path: String) throws -> [Substring] {
        let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        let found = try #require(text.range(of: command), "\(path) does not show \(command)")
        let start = try #require(text.range(of: "```text\n", range: found.upperBound..<text.endIndex), "no text block after \(command) in \(path)")
        let end = try #require(text.range(of: "```", range: start.upperBound..<text.endIndex))
        return text[start.upperBound..<end.lowerBound].split(separator: "\n").filter { $0 != "…" }
    }

    /// Each recipe's article shows its example's timeline: every line of the excerpt after the
    /// command is printed by that command.
    @Test(arguments: [
        ("streak-rescue", "Sources/Recipes/StreakRescue/StreakRescue.docc/StreakRescueExample.md"),
        ("study-reminders", "Sources/Recipes/StudyReminders/StudyReminders.docc/StudyRemindersExample.md"),
        ("activity-windows", "Sources/Recipes/ActivityWindows/ActivityWindows.docc/ActivityWindowsExample.md"),
        ("countdowns", "Sources/Recipes/Countdowns/Countdowns.docc/CountdownsExample.md"),
        ("countdowns-lunar", "Sources/Recipes/Countdowns/Countdowns.docc/LunarCountdowns.md"),
        ("countdowns-android", "Sources/Recipes/Countdowns/Countdowns.docc/CountdownsExample.md"),
        ("facts-a-day", "Sources/Recipes/FactsADay/FactsADay.docc/FactsADayExample.md"),
        ("facts-a-day-android", "Sources/Recipes/FactsADay/FactsADay.docc/FactsADayExample.md"),
    ])
    func recipeExamplesRunAndTheirArticlesShowTheirOutput(name: String, article: String) throws {
        let run = try run(["simulate", "Examples/\(name).yaml"])
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        #expect(run.stdout.contains("Summary"))
        let sample = try Self.excerpt(after: "swift run bugle simulate Examples/\(name).yaml", in: article)
        let printed = Set(run.stdout.split(separator: "\n"))
        #expect(sample.count >= 5)
        for line in sample {
            let shown = printed.contains(line)
            #expect(shown, "\(article): line not printed: \(line)")
        }
    }

    /// The article *Limits* shows what the tool says to a value out of range, and the status.
    @Test func theLimitsArticleShowsWhatTheToolSays() throws {
        let path = "Sources/BugleSimulator/BugleSimulator.docc/Limits.md"
        let article = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
        let days = try run(["simulate", "Examples/morning-and-evening.yaml", "--days", "10000000"])
        let rule = try run(["rrule", "FREQ=DAILY;\u{200B}INTERVAL=2", "--start", "2026-03-01T09:00", "--count", "2"])
        #expect(article.contains(#"$ bugle rrule "FREQ=DAILY;\#u{200B}INTERVAL=2" --start 2026-03-01T09:00 --count 2"#))
        for run in [days, rule] {
            #expect(run.status == 64)
            #expect(run.stdout.isEmpty)
            #expect(article.contains("\n" + run.stderr), "\(path) does not show: \(run.stderr)")
        }
    }

    @Test func unknownFormatIsRejected() throws {
        let run = try run(["simulate", "Examples/budget-competition.yaml", "--format", "xml"])
        #expect(run.status != 0)
        #expect(run.stderr.contains("xml"))
    }
}

/// The README: at most 200 lines; its quick start shows real output, every line of its sample
/// printed by the command it names; its example is the habit app's code.
@Suite struct ReadmeTests {
    static func readme() throws -> String {
        try String(contentsOf: BugleBinaryTests.root.appendingPathComponent("README.md"), encoding: .utf8)
    }

    @Test func theReadmeIsShort() throws {
        let lines = try Self.readme().split(separator: "\n", omittingEmptySubsequences: false).count - 1
        #expect(lines <= 200, "README.md has \(lines) lines")
    }

    @Test func quickStartOutputMatchesTheReadme() throws {
        let readme = try Self.readme()
        #expect(readme.contains("swift run bugle simulate Examples/morning-and-evening.yaml"))
        #expect(readme.contains("\nScripts/test-all.sh\n"))
        let sample = try BugleBinaryTests.excerpt(after: "## Quick start", in: "README.md")
        let run = try BugleBinaryTests().run(["simulate", "Examples/morning-and-evening.yaml"])
        let printed = Set(run.stdout.split(separator: "\n"))
        #expect(sample.count >= 10)
        for line in sample {
            let shown = printed.contains(line)
            #expect(shown, "README line not printed: \(line)")
        }
    }

    /// The README's example is `Examples/HabitApp/Sources/HabitApp/HabitReminders.swift`
    /// line for line, its doc comments left out.
    @Test func theHabitExampleIsTheHabitAppsCode() throws {
        let readme = try Self.readme()
        let intro = try #require(readme.range(of: "A habit app's whole reminder logic"))
        let start = try #require(readme.range(of: "```swift\n", range: intro.upperBound..<readme.endIndex))
        let end = try #require(readme.range(of: "\n```", range: start.upperBound..<readme.endIndex))
        let source = try String(
            contentsOf: BugleBinaryTests.root.appendingPathComponent("Examples/HabitApp/Sources/HabitApp/HabitReminders.swift"), encoding: .utf8)
        let code = source.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("///") }
            .joined(separator: "\n")
            .trimmingCharacters(in: .newlines)
        #expect(String(readme[start.upperBound..<end.lowerBound]) == code)
        #expect(readme[start.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false).count <= 25)
    }

    /// The timeline page's article shows the command and a screenshot the catalog holds, the
    /// same file as `docs/timeline.png`.
    @Test func theTimelineArticleShowsTheCommandAndAScreenshotThatExists() throws {
        let catalog = BugleBinaryTests.root.appendingPathComponent("Sources/BugleSimulator/BugleSimulator.docc")
        let article = try String(contentsOf: catalog.appendingPathComponent("TimelinePage.md"), encoding: .utf8)
        #expect(article.contains("swift run bugle simulate Examples/morning-and-evening.yaml --html timeline.html"))
        #expect(article.contains("](timeline.png)"))
        let image = try Data(contentsOf: catalog.appendingPathComponent("Resources/timeline.png"))
        #expect(image.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(try Data(contentsOf: BugleBinaryTests.root.appendingPathComponent("docs/timeline.png")) == image)
    }

    /// Every path the README names exists, and every DocC article is linked from its
    /// catalog's root page.
    @Test func theDocumentationTheReadmeNamesExists() throws {
        let readme = try Self.readme()
        let root = BugleBinaryTests.root
        let paths = readme.matches(of: /`([^`\n]+)`/).map(\.output.1)
            .filter { ($0.hasSuffix(".md") || $0.hasSuffix(".docc/")) && !$0.contains("<") }
        #expect(paths.count >= 15)
        let catalogs = try FileManager.default.subpathsOfDirectory(atPath: root.appendingPathComponent("Sources").path)
            .filter { $0.hasSuffix(".docc") }
        let articles = try catalogs.flatMap { catalog in
            try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Sources/\(catalog)").path)
                .filter { $0.hasSuffix(".md") }.map { "Sources/\(catalog)/\($0)" }
        }
        for path in paths {
            // A full path, or an article's file name under a catalog the README names.
            let found =
                FileManager.default.fileExists(atPath: root.appendingPathComponent(String(path)).path)
                || articles.contains { $0.hasSuffix("/" + path) }
            #expect(found, "README.md names \(path), which is not there")
        }
        for catalog in catalogs {
            let folder = root.appendingPathComponent("Sources/\(catalog)")
            let pages = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".md") }
            let texts = try pages.map { try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }
            let rootPage = try #require(texts.first { $0.hasPrefix("# ``") }, "\(catalog) has no root page")
            for (page, text) in zip(pages, texts) where !text.hasPrefix("# ``") {
                let name = page.dropLast(3)
                #expect(rootPage.contains("- <doc:\(name)>"), "\(catalog)'s root page does not link \(name)")
            }
        }
    }
}
