// swift-format-ignore-file
// The code of DocC articles, kept as the articles show it (ArticleCodeTests, TutorialCodeTests).
import Bugle
import BugleSimulator
import Foundation
import Testing

let vitamins: ScheduledRule = .daily(id: "vitamins", at: "07:30", title: "Vitamins", body: "One with breakfast")
let newYorkCall: ScheduledRule = .weekly(id: "call", on: [.monday], at: "10:00", title: "Call with New York", body: "The weekly sync",
                                         basis: .zoned(TimeZone(identifier: "America/New_York")!))

// TutorialTestingInTheSimulator.md: its Swift Testing blocks, in order, are this file down to
// the end of the test below (the XCTest one is in TutorialXCTests.swift); ArticleCodeTests
// checks that each is here word for word. The checks between the blocks are this file's own.
//
// Every expected time is worked out by hand from the calendar, never copied from a run:
// - 2026-10-22 is a Thursday; London is on BST (UTC+01:00) until Sunday 2026-10-25 at 02:00,
//   then on GMT (UTC+00:00); New York is on EDT (UTC-04:00) until Sunday 2026-11-01, then on
//   EST (UTC-05:00); Tokyo is UTC+09:00 all year.
// - The call, Mondays 10:00 in New York: 2026-10-26 10:00 EDT = 14:00 UTC = 14:00 GMT (the week
//   the two clocks disagree), 2026-11-02 10:00 EST = 15:00 UTC = 15:00 GMT = 2026-11-03 00:00 in
//   Tokyo.
// - The flight at 2026-10-27 23:00 GMT is 2026-10-28 08:00 in Tokyo: that morning's 07:30 on the
//   wall clock is behind the clock and is missed.

@Test func remindersThroughAChangeOfClocksAndATripEast() async throws {
    let phone = try await SimulatedPhone(at: "2026-10-22T07:00", in: "Europe/London", rules: [vitamins, newYorkCall])
    try await phone.open()
    #expect(await phone.pending.prefix(2).map(\.description) == [
        "2026-10-22T07:30 Europe/London Vitamins",
        "2026-10-23T07:30 Europe/London Vitamins",
    ])
    // The first call, as pending: Monday 26 at 14:00 on London's clock, GMT by then.
    #expect(await phone.pending.first { $0.ruleID == "call" }?.description == "2026-10-26T14:00 Europe/London Call with New York")

    // London goes back to GMT on Sunday 25 October; New York stays on EDT until 1 November.
    try await phone.advance(to: "2026-10-27T23:00")
    #expect(await phone.delivered.map(\.description) == [
        "2026-10-22T07:30 Europe/London Vitamins",
        "2026-10-23T07:30 Europe/London Vitamins",
        "2026-10-24T07:30 Europe/London Vitamins",
        "2026-10-25T07:30 Europe/London Vitamins",
        "2026-10-26T07:30 Europe/London Vitamins",
        "2026-10-26T14:00 Europe/London Call with New York",
        "2026-10-27T07:30 Europe/London Vitamins",
    ])
    // The instants behind the descriptions: 07:30 BST is 06:30 UTC, 07:30 GMT is 07:30 UTC.
    let london = await phone.delivered
    #expect(london.prefix(4).map(\.date) == ["2026-10-22T06:30Z", "2026-10-23T06:30Z", "2026-10-24T06:30Z", "2026-10-25T07:30Z"].map { TimeParsing.instant($0)! })
    #expect(london.filter { $0.ruleID == "call" }.map(\.date) == [TimeParsing.instant("2026-10-26T14:00Z")!])

    // 23:00 in London is 08:00 the next morning in Tokyo: Wednesday's 07:30 has gone by.
    try await phone.fly(to: "Asia/Tokyo")
    try await phone.open()
    let pending = await phone.pending.map(\.description)
    #expect(pending.first == "2026-10-29T07:30 Asia/Tokyo Vitamins")
    #expect(pending.contains("2026-11-03T00:00 Asia/Tokyo Call with New York"))
    #expect(await phone.localTime == "2026-10-28T08:00")
    #expect(!pending.contains { $0.hasPrefix("2026-10-28") })

    try await phone.advance(to: "2026-10-30T12:00")
    try await phone.revoke()
    #expect(await phone.pending.isEmpty)
    try await phone.advance(to: "2026-11-04T12:00")

    #expect(await phone.delivered.map(\.description).suffix(3) == [
        "2026-10-27T07:30 Europe/London Vitamins",
        "2026-10-29T07:30 Asia/Tokyo Vitamins",
        "2026-10-30T07:30 Asia/Tokyo Vitamins",
    ])
    #expect(await phone.delivered.count == 9)
    // Nothing shown after notifications went off on the 30th at noon in Tokyo.
    #expect(await phone.delivered.allSatisfy { $0.date < TimeParsing.instant("2026-10-30T12:00+09:00")! })

    let report = await phone.report
    #expect(report.refreshes.map(\.reason) == ["launch", "foreground", "permissionChanged"])
    #expect(report.missed.map { "\($0.title) \($0.fireTime)" } == ["Vitamins 2026-10-28T07:30 (wall clock)"])
    #expect(report.deliveredByRule == ["vitamins": 8, "call": 1])
    print(TextReport.render(report))
}
