import Foundation

/// Chooses a learned rule's send time each day and learns from what the user did: Thompson
/// sampling over the slots of a ``LearnedTiming``, with the state kept outside
/// (``SendTimeState``), so that it is a pure function of the timing, the state, the day and a
/// seed.
///
/// - Complexity: a choice costs one Beta draw per slot; a record, one pass over the slots.
public struct SendTimeLearner: Sendable {
    /// The setting it learns within.
    public let timing: LearnedTiming
    /// The slots' start times.
    public let slots: [LocalTime]
    /// How much a send in slot `i` counts for slot `j`: `kernel[i * slots.count + j]`.
    private let kernel: [Double]
    /// The prior's mean open rate per slot: high at the configured slot, low elsewhere.
    private let priorMeans: [Double]

    /// The prior's mean at the configured slot and far from it, and the weak base that keeps
    /// every posterior proper once the prior has faded: worth a quarter of a send, at a mean of
    /// 0.2. Its weight sets how often a slot that missed keeps winning draws: after one miss, a
    /// draw above 0.3 about 1 time in 21 (1 in 12 with half a send, the earlier base). The lab
    /// (`bugle lab`) measured a quarter better on both of its populations; a weaker base did
    /// better there still, but sent fewer notifications to a best slot at a window's edge in
    /// 15-minute slots (`SendTimeLearnerTests`).
    static let (priorHigh, priorLow, baseOpens, baseSends) = (0.5, 0.1, 0.05, 0.25)

    /// A learner for `timing`.
    public init(timing: LearnedTiming) {
        self.timing = timing
        slots = timing.slots
        let count = slots.count
        var kernel = [Double](repeating: 0, count: count * count)
        let width = timing.neighbourWidth
        for i in 0..<count {
            for j in 0..<count {
                let distance = Double(i - j)
                kernel[i * count + j] = i == j ? 1 : width > 0 ? Foundation.exp(-0.5 * distance * distance / (width * width)) : 0
            }
        }
        self.kernel = kernel
        let centre = timing.slot(of: timing.configured) ?? 0
        // Narrow: the neighbours of the configured slot get little of its prior.
        priorMeans = (0..<count).map { index in
            let distance = Double(index - centre) / 0.5
            return Self.priorLow + (Self.priorHigh - Self.priorLow) * Foundation.exp(-0.5 * distance * distance)
        }
    }

    /// The row of the state that `day` learns in: 0, or 1 on a weekend when split.
    private func row(_ day: LocalDate) -> Int {
        guard timing.splitWeekend else { return 0 }
        return day.weekday == .saturday || day.weekday == .sunday ? 1 : 0
    }

    /// Each slot's posterior (opens and misses, prior included) on `day`.
    public func posterior(on day: LocalDate, state: SendTimeState) -> [(opens: Double, misses: Double)] {
        let count = slots.count
        let offset = row(day) * count
        let fade = Attribution.weight(age: state.asOf.days(to: day), halfLife: timing.halfLife)
        let prior = timing.priorWeight * Attribution.weight(age: state.startDay.days(to: day), halfLife: timing.priorHalfLife)
        // A state read from elsewhere may be short, negative or not finite: it counts as nothing.
        func counted(_ values: [Double], _ index: Int) -> Double {
            guard index < values.count, values[index].isFinite else { return 0 }
            return Swift.max(values[index], 0) * fade
        }
        return (0..<count).map { index in
            let sends = counted(state.sends, offset + index)
            let opens = Swift.min(counted(state.opens, offset + index), sends)
            return (
                Self.baseOpens + prior * priorMeans[index] + opens,
                Self.baseSends - Self.baseOpens + prior * (1 - priorMeans[index]) + sends - opens
            )
        }
    }

