import Foundation
import Testing

@testable import Bugle

/// A refresh reads the center's pending list beside the plan and beside the journal's open
/// entries. When the lists come in the same order, as they do refresh after refresh, they are
/// paired side by side instead of by hashing every id; the pairing must be exactly the one the
/// hashing finds, whatever the center did to its list (lost, reordered, replaced or foreign
/// requests, stale ones, entries the journal lists twice).
@Suite struct InOrderPairingTests {
    /// A center's list as a refresh may find it, from the requests `planned` before: what time
    /// passed delivered is gone, and now and then the center or another library changed it.
    static func centerList(
        from planned: [NotificationRequest], now: Date, zone: ZoneRules, _ generator: inout SeededGenerator
    ) -> [NotificationRequest] {
        var list = planned.filter { $0.fireTime.resolve(in: zone) > now }
        func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &generator) < percent }
        if chance(15), !list.isEmpty { list.remove(at: Int.random(in: list.indices, using: &generator)) }
        if chance(15), list.count > 1 { list.swapAt(Int.random(in: list.indices, using: &generator), Int.random(in: list.indices, using: &generator)) }
        if chance(15), !list.isEmpty {
            let index = Int.random(in: list.indices, using: &generator)
            let old = list[index]
            list[index] = NotificationRequest(id: old.id, fireTime: old.fireTime, content: content("Changed"), ruleID: old.ruleID)
        }
        if chance(15) {
            let foreign = NotificationRequest(
                id: "other.\(Int.random(in: 0..<3, using: &generator))", fireTime: .zoned(ZonedInstant(date: now, timeZone: zone.timeZone)), content: content())
            if !list.contains(where: { $0.id == foreign.id }) { list.insert(foreign, at: Int.random(in: 0...list.count, using: &generator)) }
        }
        if chance(10) {
            let stale = NotificationRequest(id: "bugle.retired", fireTime: .zoned(ZonedInstant(date: now, timeZone: zone.timeZone)), content: content())
            list.insert(stale, at: Int.random(in: 0...list.count, using: &generator))
        }
        return list
    }

    @Test(arguments: 0..<40) func pairingInOrderIsPairingByID(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let planner = PlanContinuationTests.planner(&generator)
        let calendar = gregorian("America/New_York")
        var now = at("America/New_York", 2026, 3, 1, 7, 0)
        var previous: [NotificationRequest] = []
        var (reconciledInOrder, syncedInOrder) = (0, 0)
        for _ in 0..<60 {
            let zone = ZoneRules(timeZone: calendar.timeZone, around: now)
            let pending = Self.centerList(from: previous, now: now, zone: zone, &generator)
            // The journal holds open what was planned, some of it still being added, now and
            // then an entry twice or one the center never heard of.
            var open = previous.map {
                JournalEntry(request: $0, fireDate: $0.fireTime.resolve(in: zone), state: Bool.random(using: &generator) ? .pending : .adding, askedAt: now)
            }
            if Int.random(in: 0..<10, using: &generator) == 0, let twice = open.randomElement(using: &generator) { open.append(twice) }
            if Int.random(in: 0..<10, using: &generator) == 0 {
                open.insert(
                    JournalEntry(
                        request: NotificationRequest(id: "bugle.lost", fireTime: .zoned(ZonedInstant(date: now, timeZone: zone.timeZone)), content: content()),
                        fireDate: now, state: .removing, askedAt: now),
                    at: Int.random(in: 0...open.count, using: &generator))
            }
            if let pairing = Pairing(inOrder: open, pending: pending, namespace: planner.namespace) {
                syncedInOrder += 1
                #expect(pairing == Pairing(byID: open, pending: pending, namespace: planner.namespace), "seed \(seed) at \(now)")
            }

            let plan = planner.plan(PlanInput(now: now, calendar: calendar, pendingRequestIDs: Set(pending.map(\.id))))
            if let changes = Reconcile.inOrder(plan: plan, pending: pending) {
                reconciledInOrder += 1
                #expect(changes == Reconcile.byID(plan: plan, pending: pending), "seed \(seed) at \(now)")
            }
            // What the user sees afterwards: the center holds the plan, with no request twice.
            let after = Reconcile.changes(plan: plan, pending: pending)
            var held = Dictionary(pending.filter { planner.namespace.owns($0.id) }.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            for removal in after.removals { held[removal.id] = nil }
            for addition in after.additions { held[addition.id] = addition }
            #expect(Set(held.values) == Set(plan.requests), "seed \(seed) at \(now)")

            previous = plan.requests
            now = now.addingTimeInterval(TimeInterval(Int.random(in: 1...48, using: &generator)) * 1_800)
        }
        // Most refreshes find the lists in the same order: the side-by-side reading is what runs.
        #expect(reconciledInOrder > 20, "seed \(seed): \(reconciledInOrder) of 60 reconciled in order")
        #expect(syncedInOrder > 20, "seed \(seed): \(syncedInOrder) of 60 synchronized in order")
    }
}
