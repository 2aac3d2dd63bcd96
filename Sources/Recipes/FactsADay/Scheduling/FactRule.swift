import Bugle
import Foundation

/// The daily fact as a Bugle rule: one notification per scheduled fact, at the chosen
/// time on its day, on the device's wall clock.
///
/// The rule is pure: it reads the schedule from the app's state (``FactSchedule/stateValues(for:time:)``
/// writes it from the database), so the planner, the policies and reconciliation treat
/// the facts like any other candidates. A candidate's id is `fact.<day>`, so the request id
/// is the namespace's prefix and that (`bugle.fact.2026-03-02`): the `notification_id`
/// the database keeps.
public struct FactRule: Rule {
    /// The rule's id.
    public let id = "facts-a-day"

    /// The daily-fact rule.
    public init() {}

    public func candidates(in context: PlanningContext) -> AnyIterator<Candidate> {
        guard case .string(let timeText)? = context.state[FactSchedule.timeKey], let time = TimeParsing.localTime(timeText),
            case .array(let entries)? = context.state[FactSchedule.scheduleKey]
        else { return AnyIterator { nil } }
        let candidates: [Candidate] = entries.compactMap { entry in
            guard case .object(let fields) = entry, case .string(let day)? = fields["date"], let date = TimeParsing.localDate(day),
                case .string(let body)? = fields["body"], case .int(let factID)? = fields["factID"]
            else { return nil }
            let title: String = if case .string(let text)? = fields["title"] { text } else { "Fact of the day" }
            let local = LocalDateTime(date: date, time: time)
            let content = NotificationContent(
                title: title, body: body, threadID: "facts-a-day", userInfo: ["factID": .int(factID)],
                deepLink: "factsaday://fact/\(factID)")
            return Candidate(
                id: FactSchedule.candidateID(for: date), ruleID: id, fireTime: .wallClock(local), fireDate: context.zone.date(for: local),
                content: content, group: "facts-a-day", dedupeKey: "fact-\(factID)")
        }.sorted { ($0.fireDate, $0.id) < ($1.fireDate, $1.id) }
        return AnyIterator(candidates.makeIterator())
    }
}
