import Bugle
import Foundation

/// Issue 21's learned send time: one Thompson choice for one rule, against the target
/// of under 10 µs.
enum LearningBenchmarks {
    /// The choice of a rule learning 07:00–10:00 in 15-minute slots (12 slots), after 60 days of
    /// answers, and of one learning 06:00–22:00 in 5-minute slots (192), the most a day allows
    /// at that length, for scale.
    static func run(quick: Bool) throws -> [TargetRow] {
        let harness = quick ? Harness.quick : Harness()
        var rows: [TargetRow] = []
        for (name, start, end, slot) in [("12 slots", "07:00", "10:00", 15), ("192 slots", "06:00", "22:00", 5)] {
            let timing = try LearnedTiming(
                windowStart: LocalTime(parsing: start), windowEnd: LocalTime(parsing: end), slotMinutes: slot, configured: LocalTime(parsing: "09:00"))
            let learner = SendTimeLearner(timing: timing)
            let first = LocalDate("2026-01-01")
            var state = SendTimeState(timing: timing, startingOn: first)
            var generator = SeededGenerator(seed: 0x1EA2)
            for offset in 0..<60 {
                let day = first.adding(days: offset)
                let choice = learner.choose(on: day, state: state, seed: 7)
                state = learner.recording(state, sentAt: choice.time, on: day, opened: generator.next() % 4 == 0)
            }
            let day = first.adding(days: 60)
            var seed: UInt64 = 0
            let measurement = harness.measure {
                seed &+= 1
                blackHole(learner.choose(on: day, state: state, seed: seed))
            }
            let micros = measurement.medianNanoseconds / 1_000
            rows.append(
                TargetRow(
                    name: "learned send time: one Thompson choice, \(name)", value: micros, unit: "µs",
                    target: name == "12 slots" ? "< 10 µs" : "(for scale)", met: name != "12 slots" || micros < 10))
        }
        return rows
    }
}
