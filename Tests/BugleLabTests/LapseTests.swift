import Bugle
import Foundation
import Testing

@testable import BugleLab

/// Lapses: users who drop out for a while and come back, the same for every arm, and nothing
/// changed when they are off.
@Suite struct LapseTests {
    /// A small default population with `lapse`.
    static func small(_ lapse: Lapse, users: Int = 300, days: Int = 56) -> Population {
        var population = LabTests.small(users: users, days: days)
        population.lapse = lapse
        return population
    }

    /// Every day is a lapse day when one starts on every day out of one: a user whose lapse
    /// leaves no responsiveness opens nothing under any arm though the arms keep sending, and
    /// visits only as much as the lapse's activity leaves.
    @Test func aUserInALapseThatLeavesNoResponsivenessOpensNothing() async throws {
        let away = try await LabTests.run(Self.small(Lapse(daily: 1, meanDays: 3, responsiveness: 0, activity: 0)))
        for arm in away.arms {
            #expect(arm.sent.value > 0, "\(arm.arm)")
            #expect(arm.opened.value == 0, "\(arm.arm)")
            #expect(arm.activeDays.value == 0, "\(arm.arm)")
        }
        #expect(away.learningCurves.allSatisfy { $0.opened.allSatisfy { $0 == 0 } })
        // Visits as usual: the days are active through visits alone.
        let visiting = try await LabTests.run(Self.small(Lapse(daily: 1, meanDays: 3, responsiveness: 0, activity: 1)))
        for arm in visiting.arms {
            #expect(arm.opened.value == 0, "\(arm.arm)")
            #expect(arm.activeDays.value > 5, "\(arm.arm)")
        }
    }

    /// Lapses now and then take opens and active days from every arm, and the learned arm
    /// still beats the fixed one.
    @Test func lapsesNowAndThenTakeOpensFromEveryArm() async throws {
        let usual = try await LabTests.run(LabTests.small())
        let lapsing = try await LabTests.run(Self.small(Lapse(daily: 0.05, meanDays: 7, responsiveness: 0, activity: 0)))
        for (before, after) in zip(usual.arms, lapsing.arms) {
            #expect(after.opened.value < before.opened.value, "\(after.arm)")
            #expect(after.activeDays.value < before.activeDays.value, "\(after.arm)")
        }
        #expect(lapsing.findings.learnedBeatsFixed)
    }

    @Test func theSameSeedGivesTheSameLapses() async throws {
        let population = Self.small(Lapse(daily: 0.03, meanDays: 10, responsiveness: 0.2, activity: 0.5))
        let first = try await LabTests.run(population, seed: 5).json()
        let second = try await LabTests.run(population, seed: 5, jobs: 3).json()
        #expect(first == second)
        let other = try await LabTests.run(population, seed: 6).json()
        #expect(first != other)
    }

    /// Lapses off give the figures of a population that does not mention them, whatever the
    /// section's other numbers; and lapses that leave every open and visit as it was change no
    /// figure either: their numbers come from a stream of their own.
    @Test func lapsesThatChangeNothingChangeNoByte() async throws {
        let plain = try Population.json(Data(#"{"users": 200, "days": 42}"#.utf8))
        let off = try Population.json(
            Data(#"{"users": 200, "days": 42, "lapse": {"daily": 0, "meanDays": 3, "responsiveness": 0.5, "activity": 0.1}}"#.utf8))
        #expect(off.lapse.daily == 0)
        let harmless = try Population.json(
            Data(#"{"users": 200, "days": 42, "lapse": {"daily": 0.1, "meanDays": 5, "responsiveness": 1, "activity": 1}}"#.utf8))
        let expected = try await LabTests.run(plain).json()
        #expect(try await LabTests.run(off).json() == expected)
        #expect(try await LabTests.run(harmless).json() == expected)
    }

    /// The lapses themselves, day by day, over many users: they start on about `daily` of the
    /// days out of one, last `meanDays` on average (geometric: each day the last with
    /// probability 1 / `meanDays`), take what they document, and depend only on the lapse seed.
    @Test func lapsesStartAndLastAsDocumented() {
        let lapse = Lapse(daily: 0.02, meanDays: 10, responsiveness: 0, activity: 0.5)
        let population = Self.small(lapse)
        var (lengths, daysOut, lapseDays) = ([Int](), 0, 0)
        // Days on which something differs from what is documented, by what.
        var (otherLapses, miscounted, wrongInLapse, wrongOutOfOne) = (0, 0, 0, 0)
        for user in 0..<2_000 {
            let lapseSeed = Draw.seed(9, UInt64(user), Draw.lapses)
            var person = SyntheticUser(population: population, seed: Draw.seed(9, UInt64(user), 1), lapseSeed: lapseSeed)
            // Another user with the same lapse seed has the same lapses.
            var other = SyntheticUser(population: population, seed: Draw.seed(10, UInt64(user), 1), lapseSeed: lapseSeed)
            for day in 0..<365 {
                let left = person.lapseDaysLeft
                person.begin(day: day)
                other.begin(day: day)
                if person.lapseDaysLeft != other.lapseDaysLeft { otherLapses += 1 }
                if left <= 1 {
                    daysOut += 1
                    // A lapse starts today: its length is drawn now.
                    if person.lapsing { lengths.append(person.lapseDaysLeft) }
                } else if person.lapseDaysLeft != left - 1 {
                    miscounted += 1
                }
                if person.lapsing {
                    lapseDays += 1
                    if person.responsiveness != 0 || person.activity != person.organic * 0.5 { wrongInLapse += 1 }
                } else if person.responsiveness != 1 || person.activity != person.organic {
                    wrongOutOfOne += 1
                }
            }
        }
        #expect(otherLapses == 0)
        #expect(miscounted == 0)
        #expect(wrongInLapse == 0)
        #expect(wrongOutOfOne == 0)
        let startRate = Double(lengths.count) / Double(daysOut)
        #expect(abs(startRate - lapse.daily) < 0.002, "\(startRate)")
        let meanLength = Double(lengths.reduce(0, +)) / Double(lengths.count)
        #expect(abs(meanLength - lapse.meanDays) < 0.3, "\(meanLength) over \(lengths.count)")
        #expect(lengths.min() == 1)
        // A day ends a lapse with probability 1 / meanDays: about 10 % of them last one day.
        let oneDay = Double(lengths.count { $0 == 1 }) / Double(lengths.count)
        #expect(abs(oneDay - 1 / lapse.meanDays) < 0.015, "\(oneDay)")
        // In the long run a user spends meanDays in a lapse for every (1 − daily) / daily out of
        // one: 10 of 59 days.
        let share = Double(lapseDays) / (2_000 * 365)
        #expect(abs(share - 10.0 / 59) < 0.015, "\(share)")
    }
}
