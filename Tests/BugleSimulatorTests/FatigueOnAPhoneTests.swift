import Bugle
import BugleSimulator
import Foundation
import Testing

/// A streak reminder on a simulated phone whose user stops answering, then comes back: the
/// days the phone shows it, and the words of the last one.
@Suite struct FatigueOnAPhoneTests {
    @Test func remindersThinOutPauseWithANoticeAndComeBackWhenTheUserDoes() async throws {
        let streak = ScheduledRule(
            id: "streak", schedule: .daily(try LocalTime(parsing: "09:00")), content: NotificationContent(title: "Keep your streak", body: ""))
        let phone = try await SimulatedPhone(
            at: "2026-03-02T06:00", in: "Europe/London", rules: [streak], policies: [try FatigueBackoff()], authorization: .authorized)
        try await phone.open()
        // The user never opens one; the app refreshes in the background every day at noon.
        for day in 2...20 {
            try await phone.advance(to: "2026-03-\(String(format: "%02d", day))T12:00")
            try await phone.backgroundRefresh()
        }
        let shown = await phone.delivered
        // Five days: a new reminder reads as opened one time in two until five are ignored
        // ((0 + 1) / (5 + 2) is under 15 %); then every third day; the 7th ignored (the 12th)
        // makes the next one, on the 15th, the last.
        #expect(shown.map { String($0.localTime.date.description.suffix(2)) } == ["02", "03", "04", "05", "06", "09", "12", "15"])
        #expect(shown.last?.title == "We'll pause these reminders")
        #expect(shown.dropLast().allSatisfy { $0.title == "Keep your streak" })
        // The user opens the app on the 21st at 08:00, after the pause: daily again from that morning.
        try await phone.advance(to: "2026-03-21T08:00")
        try await phone.open()
        try await phone.advance(to: "2026-03-23T12:00")
        let back = await phone.delivered.dropFirst(shown.count)
        #expect(
            back.map { "\($0.localTime.date) \($0.localTime.time) \($0.title)" } == [
                "2026-03-21 09:00 Keep your streak", "2026-03-22 09:00 Keep your streak", "2026-03-23 09:00 Keep your streak",
            ])
    }
}
