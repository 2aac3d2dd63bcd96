import Bugle
import Foundation
import StudyReminders
import Testing

/// The flashcard app's copy, rules, toggles and settings.
@Suite struct StudyRemindersTests {
    struct Copy: Sendable, CustomTestStringConvertible {
        var language: String
        var header: String
        var study: (title: String, description: String)
        var difficult: (title: String, description: String)
        var studyReminder: (title: String, body: String)
        var difficultReminder: (title: String, body: String)
        var testDescription: String { language }
    }

    // Typed from the seed's Localization section.
    static let copies = [
        Copy(
            language: "en", header: "Notifications",
            study: ("Study Reminders", "Get reminded to study at 8:30 PM daily"),
            difficult: ("Difficult Card Reminders", "Get reminded about difficult cards at 4:30 PM daily"),
            studyReminder: ("Time to Study!", "Keep your learning streak going. Open Flippin to practice your flashcards."),
            difficultReminder: ("Practice Difficult Cards", "You have some challenging cards that need attention. Time to review them!")),
        Copy(
            language: "es", header: "Notificaciones",
            study: ("Recordatorios de Estudio", "Recibe recordatorios para estudiar a las 8:30 PM diariamente"),
            difficult: ("Recordatorios de Tarjetas Difíciles", "Recibe recordatorios sobre tarjetas difíciles a las 4:30 PM diariamente"),
            studyReminder: ("¡Hora de Estudiar!", "Mantén tu racha de aprendizaje. Abre Flippin para practicar tus tarjetas."),
            difficultReminder: ("Practica Tarjetas Difíciles", "Tienes algunas tarjetas desafiantes que necesitan atención. ¡Hora de repasarlas!")),
        Copy(
            language: "fr", header: "Notifications",
            study: ("Rappels d'Étude", "Recevez des rappels pour étudier à 20h30 quotidiennement"),
            difficult: ("Rappels de Cartes Difficiles", "Recevez des rappels sur les cartes difficiles à 16h30 quotidiennement"),
            studyReminder: ("Heure d'Étudier !", "Maintenez votre série d'apprentissage. Ouvrez Flippin pour pratiquer vos cartes."),
            difficultReminder: ("Pratiquez les Cartes Difficiles", "Vous avez des cartes difficiles qui nécessitent attention. Il est temps de les réviser !")),
    ]

    @Test(arguments: copies)
    func copyIsTheSeedsInEachLanguage(_ copy: Copy) throws {
        let recipe = try StudyReminders()
        #expect(recipe.settingsHeader(language: copy.language) == copy.header)
        #expect(recipe.label(of: .studyReminders, language: copy.language) == copy.study)
        #expect(recipe.label(of: .difficultCardReminders, language: copy.language) == copy.difficult)
        let study = recipe.studyReminderContent(language: copy.language)
        #expect((study.title, study.body) == copy.studyReminder)
        let difficult = recipe.difficultCardReminderContent(language: copy.language)
        #expect((difficult.title, difficult.body) == copy.difficultReminder)
        #expect(study.categoryID == StudyReminders.category.id && difficult.sound == .default)
    }

    @Test func remindersShowInTheForeground() {
        #expect(StudyReminders.category.showsInForeground)
        #expect(StudyReminders.category.foregroundPresentation.contains([.banner, .sound, .list]))
    }

    func plan(_ facts: StudyFacts, at now: String, zone: String = "Europe/Madrid") throws -> [String] {
        let planner = Planner(rules: try StudyReminders().rules)
        let plan = planner.plan(PlanInput(now: instant(now), calendar: calendar(zone), state: state(facts.stateValues)))
        return plan.entries.map { "\($0.candidate.id) \(local($0.candidate.fireDate, zone)) \($0.request.content.title)" }
    }

    func day(_ text: String) -> LocalDate { TimeParsing.localDate(text)! }

