import Bugle
import Foundation
import Testing

/// The values apps keep between launches encode as readable JSON and come back equal.
@Suite struct CodableValueTests {
    @Test func localDateAndTimeEncodeAsText() throws {
        let day = LocalDate("2026-03-04")
        let time = LocalTime("08:30")
        #expect(String(decoding: try JSONEncoder().encode([day]), as: UTF8.self) == #"["2026-03-04"]"#)
        #expect(String(decoding: try JSONEncoder().encode([time]), as: UTF8.self) == #"["08:30"]"#)
        #expect(try JSONDecoder().decode([LocalDate].self, from: Data(#"["2026-03-04"]"#.utf8)) == [day])
        #expect(try JSONDecoder().decode([LocalTime].self, from: Data(#"["08:30:15"]"#.utf8)) == [LocalTime("08:30:15")])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([LocalDate].self, from: Data(#"["2026-02-30"]"#.utf8)) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([LocalTime].self, from: Data(#"["8 o'clock"]"#.utf8)) }
    }

    @Test func permissionFlowKeepsAnOpenPromptAcrossStorage() throws {
        var flow = PermissionFlow(policy: .whenSettingEnabled)
        #expect(flow.handle(.settingTurnedOn("study"), now: Date(timeIntervalSince1970: 0)) == [.requestAuthorization(provisional: false)])
        var restored = try JSONDecoder().decode(PermissionFlow.self, from: JSONEncoder().encode(flow))
        #expect(restored == flow)
        // The setting waiting for the answer survived.
        #expect(restored.handle(.systemAnswered(.authorized), now: Date(timeIntervalSince1970: 1)) == [.enableSetting("study")])
    }

    @Test func categoriesSayWhetherTheyShowInTheForeground() {
        #expect(!NotificationCategory(id: "quiet").showsInForeground)
        let shown = NotificationCategory(id: "study", foregroundPresentation: [.banner, .sound])
        #expect(shown.showsInForeground && shown.foregroundPresentation.contains(.banner) && !shown.foregroundPresentation.contains(.badge))
        #expect(NotificationCategory.ForegroundPresentation.all.contains([.banner, .list, .sound, .badge]))
    }
}
