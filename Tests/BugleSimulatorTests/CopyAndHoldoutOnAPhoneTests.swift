import Bugle
import BugleSimulator
import Foundation
import Testing

/// A rule with several texts and a randomized holdout on a simulated phone: the texts the
/// phone shows to a user who answers one of them, and the lift a holdout measures for a
/// reminder that works.
@Suite struct CopyAndHoldoutOnAPhoneTests {
    func day(_ offset: Int) -> String { LocalDate("2026-03-02").adding(days: offset).description }

    @Test func theTextTheUserOpensIsShownMoreAndItsResultsSaySo() async throws {
        let texts = ["Your words are waiting", "Five minutes of practice?", "Keep your streak going"]
        let copy = try CopyVariants(
            variants: texts.enumerated().map { ContentVariant(id: "text\($0.offset + 1)", content: NotificationContent(title: $0.element, body: "")) }
        ).validated()
        let practice = ScheduledRule(
            id: "practice", schedule: .daily(try LocalTime(parsing: "09:00")), content: NotificationContent(title: "Practice", body: ""), copy: copy)
        let phone = try await SimulatedPhone(at: "2026-03-02T06:00", in: "Europe/London", rules: [practice], lookahead: 30 * 86_400)
        try await phone.open()
        // The user opens "Five minutes of practice?" within minutes and ignores the others.
        for offset in 0..<90 {
            try await phone.advance(to: "\(day(offset))T09:10")
            if let shown = await phone.delivered.last, shown.localTime.date.description == day(offset), shown.title == texts[1] {
                try await phone.scheduler.opened(id: shown.id)
            }
            try await phone.advance(to: "\(day(offset))T12:00")
            try await phone.backgroundRefresh()
        }
        let titles = await phone.delivered.map(\.title)
        #expect(titles.count == 90)
        #expect(titles.prefix(30).count(where: { $0 == texts[1] }) < titles.suffix(30).count(where: { $0 == texts[1] }), "\(titles)")
        #expect(titles.suffix(30).count(where: { $0 == texts[1] }) >= 18, "\(titles.suffix(30))")
        let results = try await phone.scheduler.variantResults(for: "practice")
        #expect(results.map(\.id) == ["text1", "text2", "text3"])
        #expect(results.map(\.shown).reduce(0, +) >= 89)
        #expect(results[1].openRate == 1 && results[0].openRate == 0 && results[2].openRate == 0)
        #expect(results[1].posteriorMean > max(results[0].posteriorMean, results[2].posteriorMean))
    }

    @Test func heldOutDaysAreNeverShownAndTheLiftIsMeasured() async throws {
        let checkIn = ScheduledRule(
            id: "checkin", schedule: .daily(try LocalTime(parsing: "09:00")), content: NotificationContent(title: "How did you sleep?", body: ""))
        let holdout = try RandomizedHoldout(fraction: 0.3)
        let phone = try await SimulatedPhone(
            at: "2026-03-02T06:00", in: "Europe/London", rules: [checkIn], policies: [holdout], lookahead: 30 * 86_400)
        try await phone.open()
        // A user who opens the app soon after the reminder 70 % of the time, and on a day
        // without it 20 % of the time: the reminder's true lift is 0.5.
        var user = SeededGenerator(seed: 5)
        var quietDays: [String] = []
        for offset in 0..<200 {
            try await phone.advance(to: "\(day(offset))T09:30")
            let reminded = await phone.delivered.last?.localTime.date.description == day(offset)
            if !reminded { quietDays.append(day(offset)) }
            if Double.random(in: 0..<1, using: &user) < (reminded ? 0.7 : 0.2) { try await phone.open() }
            try await phone.advance(to: "\(day(offset))T12:00")
            try await phone.backgroundRefresh()
        }
        let records = try await phone.scheduler.learning.holdoutRecords()
        let heldOut = records.filter(\.heldOut)
        // Every held-out day is a day the phone showed nothing, and the other way round.
        #expect(heldOut.map { String($0.occurrence.dropFirst("checkin@".count)) }.filter { $0 < day(200) } == quietDays)
        #expect((40...80).contains(heldOut.count), "\(heldOut.count) of 200 held out")
        let now = await phone.now
        #expect(records.filter { $0.date < now }.count == 200)
        let lift = try #require(try await phone.scheduler.holdoutLift()["checkin"])
        #expect(lift.sent + lift.heldOut == 200)
        let (estimate, lower, upper) = (try #require(lift.lift), try #require(lift.lower), try #require(lift.upper))
        #expect(lower > 0 && lower < 0.5 && upper > 0.5, "\(lift)")
        #expect(abs(estimate - 0.5) < 0.15, "\(lift)")
    }
}
