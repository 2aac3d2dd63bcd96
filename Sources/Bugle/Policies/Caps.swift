import Foundation

/// At most so many notifications per local day, in total and per group.
///
/// Deliveries already made that day count, so a refresh in the evening does not plan a
/// fifth notification for a day that had four.
public struct Caps: Policy, Hashable {
    /// At most this many notifications on one local day, in all groups, deliveries included;
    /// `nil` for no limit.
    public var perDay: Int?
    /// At most so many notifications a local day in each group named (`["streak": 1]`),
    /// deliveries included; a group not named has no limit.
    public var perGroupPerDay: [String: Int]

    /// Caps of `perDay` in all and `perGroupPerDay` by group; no limit by default.
    public init(perDay: Int? = nil, perGroupPerDay: [String: Int] = [:]) {
        self.perDay = perDay
        self.perGroupPerDay = perGroupPerDay
    }

    /// A full day stays full: the drop closes the day (``PolicyDecision/dropUntil(_:detail:until:)``),
    /// so a rule with many candidates a day jumps to the next.
    public func evaluate(_ candidate: Candidate, context: PolicyContext, ledger: PlanLedger) -> PolicyDecision {
        let day = context.zone.dayNumber(at: candidate.fireDate)
        if let group = candidate.group, let limit = perGroupPerDay[group], ledger.count(onDay: day, group: group) >= limit {
            return .dropUntil(
                .cap, detail: Explanation { "group \(group) already has \(limit) on \(LocalDate(dayNumber: day)) (cap \(limit) per day)" },
                until: context.zone.startOfDay(LocalDate(dayNumber: day + 1)))
        }
        if let perDay, ledger.count(onDay: day) >= perDay {
            return .dropUntil(
                .cap, detail: Explanation { "\(LocalDate(dayNumber: day)) already has \(perDay) (cap \(perDay) per day)" },
                until: context.zone.startOfDay(LocalDate(dayNumber: day + 1)))
        }
        return .keep(candidate)
    }

    public var movesCandidates: Bool { false }

    /// "caps: 3 a day; group streak 1 a day".
    public var summary: String {
        let parts = (perDay.map { ["\($0) a day"] } ?? []) + perGroupPerDay.sorted { $0.key < $1.key }.map { "group \($0.key) \($0.value) a day" }
        return "caps: " + (parts.isEmpty ? "none" : parts.joined(separator: "; "))
    }
}
