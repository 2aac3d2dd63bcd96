import Bugle
import Foundation

/// A phone on a virtual clock: the current moment, the device's time zone, and a monotonic
/// clock.
///
/// Nothing here reads the system clock, and nothing outside this module moves it: the
/// device is read-only to its users. Time, the clock and the zone change through the
/// ``SimulatedCenter`` that holds the device (``SimulatedCenter/advance(to:)``,
/// ``SimulatedCenter/setClock(to:)``, ``SimulatedCenter/changeTimeZone(to:)``), or through
/// ``SimulatedPhone``, which holds both: moving the device alone would leave the center's
/// wall-clock triggers on the old zone and its due requests undelivered. Its `environment`
/// is what a `Scheduler` under simulation reads.
public final class SimulatedDevice: @unchecked Sendable {
    private let lock = NSLock()
    private var currentDate: Date
    private var currentZone: TimeZone
    private var elapsed: TimeInterval = 0

    /// A device whose clock shows `now` in `timeZone`; its monotonic clock (`uptime`) is 0.
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

    /// Seconds on a monotonic clock that counts sleep (`CLOCK_BOOTTIME`,
    /// `mach_continuous_time`), from 0 at the start: it moves with time, not with the wall
    /// clock, so a clock set by hand shows as a difference between the two.
    public var uptime: TimeInterval {
        lock.lock()
        defer { lock.unlock() }
        return elapsed
    }

    /// Time passes until `date`: the wall clock and the monotonic clock move forward
    /// together. The clock never goes back. Only the center moves the device (it delivers
    /// what the time passes).
    func advance(to date: Date) {
        lock.lock()
        if date > currentDate {
            elapsed += date.timeIntervalSince(currentDate)
            currentDate = date
        }
        lock.unlock()
    }

    /// Sets the wall clock to any moment, backwards included: a user changing the time by
    /// hand. No time passes: the monotonic clock stays. Only the center sets it.
    func setClock(to date: Date) {
        lock.lock()
        currentDate = date
        lock.unlock()
    }

    /// The device moves to another zone (a trip, a setting). Only the center moves it (its
    /// wall-clock triggers follow).
    func setTimeZone(_ zone: TimeZone) {
        lock.lock()
        currentZone = zone
        lock.unlock()
    }

    /// The scheduler's view of this device.
    public var environment: SchedulerEnvironment {
        SchedulerEnvironment(now: { [self] in now }, calendar: { [self] in calendar })
    }
}
