import Bugle
import Foundation
import Testing

/// Forgetting the marks of days gone by, as every refresh does.
@Suite struct OccurrenceMarksTests {
    @Test func forgettingDayByDayLeavesWhatForgettingOnceLeaves() {
        let start = day(2026, 1, 1)
        var marks = OccurrenceMarks()
        for offset in 0..<60 {
            marks.insert(OccurrenceMark(offset % 3 == 0 ? .skipped : .completed, .rule("habit"), on: start.adding(days: offset)))
            marks.insert(OccurrenceMark(.completed, .rule("walk"), on: start.adding(days: offset * 2)))
        }
        marks.insert(OccurrenceMark(.paused, .all, from: start.adding(days: 10), through: start.adding(days: 20)))
        var once = marks
        let removedOnce = once.removeAll(endingBefore: start.adding(days: 30))
        #expect(removedOnce)
        var stepped = marks
        for offset in 0...30 { stepped.removeAll(endingBefore: start.adding(days: offset)) }
        #expect(stepped == once)
        #expect(stepped.all == once.all)
        #expect(stepped.all.allSatisfy { $0.last >= start.adding(days: 30) })
        #expect(stepped.count == 30 + 45)
        let removedAgain = stepped.removeAll(endingBefore: start.adding(days: 30))
        #expect(!removedAgain)
    }

    @Test func aMarkOfADayAlreadyForgottenIsKeptUntilItsDayIsForgottenAgain() {
        let start = day(2026, 1, 1)
        var marks = OccurrenceMarks([OccurrenceMark(.completed, .rule("habit"), on: start.adding(days: 5))])
        marks.removeAll(endingBefore: start.adding(days: 10))
        #expect(marks.isEmpty)
        marks.insert(OccurrenceMark(.skipped, .rule("habit"), on: start.adding(days: 2)))
        #expect(marks.mark(ruleID: "habit", on: start.adding(days: 2))?.kind == .skipped)
        let removedLater = marks.removeAll(endingBefore: start.adding(days: 11))
        #expect(removedLater)
        #expect(marks.isEmpty)
    }

    @Test func removingAMarkLeavesTheOthersOfItsDay() {
        let today = day(2026, 1, 1)
        var marks = OccurrenceMarks([OccurrenceMark(.completed, .rule("a"), on: today), OccurrenceMark(.skipped, .rule("b"), on: today)])
        marks.remove(OccurrenceMark(.completed, .rule("a"), on: today))
        #expect(marks == OccurrenceMarks([OccurrenceMark(.skipped, .rule("b"), on: today)]))
        let removedNextDay = marks.removeAll(endingBefore: today.adding(days: 1))
        #expect(removedNextDay)
        #expect(marks.isEmpty)
    }
}
