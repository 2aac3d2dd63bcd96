import Foundation

/// A notification system's pending limit.
public struct Platform: Hashable, Sendable, CustomStringConvertible {
    /// A short name for reports (`ios`, `macos`, `custom`).
    public var name: String
    /// How many requests the system keeps pending at once.
    public var pendingLimit: Int

    /// A platform called `name` that keeps `pendingLimit` requests pending at once.
    public init(name: String, pendingLimit: Int) {
        self.name = name
        self.pendingLimit = pendingLimit
    }

    /// iOS keeps 64 pending requests (and, from iOS 11 on, the last 64 added).
    public static let ios = Platform(name: "ios", pendingLimit: 64)
    /// macOS keeps 64 pending requests, as iOS does.
    public static let macos = Platform(name: "macos", pendingLimit: 64)
    /// Any other limit.
    public static func custom(_ limit: Int) -> Platform { Platform(name: "custom", pendingLimit: limit) }

    public var description: String { "\(name) (\(pendingLimit) pending)" }
}

/// How many requests a plan may hold.
///
/// The capacity is the platform's limit, less the requests of other code in the app that
/// are pending (counted at each refresh), less a safety margin. The margin leaves room for
/// requests that other code adds *between* two refreshes: on iOS, where the system keeps
/// the last 64 added, those would otherwise push out Bugle's latest additions, the soonest
/// ones. The default margin is ``defaultSafetyMargin``; set 0 when Bugle owns the center.
public struct Budget: Hashable, Sendable {
    /// The margin a budget keeps unless told otherwise: 4 requests.
    public static let defaultSafetyMargin = 4

    /// The platform whose pending limit the plan fills; ``Platform/ios`` (64) by default.
    public var platform: Platform
    /// Requests left free for other code to add between two refreshes; 0 when Bugle owns the
    /// center. Below 0 counts as 0; above the platform's limit, as the whole limit.
    public var safetyMargin: Int

    /// A budget on `platform` that leaves `safetyMargin` requests free.
    public init(platform: Platform = .ios, safetyMargin: Int = Budget.defaultSafetyMargin) {
        self.platform = platform
        self.safetyMargin = safetyMargin
    }

    /// The plan's size limit when `foreignPending` requests outside Bugle's namespace are pending.
    public func capacity(foreignPending: Int = 0) -> Int {
        // Each term is held inside the limit, so that no value can overflow.
        let limit = max(platform.pendingLimit, 0)
        let room = limit - min(max(safetyMargin, 0), limit)
        return room - min(max(foreignPending, 0), room)
    }
}
