import Bugle
import Foundation

/// A phone on a virtual clock: the current moment and the device's time zone.
///
/// Time moves only when the owner calls ``advance(to:)``; nothing here reads the system
/// clock. Its `environment` is what a ``Scheduler`` under simulation reads.
public final class SimulatedDevice: @unchecked Sendable {
    private let lock = NSLock()
    private var currentDate: Date
    private var currentZone: TimeZone

    public init(now: Date, timeZone: TimeZone) {
        self.currentDate = now
        self.currentZone = timeZone
    }

    /// The virtual clock's current moment.
    public var now: Date {
        lock.lock()
        defer { lock.unlock() }
        return currentDate
    }

    /// The device's time zone.
    public var timeZone: TimeZone {
        lock.lock()
        defer { lock.unlock() }
        return currentZone
    }

    /// A Gregorian calendar in the device's zone.
    public var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }

    /// Moves the clock forward; it never goes back.
    public func advance(to date: Date) {
        lock.lock()
        currentDate = max(currentDate, date)
        lock.unlock()
    }

    /// Sets the clock to any moment, backwards included: a user changing the time by hand.
    public func setClock(to date: Date) {
        lock.lock()
        currentDate = date
        lock.unlock()
    }

    /// The device moves to another zone (a trip, a setting).
    public func setTimeZone(_ zone: TimeZone) {
        lock.lock()
        currentZone = zone
        lock.unlock()
    }

    /// The scheduler's view of this device.
    public var environment: SchedulerEnvironment {
        SchedulerEnvironment(now: { [self] in now }, calendar: { [self] in calendar })
    }
}
