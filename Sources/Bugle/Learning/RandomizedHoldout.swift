import Foundation

/// Keeps a random share of a rule's occurrences back, so that an app can measure what the
/// rule's notifications really change (issue: randomized holdout).
///
/// Each occurrence is held out when a draw from the scheduler's seed and the occurrence
/// (``Candidate/occurrence``) is below ``fraction``: the same occurrence gets the same draw at
/// every refresh, and a moved one keeps it. A held-out occurrence is dropped from the plan
/// (``DropReason/holdout``): it is never sent. The scheduler records every occurrence it
/// planned under the holdout, sent or held out, and whether the user was active within
/// ``attribution`` after its time: opened the app, or the notification. ``HoldoutLift``
/// compares the two, with a 95 % interval.
///
/// This is a micro-randomized trial (Klasnja et al., "Microrandomized trials: an experimental
/// design for developing just-in-time adaptive interventions", Health Psychology, 2015): each
/// occurrence is randomized on its own, so the difference of the two rates estimates the
/// notification's effect on being active soon after its time.
///
/// Put it after the other policies: then only occurrences they would send are randomized, and
/// the held-out ones are what the user would otherwise have seen.
public struct RandomizedHoldout: Policy, Hashable {
    /// The rules it covers; `nil`: every rule.
    public var rules: Set<String>?
    /// The share of occurrences held out: 0.01 to 0.5; 0.1 by default.
    public var fraction: Double
    /// How long after an occurrence's time the user's activity counts for it, in seconds: 5
    /// minutes to 24 hours; 2 hours by default.
    public var attribution: TimeInterval

    /// See ``fraction``.
    public static let fractionRange: ClosedRange<Double> = 0.01...0.5

    /// A holdout of `fraction` of the occurrences of `rules` (every rule when `nil`); throws
    /// ``LearningError`` when a number is outside its range.
    public init(rules: Set<String>? = nil, fraction: Double = 0.1, attribution: TimeInterval = 7_200) throws(LearningError) {
        guard fraction.isFinite, Self.fractionRange.contains(fraction) else {
            throw LearningError(holdout: "fraction: \(fraction) is outside 0.01…0.5")
        }
        guard attribution.isFinite, LearnedTiming.attributionRange.contains(attribution) else {
            throw LearningError(holdout: "attribution: \(attribution) s is outside 300…86400 s")
        }
        (self.rules, self.fraction, self.attribution) = (rules, fraction, attribution)
    }

    /// Whether it covers the rule `ruleID`.
    public func covers(_ ruleID: String) -> Bool { rules?.contains(ruleID) ?? true }

    /// The draw of `occurrence` with `seed`, in `0..<1`: the same in every process.
    public static func draw(occurrence: String, seed: UInt64) -> Double {
        var generator = SeededGenerator(seed: seed ^ SeededGenerator.seed(for: occurrence) ^ 0x6A09_E667_F3BC_C908)
        return BetaDraw.unit(&generator)
    }

    /// Whether `occurrence` is held out with `seed`.
    public func holdsOut(_ occurrence: String, seed: UInt64) -> Bool {
        Self.draw(occurrence: occurrence, seed: seed) < fraction
    }

    public func evaluate(_ candidate: Candidate, context: PolicyContext, ledger: PlanLedger) -> PolicyDecision {
        guard covers(candidate.ruleID) else { return .keep(candidate) }
        let draw = Self.draw(occurrence: candidate.occurrence, seed: context.learningSeed)
        guard draw < fraction else { return .keep(candidate) }
        let fraction = fraction
        return .drop(.holdout, detail: Explanation { "held out to measure lift: draw \(String(format: "%.3f", draw)) below \(Self.percent(fraction))" })
    }

    public var movesCandidates: Bool { false }

    /// "holdout: 10 % of occurrences held out, active within 2 h counted".
    public var summary: String {
        "holdout: \(Self.percent(fraction)) of occurrences held out, active within \(Int(attribution / 60)) min counted"
    }

    static func percent(_ fraction: Double) -> String { String(format: "%g %%", fraction * 100) }
}

extension LearningError {
    init(holdout description: String) { self.description = "randomized holdout: \(description)" }
}

