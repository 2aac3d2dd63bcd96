import Bugle
import BugleSimulator
import Foundation
import Testing

/// A rule that learns its send time on a simulated phone, with a user who opens only what
/// comes before 08:00: what the phone shows, day after day.
@Suite struct LearnedTimeOnAPhoneTests {
    @Test func aUserWhoOpensEarlyGetsEarlyNotificationsAndCanEraseWhatWasLearned() async throws {
        let phone = try await SimulatedPhone(
            at: "2026-03-02T06:00", in: "Europe/London", rules: [try LearnedTimeAcrossRelaunchTests.rule()], authorization: .authorized)
        try await phone.open()
        let eight = try LocalTime(parsing: "08:00")
        // Ninety days of a user who opens only what comes before 08:00.
        try await LearnedTimeAcrossRelaunchTests.play(phone, days: 90)
        let delivered = await phone.delivered
        #expect(delivered.count == 90)
        // Day one was the configured time; the last month mostly early.
        #expect(delivered.first?.localTime.time.description == "09:00")
        let lastMonth = delivered.suffix(30)
        #expect(lastMonth.filter { $0.localTime.time < eight }.count > 20)
        let next = try #require(await phone.lastPlan?.entries.last?.candidate.learnedTime)
        #expect(next.choice.bestMean < eight)
        // What was learned can be read and erased.
        let export = try JSONDecoder.iso8601.decode(LearningExport.self, from: try await phone.scheduler.learning.export())
        #expect(export.states["practice"].map { $0.sends.reduce(0, +) > 10 } == true)
        try await phone.scheduler.learning.erase()
        try await phone.backgroundRefresh()
        let afterErase = await phone.pending.dropFirst().map(\.localTime.time.description)
        #expect(!afterErase.isEmpty && afterErase.allSatisfy { $0 == "09:00" })
    }
}

extension JSONDecoder {
    /// A decoder of ISO 8601 dates, as ``LearningExport/json()`` writes them.
    fileprivate static var iso8601: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