    @Test func rulesPlanFromTheDaysInTheState() throws {
        let both = StudyFacts(
            settings: StudySettings(studyReminders: true, difficultCardReminders: true),
            lastActiveDate: day("2026-03-03"), difficultCardReminderDate: day("2026-03-04"), language: "es")
        #expect(
            try plan(both, at: "2026-03-03T19:30+01:00") == [
                "difficult-cards@2026-03-04 2026-03-04T16:30 Practica Tarjetas Difíciles",
                "study@2026-03-04 2026-03-04T20:30 ¡Hora de Estudiar!",
            ])
        // Toggles off: nothing.
        var off = both
        off.settings = StudySettings()
        #expect(try plan(off, at: "2026-03-03T19:30+01:00").isEmpty)
        // Past their time: nothing.
        #expect(try plan(both, at: "2026-03-04T21:00+01:00").isEmpty)
    }

    @Test func leavingSchedulesAndOpeningMovesTheStudyReminder() {
        let madrid = TimeZone(identifier: "Europe/Madrid")!
        var app = StudyRemindersApp(settings: StudySettings(studyReminders: true, difficultCardReminders: true), language: "fr")
        _ = app.handle(.opened(.launch, status: .authorized), at: instant("2026-03-03T19:00+01:00"), in: madrid)
        // Left after 16:30 with 3 difficult cards: tomorrow's 16:30.
        let left = app.handle(.left(difficultCardsDue: 3), at: instant("2026-03-03T19:30+01:00"), in: madrid)
        #expect(left == [.track(.difficultCardReminderScheduled(difficultCardsCount: 3)), .refresh(.background)])
        #expect(
            app.facts == StudyFacts(settings: app.settings, lastActiveDate: day("2026-03-03"), difficultCardReminderDate: day("2026-03-04"), language: "fr"))
        // Opened the next morning: the study reminder moves to the day after; the difficult one stays.
        #expect(app.handle(.opened(.foreground, status: .authorized), at: instant("2026-03-04T08:00+01:00"), in: madrid) == [.refresh(.foreground)])
        #expect(app.lastActiveDate == day("2026-03-04") && app.difficultCardReminderDate == day("2026-03-04"))
        // Left before 16:30 with the same cards due (no count given): today's 16:30.
        #expect(
            app.handle(.left(difficultCardsDue: nil), at: instant("2026-03-04T10:20+01:00"), in: madrid).first
                == .track(.difficultCardReminderScheduled(difficultCardsCount: 3)))
        #expect(app.difficultCardReminderDate == day("2026-03-04"))
        // Left with none due: no difficult-card reminder.
        #expect(app.handle(.left(difficultCardsDue: 0), at: instant("2026-03-04T11:00+01:00"), in: madrid) == [.refresh(.background)])
        #expect(app.difficultCardReminderDate == nil)
    }

    @Test func aDeniedToggleStaysOff() {
        let madrid = TimeZone(identifier: "Europe/Madrid")!
        var app = StudyRemindersApp()
        let now = instant("2026-03-02T09:05+01:00")
        #expect(app.handle(.toggled(.studyReminders, on: true), at: now, in: madrid) == [.requestAuthorization])
        #expect(app.handle(.systemAnswered(.denied), at: now, in: madrid) == [.settingKeptOff(.studyReminders), .refresh(.permissionChanged)])
        #expect(!app.settings.studyReminders)
        // Tried again: off, with the way to Settings offered once this session.
        #expect(app.handle(.toggled(.studyReminders, on: true), at: now, in: madrid) == [.settingKeptOff(.studyReminders), .offerSettings])
        #expect(app.handle(.toggled(.difficultCardReminders, on: true), at: now, in: madrid) == [.settingKeptOff(.difficultCardReminders)])
        // No difficult-card reminder while the toggle is off.
        #expect(app.handle(.left(difficultCardsDue: 4), at: now, in: madrid) == [.refresh(.background)])
    }

    @Test func allowedTogglesTurnOnAndOff() {
        let madrid = TimeZone(identifier: "Europe/Madrid")!
        var app = StudyRemindersApp()
        let now = instant("2026-03-03T19:06+01:00")
        _ = app.handle(.opened(.foreground, status: .authorized), at: now, in: madrid)
        #expect(
            app.handle(.toggled(.studyReminders, on: true), at: now, in: madrid) == [
                .settingEnabled(.studyReminders), .track(.studyRemindersEnabled), .refresh(.dataChanged),
            ])
        #expect(app.handle(.toggled(.studyReminders, on: true), at: now, in: madrid).isEmpty)
        #expect(app.handle(.toggled(.studyReminders, on: false), at: now, in: madrid) == [.track(.studyRemindersDisabled), .refresh(.dataChanged)])
        #expect(app.handle(.toggled(.difficultCardReminders, on: true), at: now, in: madrid).contains(.track(.difficultCardRemindersEnabled)))
        #expect(app.handle(.toggled(.difficultCardReminders, on: false), at: now, in: madrid).first == .track(.difficultCardRemindersDisabled))
        #expect(app.handle(.languageChanged("es"), at: now, in: madrid) == [.refresh(.dataChanged)])
        #expect(app.facts.language == "es")
    }

    @Test func analyticsEventsHaveTheSeedsNames() {
        #expect(StudyAnalyticsEvent.studyRemindersEnabled.name == "study_reminders_enabled")
        #expect(StudyAnalyticsEvent.studyRemindersDisabled.name == "study_reminders_disabled")
        #expect(StudyAnalyticsEvent.difficultCardRemindersEnabled.name == "difficult_card_reminders_enabled")
        #expect(StudyAnalyticsEvent.difficultCardRemindersDisabled.name == "difficult_card_reminders_disabled")
        let scheduled = StudyAnalyticsEvent.difficultCardReminderScheduled(difficultCardsCount: 3)
        #expect(scheduled.name == "difficult_card_reminder_scheduled")
        #expect(scheduled.parameters == ["difficult_cards_count": 3])
    }

    @Test func settingsPersistAsJSON() throws {
        let settings = StudySettings(studyReminders: true, difficultCardReminders: false)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(settings)
        #expect(String(decoding: data, as: UTF8.self) == #"{"difficultCardReminders":false,"studyReminders":true}"#)
        #expect(try JSONDecoder().decode(StudySettings.self, from: data) == settings)
        // The whole app value too, with a permission prompt open.
        var app = StudyRemindersApp(settings: settings)
        _ = app.handle(.toggled(.difficultCardReminders, on: true), at: instant("2026-03-02T09:00Z"), in: TimeZone(identifier: "UTC")!)
        var restored = try JSONDecoder().decode(StudyRemindersApp.self, from: JSONEncoder().encode(app))
        #expect(restored == app)
        #expect(
            restored.handle(.systemAnswered(.authorized), at: instant("2026-03-02T09:01Z"), in: TimeZone(identifier: "UTC")!).contains(
                .settingEnabled(.difficultCardReminders)))
    }
}
