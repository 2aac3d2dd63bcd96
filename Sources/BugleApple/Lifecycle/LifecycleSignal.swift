import Bugle

/// Something the operating system tells the app that may change what should be pending.
public enum LifecycleSignal: String, Hashable, Sendable, CaseIterable {
    /// The app started.
    case launch
    /// The app came to the foreground (scene phase `.active`,
    /// `UIApplication.willEnterForegroundNotification`,
    /// `WKApplication.willEnterForegroundNotification`,
    /// `NSApplication.didBecomeActiveNotification`).
    case foreground
    /// The app went to the background (scene phase `.background`,
    /// `UIApplication.didEnterBackgroundNotification`,
    /// `WKApplication.didEnterBackgroundNotification`,
    /// `NSApplication.didResignActiveNotification`).
    case background
    /// `UIApplication.significantTimeChangeNotification`: midnight, a carrier time update,
    /// a daylight-saving change.
    case significantTimeChange
    /// `NSSystemTimeZoneDidChange`.
    case timeZoneChange
    /// `NSCalendarDayChanged`.
    case dayChange
    /// `NSSystemClockDidChange`: the user or the network set the clock.
    case clockChange
    /// A `BGAppRefreshTask` started.
    case backgroundRefresh
    /// `NSLocale.currentLocaleDidChangeNotification`: the user chose another region,
    /// calendar or first weekday. The device's calendar reads floating components anew, so
    /// the refresh reports it as a time-zone change.
    case localeChange

    /// The reason a refresh for this signal reports.
    public var reason: RefreshReason {
        switch self {
        case .launch: .launch
        case .foreground: .foreground
        case .background: .background
        case .significantTimeChange, .clockChange: .clockChanged
        case .timeZoneChange, .localeChange: .timeZoneChanged
        case .dayChange: .dayChanged
        case .backgroundRefresh: .backgroundTask
        }
    }

    /// Whether the refresh should start without waiting for other signals: the system
    /// suspends the app soon after these.
    public var isUrgent: Bool { self == .background || self == .backgroundRefresh }
}

extension RefreshReason {
    /// Reasons in the order one wins over another when signals arrive together: the most
    /// telling first. Midnight brings a day change and a significant time change; the refresh
    /// reports the day change. A flight brings a zone change and a time change; it reports
    /// the zone change.
    static let precedence: [RefreshReason] = [
        .launch, .boot, .appUpdated, .timeZoneChanged, .dayChanged, .clockChanged, .permissionChanged,
        .dataChanged, .backgroundTask, .manual, .foreground, .background,
    ]

    /// The reason that reports a refresh standing for both `self` and `other`.
    public func merged(with other: RefreshReason) -> RefreshReason {
        let rank = { (reason: RefreshReason) in RefreshReason.precedence.firstIndex(of: reason) ?? RefreshReason.precedence.count }
        return rank(other) < rank(self) ? other : self
    }
}
