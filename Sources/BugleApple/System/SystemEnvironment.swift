import Bugle
import Foundation

extension SchedulerEnvironment {
    /// The device's clock and time zone, read at every call, on the Gregorian calendar Bugle
    /// plans in.
    ///
    /// The zone comes from `Calendar.autoupdatingCurrent`, which follows a change of the
    /// device's zone (or of `NSTimeZone.default`) without rebuilding the environment or
    /// relaunching the app; `TimeZone.current` keeps the zone it first read until
    /// `NSTimeZone.resetSystemTimeZone()`, and ignores `NSTimeZone.default` on Linux. Each call returns a calendar fixed to the zone of
    /// that moment, so that one refresh plans in one zone. ``LifecycleObserver`` refreshes
    /// when the zone, the clock or the locale changes.
    public static var system: SchedulerEnvironment {
        SchedulerEnvironment(now: { Date() }, calendar: { SystemCalendar.planning() })
    }
}

/// The device's calendars, read anew at every call.
public enum SystemCalendar {
    /// The Gregorian calendar in the device's current zone, fixed to that zone: what
    /// `SchedulerEnvironment.system` plans in.
    public static func planning() -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        let zone = Calendar.autoupdatingCurrent.timeZone
        calendar.timeZone = TimeZone(identifier: zone.identifier) ?? zone
        return calendar
    }

    /// The device's own calendar (`Calendar.autoupdatingCurrent`): the one the system reads
    /// floating components in, following a change of the user's region or calendar without a
    /// relaunch. ``SystemCenter``'s default.
    public static func device() -> Calendar { Calendar.autoupdatingCurrent }
}