/// One occurrence planned under a ``RandomizedHoldout``: sent or held out, and whether the user
/// was active within the attribution window after it (`nil` until the window closes).
public struct HoldoutRecord: Hashable, Sendable, Codable {
    /// The occurrence (``Candidate/occurrence``): unique among every rule's.
    public var occurrence: String
    /// Its rule.
    public var ruleID: String
    /// When it was planned to fire, or, once delivered, when it was shown.
    public var date: Date
    /// Whether it was held out (not sent).
    public var heldOut: Bool
    /// Whether the user opened the app or the notification within the attribution window;
    /// `nil` while the window is open.
    public var active: Bool?

    /// A record; see the properties.
    public init(occurrence: String, ruleID: String, date: Date, heldOut: Bool, active: Bool? = nil) {
        (self.occurrence, self.ruleID, self.date, self.heldOut, self.active) = (occurrence, ruleID, date, heldOut, active)
    }

    /// Whether a refresh may still change it: not settled yet, or dated before `date` (the
    /// retention's start), when it is forgotten.
    func mayChange(before date: Date) -> Bool { active == nil || self.date < date }

    /// `records` oldest first, then by occurrence: the order stores list them in.
    static func ordered(_ records: some Sequence<HoldoutRecord>) -> [HoldoutRecord] {
        records.sorted { ($0.date, $0.occurrence) < ($1.date, $1.occurrence) }
    }
}

/// What a rule's notifications change: the share of sent occurrences after which the user was
/// active, minus the share of held-out ones, with a 95 % interval (Newcombe's hybrid score
/// interval for a difference of proportions, which stays inside −1…1 and behaves with few
/// occurrences: R. G. Newcombe, "Interval estimation for the difference between independent
/// proportions", Statistics in Medicine, 1998, method 10).
public struct HoldoutLift: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The rule.
    public var ruleID: String
    /// Occurrences sent and settled, and after how many of them the user was active.
    public var sent: Int, sentActive: Int
    /// Occurrences held out and settled, and after how many of them the user was active.
    public var heldOut: Int, heldOutActive: Int
    /// The difference of the two rates; `nil` while either arm has no occurrence.
    public var lift: Double?
    /// The 95 % interval of ``lift``.
    public var lower: Double?, upper: Double?

    /// The lift of each rule among `records` (settled ones only), by rule id.
    public static func of(_ records: [HoldoutRecord]) -> [String: HoldoutLift] {
        var lifts: [String: HoldoutLift] = [:]
        for record in records {
            guard let active = record.active else { continue }
            var lift = lifts[record.ruleID] ?? HoldoutLift(ruleID: record.ruleID, sent: 0, sentActive: 0, heldOut: 0, heldOutActive: 0)
            if record.heldOut {
                lift.heldOut += 1
                if active { lift.heldOutActive += 1 }
            } else {
                lift.sent += 1
                if active { lift.sentActive += 1 }
            }
            lifts[record.ruleID] = lift
        }
        return lifts.mapValues { $0.estimated() }
    }

    /// The estimate and interval from the counts.
    func estimated() -> HoldoutLift {
        var result = self
        guard sent > 0, heldOut > 0 else { return result }
        let (p1, p2) = (Double(sentActive) / Double(sent), Double(heldOutActive) / Double(heldOut))
        let (l1, u1) = Self.wilson(sentActive, sent)
        let (l2, u2) = Self.wilson(heldOutActive, heldOut)
        let difference = p1 - p2
        result.lift = difference
        result.lower = difference - ((p1 - l1) * (p1 - l1) + (u2 - p2) * (u2 - p2)).squareRoot()
        result.upper = difference + ((u1 - p1) * (u1 - p1) + (p2 - l2) * (p2 - l2)).squareRoot()
        return result
    }

    /// Wilson's 95 % score interval of `successes` in `trials` (more than 0).
    static func wilson(_ successes: Int, _ trials: Int) -> (Double, Double) {
        let z = 1.959_963_984_540_054
        let n = Double(trials)
        let p = Double(successes) / n
        let centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        let half = z / (1 + z * z / n) * (p * (1 - p) / n + z * z / (4 * n * n)).squareRoot()
        return (Swift.max(0, centre - half), Swift.min(1, centre + half))
    }

    /// "lift +0.180 (95 % −0.020…+0.350): active after 52 of 90 sent, 4 of 10 held out".
    public var description: String {
        let counts = "active after \(sentActive) of \(sent) sent, \(heldOutActive) of \(heldOut) held out"
        guard let lift, let lower, let upper else { return "lift unknown yet: \(counts)" }
        let format = { (value: Double) in String(format: "%+.3f", value) }
        return "lift \(format(lift)) (95 % \(format(lower))…\(format(upper))): \(counts)"
    }
}

