import ActivityWindows
import Bugle
import Foundation
import Testing

@Suite struct LinksAndPlatformTests {
    @Test func deepLinksRoundTrip() throws {
        let link = DeepLink(hour: local("2025-06-01T08:00"), mode: .swimSolo)
        #expect(link.url == "gonow://today?hour=2025-06-01T08:00&mode=swim_solo")
        #expect(DeepLink(url: link.url) == link)
        #expect(DeepLink(url: "gonow://today?hour=2025-06-01T08:00&mode=surf") == nil)
        #expect(DeepLink(url: "gonow://settings?hour=2025-06-01T08:00&mode=swim_solo") == nil)
        #expect(DeepLink(url: "gonow://today?hour=08:00&mode=swim_solo") == nil)
        #expect(link.label(openedAt: local("2025-06-01T07:40")) == "08:00")
        #expect(link.label(openedAt: local("2025-06-01T08:00")) == "08:00 (past)")
        #expect(link.label(openedAt: local("2025-06-01T10:15")) == "08:00 (past)")
    }

    @Test func idsAreDeterministic() throws {
        let id = NotificationID(mode: .swimSolo, date: LocalDate("2026-03-24"), windowIndex: 0)
        #expect(id.description == "swim_solo.2026-03-24.0")
        #expect(NotificationID("bugle.swim_solo.2026-03-24.0") == id)
        let ahead = try #require(NotificationID("run_dog.2026-03-25.0.heads-up"))
        #expect(ahead.headsUp && ahead.mode == .runDog && ahead.windowIndex == 0)
        #expect(NotificationID("swim_solo.2026-03-24") == nil)
        #expect(NotificationID("swim_solo.2026-03-24.0.later") == nil)
        // FNV-1a (32-bit, top bit cleared) of the text, computed independently.
        #expect(id.numeric == 1_352_751_478)
        #expect(ahead.numeric == 1_169_681_128)
    }

    @Test func channelsAndCategoryAsTheSeedDefinesThem() {
        #expect(AndroidChannel.all.map(\.id) == ["swim_solo", "swim_dog", "run_solo", "run_dog"])
        #expect(AndroidChannel.all.map(\.name) == ["Swim alerts", "Dog swim alerts", "Run alerts", "Dog run alerts"])
        #expect(
            AndroidChannel.all.map(\.description) == [
                "Solo swimming conditions", "Swimming with dog conditions", "Solo running conditions", "Running with dog conditions",
            ])
        #expect(AndroidChannel.all.allSatisfy { $0.importance == .default })
        #expect(NotificationCategory.activityWindow.id == "activity_window")
        #expect(NotificationCategory.activityWindow.actions.map(\.title) == ["View Details", "Dismiss"])
        #expect(NotificationCategory.activityWindow.actions.map(\.opensApp) == [true, false])
    }

    @Test func preferencesJSONIsTheSeedsShape() throws {
        let json = """
            {"enabled": true, "mode_toggles": {"swim_solo": true, "swim_dog": true, "run_solo": true, "run_dog": false},
             "quiet_hours": {"enabled": false, "start": "22:00", "end": "07:00"}}
            """
        let preferences = try JSONDecoder().decode(NotificationPreferences.self, from: Data(json.utf8))
        #expect(preferences.enabledModes == [.swimSolo, .swimDog, .runSolo])
        #expect(preferences.quietHours.policy == nil)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(
            String(decoding: try encoder.encode(preferences), as: UTF8.self)
                == #"{"enabled":true,"mode_toggles":{"run_dog":false,"run_solo":true,"swim_dog":true,"swim_solo":true},"quiet_hours":{"enabled":false,"end":"07:00","start":"22:00"}}"#
        )
    }
}
