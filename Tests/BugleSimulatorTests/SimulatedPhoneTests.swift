// swift-format-ignore-file
// The code of DocC articles, kept as the articles show it (ArticleCodeTests, TutorialCodeTests).
import Bugle
import BugleSimulator
import Foundation
import Testing

@Test func stretchStaysAtHalfPastEightThroughDaylightSavingAndATripEast() async throws {
    let stretch = ScheduledRule(id: "stretch", schedule: .daily("08:30"),
                                content: NotificationContent(title: "Stretch", body: "Two minutes, standing up"))
    let phone = try await SimulatedPhone(at: "2026-03-06T07:00", in: "America/New_York", rules: [stretch])
    try await phone.open()

    // New York moves its clocks forward on Sunday 2026-03-08.
    try await phone.advance(to: "2026-03-09T12:00")
    // Noon in New York is 01:00 the next day in Tokyo.
    try await phone.fly(to: "Asia/Tokyo")
    #expect(await phone.pending.first?.description == "2026-03-10T08:30 Asia/Tokyo Stretch")
    try await phone.advance(to: "2026-03-11T12:00")

    #expect(await phone.delivered.map(\.description) == [
        "2026-03-06T08:30 America/New_York Stretch",
        "2026-03-07T08:30 America/New_York Stretch",
        "2026-03-08T08:30 America/New_York Stretch",
        "2026-03-09T08:30 America/New_York Stretch",
        "2026-03-10T08:30 Asia/Tokyo Stretch",
        "2026-03-11T08:30 Asia/Tokyo Stretch",
    ])
}

/// The façade's parts one by one: what each action does to what the user sees.
@Suite struct SimulatedPhoneTests {
    let stretch = ScheduledRule(id: "stretch", schedule: .daily("08:30"),
                                content: NotificationContent(title: "Stretch", body: "Two minutes, standing up"))

    @Test func nothingIsPlannedUntilTheAppOpens() async throws {
        let phone = try await SimulatedPhone(at: "2026-03-06T07:00", in: "Europe/Paris", rules: [stretch])
        try await phone.advance(by: .seconds(2 * 86_400))
        #expect(await phone.delivered.isEmpty)
        #expect(await phone.pending.isEmpty)
        #expect(await phone.lastPlan == nil)
        try await phone.open()
        let pending = await phone.pending
        #expect(pending.first?.id == "bugle.stretch@2026-03-08")
        #expect(pending.first?.localTime.description == "2026-03-08T08:30")
        #expect(pending.first?.body == "Two minutes, standing up")
        #expect(await phone.lastPlan?.requests.map(\.id) == pending.map(\.id))
    }

    @Test func eachOpenAfterTheFirstIsAForegroundAndARelaunchStartsOver() async throws {
        let phone = try await SimulatedPhone(at: "2026-03-06T07:00", in: "Europe/Paris", rules: [stretch])
        try await phone.open()
        try await phone.background()
        try await phone.open()
        try await phone.relaunch()
        try await phone.open()
        let report = await phone.report
        #expect(report.refreshes.map(\.reason) == ["launch", "background", "foreground", "launch"])
        #expect(report.appEvents.map(\.text).contains("app relaunched"))
    }

    @Test func aZonedRuleStaysAtItsInstantWhenThePhoneFlies() async throws {
        let call = ScheduledRule(id: "call-home", schedule: .daily("19:00"), basis: .zoned(TimeZone(identifier: "Europe/Paris")!),
                                 content: NotificationContent(title: "Call home", body: ""))
        let phone = try await SimulatedPhone(at: "2026-06-01T07:00", in: "Europe/Paris", rules: [call])
        try await phone.open()
        try await phone.fly(to: "America/New_York")
        // 19:00 in Paris is 13:00 in New York in June.
        #expect(await phone.pending.first?.description == "2026-06-01T13:00 America/New_York Call home")
        try await phone.advance(to: "2026-06-01T14:00")
        #expect(await phone.delivered.map(\.description) == ["2026-06-01T13:00 America/New_York Call home"])
    }

    @Test func flyingWestPastTheReminderMissesIt() async throws {
        // 08:00 in New York is 13:00 in London: today's 08:30 there has gone.
        let phone = try await SimulatedPhone(at: "2026-03-02T08:00", in: "America/New_York", rules: [stretch])
        try await phone.open()
        try await phone.fly(to: "Europe/London")
        #expect(await phone.pending.first?.description == "2026-03-03T08:30 Europe/London Stretch")
        let report = await phone.report
        #expect(report.missed.map(\.id) == ["bugle.stretch@2026-03-02"])
        try await phone.advance(to: "2026-03-03T09:00")
        #expect(await phone.delivered.map(\.description) == ["2026-03-03T08:30 Europe/London Stretch"])
    }