/// The bookkeeping of a randomized holdout, pure: from the records kept, the deliveries, the
/// opens and the app's opens, what to keep and forget after a plan.
///
/// - Every occurrence the plan sends or holds out is kept, and a future one the plan no longer
///   has is forgotten (a refresh that moved or dropped it): only what was finally planned
///   counts.
/// - A past occurrence is settled when its attribution window has closed: a held-out one is
///   active when the user opened the app in the window; a sent one when the user opened the
///   app or the notification in the window after it was shown. A sent one that was never
///   shown (the system did not deliver it within a day) is forgotten: it was not an
///   occurrence the user could see.
/// - Records older than ``retention`` are forgotten, so that the store stays bounded.
public struct HoldoutBook: Sendable {
    /// Records are kept this long after their occurrence: 400 days.
    public static let retention: TimeInterval = 400 * 86_400

    /// The records kept: every one, or only those not settled and those older than
    /// ``retention`` (``LearningStore/holdoutRecords(unsettledOrBefore:)``), which give the
    /// same update: a settled record within the retention is neither settled nor forgotten,
    /// only replaced by a planned one of its occurrence, which is saved either way.
    public var records: [HoldoutRecord]
    /// The deliveries of the scheduler's history window.
    public var deliveries: [DeliveredNotification]
    /// When each notification was opened, by request id.
    public var opens: [String: Date]
    /// When the user opened the app, oldest first.
    public var appOpens: [Date]

    /// The book of `records`, with what the user was shown and did.
    public init(records: [HoldoutRecord], deliveries: [DeliveredNotification], opens: [String: Date], appOpens: [Date]) {
        (self.records, self.deliveries, self.opens, self.appOpens) = (records, deliveries, opens, appOpens.sorted())
    }

    /// What to save and forget after a plan at `now` that has `planned` (its entries and its
    /// held-out drops under a holdout); `attribution` gives each rule's window.
    public func updated(planned: [HoldoutRecord], now: Date, attribution: (String) -> TimeInterval) -> (saving: [HoldoutRecord], removing: Set<String>) {
        var kept = Dictionary(records.map { ($0.occurrence, $0) }, uniquingKeysWith: { _, last in last })
        var saving: [String: HoldoutRecord] = [:]
        var removing: Set<String> = []
        let future = Set(planned.filter { $0.date > now }.map(\.occurrence))
        for record in records where record.active == nil && record.date > now && !future.contains(record.occurrence) {
            removing.insert(record.occurrence)
            kept[record.occurrence] = nil
        }
        for record in planned where record.date > now && kept[record.occurrence] != record {
            saving[record.occurrence] = record
            kept[record.occurrence] = record
        }
        let shown = Dictionary(deliveries.map { ($0.occurrence ?? $0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for record in kept.values where record.active == nil && record.date <= now {
            let window = attribution(record.ruleID)
            var settled = record
            if record.heldOut {
                guard record.date.addingTimeInterval(window) <= now else { continue }
                settled.active = appOpened(from: record.date, to: record.date.addingTimeInterval(window))
            } else if let delivery = shown[record.occurrence] {
                let closes = delivery.date.addingTimeInterval(window)
                guard closes <= now else { continue }
                settled.date = delivery.date
                settled.active = appOpened(from: delivery.date, to: closes) || opens[delivery.id].map { $0 >= delivery.date && $0 <= closes } ?? false
            } else {
                if record.date.addingTimeInterval(86_400) < now {
                    removing.insert(record.occurrence)
                    saving[record.occurrence] = nil
                }
                continue
            }
            saving[record.occurrence] = settled
        }
        for record in records where record.date < now.addingTimeInterval(-Self.retention) {
            removing.insert(record.occurrence)
            saving[record.occurrence] = nil
        }
        return (HoldoutRecord.ordered(saving.values), removing)
    }

    /// Whether the user opened the app in `from...to`.
    private func appOpened(from: Date, to: Date) -> Bool {
        // Sorted: the first open at or after `from` decides.
        var low = 0
        var high = appOpens.count
        while low < high {
            let middle = (low + high) / 2
            if appOpens[middle] < from { low = middle + 1 } else { high = middle }
        }
        return low < appOpens.count && appOpens[low] <= to
    }
}
