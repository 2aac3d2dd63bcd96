import Bugle
import BugleSimulator
import Foundation
import StreakRescue
import StudyReminders
import Testing

/// The seeds' escalation ladders back off on a simulated phone: a user who stops answering
/// gets fewer reminders, then the last notice in the recipe's words, then none; opening the app
/// brings them back; an engaged user sees exactly what the recipe without back-off shows.
@Suite struct EscalationFatigueTests {
    /// "03 08:30 Daily Kick-off": the day of the month, the local time, the title.
    static func days(_ shown: [SimulatedPhone.Notification]) -> [String] {
        shown.map { "\(String($0.localTime.date.description.suffix(2))) \($0.localTime.time) \($0.title)" }
    }

    /// A phone with the puzzle game whose user last played on 03-01, a streak lost.
    static func streakPhone(_ recipe: StreakRescue) async throws -> SimulatedPhone {
        var state = AppState()
        state[StreakFacts.Key.lastPlayedDate] = .string("2026-03-01")
        state[StreakFacts.Key.streak] = .int(0)
        return try await SimulatedPhone(
            at: "2026-03-02T06:00", in: "America/New_York", rules: recipe.rules, policies: recipe.policies, state: state, authorization: .authorized)
    }

    @Test func kickoffsThinOutThenPauseWithTheCatalogsNoticeAndComeBackWhenTheUserPlays() async throws {
        let recipe = try StreakRescue()
        let phone = try await Self.streakPhone(recipe)
        try await phone.open()
        for day in 2...20 {
            try await phone.advance(to: String(format: "2026-03-%02dT12:00", day))
            try await phone.backgroundRefresh()
        }
        let kickoff = "08:30 Daily Kick-off"
        let pause = "08:30 We'll pause the morning kick-off"
        let shown = await phone.delivered
        // Three days in a row, every other day after 3 ignored, the last one after 7; none after.
        #expect(
            Self.days(shown) == [
                "02 \(kickoff)", "03 \(kickoff)", "04 \(kickoff)", "06 \(kickoff)", "08 \(kickoff)", "10 \(kickoff)", "12 \(kickoff)", "14 \(pause)",
            ])
        #expect(shown.last?.body == "You haven't opened the last few. Open the game any time and it comes back.")
        #expect(shown.last?.id == "bugle.kickoff@2026-03-14")
        // The user plays on the 21st at 07:00: from the next morning the kick-off comes again,
        // daily, and the saver guards the new streak.
        try await phone.advance(to: "2026-03-21T07:00")
        try await phone.set(StreakFacts.Key.lastPlayedDate, to: .string("2026-03-21"))
        try await phone.set(StreakFacts.Key.streak, to: .int(1))
        try await phone.open()
        try await phone.advance(to: "2026-03-23T12:00")
        let back = await phone.delivered.dropFirst(shown.count)
        #expect(Self.days(Array(back)) == ["22 \(kickoff)", "22 20:00 Streak Saver", "23 \(kickoff)"])
    }

    @Test func theStreakSaverComesWhileTheKickoffIsPaused() async throws {
        let recipe = try StreakRescue()
        let phone = try await Self.streakPhone(recipe)
        try await phone.open()
        for day in 2...16 {
            try await phone.advance(to: String(format: "2026-03-%02dT12:00", day))
            try await phone.backgroundRefresh()
        }
        let paused = await phone.delivered.count
        // A game played on another device arrives with a background refresh: a streak of 4,
        // last played on the 16th. The saver still comes on the 17th; the kick-off does not.
        try await phone.set(StreakFacts.Key.lastPlayedDate, to: .string("2026-03-16"))
        try await phone.set(StreakFacts.Key.streak, to: .int(4))
        try await phone.backgroundRefresh()
        try await phone.advance(to: "2026-03-18T12:00")
        let after = await phone.delivered.dropFirst(paused)
        #expect(after.map { "\($0.localTime) \($0.title): \($0.body)" } == ["2026-03-17T20:00 Streak Saver: Your 4 day streak ends in 4 hours!"])
    }

    /// Two weeks of a user who plays most days, taps some kick-offs and skips a few days.
    static func engagedWeeks(_ recipe: StreakRescue) async throws -> [String] {
        let phone = try await streakPhone(recipe)
        try await phone.open()
        var streak = 0
        for day in 2...15 {
            let date = String(format: "2026-03-%02d", day)
            if day % 5 == 0 {
                // A day off: the kick-off is ignored; the app refreshes at noon.
                try await phone.advance(to: "\(date)T12:00")
                try await phone.backgroundRefresh()
                streak = 0
                continue
            }
            try await phone.advance(to: "\(date)T\(day % 2 == 0 ? "08:45" : "07:30")")
            if day % 2 == 0, let kickoff = await phone.delivered.last, kickoff.ruleID == "kickoff" {
                try await phone.scheduler.opened(id: kickoff.id)
            }
            streak += 1
            try await phone.set(StreakFacts.Key.lastPlayedDate, to: .string(date))
            try await phone.set(StreakFacts.Key.streak, to: .int(streak))
            try await phone.open()
            try await phone.background()
        }
        try await phone.advance(to: "2026-03-16T23:00")
        return await phone.delivered.map { "\($0.id) \($0.localTime) \($0.title): \($0.body)" }
    }

    @Test func anEngagedPlayerSeesWhatTheRecipeWithoutBackOffShows() async throws {
        let withBackoff = try await Self.engagedWeeks(try StreakRescue())
        let without = try await Self.engagedWeeks(try StreakRescue(configuration: .init(fatigue: nil)))
        #expect(withBackoff == without)
        // Kick-offs on the days played after 08:30 and the days off, savers after a day played.
        #expect(withBackoff.count == 13)
        #expect(withBackoff.contains { $0.contains("Streak Saver") })
        #expect(withBackoff.allSatisfy { !$0.contains("pause") })
    }

    @Test func outOfRangeBackOffSettingsAreRefusedWithTheirName() throws {
        #expect(throws: FatigueError.self) { try StreakRescue(configuration: .init(fatigue: FatigueSettings(reduceAfter: 0))) }
        do {
            _ = try StreakRescue(configuration: .init(fatigue: FatigueSettings(reduceAfter: 3, pauseAfter: 3)))
            Issue.record("pauseAfter 3 was accepted")
        } catch {
            #expect("\(error)" == "fatigue back-off: pauseAfter: 3 is outside 4…30 (more than reduceAfter, 3)")
        }
        do {
            _ = try StudyReminders(configuration: .init(studyReminderDays: 31))
            Issue.record("studyReminderDays 31 was accepted")
        } catch {
            #expect("\(error)" == "studyReminderDays: 31 is outside 1…30")
        }
        do {
            _ = try StudyReminders(configuration: .init(fatigue: FatigueSettings(reducedEvery: 1)))
            Issue.record("reducedEvery 1 was accepted")
        } catch {
            #expect("\(error)" == "fatigue back-off: reducedEvery: 1 is outside 2…30 days")
        }
    }

    // MARK: Study reminders

    /// A phone with the flashcard app, the study toggle on, in `language`, last active on 03-01.
    static func studyPhone(_ recipe: StudyReminders, language: String) async throws -> SimulatedPhone {
        var state = AppState()
        let facts = StudyFacts(settings: StudySettings(studyReminders: true), lastActiveDate: try LocalDate(year: 2026, month: 3, day: 1), language: language)
        for (key, value) in facts.stateValues { state[key] = value }
        return try await SimulatedPhone(
            at: "2026-03-01T21:00", in: "Europe/Madrid", rules: recipe.rules, policies: recipe.policies, state: state, authorization: .authorized)
    }

    @Test func studyRemindersWhileAwayThinOutThenPauseInTheUsersLanguage() async throws {
        let recipe = try StudyReminders(configuration: .init(studyReminderDays: 20))
        let phone = try await Self.studyPhone(recipe, language: "es")
        try await phone.open()
        for day in 2...22 {
            try await phone.advance(to: String(format: "2026-03-%02dT12:00", day))
            try await phone.backgroundRefresh()
        }
        let study = "20:30 ¡Hora de Estudiar!"
        let shown = await phone.delivered
        #expect(
            Self.days(shown) == [
                "02 \(study)", "03 \(study)", "04 \(study)", "06 \(study)", "08 \(study)", "10 \(study)", "12 \(study)",
                "14 20:30 Pausaremos tus recordatorios de estudio",
            ])
        #expect(shown.last?.body == "No has abierto los últimos. Abre Flippin cuando quieras para reactivarlos.")
        // The user opens the app on the 23rd: the reminder comes the next evening again.
        try await phone.advance(to: "2026-03-23T10:00")
        try await phone.set(StudyFacts.Key.lastActiveDate, to: .string("2026-03-23"))
        try await phone.open()
        try await phone.advance(to: "2026-03-26T12:00")
        try await phone.backgroundRefresh()
        let back = await phone.delivered.dropFirst(shown.count)
        #expect(Self.days(Array(back)) == ["24 \(study)", "25 \(study)"])
    }

    @Test func theSeedsSingleStudyReminderIsUnchangedByTheBackOff() async throws {
        func run(_ recipe: StudyReminders) async throws -> [String] {
            let phone = try await Self.studyPhone(recipe, language: "fr")
            try await phone.open()
            for day in 2...9 {
                try await phone.advance(to: String(format: "2026-03-%02dT12:00", day))
                try await phone.backgroundRefresh()
            }
            return await phone.delivered.map { "\($0.id) \($0.localTime) \($0.title)" }
        }
        let withBackoff = try await run(try StudyReminders())
        #expect(withBackoff == ["bugle.study@2026-03-02 2026-03-02T20:30 Heure d'Étudier !"])
        #expect(try await run(try StudyReminders(configuration: .init(fatigue: nil))) == withBackoff)
    }

    @Test func aConfigurationKeptBeforeTheBackOffReadsWithItsDefaults() throws {
        let old = Data(#"{"studyTime":"20:30","difficultCardTime":"16:30"}"#.utf8)
        let configuration = try JSONDecoder().decode(StudyReminders.Configuration.self, from: old)
        #expect(configuration == StudyReminders.Configuration())
        let off = StudyReminders.Configuration(studyReminderDays: 5, fatigue: nil)
        #expect(try JSONDecoder().decode(StudyReminders.Configuration.self, from: JSONEncoder().encode(off)) == off)
    }
}
