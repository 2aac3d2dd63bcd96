import Bugle
import Testing

/// A message per date: the same for the same date, never the same two days in a row.
@Suite struct MessageRotationTests {
    let start = LocalDate("2024-01-01")

    @Test func needsAtLeastTwoMessages() {
        #expect(MessageRotation(count: 0) == nil)
        #expect(MessageRotation(count: 1) == nil)
        #expect(MessageRotation(count: 2) != nil)
    }

    @Test(arguments: 2...13, [0, 5, -3])
    func neverRepeatsOnConsecutiveDays(count: Int, offset: Int) throws {
        let rotation = try #require(MessageRotation(count: count, offset: offset))
        var previous = rotation.index(for: start.adding(days: -1))
        for days in 0..<1500 {
            let index = rotation.index(for: start.adding(days: days))
            #expect((0..<count).contains(index))
            #expect(index != previous, "day \(start.adding(days: days))")
            previous = index
        }
    }

    @Test(arguments: [2, 7, 12])
    func everyMessageOnceInEachRunOfCountDays(count: Int) throws {
        let rotation = try #require(MessageRotation(count: count))
        for first in 0..<40 {
            let indices = (0..<count).map { rotation.index(for: start.adding(days: first + $0)) }
            #expect(Set(indices).count == count)
        }
    }

    @Test func sameDateSameMessage() throws {
        let rotation = try #require(MessageRotation(count: 12, offset: 4))
        let day = LocalDate("2026-03-03")
        let again = LocalDate("2026-03-03")
        #expect(rotation.index(for: day) == rotation.index(for: again))
        #expect(rotation.message(for: day, from: Array("abcdefghijkl")) == Array("abcdefghijkl")[rotation.index(for: day)])
    }

    @Test func countsDaysFrom1970() throws {
        // 2026-03-03 is day 20515 since 1970-01-01; 20515 = 12 × 1709 + 7.
        let rotation = try #require(MessageRotation(count: 12))
        #expect(rotation.index(for: LocalDate("2026-03-03")) == 7)
        #expect(try #require(MessageRotation(count: 12, offset: 5)).index(for: LocalDate("2026-03-03")) == 0)
        // 1969-12-31 is day -1: the cycle continues backwards.
        #expect(rotation.index(for: LocalDate("1969-12-31")) == 11)
    }
}
