import Bugle
import BugleSimulator
import BugleStore
import Foundation

/// A new folder for one test's files.
func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("bugle-store-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

let newYork = TimeZone(identifier: "America/New_York")!

/// `2026-03-01T07:00-05:00` and the like.
func instant(_ text: String) -> Date { TimeParsing.instant(text)! }

func local(_ text: String) -> LocalDateTime {
    let written = TimeParsing.dateTime(text)!
    return written.local
}

/// Two daily rules: a morning one, and an evening one that only runs while `playedToday`
/// is false.
func morningAndEvening(limit: Int = 10) -> Planner {
    let rules: [any Rule] = [
        ScheduledRule(id: "morning", schedule: .daily(LocalTime("08:30")), content: NotificationContent(title: "Morning", body: "Today's puzzle")),
        ScheduledRule(
            id: "evening", schedule: .daily(LocalTime("19:00")), content: NotificationContent(title: "Evening", body: "Five cards"),
            condition: .equals(key: "playedToday", value: false)),
    ]
    return Planner(rules: rules, budget: Budget(platform: .custom(limit), safetyMargin: 0))
}

/// Items of a drip queue: `count` facts, cycling through `languages`.
func facts(_ count: Int, languages: [String] = ["en"], prefix: String = "fact") -> [DripItem] {
    let categories = ["science", "history", "nature", "space", "art"]
    return (0..<count).map { index in
        DripItem(
            id: "\(prefix)-\(index)", language: languages[index % languages.count], category: categories[index % categories.count],
            difficulty: index % 3 == 0 ? "advanced" : "beginner", title: "Fact \(index)", body: "Fact number \(index).",
            payload: .object(["tags": .array([.string("t\(index % 7)")]), "readingTime": .int(index % 5 + 1)]))
    }
}

/// An executable built next to the test bundle.
func builtExecutable(_ name: String) throws -> URL {
    var folder = Bundle.main.bundleURL
    for _ in 0..<3 {
        let candidate = folder.appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        folder = folder.deletingLastPathComponent()
    }
    throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "\(name) next to \(Bundle.main.bundleURL.path)"])
}
