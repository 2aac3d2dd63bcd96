import Bugle
import Foundation
import Testing

@Suite("Conditions on the app's state")
struct ConditionTests {
    let state: AppState = ["playedToday": false, "streak": 12, "score": 3.5, "name": "Ana", "gone": .null]

    @Test func equality() {
        #expect(Condition.equals(key: "playedToday", value: false).evaluate(state))
        #expect(!Condition.equals(key: "playedToday", value: true).evaluate(state))
        #expect(Condition.equals(key: "name", value: "Ana").evaluate(state))
        // Numbers compare by value, whether written as integers or doubles.
        #expect(Condition.equals(key: "streak", value: .double(12)).evaluate(state))
        #expect(Condition.equals(key: "score", value: 3.5).evaluate(state))
        // A missing key equals null and nothing else.
        #expect(Condition.equals(key: "missing", value: .null).evaluate(state))
        #expect(!Condition.equals(key: "missing", value: false).evaluate(state))
        #expect(!Condition.equals(key: "missing", value: 0).evaluate(state))
    }

    @Test func comparisons() {
        #expect(Condition.greaterThan(key: "streak", value: 10).evaluate(state))
        #expect(!Condition.greaterThan(key: "streak", value: 12).evaluate(state))
        #expect(Condition.lessThan(key: "score", value: 4).evaluate(state))
        #expect(!Condition.lessThan(key: "missing", value: 4).evaluate(state))
        #expect(!Condition.greaterThan(key: "name", value: 0).evaluate(state))
    }

    @Test func existence() {
        #expect(Condition.exists(key: "name").evaluate(state))
        #expect(!Condition.exists(key: "gone").evaluate(state))
        #expect(!Condition.exists(key: "missing").evaluate(state))
    }

    @Test func combinations() {
        let notPlayed = Condition.equals(key: "playedToday", value: false)
        let longStreak = Condition.greaterThan(key: "streak", value: 100)
        #expect(!Condition.all([notPlayed, longStreak]).evaluate(state))
        #expect(Condition.any([notPlayed, longStreak]).evaluate(state))
        #expect(Condition.not(longStreak).evaluate(state))
        #expect(Condition.all([]).evaluate(state))
        #expect(!Condition.any([]).evaluate(state))
    }
}
