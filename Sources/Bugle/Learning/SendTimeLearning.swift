import Foundation

/// What is wrong with a learning setting, and where: "learned timing: slot: 3 min is outside
/// 5…240 min".
public struct LearningError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The sentence.
    public var description: String

    init(_ description: String) { self.description = "learned timing: \(description)" }
}

/// How a rule learns when to send: the window it may send in, cut into slots, and how fast it
/// learns and forgets (issue: learned send time).
///
/// Each slot has a Beta–Bernoulli posterior of "opened within ``attribution``", learned from
/// what the user did with the notifications sent in it. Each day the rule sends in the slot
/// whose posterior draw is highest (Thompson sampling, ``SendTimeLearner``). Three choices make
/// it fit notifications, where a user answers at most once a day:
///
/// - **Day one is the fixed rule.** The prior is ``priorWeight`` pseudo-sends centred on
///   ``configured``, which fade with ``priorHalfLife``: at first the configured slot wins almost
///   every draw, then what the user does decides.
/// - **Neighbours learn together.** A send counts for the slots around it too, weighted by a
///   Gaussian of ``neighbourWidth`` slots: a user who opens at 07:15 is likely free at 07:00.
/// - **Old evidence fades.** Every count is discounted with ``halfLife`` (discounted Thompson
///   sampling, Raj and Kalyani, "Taming non-stationary bandits: a Bayesian approach", 2017), so
///   a user whose habits change is followed.
///
/// Every number has a range; ``validated()`` says what is wrong and where.
public struct LearnedTiming: Hashable, Sendable, Codable {
    /// The first moment a notification may be sent: the first slot starts here.
    public var windowStart: LocalTime
    /// The end of the window: the last slot starts before it. Later than ``windowStart`` on the
    /// same day.
    public var windowEnd: LocalTime
    /// The length of a slot, in minutes: 5 to 240; 15 by default.
    public var slotMinutes: Int
    /// The time the rule would fire at without learning: the centre of the prior. In the window.
    public var configured: LocalTime
    /// How long after the send an open counts for it, in seconds: 5 minutes to 24 hours; 2 hours
    /// by default.
    public var attribution: TimeInterval
    /// After how many days evidence counts half: 1 to 365; 60 by default.
    public var halfLife: Double
    /// After how many days the prior counts half: 0.5 to 60; 3 by default.
    public var priorHalfLife: Double
    /// How many sends the prior is worth on day one: 0 to 100; 20 by default.
    public var priorWeight: Double
    /// How far, in slots, a send teaches its neighbours (the Gaussian's standard deviation): 0
    /// (each slot alone) to 12; 1 by default.
    public var neighbourWidth: Double
    /// Whether weekdays and weekends learn apart (two posteriors per slot); `false` by default.
    public var splitWeekend: Bool

    /// The ranges of the numbers, for messages and documentation.
    public static let slotMinutesRange = 5...240
    /// See ``attribution``.
    public static let attributionRange: ClosedRange<TimeInterval> = 300...86_400
    /// See ``halfLife``.
    public static let halfLifeRange: ClosedRange<Double> = 1...365
    /// See ``priorHalfLife``.
    public static let priorHalfLifeRange: ClosedRange<Double> = 0.5...60
    /// See ``priorWeight``.
    public static let priorWeightRange: ClosedRange<Double> = 0...100
    /// See ``neighbourWidth``.
    public static let neighbourWidthRange: ClosedRange<Double> = 0...12

    /// A window from `windowStart` to `windowEnd` in slots of `slotMinutes`, centred on
    /// `configured`; the other settings as given or their defaults. Throws ``LearningError``
    /// when a value is outside its range.
    public init(
        windowStart: LocalTime, windowEnd: LocalTime, slotMinutes: Int = 15, configured: LocalTime, attribution: TimeInterval = 7_200,
        halfLife: Double = 60, priorHalfLife: Double = 3, priorWeight: Double = 20, neighbourWidth: Double = 1, splitWeekend: Bool = false
    ) throws(LearningError) {
        self.windowStart = windowStart
        self.windowEnd = windowEnd
        self.slotMinutes = slotMinutes
        self.configured = configured
        self.attribution = attribution
        self.halfLife = halfLife
        self.priorHalfLife = priorHalfLife
        self.priorWeight = priorWeight
        self.neighbourWidth = neighbourWidth
        self.splitWeekend = splitWeekend
        self = try validated()
    }

    /// The setting itself when every value is in its range; otherwise the error that names the
    /// first one that is not. A decoded setting is checked the same way.
    public func validated() throws(LearningError) -> LearnedTiming {
        func check<T: Comparable>(_ name: String, _ value: T, _ range: ClosedRange<T>, _ unit: String) throws(LearningError) {
            guard range.contains(value) else {
                throw LearningError("\(name): \(value)\(unit) is outside \(range.lowerBound)…\(range.upperBound)\(unit)")
            }
        }
        try check("slot", slotMinutes, Self.slotMinutesRange, " min")
        try check("attribution", attribution, Self.attributionRange, " s")
        try check("halfLife", halfLife, Self.halfLifeRange, " days")
        try check("priorHalfLife", priorHalfLife, Self.priorHalfLifeRange, " days")
        try check("priorWeight", priorWeight, Self.priorWeightRange, " sends")
        try check("neighbourWidth", neighbourWidth, Self.neighbourWidthRange, " slots")
        guard windowStart < windowEnd else { throw LearningError("window: \(windowStart)…\(windowEnd) ends before it starts") }
        guard windowEnd.secondOfDay - windowStart.secondOfDay >= slotMinutes * 60 else {
            throw LearningError("window: \(windowStart)…\(windowEnd) is shorter than one slot of \(slotMinutes) min")
        }
        guard configured >= windowStart, configured < windowEnd else {
            throw LearningError("configured: \(configured) is outside the window \(windowStart)…\(windowEnd)")
        }
        return self
    }

