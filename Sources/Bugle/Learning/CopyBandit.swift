import Foundation

/// One of a rule's texts: an id that stays when the words are edited, and what it shows.
public struct ContentVariant: Hashable, Sendable {
    /// Unique among the rule's variants: what its results are kept under.
    public var id: String
    /// What the notification shows when this variant is chosen.
    public var content: NotificationContent

    /// A variant `id` showing `content`.
    public init(id: String, content: NotificationContent) {
        self.id = id
        self.content = content
    }
}

/// How a rule picks one of several texts per occurrence and learns which the user answers
/// (issue: copy bandit).
///
/// Each variant has a Beta–Bernoulli posterior of "opened within ``attribution``", discounted
/// with ``halfLife`` like a learned send time. The next occurrence takes the variant whose
/// draw, times a recency factor, is highest (Thompson sampling). Later occurrences in the plan
/// share the days among the texts in proportion to the square of their posterior means, spread
/// by a golden-ratio sequence of the calendar day (``CopyBandit/planned(on:shares:offset:)``):
/// texts take turns, the best comes most often, and a plan's texts change only where what was
/// learned moved a share, so that a refresh after each answer changes few requests.
///
/// The recency factor is `1 - recencyPenalty * 0.5^(days since shown / recoveryHalfLife)`: a
/// text shown yesterday is held back, and recovers as days pass. This is the recovering
/// bandit of Yancey and Settles ("A sleeping, recovering bandit algorithm for optimizing
/// recurring notifications", KDD 2020, Duolingo), whose penalty decays with the time since a
/// template was last shown; here it multiplies the draw, so it does not depend on the scale of
/// the open rates.
///
/// Every number has a range; ``validated()`` says what is wrong and where.
public struct CopyVariants: Hashable, Sendable {
    /// The texts to choose from: 2 to 50, ids unique and non-empty, no two with the same title
    /// and body (a delivery is told apart by its title and body).
    public var variants: [ContentVariant]
    /// How long after the send an open counts for it, in seconds: 5 minutes to 24 hours; 2 hours
    /// by default.
    public var attribution: TimeInterval
    /// After how many days evidence counts half: 1 to 365; 60 by default.
    public var halfLife: Double
    /// How much a text shown very recently is held back: 0 (never) to 1 (all but never shown
    /// two days running); 0.75 by default: a text shown yesterday scores 0.4 of its draw, one
    /// shown a week ago 0.85, so that it comes back the next day only when it is far better.
    public var recencyPenalty: Double
    /// After how many days a shown text has recovered half of its penalty: 0.5 to 90; 3 by
    /// default.
    public var recoveryHalfLife: Double
    /// How many sends the prior (a mean of 0.5: every text is promising until shown) is worth:
    /// 0.1 to 100; 2 by default.
    public var priorWeight: Double

    /// The ranges of the numbers, for messages and documentation.
    public static let variantCountRange = 2...50
    /// See ``recencyPenalty``.
    public static let recencyPenaltyRange: ClosedRange<Double> = 0...1
    /// See ``recoveryHalfLife``.
    public static let recoveryHalfLifeRange: ClosedRange<Double> = 0.5...90
    /// See ``priorWeight``.
    public static let priorWeightRange: ClosedRange<Double> = 0.1...100

    /// A bandit over `variants`; ``validated()`` checks it.
    public init(
        variants: [ContentVariant], attribution: TimeInterval = 7_200, halfLife: Double = 60, recencyPenalty: Double = 0.75,
        recoveryHalfLife: Double = 3, priorWeight: Double = 2
    ) {
        self.variants = variants
        self.attribution = attribution
        self.halfLife = halfLife
        self.recencyPenalty = recencyPenalty
        self.recoveryHalfLife = recoveryHalfLife
        self.priorWeight = priorWeight
    }

