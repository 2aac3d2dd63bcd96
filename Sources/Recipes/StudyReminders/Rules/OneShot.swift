import Bugle
import Foundation

/// One wall-clock candidate at `local`, or none when that moment has passed. Its id is its
/// dedupe key, so that ``StudyReminders/policies`` never notify it twice.
func oneShot(id: String, ruleID: String, at local: LocalDateTime, content: NotificationContent, context: PlanningContext) -> AnyIterator<Candidate> {
    let date = context.zone.date(for: local)
    var candidate: Candidate? =
        date > context.now
        ? Candidate(id: id, ruleID: ruleID, fireTime: .wallClock(local), fireDate: date, content: content, group: ruleID, dedupeKey: id)
        : nil
    return AnyIterator {
        defer { candidate = nil }
        return candidate
    }
}
