import Foundation

/// A small hand-written benchmark harness on `ContinuousClock`.
///
/// For each case: warm up (at least `minWarmupIterations` and about `warmupTime`), pick a
/// batch size so that one timed sample lasts at least `minSampleTime` (so that clock reads
/// do not dominate sub-microsecond operations), then take samples until about
/// `targetTime` has been spent or `maxSamples` samples were taken (at least `minSamples`).
/// The reported figure is the median of the per-sample nanoseconds per operation.
struct Harness {
    var warmupTime: Duration = .milliseconds(100)
    var minWarmupIterations = 3
    var minSampleTime: Duration = .microseconds(20)
    var targetTime: Duration = .milliseconds(500)
    var minSamples = 7
    var maxSamples = 5_000

    /// A brief run of every case, for CI: it proves the cases run and their checks hold; its
    /// figures are rough.
    static let quick = Harness(warmupTime: .milliseconds(5), minWarmupIterations: 1, targetTime: .milliseconds(20), minSamples: 3)

    struct Measurement {
        var medianNanoseconds: Double
        var samples: Int
        var batch: Int
        /// Spread of the samples, for the reader: (p10, p90) in ns per operation.
        var p10: Double
        var p90: Double
    }

    func measure(_ body: () -> Void) -> Measurement {
        let clock = ContinuousClock()

        // Warm-up, which also estimates the cost of one operation.
        var warmupIterations = 0
        let warmupStart = clock.now
        while warmupIterations < minWarmupIterations || clock.now - warmupStart < warmupTime {
            body()
            warmupIterations += 1
        }
        let estimate = max(nanoseconds(clock.now - warmupStart) / Double(warmupIterations), 1)

        // Batch so that one sample is long enough to time precisely.
        let batch = max(1, Int((nanoseconds(minSampleTime) / estimate).rounded(.up)))

        var perOperation: [Double] = []
        perOperation.reserveCapacity(min(maxSamples, 1_024))
        let start = clock.now
        while perOperation.count < minSamples || (clock.now - start < targetTime && perOperation.count < maxSamples) {
            let sampleStart = clock.now
            for _ in 0..<batch { body() }
            let elapsed = clock.now - sampleStart
            perOperation.append(nanoseconds(elapsed) / Double(batch))
        }
        perOperation.sort()
        return Measurement(
            medianNanoseconds: median(perOperation),
            samples: perOperation.count,
            batch: batch,
            p10: perOperation[perOperation.count / 10],
            p90: perOperation[(perOperation.count * 9) / 10]
        )
    }

    private func median(_ sorted: [Double]) -> Double {
        let count = sorted.count
        return count % 2 == 1 ? sorted[count / 2] : (sorted[count / 2 - 1] + sorted[count / 2]) / 2
    }
}

func nanoseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
}

/// Keeps the optimizer from discarding a result that is otherwise unused.
@inline(never) @_optimize(none)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// SplitMix64 (Steele, Lea, Flood 2014): a tiny, fixed-seed, portable generator.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0..<bound` (the modulo bias is irrelevant here and keeps it portable).
    mutating func next(below bound: Int) -> Int {
        precondition(bound > 0)
        return Int(next() % UInt64(bound))
    }
}

/// One figure a benchmark measured, against its target.
struct TargetRow {
    var name: String
    var value: Double
    var unit: String
    /// The target, as the issue states it.
    var target: String
    var met: Bool

    /// A line of the table.
    var text: String {
        let figure = String(format: value < 10 ? "%.3f" : "%.1f", value)
        return
            "\(name.padding(toLength: 58, withPad: " ", startingAt: 0)) \(figure.leftPadded(9)) \(unit.padding(toLength: 3, withPad: " ", startingAt: 0))  \(target.padding(toLength: 30, withPad: " ", startingAt: 0)) \(met ? "ok" : "MISSED")"
    }

    /// One JSON object.
    var json: String {
        let object: [String: Any] = ["benchmark": name, "value": value, "unit": unit, "target": target, "met": met]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
