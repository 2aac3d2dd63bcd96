import Bugle
import Foundation

/// What a simulated phone showed, what was dropped and why, and what it cost.
public struct SimulationResult: Sendable {
    /// A notification the phone showed during the run.
    public struct Delivery: Sendable, Hashable {
        /// The request's id.
        public var id: String
        /// The id of the rule that planned it; empty for a request Bugle did not plan.
        public var rule: String
        /// When it was shown: its fire moment.
        public var at: Date
        /// The device's zone when it was delivered.
        public var timeZone: String
        /// The title shown.
        public var title: String
        /// The subtitle shown, or `nil` when it had none.
        public var subtitle: String?
        /// The body shown; may be empty.
        public var body: String
        /// The content's interruption level: `passive`, `active`, `timeSensitive`, `critical`.
        public var interruptionLevel: String
        /// What policies changed on the way ("deferred from 06:30 to 07:00, …").
        public var adjustments: [String]
        /// How the simulated Android showed it (integer id, channel, exactness, lateness);
        /// `nil` on Apple's systems.
        public var android: SimulatedCenter.AndroidDelivery? = nil

        /// The time the device's clock showed when it was delivered, in `timeZone`.
        public var localTime: LocalDateTime {
            let zone = TimeZone(identifier: timeZone) ?? .gmt
            return ZoneRules(timeZone: zone, around: at).localDateTime(at: at)
        }
    }

    /// A notification whose alarm fired on the simulated Android but that was not shown.
    public struct NotShown: Sendable, Hashable {
        /// The request's id.
        public var id: String
        /// Its integer Android id.
        public var androidID: Int32
        /// The id of the rule that planned it; empty for a request Bugle did not plan.
        public var rule: String
        /// When its alarm fired.
        public var at: Date
        /// The device's zone then (an IANA identifier).
        public var timeZone: String
        /// The title it would have shown.
        public var title: String
        /// Why it was not shown: "channel swim_solo is off".
        public var reason: String
    }

    /// A candidate due between the start and the end that was never delivered, with the reason
    /// of the last plan that dropped it.
    public struct Drop: Sendable, Hashable {
        /// The id its request would have had, in the planner's namespace.
        public var id: String
        /// The id of the rule that proposed it.
        public var rule: String
        /// When it would have fired; a wall-clock candidate at its local time in the zone the
        /// device was in by then.
        public var at: Date
        /// The device's zone at its planned fire moment (an IANA identifier).
        public var timeZone: String
        /// Its title.
        public var title: String
        /// Why, as a `DropReason` raw value: `quietHours`, `cap`, `budget`, ….
        public var reason: String
        /// A sentence a person can read: "22:30 is inside quiet hours 22:00–07:00".
        public var detail: String
    }

    /// A wall-clock request that a zone change left behind the clock: it never fired.
    public struct Missed: Sendable, Hashable {
        /// The request's id.
        public var id: String
        /// The id of the rule that planned it; empty for a request Bugle did not plan.
        public var rule: String
        /// Its title.
        public var title: String
        /// Its fire time as text: `2026-03-06T08:30 (wall clock)`.
        public var fireTime: String
        /// When the zone change left it behind, and the new zone.
        public var at: Date
        /// The zone the device changed to (an IANA identifier).
        public var timeZone: String
    }

    /// One refresh the app made during the run.
    public struct Refresh: Sendable, Hashable {
        /// When, on the device's clock.
        public var at: Date
        /// Why: a `RefreshReason` raw value, such as `launch` or `dataChanged`.
        public var reason: String
        /// How many requests the plan held.
        public var planned: Int
        /// How many requests it added to the center (failed adds included: see `failures`).
        public var added: Int
        /// How many pending requests it removed (failed removals included: see `failures`).
        public var removed: Int
        /// Center calls that failed; the next refresh repairs them.
        public var failures: Int
        /// The plan's coverage horizon, when it had one.
        public var horizon: Date?
        /// What ended the plan's coverage, as a `Coverage/Limit` raw value: `budget`,
        /// `lookahead` or `exhausted`.
        public var limit: String
    }

    /// The device moved to another time zone.
    public struct ZoneChange: Sendable, Hashable {
        /// When it happened.
        public var at: Date
        /// The zone it left (an IANA identifier).
        public var from: String
        /// The zone it moved to (an IANA identifier).
        public var to: String
    }

    /// Something the app or the user did, for the timeline.
    public struct AppEvent: Sendable, Hashable {
        /// When it happened.
        public var at: Date
        /// The device's zone at that moment, in which the timeline shows it (for a zone change,
        /// the zone it left).
        public var timeZone: String
        /// What happened, as the timeline shows it: `app opened`, `state: playedToday = true`.
        public var text: String
    }

    /// The scenario's name.
    public var name: String
    /// The device's zone at the start (an IANA identifier).
    public var timeZone: String
    /// The instant the run started.
    public var start: Date
    /// The instant the run ended: the start's local time, `days` local days later.
    public var end: Date
    /// The platform whose pending limit the center kept.
    public var platform: Platform
    /// How many requests a plan could hold: the pending limit less the safety margin
    /// (`Budget/capacity(foreignPending:)` with no foreign requests).
    public var capacity: Int
    /// Every notification shown between the start and the end, in order.
    public var deliveries: [Delivery]
    /// Candidates in the simulated span that were never delivered, with the last reason.
    public var dropped: [Drop]
    /// Wall-clock requests that a zone change left behind the clock, in the order they were
    /// missed.
    public var missed: [Missed]
    /// How many requests the center evicted to stay within its pending limit.
    public var evicted: Int
    /// The center calls of the whole run, with those that failed.
    public var calls: SimulatedCenter.CallCounts
    /// The most requests pending at once.
    public var peakPending: Int
    /// How many requests were pending at the end.
    public var pendingAtEnd: Int
    /// The coverage of the last plan: until when the phone has what it needs if the app is
    /// never opened again.
    public var coverage: Coverage?
    /// Every refresh, in order.
    public var refreshes: [Refresh]
    /// Every time-zone change, in order.
    public var zoneChanges: [ZoneChange]
    /// What the app, the user and the simulated system did, for the timeline, in the order it
    /// happened.
    public var appEvents: [AppEvent]
    /// The scenario's quiet-hours policies, whose windows the device's wall clock followed.
    public var quietHours: [QuietHours]
    /// The center's pending count over the run, from the start.
    public var pendingSamples: [SimulatedCenter.PendingSample] = []
    /// The simulated Android the run was on; `nil` for Apple's systems.
    public var android: AndroidProfile? = nil
    /// Android: whether exact alarms were allowed at the end.
    public var exactAlarmsAtEnd: Bool? = nil
    /// Android: notifications whose alarm fired but that were not shown, in order.
    public var notShown: [NotShown] = []

    /// Drops per reason.
    public var droppedByReason: [String: Int] {
        dropped.reduce(into: [:]) { $0[$1.reason, default: 0] += 1 }
    }

    /// Deliveries per rule.
    public var deliveredByRule: [String: Int] {
        deliveries.reduce(into: [:]) { $0[$1.rule, default: 0] += 1 }
    }
}
