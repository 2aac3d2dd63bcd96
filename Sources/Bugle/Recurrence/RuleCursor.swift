import Foundation

/// Walks one rule's occurrences in ascending order (local seconds), from the start or from
/// any later moment, honouring COUNT and UNTIL.
///
/// Starting later does not replay the rule: the cursor computes the period that contains
/// the moment and begins there. With COUNT it must know how many occurrences came before;
/// it counts them arithmetically when every period holds the same number (DAILY and shorter
/// without limits, WEEKLY without BYMONTH), from the 400-year cycle of the calendar for the
/// other DAILY and longer rules, and replays only within two cycles of the start, for rules
/// shorter than a day with limits, or when `SKIP` can move occurrences between periods
/// (`FORWARD`, or `BACKWARD` with a day counted from the end).
struct RuleCursor {
    let plan: ExpansionPlan
    /// Occurrences before this are counted but not returned.
    private let lowerBound: Int
    /// No occurrence after this (inclusive bound).
    private let upperBound: Int
    /// The next period to expand, counted in visited periods (period = index × interval).
    private var nextIndex: Int
    private var buffer: [Int] = []
    private var position = 0
    private var days: [Int] = []
    /// Occurrences that `SKIP=FORWARD` moved into the next period, held until it is expanded.
    private var carry: [Int] = []
    /// Occurrences counted toward COUNT so far.
    private(set) var emitted = 0
    private var lastEmitted = Int.min
    /// The last moment the walk made progress, for giving up on rules that match nothing more.
    private var progress: Int
    private var finished = false

    /// A cursor over the occurrences at or after `from` (all of them when `nil`) and at or
    /// before `through`.
    ///
    /// - Complexity: O(1) periods expanded to start, except with COUNT (see the type).
    init(plan: ExpansionPlan, from: Int? = nil, through: Int = ExpansionPlan.endOfTime) {
        self.plan = plan
        lowerBound = from ?? Int.min
        upperBound = min(through, ExpansionPlan.endOfTime)
        var index = 0
        if let from, from > plan.start {
            index = max(0, ExpansionPlan.floorDiv(plan.period(containing: from), plan.interval) - 1)
            if plan.count != nil, index > 0 {
                if let before = plan.countBefore(index) {
                    emitted = before
                } else {
                    index = 0
                }
            }
        }
        nextIndex = index
        progress = plan.periodStart(index * plan.interval)
        finished = plan.isEmpty || (plan.count.map { emitted >= $0 } ?? false)
    }

    /// The next occurrence in local seconds, or `nil` at the end.
    mutating func next() -> Int? {
        while true {
            while position < buffer.count {
                let local = buffer[position]
                position += 1
                if local < plan.start || local <= lastEmitted { continue }
                if local > upperBound {
                    finished = true
                    buffer.removeAll()
                    return nil
                }
                if let count = plan.count {
                    if emitted >= count {
                        finished = true
                        buffer.removeAll()
                        return nil
                    }
                    emitted += 1
                }
                lastEmitted = local
                progress = local
                if local < lowerBound { continue }
                return local
            }
            if finished { return nil }
            refill()
        }
    }

    private mutating func refill() {
        buffer.removeAll(keepingCapacity: true)
        position = 0
        let guardSeconds = plan.cycleDays * 86_400
        if plan.unit > 0 {
            let step = plan.interval * plan.unit
            var index = nextIndex
            while true {
                let start = plan.firstPeriodStart + index * step
                if start > upperBound || start - progress > guardSeconds {
                    finished = true
                    return
                }
                guard let later = plan.shortPeriodCheck(start) else { break }
                index = max(index + 1, ExpansionPlan.ceilDiv(later - plan.firstPeriodStart, step))
            }
            let start = plan.firstPeriodStart + index * step
            for offset in plan.offsets { buffer.append(start + offset) }
            nextIndex = index + 1
            return
        }
        let start = plan.periodStart(nextIndex * plan.interval)
        // `SKIP=BACKWARD` can move a period's first day back to the day before it begins.
        let earliest = plan.movesBackIntoPreviousPeriod ? start - 86_400 : start
        if earliest > upperBound || start - progress > guardSeconds {
            finished = true
            buffer = carry
            carry = []
            return
        }
        plan.expand(period: nextIndex * plan.interval, days: &days, into: &buffer)
        nextIndex += 1
        if plan.skip == .forward {
            // Days moved past the month's end belong after the next period's own earlier days.
            if !carry.isEmpty {
                buffer.append(contentsOf: carry)
                carry.removeAll()
                ExpansionPlan.sortUnique(&buffer, from: 0)
            }
            let nextStart = plan.periodStart(nextIndex * plan.interval)
            while let last = buffer.last, last >= nextStart {
                carry.insert(last, at: 0)
                buffer.removeLast()
            }
        }
    }
}

extension ExpansionPlan {
    /// The number of occurrences in visited periods `0..<index`, or `nil` when only a replay
    /// can tell.
    ///
    /// - Complexity: O(1) when every period holds the same number of occurrences; otherwise
    ///   O(*c*) periods for a calendar cycle of *c* periods (at most 400 years).
    func countBefore(_ index: Int) -> Int? {
        guard index > 0 else { return 0 }
        // Days moved into a neighbouring period are counted in their own, and may repeat a
        // day that period has: only a replay counts them right.
        guard skip != .forward, !movesBackIntoPreviousPeriod else { return nil }
        let first = occurrenceCount(inPeriod: 0)
        if let uniform = uniformCount {
            return ExpansionPlan.cappedProduct(index - 1, uniform) + first
        }
        guard let cycle = cyclePeriods, index - 1 > 2 * cycle else { return nil }
        var perCycle = 0
        var remainder = 0
        let rest = (index - 1) % cycle
        for visited in 1...cycle {
            let found = occurrenceCount(inPeriod: visited * interval)
            perCycle += found
            if visited <= rest { remainder += found }
        }
        return first + ExpansionPlan.cappedProduct((index - 1) / cycle, perCycle) + remainder
    }

    /// Whether `SKIP=BACKWARD` can move a day into the period before: a day of the month or of
    /// the year counted from the end that falls before the first (-31 in April, -366 in a
    /// common year) becomes the last day before it.
    var movesBackIntoPreviousPeriod: Bool {
        skip == .backward && (negativeMonthDayMask != 0 || yearDays.contains { $0 < 0 })
    }

    /// Occurrences of one period at or after the start.
    private func occurrenceCount(inPeriod period: Int) -> Int {
        if unit > 0 {
            let start = periodStart(period)
            guard shortPeriodCheck(start) == nil else { return 0 }
            return offsets.count { start + $0 >= self.start }
        }
        var days: [Int] = []
        var out: [Int] = []
        expand(period: period, days: &days, into: &out)
        return out.count { $0 >= start }
    }

    /// The number of occurrences in every period after the first, when it is the same for all.
    private var uniformCount: Int? {
        let dayLimits = months != 0 || monthDayMask | negativeMonthDayMask != 0 || hasByDay || !yearDays.isEmpty
        switch frequency {
        case .secondly, .minutely, .hourly:
            return dayLimits || hourMask != 0 || minuteMask != 0 || secondMask != 0 ? nil : offsets.count
        case .daily:
            return dayLimits ? nil : occurrenceCount(inPeriod: interval)
        case .weekly:
            return months != 0 ? nil : occurrenceCount(inPeriod: interval)
        case .monthly, .yearly:
            return nil
        }
    }
}
