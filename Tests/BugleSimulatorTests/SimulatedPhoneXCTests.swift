// swift-format-ignore-file
// The code of DocC articles, kept as the articles show it (ArticleCodeTests, TutorialCodeTests).
import Bugle
import BugleSimulator
import XCTest

final class StretchReminderTests: XCTestCase {
    let stretch = ScheduledRule(id: "stretch", schedule: .daily("08:30"),
                                content: NotificationContent(title: "Stretch", body: "Two minutes, standing up"),
                                condition: .equals(key: "stretchedToday", value: false))

    func testStretchingBeforeTheReminderHoldsItForTheDay() async throws {
        let phone = try await SimulatedPhone(at: "2026-03-27T07:00", in: "Europe/Paris", rules: [stretch],
                                             state: ["stretchedToday": false])
        try await phone.open()
        try await phone.set("stretchedToday", to: true)
        try await phone.advance(to: "2026-03-28T07:00")
        try await phone.set("stretchedToday", to: false)
        // Paris moves its clocks forward on Sunday 2026-03-29.
        try await phone.advance(to: "2026-03-30T12:00")

        let delivered = await phone.delivered
        XCTAssertEqual(delivered.map(\.id), ["bugle.stretch@2026-03-28", "bugle.stretch@2026-03-29", "bugle.stretch@2026-03-30"])
        XCTAssertEqual(delivered.map(\.localTime.description), ["2026-03-28T08:30", "2026-03-29T08:30", "2026-03-30T08:30"])
        XCTAssertEqual(delivered.map(\.body), Array(repeating: "Two minutes, standing up", count: 3))
    }
}
