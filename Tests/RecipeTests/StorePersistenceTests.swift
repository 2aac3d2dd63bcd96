import Bugle
import BugleStore
import Foundation
import StreakRescue
import StudyReminders
import Testing

/// The recipes' memory kept in the app's Bugle store (a SQLite file) as typed flags, and
/// read back by the next launch: what the app persists between launches with one call.
@Suite struct StorePersistenceTests {
    static let newYork = TimeZone(identifier: "America/New_York")!
    static let madrid = TimeZone(identifier: "Europe/Madrid")!

    /// A new store file in the temporary folder, removed after `body`.
    func withStoreFile(_ body: (URL) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bugle-recipes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(folder.appendingPathComponent("bugle.sqlite"))
    }

    func reading(_ text: String, monotonic: TimeInterval) -> ClockReading {
        ClockReading(wall: instant(text), monotonic: monotonic)
    }

    @Test func aStreakAndADeclinedExplanationSurviveARelaunch() throws {
        let key = FlagKey<StreakRescueApp>("streakRescue.app")
        try withStoreFile { file in
            do {
                var app = StreakRescueApp()
                _ = app.handle(.opened(.launch, status: .notDetermined), at: reading("2026-03-02T08:00-05:00", monotonic: 100), in: Self.newYork)
                _ = app.handle(.played, at: reading("2026-03-02T08:05-05:00", monotonic: 400), in: Self.newYork)
                _ = app.handle(.puzzleCompleted(completed: 1, total: 5), at: reading("2026-03-02T08:10-05:00", monotonic: 700), in: Self.newYork)
                _ = app.handle(.promptDue, at: reading("2026-03-02T08:10:02-05:00", monotonic: 702), in: Self.newYork)
                #expect(app.handle(.explanationAnswered(accepted: false), at: reading("2026-03-02T08:11-05:00", monotonic: 760), in: Self.newYork).isEmpty)
                _ = app.handle(.played, at: reading("2026-03-03T21:00-05:00", monotonic: 133_300), in: Self.newYork)
                #expect(app.streak == 2)
                try BugleDatabase.open(at: file).set(key, to: app)
            }
            // The next launch, a new process: the monotonic clock restarted after a reboot.
            var app = try #require(try BugleDatabase.open(at: file).value(key))
            #expect(app.facts == StreakFacts(lastPlayedDate: LocalDate("2026-03-03"), streak: 2))
            _ = app.handle(.opened(.launch, status: .notDetermined), at: reading("2026-03-04T07:30-05:00", monotonic: 50), in: Self.newYork)
            #expect(app.handle(.played, at: reading("2026-03-04T07:35-05:00", monotonic: 350), in: Self.newYork) == [.refresh(.dataChanged)])
            #expect(app.streak == 3)
            // Declined once, never asked again.
            #expect(app.handle(.puzzleCompleted(completed: 1, total: 5), at: reading("2026-03-04T07:40-05:00", monotonic: 650), in: Self.newYork).isEmpty)
        }
    }

    @Test func studyTogglesSurviveARelaunch() throws {
        let key = FlagKey<StudySettings>("studyReminders.settings")
        try withStoreFile { file in
            do {
                var app = StudyRemindersApp()
                let now = instant("2026-03-03T19:06+01:00")
                _ = app.handle(.opened(.foreground, status: .authorized), at: now, in: Self.madrid)
                _ = app.handle(.toggled(.studyReminders, on: true), at: now, in: Self.madrid)
                try BugleDatabase.open(at: file).set(key, to: app.settings)
            }
            let settings = try #require(try BugleDatabase.open(at: file).value(key))
            #expect(settings == StudySettings(studyReminders: true, difficultCardReminders: false))
            // The relaunched app plans the study reminder from the stored toggle.
            var app = StudyRemindersApp(settings: settings, language: "en")
            _ = app.handle(.opened(.launch, status: .authorized), at: instant("2026-03-04T08:00+01:00"), in: Self.madrid)
            let plan = Planner(rules: try StudyReminders().rules)
                .plan(PlanInput(now: instant("2026-03-04T08:00+01:00"), calendar: calendar("Europe/Madrid"), state: state(app.facts.stateValues)))
            #expect(plan.entries.contains { $0.request.content.title == "Time to Study!" })
        }
    }
}
