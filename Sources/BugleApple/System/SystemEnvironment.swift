import Bugle
import Foundation

extension SchedulerEnvironment {
    /// The device's clock and time zone, read at every call, on the Gregorian calendar Bugle
    /// plans in.
    public static var system: SchedulerEnvironment {
        SchedulerEnvironment(
            now: { Date() },
            calendar: {
                var calendar = Calendar(identifier: .gregorian)
                calendar.timeZone = .current
                return calendar
            })
    }
}
