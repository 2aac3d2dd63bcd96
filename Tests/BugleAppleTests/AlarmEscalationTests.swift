import Bugle
import BugleApple
import Foundation
import Testing

/// Which reminders sound as system alarms (AlarmKit) instead of notifications.
@Suite struct AlarmEscalationTests {
    let now = instant("2026-03-10T12:00Z")
    let escalation = AlarmEscalation()

    func reminder(
        id: String = "bugle.countdowns.launch", rule: String? = "countdowns", level: InterruptionLevel = .critical, at text: String = "2026-03-10T12:30Z"
    ) -> NotificationRequest {
        NotificationRequest(
            id: id, fireTime: .zoned(ZonedInstant(date: instant(text), timeZone: zone("UTC"))),
            content: NotificationContent(title: "Launch in 5 minutes", body: "", interruptionLevel: level), ruleID: rule)
    }

    @Test func aCriticalCountdownReminderBecomesAnAlarmAtItsFireTime() {
        let decision = escalation.decision(for: reminder(), authorization: .authorized, now: now, timeZone: zone("Europe/Paris"))
        #expect(decision == .alarm(at: instant("2026-03-10T12:30Z"), id: AlarmEscalation.alarmID(for: "bugle.countdowns.launch")))
    }

    @Test func everyOtherReminderStaysANotificationAndSaysWhy() {
        let paris = zone("Europe/Paris")
        #expect(escalation.decision(for: reminder(rule: "study"), authorization: .authorized, now: now, timeZone: paris) == .notification(.notACountdown))
        #expect(escalation.decision(for: reminder(rule: nil), authorization: .authorized, now: now, timeZone: paris) == .notification(.notACountdown))
        #expect(escalation.decision(for: reminder(level: .timeSensitive), authorization: .authorized, now: now, timeZone: paris) == .notification(.notCritical))
        for authorization in [AlarmAuthorization.notDetermined, .denied] {
            #expect(escalation.decision(for: reminder(), authorization: authorization, now: now, timeZone: paris) == .notification(.notAuthorized))
        }
        #expect(escalation.decision(for: reminder(at: "2026-03-10T12:00Z"), authorization: .authorized, now: now, timeZone: paris) == .notification(.past))
    }

    @Test func aWallClockReminderSoundsAtThatTimeInTheDevicesZone() {
        let request = NotificationRequest(
            id: "bugle.countdowns.exam", fireTime: .wallClock(local("2026-03-10T14:00")),
            content: NotificationContent(title: "Exam", body: "", interruptionLevel: .critical), ruleID: "countdowns")
        let decision = escalation.decision(for: request, authorization: .authorized, now: now, timeZone: zone("Europe/Paris"))
        #expect(decision == .alarm(at: instant("2026-03-10T13:00Z"), id: AlarmEscalation.alarmID(for: "bugle.countdowns.exam")))
    }

    @Test func theAppChoosesWhichRulesEscalate() {
        let mine = AlarmEscalation(ruleIDs: ["medication"])
        #expect(mine.decision(for: reminder(rule: "countdowns"), authorization: .authorized, now: now, timeZone: zone("UTC")) == .notification(.notACountdown))
        if case .alarm = mine.decision(for: reminder(rule: "medication"), authorization: .authorized, now: now, timeZone: zone("UTC")) {
        } else {
            Issue.record("a medication reminder marked critical should become an alarm")
        }
    }

    @Test func anAlarmKeepsItsIdentifierAcrossRefreshes() {
        // A refresh that plans the same reminder again finds the alarm it scheduled before.
        let ids = (0..<500).map { "bugle.countdowns.reminder-\($0)" }
        let first = ids.map(AlarmEscalation.alarmID(for:))
        #expect(ids.map(AlarmEscalation.alarmID(for:)) == first)
        #expect(Set(first).count == ids.count)
    }
}
