// swift-format-ignore-file
// The code of DocC articles, kept as the articles show it (ArticleCodeTests, TutorialCodeTests).
// The XCTest step of TutorialTestingInTheSimulator.md, word for word (ArticleCodeTests checks
// it). The rules are TutorialTests.swift's. By hand: Mondays 10:00 in New York are 14:00 in
// London on 2026-10-26 (London on GMT, New York still on EDT) and 15:00 on 2026-11-02 (both
// on standard time).
import Bugle
import BugleSimulator
import XCTest

final class NewYorkCallTests: XCTestCase {
    func testTheCallIsAnHourEarlierTheWeekTheClocksDisagree() async throws {
        let phone = try await SimulatedPhone(at: "2026-10-22T07:00", in: "Europe/London", rules: [vitamins, newYorkCall])
        try await phone.open()
        try await phone.advance(to: "2026-11-03T12:00")
        let calls = await phone.delivered.filter { $0.ruleID == "call" }
        XCTAssertEqual(calls.map(\.localTime.description), ["2026-10-26T14:00", "2026-11-02T15:00"])
        XCTAssertEqual(calls.map(\.title), ["Call with New York", "Call with New York"])
    }
}