    /// The setting, or a ``LearningError`` naming the first value that is out of range.
    public func validated() throws(LearningError) -> CopyVariants {
        func check(_ value: Double, _ range: ClosedRange<Double>, _ name: String, _ unit: String = "") throws(LearningError) {
            guard value.isFinite, range.contains(value) else {
                throw LearningError(copy: "\(name): \(value)\(unit) is outside \(range.lowerBound)…\(range.upperBound)\(unit)")
            }
        }
        guard Self.variantCountRange.contains(variants.count) else {
            throw LearningError(copy: "variants: \(variants.count) is outside \(Self.variantCountRange.lowerBound)…\(Self.variantCountRange.upperBound)")
        }
        var ids: Set<String> = []
        var texts: Set<[String]> = []
        for (index, variant) in variants.enumerated() {
            guard !variant.id.isEmpty else { throw LearningError(copy: "variants[\(index)]: the id is empty") }
            guard ids.insert(variant.id).inserted else { throw LearningError(copy: "variants[\(index)]: the id \(variant.id) is used twice") }
            guard texts.insert([variant.content.title, variant.content.body]).inserted else {
                throw LearningError(copy: "variants[\(index)] (\(variant.id)): the same title and body as an earlier variant")
            }
        }
        try check(attribution, LearnedTiming.attributionRange, "attribution", " s")
        try check(halfLife, LearnedTiming.halfLifeRange, "halfLife", " days")
        try check(recencyPenalty, Self.recencyPenaltyRange, "recencyPenalty")
        try check(recoveryHalfLife, Self.recoveryHalfLifeRange, "recoveryHalfLife", " days")
        try check(priorWeight, Self.priorWeightRange, "priorWeight")
        return self
    }
}

extension LearningError {
    init(copy description: String) { self.description = "copy variants: \(description)" }
}

/// What a rule has learned of its texts: per variant, discounted opens and sends as of a day,
/// the plain counts, and the day it was last shown. Keyed by variant id, so that adding or
/// removing a text keeps what the others learned.
public struct CopyState: Hashable, Sendable, Codable {
    /// What one variant learned.
    public struct Counts: Hashable, Sendable, Codable {
        /// Opens within the attribution window, discounted to ``CopyState/asOf``.
        public var opens: Double = 0
        /// Sends, discounted the same way.
        public var sends: Double = 0
        /// Sends, counted plainly: what a person reads in the results.
        public var shown: Int = 0
        /// Opens within the attribution window, counted plainly.
        public var opened: Int = 0
        /// The local day it was last shown.
        public var lastShown: LocalDate?

        /// Nothing learned.
        public init() {}
    }

    /// The day the discounted counts are discounted to.
    public var asOf: LocalDate
    /// What each variant learned, by variant id; a variant missing here has learned nothing.
    public var variants: [String: Counts]
    /// Deliveries up to this moment are counted; `nil` before the first.
    public var settledThrough: Date?

    /// Nothing learned yet, as of `day`.
    public init(startingOn day: LocalDate) {
        asOf = day
        variants = [:]
    }
}

/// The variant chosen for an occurrence, and why: what a plan report shows.
public struct VariantChoice: Hashable, Sendable, CustomStringConvertible {
    /// The chosen variant's id.
    public var id: String
    /// Its index in ``CopyVariants/variants``.
    public var index: Int
    /// Whether it was drawn (the next occurrence) rather than planned by its share of the days.
    public var drawn: Bool
    /// Each variant's score, in order: drawn, its draw times its recency factor (the largest
    /// won); planned, its share of the days.
    public var scores: [Double]
    /// Each variant's posterior mean open rate, in order.
    public var means: [Double]
    /// Each variant's recency factor, in order: 1 for a text not shown lately (and when planned).
    public var recency: [Double]

    /// "variant b (drawn): score 0.214, mean 0.232, recency 0.92" or "variant b (planned):
    /// share 0.71 of the days, mean 0.840".
    public var description: String {
        let format = { (value: Double) in String(format: "%.3f", value) }
        guard drawn else {
            return "variant \(id) (planned): share \(String(format: "%.2f", scores[index])) of the days, mean \(format(means[index]))"
        }
        return "variant \(id) (drawn): score \(format(scores[index])), mean \(format(means[index])), recency \(String(format: "%.2f", recency[index]))"
    }
}

