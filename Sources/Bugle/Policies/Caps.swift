import Foundation

/// At most so many notifications per local day, in total and per group.
///
/// Deliveries already made that day count, so a refresh in the evening does not plan a
/// fifth notification for a day that had four.
public struct Caps: Policy, Hashable {
    public var perDay: Int?
    public var perGroupPerDay: [String: Int]

    public init(perDay: Int? = nil, perGroupPerDay: [String: Int] = [:]) {
        self.perDay = perDay
        self.perGroupPerDay = perGroupPerDay
    }

    public func evaluate(_ candidate: Candidate, context: PolicyContext, ledger: PlanLedger) -> PolicyDecision {
        let day = context.zone.dayNumber(at: candidate.fireDate)
        if let group = candidate.group, let limit = perGroupPerDay[group], ledger.count(onDay: day, group: group) >= limit {
            return .drop(.cap, detail: Explanation { "group \(group) already has \(limit) on \(LocalDate(dayNumber: day)) (cap \(limit) per day)" })
        }
        if let perDay, ledger.count(onDay: day) >= perDay {
            return .drop(.cap, detail: Explanation { "\(LocalDate(dayNumber: day)) already has \(perDay) (cap \(perDay) per day)" })
        }
        return .keep(candidate)
    }
}
