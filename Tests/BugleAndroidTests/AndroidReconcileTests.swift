import Bugle
import BugleAndroid
import Foundation
import Testing

func plan(_ rules: [any Rule], zone: TimeZone = newYork) -> Plan {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let planner = Planner(rules: rules, budget: Budget(platform: .custom(24)))
    return planner.plan(PlanInput(now: Date(timeIntervalSince1970: 1_772_366_400), calendar: calendar))
}

/// What the host records for each alarm it sets.
func record(_ sets: [AndroidSchedule]) -> [AndroidScheduledAlarm] {
    sets.map { AndroidScheduledAlarm(requestCode: $0.alarm.requestCode, extras: $0.notification.extras) }
}

/// The host's alarm record after applying `changes` to `alarms`.
func apply(_ changes: AndroidChangeSet, to alarms: [AndroidScheduledAlarm]) -> [AndroidScheduledAlarm] {
    let cancelled = Set(changes.cancels.map(\.requestCode))
    let replaced = Set(changes.sets.map(\.alarm.requestCode))
    return alarms.filter { !cancelled.contains($0.requestCode) && !replaced.contains($0.requestCode) } + record(changes.sets)
}

@Suite("Android reconcile by alarm id")
struct AndroidReconcileTests {
    let rules: [any Rule] = [
        .daily(id: "morning", at: "08:30", title: "Good morning", body: "Today's puzzle"),
        .daily(id: "evening", at: "21:00", title: "Evening", body: "Streak check", basis: .zoned(newYork)),
    ]

    @Test("nothing scheduled: every planned request is set, each with its own request code")
    func firstRun() throws {
        let plan = plan(rules)
        let changes = try mapping().changes(plan: plan, scheduled: [])
        #expect(changes.cancels.isEmpty)
        #expect(changes.sets.count == plan.entries.count)
        #expect(Set(changes.sets.map(\.request.id)) == Set(plan.entries.map(\.request.id)))
        #expect(Set(changes.sets.map(\.alarm.requestCode)).count == plan.entries.count)
        for set in changes.sets {
            #expect(set.notification.id == changes.ids[set.request.id])
            #expect(set.alarm.requestCode == set.notification.id.rawValue)
        }
    }

    @Test("an unchanged plan costs no call")
    func unchanged() throws {
        let plan = plan(rules)
        let first = try mapping().changes(plan: plan, scheduled: [])
        let again = try mapping().changes(plan: plan, scheduled: record(first.sets))
        #expect(again.isEmpty)
        #expect(again.unchanged == plan.entries.count)
        #expect(again.ids == first.ids)
    }

    @Test("a new device zone sets the wall-clock alarms again, same request codes; zoned ones stay")
    func timeZoneChanged() throws {
        let plan = plan(rules)
        let first = try mapping().changes(plan: plan, scheduled: [])
        let moved = try mapping(zone: tokyo).changes(plan: plan, scheduled: record(first.sets))
        let wallClock = plan.entries.filter { $0.request.id.hasPrefix("bugle.morning") }
        #expect(moved.cancels.isEmpty)
        #expect(Set(moved.sets.map(\.request.id)) == Set(wallClock.map(\.request.id)))
        #expect(moved.unchanged == plan.entries.count - wallClock.count)
        for set in moved.sets { #expect(first.ids[set.request.id] == set.notification.id) }
    }

    @Test("exact alarms granted: every window becomes an exact alarm")
    func exactnessChanged() throws {
        let plan = plan(rules)
        let windows = try mapping(exactness: .inexact).changes(plan: plan, scheduled: [])
        let exact = try mapping(exactness: .exact).changes(plan: plan, scheduled: record(windows.sets))
        #expect(exact.sets.count == plan.entries.count)
        #expect(exact.sets.allSatisfy { $0.alarm.call.name == "exact" })
    }

    @Test("a rule removed: its alarms are cancelled by request code, the others left alone")
    func removed() throws {
        let both = plan(rules)
        let first = try mapping().changes(plan: both, scheduled: [])
        let morningOnly = plan([rules[0]])
        let changes = try mapping().changes(plan: morningOnly, scheduled: record(first.sets))
        let evening = first.sets.filter { $0.request.id.hasPrefix("bugle.evening") }
        #expect(Set(changes.cancels.map(\.requestCode)) == Set(evening.map(\.alarm.requestCode)))
        #expect(changes.cancels.allSatisfy { $0.reason == .obsolete })
        // The budget the evening rule left is filled with more mornings.
        #expect(changes.sets.allSatisfy { $0.request.id.hasPrefix("bugle.morning") })
        let after = apply(changes, to: record(first.sets))
        #expect(try mapping().changes(plan: morningOnly, scheduled: after).isEmpty)
    }

    @Test("other code's alarms are never touched and their request codes never reused; damaged ones in the namespace are cancelled")
    func foreignAndDamaged() throws {
        let plan = plan(rules)
        let target = plan.entries[0].request.id
        let taken = AndroidNotificationID.hashed(target).rawValue
        let foreign = AndroidScheduledAlarm(requestCode: taken, extras: AndroidExtras(["com.example.kind": "sync"]))
        let damaged = AndroidScheduledAlarm(requestCode: 5, extras: AndroidExtras(["bugle.id": "bugle.morning@1999-01-01", "bugle.title": "x"]))
        let changes = try mapping().changes(plan: plan, scheduled: [foreign, damaged])
        #expect(changes.cancels == [AndroidCancel(requestCode: 5, requestID: "bugle.morning@1999-01-01", reason: .unknown)])
        #expect(!changes.sets.contains { $0.alarm.requestCode == taken })
        #expect(changes.ids[target]?.rawValue == taken + 1)
    }

    @Test("two alarms for one request: the second is cancelled, the first kept")
    func duplicate() throws {
        let plan = plan(rules)
        let first = try mapping().changes(plan: plan, scheduled: [])
        let copy = AndroidScheduledAlarm(requestCode: 3, extras: first.sets[0].notification.extras)
        let changes = try mapping().changes(plan: plan, scheduled: record(first.sets) + [copy])
        #expect(changes.sets.isEmpty)
        #expect(changes.cancels.map(\.requestCode) == [3])
    }
}
