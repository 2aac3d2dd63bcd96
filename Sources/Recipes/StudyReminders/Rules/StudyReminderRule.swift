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
        return oneShot(
            id: "\(id)@\(day)", ruleID: id, at: LocalDateTime(date: day, time: recipe.configuration.studyTime),
            content: recipe.studyReminderContent(language: facts.language), context: context)
    }
}