/// How one variant has done: what ``CopyBandit/results(_:on:)`` reports.
public struct VariantResult: Hashable, Sendable, Codable {
    /// The variant's id.
    public var id: String
    /// How many times it was shown, and opened within the attribution window.
    public var shown: Int, opened: Int
    /// `opened / shown`; `nil` when never shown.
    public var openRate: Double?
    /// The posterior mean open rate the bandit chooses by (recent evidence counts more).
    public var posteriorMean: Double
    /// The local day it was last shown.
    public var lastShown: LocalDate?
}

/// Chooses a rule's text per occurrence and learns from what the user did: a pure function of
/// the setting, the state, the day and a seed (``CopyVariants``).
///
/// - Complexity: a choice costs one Beta draw per variant.
public struct CopyBandit: Sendable {
    /// The setting it learns within.
    public let copy: CopyVariants

    /// A bandit for `copy`.
    public init(copy: CopyVariants) { self.copy = copy }

    /// The posterior (opens, misses) of each variant on `day`, prior included.
    public func posterior(on day: LocalDate, state: CopyState) -> [(opens: Double, misses: Double)] {
        let fade = Attribution.weight(age: state.asOf.days(to: day), halfLife: copy.halfLife)
        let prior = copy.priorWeight / 2
        return copy.variants.map { variant in
            let counts = state.variants[variant.id] ?? CopyState.Counts()
            // A state read from elsewhere may hold anything: what is not finite counts as nothing.
            let sends = counts.sends.isFinite ? Swift.max(counts.sends, 0) * fade : 0
            let opens = counts.opens.isFinite ? Swift.min(Swift.max(counts.opens, 0) * fade, sends) : 0
            return (prior + opens, prior + sends - opens)
        }
    }

    /// Each variant's recency factor on `day`, given when each was last shown.
    public func recency(on day: LocalDate, lastShown: [String: LocalDate]) -> [Double] {
        copy.variants.map { variant in
            guard let shown = lastShown[variant.id] else { return 1 }
            let days = Double(Swift.max(shown.days(to: day), 0))
            return 1 - copy.recencyPenalty * Foundation.pow(0.5, days / copy.recoveryHalfLife)
        }
    }

    /// The variant to show on `day`: each draws from its posterior, times its recency factor;
    /// the highest wins (the earlier at a tie). The same state, day and seed give the same choice.
    public func choose(on day: LocalDate, state: CopyState, seed: UInt64) -> VariantChoice {
        let posterior = posterior(on: day, state: state)
        var generator = SeededGenerator(seed: seed ^ (UInt64(bitPattern: Int64(day.dayNumber)) &* 0xD1B5_4A32_D192_ED03))
        let draws = posterior.map { BetaDraw.beta($0.opens, $0.misses, &generator) }
        return choice(draws: draws, posterior: posterior, recency: recency(on: day, lastShown: state.lastShown), drawn: true)
    }

    /// Each variant's share of the planned days on `day`: its posterior mean squared, over the
    /// sum; with the means, in order.
    public func shares(on day: LocalDate, state: CopyState) -> (shares: [Double], means: [Double]) {
        let means = posterior(on: day, state: state).map { $0.opens / ($0.opens + $0.misses) }
        let weights = means.map { $0 * $0 }
        let total = weights.reduce(0, +)
        return (total > 0 ? weights.map { $0 / total } : means.map { _ in 1 / Double(Swift.max(means.count, 1)) }, means)
    }

    /// The variant planned for `day` after the drawn one: the one whose slice of `0..<1`, cut in
    /// order by `shares`, holds the fractional part of `day × φ + offset` (φ the golden ratio).
    /// Consecutive days land far apart, so equal texts never repeat on two days running, and a
    /// text's frequency is its share; a change of shares changes only the days that land in the
    /// part of a slice that moved.
    public func planned(on day: LocalDate, shares: (shares: [Double], means: [Double]), offset: Double) -> VariantChoice {
        let position = (Double(day.dayNumber) * 0.618_033_988_749_894_8 + offset).truncatingRemainder(dividingBy: 1)
        let point = position < 0 ? position + 1 : position
        var index = shares.shares.count - 1
        var cumulative = 0.0
        for (candidate, share) in shares.shares.enumerated() {
            cumulative += share
            if point < cumulative {
                index = candidate
                break
            }
        }
        return VariantChoice(
            id: copy.variants[index].id, index: index, drawn: false, scores: shares.shares, means: shares.means,
            recency: shares.shares.map { _ in 1 })
    }