    @Test func aClockSetForwardDeliversWhatItPassesAndTheAppRefreshes() async throws {
        let phone = try await SimulatedPhone(at: "2026-03-02T07:00", in: "Europe/Paris", rules: [stretch])
        try await phone.open()
        try await phone.setClock(to: "2026-03-03T09:00")
        #expect(await phone.delivered.map(\.description) == ["2026-03-02T08:30 Europe/Paris Stretch", "2026-03-03T08:30 Europe/Paris Stretch"])
        #expect(await phone.report.refreshes.map(\.reason) == ["launch", "clockChanged"])
        #expect(await phone.center.device.uptime == 0)
        try await phone.setClock(to: "2026-03-02T07:00")
        #expect(await phone.localTime.description == "2026-03-02T07:00")
    }

    @Test func revokingEmptiesThePendingListAndGrantingFillsItAgain() async throws {
        let phone = try await SimulatedPhone(at: "2026-03-02T07:00", in: "Europe/Paris", rules: [stretch])
        try await phone.open()
        try await phone.revoke()
        #expect(await phone.pending.isEmpty)
        try await phone.advance(to: "2026-03-03T09:00")
        #expect(await phone.delivered.isEmpty)
        try await phone.grant()
        #expect(await phone.pending.first?.description == "2026-03-04T08:30 Europe/Paris Stretch")
    }

    @Test func aStateConditionHoldsTheReminderWhileTheAppSaysSo() async throws {
        let rule = ScheduledRule(id: "stretch", schedule: .daily("08:30"),
                                 content: NotificationContent(title: "Stretch", body: "Two minutes, standing up"),
                                 condition: .equals(key: "stretchedToday", value: false))
        let phone = try await SimulatedPhone(at: "2026-03-02T07:00", in: "Europe/Paris", rules: [rule], state: ["stretchedToday": false])
        try await phone.open()
        try await phone.set("stretchedToday", to: true)
        #expect(await phone.pending.isEmpty)
        #expect(await phone.state["stretchedToday"] == true)
        try await phone.advance(to: "2026-03-03T00:00")
        try await phone.set("stretchedToday", to: false)
        try await phone.advance(to: "2026-03-03T09:00")
        #expect(await phone.delivered.map(\.description) == ["2026-03-03T08:30 Europe/Paris Stretch"])
        #expect(await phone.delivered.map(\.id) == ["bugle.stretch@2026-03-03"])
    }

    @Test func badInputSaysWhatWasExpected() async throws {
        await #expect { _ = try await SimulatedPhone(at: "2026-03-02T07:00", in: "Mars/Olympus", rules: []) } throws: { error in
            "\(error)".contains("timeZone: unknown time zone \"Mars/Olympus\"; expected an IANA name")
        }
        await #expect { _ = try await SimulatedPhone(at: "March 2nd", in: "Europe/Paris", rules: []) } throws: { error in
            "\(error)".contains("start: \"March 2nd\" is not a date-time")
        }
        let phone = try await SimulatedPhone(at: "2026-03-02T07:00", in: "Europe/Paris", rules: [stretch])
        await #expect { try await phone.advance(to: "2026-03-01T07:00") } throws: { error in
            "\(error)".contains("advance(to:): 2026-03-01T07:00 Europe/Paris is before the phone's clock, 2026-03-02T07:00 Europe/Paris")
        }
        await #expect { try await phone.advance(by: .seconds(-60)) } throws: { error in
            "\(error)".contains("is negative; time only moves forward")
        }
        await #expect { try await phone.fly(to: "GMT+5") } throws: { error in
            "\(error)".contains("fly(to:): unknown time zone \"GMT+5\"")
        }
        await #expect { try await phone.setClock(to: "25:00") } throws: { error in
            "\(error)".contains("setClock(to:): \"25:00\" is not a date-time")
        }
        #expect(await phone.localTime.description == "2026-03-02T07:00")
    }

    @Test func advancingByADurationMovesTheClockThatLong() async throws {
        let phone = try await SimulatedPhone(at: "2026-03-02T07:00", in: "Europe/Paris", rules: [stretch])
        try await phone.advance(by: .seconds(90 * 60))
        #expect(await phone.localTime.description == "2026-03-02T08:30")
        try await phone.advance(by: .milliseconds(500))
        #expect(await phone.now.timeIntervalSince1970.truncatingRemainder(dividingBy: 1) == 0.5)
    }
}
