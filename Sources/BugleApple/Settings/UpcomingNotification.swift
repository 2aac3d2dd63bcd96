import Bugle
import Foundation

/// One planned notification, as a settings screen lists it.
public struct UpcomingNotification: Hashable, Sendable, Identifiable {
    /// The request's id.
    public var id: String
    /// The rule that planned it.
    public var ruleID: String?
    /// Its title.
    public var title: String
    /// Its message.
    public var body: String
    /// When it fires, in the device's zone as the plan resolved it.
    public var fireDate: Date
    /// Whether it follows the device's wall clock (`false`: a fixed moment in a named zone).
    public var followsDeviceClock: Bool

    /// A row from its parts.
    public init(id: String, ruleID: String?, title: String, body: String, fireDate: Date, followsDeviceClock: Bool) {
        self.id = id
        self.ruleID = ruleID
        self.title = title
        self.body = body
        self.fireDate = fireDate
        self.followsDeviceClock = followsDeviceClock
    }

    /// The row for a plan entry.
    public init(_ entry: PlanEntry) {
        let request = entry.request
        let followsDeviceClock = if case .wallClock = request.fireTime { true } else { false }
        self.init(
            id: request.id, ruleID: request.ruleID, title: request.content.title, body: request.content.body, fireDate: entry.candidate.fireDate,
            followsDeviceClock: followsDeviceClock)
    }
}
