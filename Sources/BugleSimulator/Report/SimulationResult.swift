import Bugle
import Foundation

/// What a simulated phone showed, what was dropped and why, and what it cost.
public struct SimulationResult: Sendable {
    public struct Delivery: Sendable, Hashable {
        public var id: String
        public var rule: String
        public var at: Date
        /// The device's zone when it was delivered.
        public var timeZone: String
        public var title: String
        public var subtitle: String?
        public var body: String
        public var interruptionLevel: String
        /// What policies changed on the way ("deferred from 06:30 to 07:00, …").
        public var adjustments: [String]

        /// The time the device's clock showed when it was delivered, in `timeZone`.
        public var localTime: LocalDateTime {
            let zone = TimeZone(identifier: timeZone) ?? .gmt
            return ZoneRules(timeZone: zone, around: at).localDateTime(at: at)
        }
    }

    public struct Drop: Sendable, Hashable {
        public var id: String
        public var rule: String
        public var at: Date
        public var timeZone: String
        public var title: String
        public var reason: String
        public var detail: String
    }

    /// A wall-clock request that a zone change left behind the clock: it never fired.
    public struct Missed: Sendable, Hashable {
        public var id: String
        public var rule: String
        public var title: String
        public var fireTime: String
        /// When the zone change left it behind, and the new zone.
        public var at: Date
        public var timeZone: String
    }

    public struct Refresh: Sendable, Hashable {
        public var at: Date
        public var reason: String
        public var planned: Int
        public var added: Int
        public var removed: Int
        public var failures: Int
        /// The plan's coverage horizon, when it had one.
        public var horizon: Date?
        public var limit: String
    }

    public struct ZoneChange: Sendable, Hashable {
        public var at: Date
        public var from: String
        public var to: String
    }

    /// Something the app or the user did, for the timeline.
    public struct AppEvent: Sendable, Hashable {
        public var at: Date
        public var timeZone: String
        public var text: String
    }

    public var name: String
    public var timeZone: String
    public var start: Date
    public var end: Date
    public var platform: Platform
    public var capacity: Int
    public var deliveries: [Delivery]
    /// Candidates in the simulated span that were never delivered, with the last reason.
    public var dropped: [Drop]
    public var missed: [Missed]
    public var evicted: Int
    public var calls: SimulatedCenter.CallCounts
    public var peakPending: Int
    public var pendingAtEnd: Int
    /// The coverage of the last plan: until when the phone has what it needs if the app is
    /// never opened again.
    public var coverage: Coverage?
    public var refreshes: [Refresh]
    public var zoneChanges: [ZoneChange]
    public var appEvents: [AppEvent]
    /// The scenario's quiet-hours policies, whose windows the device's wall clock followed.
    public var quietHours: [QuietHours]
    /// The center's pending count over the run, from the start.
    public var pendingSamples: [SimulatedCenter.PendingSample]

    /// Drops per reason.
    public var droppedByReason: [String: Int] {
        dropped.reduce(into: [:]) { $0[$1.reason, default: 0] += 1 }
    }

    /// Deliveries per rule.
    public var deliveredByRule: [String: Int] {
        deliveries.reduce(into: [:]) { $0[$1.rule, default: 0] += 1 }
    }
}