    private func choice(draws: [Double], posterior: [(opens: Double, misses: Double)], recency: [Double], drawn: Bool) -> VariantChoice {
        let scores = zip(draws, recency).map { $0 * $1 }
        var best = 0
        for index in scores.indices where scores[index] > scores[best] { best = index }
        return VariantChoice(
            id: copy.variants[best].id, index: best, drawn: drawn, scores: scores, means: posterior.map { $0.opens / ($0.opens + $0.misses) },
            recency: recency)
    }

    /// `state` after variant `id` was shown on `day` and opened within the attribution window
    /// or not. An id that is not one of the variants teaches nothing.
    public func recording(_ state: CopyState, variant id: String, on day: LocalDate, opened: Bool) -> CopyState {
        guard copy.variants.contains(where: { $0.id == id }) else { return state }
        var state = state
        let age = state.asOf.days(to: day)
        if age > 0 {
            let fade = Attribution.weight(age: age, halfLife: copy.halfLife)
            for key in state.variants.keys {
                state.variants[key]?.sends *= fade
                state.variants[key]?.opens *= fade
            }
            state.asOf = day
        }
        var counts = state.variants[id] ?? CopyState.Counts()
        counts.sends += 1
        counts.shown = counts.shown < Int.max ? counts.shown + 1 : counts.shown
        if opened {
            counts.opens += 1
            counts.opened = counts.opened < Int.max ? counts.opened + 1 : counts.opened
        }
        counts.lastShown = Swift.max(counts.lastShown ?? day, day)
        state.variants[id] = counts
        return state
    }

    /// The variant whose text a delivery showed (its title and body), if any: a text a policy
    /// replaced (a fatigue back-off's last notice) is none of them.
    public func variant(of content: NotificationContent) -> ContentVariant? {
        copy.variants.first { $0.content.title == content.title && $0.content.body == content.body }
    }

    /// `state` after counting the deliveries whose answer is known: opened within
    /// ``CopyVariants/attribution`` (`opens` has the moment each delivery, by id, was opened), or
    /// not opened when the window has closed by `now`. Each delivery counts once, for the
    /// variant its text is; counting stops at the first whose answer is not known yet.
    public func settling(
        _ state: CopyState, deliveries: [DeliveredNotification], opens: [String: Date], now: Date, zone: ZoneRules
    ) -> CopyState {
        var state = state
        state.settledThrough = Attribution.settle(deliveries, after: state.settledThrough, window: copy.attribution, opens: opens, now: now) {
            delivery, opened in
            guard let variant = variant(of: delivery.content) else { return }
            state = recording(state, variant: variant.id, on: zone.localDate(at: delivery.date), opened: opened)
        }
        return state
    }

    /// How each variant has done, in the setting's order, with posterior means on `day`.
    public func results(_ state: CopyState, on day: LocalDate) -> [VariantResult] {
        let posterior = posterior(on: day, state: state)
        return zip(copy.variants, posterior).map { variant, slot in
            let counts = state.variants[variant.id] ?? CopyState.Counts()
            return VariantResult(
                id: variant.id, shown: counts.shown, opened: counts.opened,
                openRate: counts.shown > 0 ? Double(counts.opened) / Double(counts.shown) : nil, posteriorMean: slot.opens / (slot.opens + slot.misses),
                lastShown: counts.lastShown)
        }
    }

}

extension CopyState {
    /// When each variant was last shown, by id.
    public var lastShown: [String: LocalDate] {
        variants.compactMapValues(\.lastShown)
    }
}
