import Bugle
import Foundation

/// The study reminder: at 20:30 on the day after the user was last active (left or opened
/// the app), while the setting is on. Opening the app again moves it to the following day.
/// Id `study@YYYY-MM-DD`.
struct StudyReminderRule: Rule {
    let recipe: StudyReminders

    var id: String { StudyReminders.RuleID.study }

    func candidates(in context: PlanningContext) -> AnyIterator<Candidate> {
        let facts = StudyFacts(context.state)
        guard facts.settings.studyReminders, let active = facts.lastActiveDate else { return AnyIterator { nil } }
        let day = active.adding(days: 1)
        return oneShot(id: "\(id)@\(day)", ruleID: id, at: LocalDateTime(date: day, time: recipe.configuration.studyTime),
                       content: recipe.studyReminderContent(language: facts.language), context: context)
    }
}

/// The difficult-card reminder: at 16:30 on the day set when the user left the app with
/// cards of difficulty 4 or 5 due, while the setting is on. Id `difficult-cards@YYYY-MM-DD`.
struct DifficultCardReminderRule: Rule {
    let recipe: StudyReminders

    var id: String { StudyReminders.RuleID.difficultCards }

    func candidates(in context: PlanningContext) -> AnyIterator<Candidate> {
        let facts = StudyFacts(context.state)
        guard facts.settings.difficultCardReminders, let day = facts.difficultCardReminderDate else { return AnyIterator { nil } }
        return oneShot(id: "\(id)@\(day)", ruleID: id, at: LocalDateTime(date: day, time: recipe.configuration.difficultCardTime),
                       content: recipe.difficultCardReminderContent(language: facts.language), context: context)
    }
}

/// One wall-clock candidate at `local`, or none when that moment has passed.
private func oneShot(id: String, ruleID: String, at local: LocalDateTime, content: NotificationContent, context: PlanningContext) -> AnyIterator<Candidate> {
    let date = context.zone.date(for: local)
    var candidate: Candidate? = date > context.now
        ? Candidate(id: id, ruleID: ruleID, fireTime: .wallClock(local), fireDate: date, content: content, group: ruleID)
        : nil
    return AnyIterator {
        defer { candidate = nil }
        return candidate
    }
}