    /// The slots' start times, in order: the window start, then every ``slotMinutes`` before its
    /// end (at most 288, a day of 5-minute slots).
    public var slots: [LocalTime] {
        stride(from: windowStart.secondOfDay, to: windowEnd.secondOfDay, by: slotMinutes * 60).map { LocalTime(secondOfDay: $0) }
    }

    /// The slot `time` falls in; `nil` outside the window.
    public func slot(of time: LocalTime) -> Int? {
        guard time >= windowStart, time < windowEnd else { return nil }
        return (time.secondOfDay - windowStart.secondOfDay) / (slotMinutes * 60)
    }

    private enum CodingKeys: String, CodingKey {
        case windowStart, windowEnd, slotMinutes, configured, attribution, halfLife, priorHalfLife, priorWeight, neighbourWidth, splitWeekend
    }

    /// Decodes a setting and checks it (``validated()``): a stored setting out of range is an
    /// error, not a silent change.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        windowStart = try container.decode(LocalTime.self, forKey: .windowStart)
        windowEnd = try container.decode(LocalTime.self, forKey: .windowEnd)
        slotMinutes = try container.decode(Int.self, forKey: .slotMinutes)
        configured = try container.decode(LocalTime.self, forKey: .configured)
        attribution = try container.decode(TimeInterval.self, forKey: .attribution)
        halfLife = try container.decode(Double.self, forKey: .halfLife)
        priorHalfLife = try container.decode(Double.self, forKey: .priorHalfLife)
        priorWeight = try container.decode(Double.self, forKey: .priorWeight)
        neighbourWidth = try container.decode(Double.self, forKey: .neighbourWidth)
        splitWeekend = try container.decode(Bool.self, forKey: .splitWeekend)
        self = try validated()
    }
}

/// What a rule has learned of its send time: discounted opens and sends per slot, as of a day.
/// Small (two numbers per slot, twice with ``LearnedTiming/splitWeekend``) and
/// `Codable`, so a store keeps it and a user can export or erase it.
public struct SendTimeState: Hashable, Sendable, Codable {
    /// The day learning started: where the prior sits.
    public var startDay: LocalDate
    /// The day the counts are discounted to.
    public var asOf: LocalDate
    /// Discounted opens per slot: weekdays (or every day), then weekends when split.
    public var opens: [Double]
    /// Discounted sends per slot, in the same layout.
    public var sends: [Double]
    /// Deliveries up to this moment are counted (``SendTimeLearner/settling(_:deliveries:opens:now:zone:)``);
    /// `nil` before the first.
    public var settledThrough: Date?

    /// Nothing learned yet for `timing`, starting on `day`.
    public init(timing: LearnedTiming, startingOn day: LocalDate) {
        let count = timing.slots.count * (timing.splitWeekend ? 2 : 1)
        startDay = day
        asOf = day
        opens = Array(repeating: 0, count: count)
        sends = Array(repeating: 0, count: count)
    }
}

/// The slot a learner chose for a day, and why: what a plan report shows.
public struct SlotChoice: Hashable, Sendable, CustomStringConvertible {
    /// The slot's start: the time the notification is sent.
    public var time: LocalTime
    /// The slot's index in ``LearnedTiming/slots``.
    public var slot: Int
    /// Each slot's draw from its posterior, in slot order; the largest won.
    public var draws: [Double]
    /// Each slot's posterior mean open rate, in slot order.
    public var means: [Double]
    /// The sends each slot's posterior rests on (prior included), in slot order.
    public var evidence: [Double]

    /// The slot with the highest posterior mean: where the learner believes the user answers
    /// best (the draw may choose another, to keep learning).
    public var bestMean: LocalTime

    /// "09:15: drew 0.312, mean 0.241 over 14.2 sends; best mean 09:15": the choice and why.
    public var description: String {
        let format = { (value: Double, digits: Int) in String(format: "%.\(digits)f", value) }
        return "\(time): drew \(format(draws[slot], 3)), mean \(format(means[slot], 3)) over \(format(evidence[slot], 1)) sends; best mean \(bestMean)"
    }
}

/// How a learning rule chose a candidate's time, for the plan's explanation.
///
/// The next occurrence is drawn (Thompson sampling: the learner explores); later ones are
/// planned at the slot with the best posterior mean, which changes only when the evidence does,
/// so that a refresh after each answer moves one request, not every one ahead.
public struct LearnedTime: Hashable, Sendable, CustomStringConvertible {
    /// The learner's choice: the slot, the draws and the posterior means.
    public var choice: SlotChoice
    /// Whether the time was drawn (the next occurrence) rather than the best mean.
    public var drawn: Bool

    /// A choice, drawn or the best mean.
    public init(choice: SlotChoice, drawn: Bool) {
        self.choice = choice
        self.drawn = drawn
    }

    /// The time the candidate fires at.
    public var time: LocalTime { drawn ? choice.time : choice.bestMean }

    /// "learned 07:15 (drawn): drew 0.312, …" or "learned 07:15 (best mean 0.241)".
    public var description: String {
        guard drawn else {
            let mean = choice.means.max() ?? 0
            return "learned \(time) (best mean \(String(format: "%.3f", mean)))"
        }
        return "learned \(time) (drawn): \(choice)"
    }
}