    /// The slot to send in on `day`: each slot draws from its posterior, the highest wins (the
    /// earlier at a tie). The draws come from `seed` and the day, so the same state, day and
    /// seed give the same choice.
    public func choose(on day: LocalDate, state: SendTimeState, seed: UInt64) -> SlotChoice {
        let posterior = posterior(on: day, state: state)
        var generator = SeededGenerator(seed: seed ^ (UInt64(bitPattern: Int64(day.dayNumber)) &* 0x9E37_79B9_7F4A_7C15))
        var draws: [Double] = []
        draws.reserveCapacity(posterior.count)
        var best = 0
        for (index, slot) in posterior.enumerated() {
            draws.append(BetaDraw.beta(slot.opens, slot.misses, &generator))
            if draws[index] > draws[best] { best = index }
        }
        let means = posterior.map { $0.opens / ($0.opens + $0.misses) }
        let bestMean = means.indices.max { means[$0] < means[$1] } ?? best
        return SlotChoice(
            time: slots[best], slot: best, draws: draws, means: means, evidence: posterior.map { $0.opens + $0.misses }, bestMean: slots[bestMean])
    }

    /// `state` after a notification sent at `time` on `day` was opened within the attribution
    /// window or not. A send outside the window teaches nothing; a day before the state's
    /// counts are discounted to counts as that day.
    public func recording(_ state: SendTimeState, sentAt time: LocalTime, on day: LocalDate, opened: Bool) -> SendTimeState {
        guard let slot = timing.slot(of: time) else { return state }
        var state = state
        let count = slots.count
        let age = state.asOf.days(to: day)
        if age > 0 {
            let fade = Attribution.weight(age: age, halfLife: timing.halfLife)
            for index in state.sends.indices { state.sends[index] *= fade }
            for index in state.opens.indices { state.opens[index] *= fade }
            state.asOf = day
        }
        let offset = row(day) * count
        guard offset + count <= state.sends.count, offset + count <= state.opens.count else { return state }
        for index in 0..<count {
            let share = kernel[slot * count + index]
            guard share > 1e-6 else { continue }
            state.sends[offset + index] += share
            if opened { state.opens[offset + index] += share }
        }
        return state
    }
}

extension SendTimeLearner {
    /// `state` after counting the deliveries of its rule whose answer is known: opened within
    /// ``LearnedTiming/attribution`` (`opens` has the moment each delivery, by id, was opened),
    /// or not opened when the attribution window has closed by `now`. Each delivery counts
    /// once, in the slot of the local time it was shown at (in `zone`): a delivery that quiet
    /// hours moved counts where it was shown, one outside the window teaches nothing.
    ///
    /// Deliveries are taken in time order and counting stops at the first whose answer is not
    /// known yet, so that ``SendTimeState/settledThrough`` alone says what was counted.
    public func settling(
        _ state: SendTimeState, deliveries: [DeliveredNotification], opens: [String: Date], now: Date, zone: ZoneRules
    ) -> SendTimeState {
        var state = state
        state.settledThrough = Attribution.settle(deliveries, after: state.settledThrough, window: timing.attribution, opens: opens, now: now) {
            delivery, opened in
            let local = zone.localDateTime(at: delivery.date)
            state = recording(state, sentAt: local.time, on: local.date, opened: opened)
        }
        return state
    }
}

/// Which deliveries' answers are known, and how much old evidence counts: what the learners share.
enum Attribution {
    /// How much evidence of `age` days counts, with `halfLife`.
    static func weight(age: Int, halfLife: Double) -> Double {
        age <= 0 ? 1 : Foundation.pow(0.5, Double(age) / halfLife)
    }

    /// Calls `count` with each delivery after `settled`, in time order, and whether it was
    /// opened within `window` (`opens` has the moment each delivery, by id, was opened), until
    /// the first whose window is still open at `now` and not opened; returns the moment of the
    /// last one counted (`settled` when none).
    static func settle(
        _ deliveries: [DeliveredNotification], after settled: Date?, window: TimeInterval, opens: [String: Date], now: Date,
        count: (DeliveredNotification, Bool) -> Void
    ) -> Date? {
        var last = settled
        for delivery in deliveries.sorted(by: { ($0.date, $0.id) < ($1.date, $1.id) }) {
            if let last, delivery.date <= last { continue }
            let closes = delivery.date.addingTimeInterval(window)
            let opened = opens[delivery.id].map { $0 >= delivery.date && $0 <= closes } ?? false
            guard opened || closes <= now else { break }
            count(delivery, opened)
            last = delivery.date
        }
        return last
    }
}
