import Bugle
import BugleSimulator
import Foundation
import Testing

/// Examples/study-reminders.yaml: two weeks of the flashcard app, delivery by delivery.
@Suite struct StudyRemindersExampleTests {
    static let madrid = "Europe/Madrid"
    static let toronto = "America/Toronto"

    // The seed's copy, typed from it.
    static func studyES(_ at: String) -> Seen {
        Seen(
            at: at, zone: madrid, rule: "study", title: "¡Hora de Estudiar!", body: "Mantén tu racha de aprendizaje. Abre Flippin para practicar tus tarjetas.")
    }

    static func difficultES(_ at: String) -> Seen {
        Seen(
            at: at, zone: madrid, rule: "difficult-cards", title: "Practica Tarjetas Difíciles",
            body: "Tienes algunas tarjetas desafiantes que necesitan atención. ¡Hora de repasarlas!")
    }

    static func studyFR(_ at: String, _ zone: String) -> Seen {
        Seen(
            at: at, zone: zone, rule: "study", title: "Heure d'Étudier !",
            body: "Maintenez votre série d'apprentissage. Ouvrez Flippin pour pratiquer vos cartes.")
    }

    static func difficultFR(_ at: String) -> Seen {
        Seen(
            at: at, zone: madrid, rule: "difficult-cards", title: "Pratiquez les Cartes Difficiles",
            body: "Vous avez des cartes difficiles qui nécessitent attention. Il est temps de les réviser !")
    }

    @Test func deliveriesAreExactlyThese() async throws {
        let result = try await runExample("study-reminders.yaml")
        let expected: [Seen] = [
            // 03-02: permission denied, the toggle stays off: nothing the next day.
            // 03-03 19:30: left with 3 difficult cards, after 16:30: both reminders on 03-04.
            Self.difficultES("2026-03-04T16:30"),
            Self.studyES("2026-03-04T20:30"),
            // 03-05 08:00 opened (study moves to 03-06), left with none; 03-06 18:00 opened
            // again (study moves to 03-07), left at 18:30 with 4: difficult on 03-07.
            Self.difficultES("2026-03-07T16:30"),
            Self.studyES("2026-03-07T20:30"),
            // 03-09 left at 10:20 with 5: difficult the same day; study on 03-10, when the
            // clock is moved from 20:00 to 21:00 and passes it.
            Self.difficultES("2026-03-09T16:30"),
            Self.studyES("2026-03-10T20:30"),
            // 03-11 in French: left at 12:30 with 1; study on 03-12, in Toronto by then.
            Self.difficultFR("2026-03-11T16:30"),
            Self.studyFR("2026-03-12T20:30", Self.toronto),
            // 03-13 19:00 opened, difficult-card reminders off; study on 03-14.
            Self.studyFR("2026-03-14T20:30", Self.toronto),
        ]
        #expect(result.seen == expected)
        #expect(result.dropped.isEmpty && result.missed.isEmpty)
    }

    @Test func permissionTogglesAndAnalytics() async throws {
        let result = try await runExample("study-reminders.yaml")
        let notes = result.notes
        let denied = [
            "2026-03-02T09:05: toggle Notificaciones › Recordatorios de Estudio turned on",
            "2026-03-02T09:05: system permission prompt: denied",
            "2026-03-02T09:05: Notificaciones › Recordatorios de Estudio stays off: notifications are not allowed",
        ]
        #expect(Array(notes.drop { !$0.hasPrefix("2026-03-02T09:05") }.prefix(3)) == denied)
        // Allowed in Settings: the toggles turn on without a prompt.
        #expect(notes.filter { $0.contains("system permission prompt") }.count == 1)
        #expect(notes.contains("2026-03-03T19:06: Notificaciones › Recordatorios de Estudio is on"))
        let analytics = notes.filter { $0.contains("analytics: ") }
        #expect(
            analytics == [
                "2026-03-03T19:06: analytics: study_reminders_enabled",
                "2026-03-03T19:07: analytics: difficult_card_reminders_enabled",
                "2026-03-03T19:30: analytics: difficult_card_reminder_scheduled {\"difficult_cards_count\": 3}",
                "2026-03-06T18:30: analytics: difficult_card_reminder_scheduled {\"difficult_cards_count\": 4}",
                "2026-03-09T10:20: analytics: difficult_card_reminder_scheduled {\"difficult_cards_count\": 5}",
                "2026-03-11T12:30: analytics: difficult_card_reminder_scheduled {\"difficult_cards_count\": 1}",
                "2026-03-13T19:05: analytics: difficult_card_reminders_disabled",
            ])
        // Nothing reached the center before the user allowed notifications on 03-03.
        #expect(result.refreshes.filter { $0.at < instant("2026-03-03T19:00+01:00") }.allSatisfy { $0.added == 0 })
    }
}
