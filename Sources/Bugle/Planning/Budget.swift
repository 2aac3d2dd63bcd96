import Foundation

/// A notification system's pending limit.
public struct Platform: Hashable, Sendable, CustomStringConvertible {
    /// A short name for reports (`ios`, `macos`, `android`, `custom`).
    public var name: String
    /// How many requests the system keeps pending at once.
    public var pendingLimit: Int
    /// The safety margin a ``Budget`` on this platform keeps unless told otherwise:
    /// ``Budget/defaultSafetyMargin`` (4) on Apple's systems, 50 on Android.
    public var defaultSafetyMargin: Int

    /// A platform called `name` that keeps `pendingLimit` requests pending at once; budgets on
    /// it keep `defaultSafetyMargin` free unless told otherwise.
    public init(name: String, pendingLimit: Int, defaultSafetyMargin: Int = Budget.defaultSafetyMargin) {
        self.name = name
        self.pendingLimit = pendingLimit
        self.defaultSafetyMargin = defaultSafetyMargin
    }

    /// iOS keeps 64 pending requests (and, from iOS 11 on, the last 64 added).
    public static let ios = Platform(name: "ios", pendingLimit: 64)
    /// macOS keeps 64 pending requests, as iOS does.
    public static let macos = Platform(name: "macos", pendingLimit: 64)
    /// Android keeps at most 500 alarms per app (AOSP's `AlarmManagerService`
    /// `DEFAULT_MAX_ALARMS_PER_UID = 500`; the 501st `set` call throws
    /// `IllegalStateException`), and each planned notification is one alarm.
    ///
    /// Budgets on Android keep 50 alarms free by default (10% of the limit), not 4: the 500 count
    /// every alarm of the app's process (its own code, WorkManager's and other libraries'),
    /// Android has no call that lists an app's alarms so Bugle cannot count them at a refresh as
    /// it counts other code's pending requests on iOS, and going past the limit throws rather
    /// than dropping the oldest. 450 alarms still cover more than a year of one daily reminder.
    ///
    /// - SeeAlso: [AlarmManagerService.java](https://github.com/aosp-mirror/platform_frameworks_base/blob/main/apex/jobscheduler/service/java/com/android/server/alarm/AlarmManagerService.java)
    public static let android = Platform(name: "android", pendingLimit: 500, defaultSafetyMargin: 50)
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
    /// The margin a budget on Apple's systems keeps unless told otherwise: 4 requests
    /// (``Platform/defaultSafetyMargin`` says each platform's).
    public static let defaultSafetyMargin = 4

    /// The platform whose pending limit the plan fills; ``Platform/ios`` (64) by default.
    public var platform: Platform
    /// Requests left free for other code to add between two refreshes; 0 when Bugle owns the
    /// center. Below 0 counts as 0; above the platform's limit, as the whole limit.
    public var safetyMargin: Int

    /// A budget on `platform` that leaves `safetyMargin` requests free: by default the
    /// platform's ``Platform/defaultSafetyMargin`` (4 on Apple's systems, 50 on Android).
    public init(platform: Platform = .ios, safetyMargin: Int? = nil) {
        self.platform = platform
        self.safetyMargin = safetyMargin ?? platform.defaultSafetyMargin
    }

    /// The plan's size limit when `foreignPending` requests outside Bugle's namespace are pending.
    public func capacity(foreignPending: Int = 0) -> Int {
        // Each term is held inside the limit, so that no value can overflow.
        let limit = max(platform.pendingLimit, 0)
        let room = limit - min(max(safetyMargin, 0), limit)
        return room - min(max(foreignPending, 0), room)
    }
}
