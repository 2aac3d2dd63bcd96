import Foundation

/// The device's two clocks read at one moment: the wall clock, which the user (or the
/// network) can set, and a monotonic clock that only moves forward and keeps counting while
/// the device sleeps (`CLOCK_BOOTTIME` on Linux and Android, `mach_continuous_time` or
/// `ContinuousClock` on Apple's systems). It restarts at boot.
public struct ClockReading: Hashable, Sendable, Codable {
    /// The wall clock.
    public var wall: Date
    /// Seconds on the monotonic clock.
    public var monotonic: TimeInterval

    /// The two clocks read at the same moment.
    public init(wall: Date, monotonic: TimeInterval) {
        self.wall = wall
        self.monotonic = monotonic
    }
}

/// Tells when the wall clock was moved: between two readings, the wall clock should advance
/// by as much as the monotonic clock did.
///
/// The detector keeps a *reference*, the last reading it trusted, and compares each new
/// reading with it. A reading whose wall clock is off by more than `tolerance` is tampered
/// and the reference stays, so the clock stays untrusted until it is set back (or until the
/// app confirms the new time with a trusted source and calls ``trust(_:)``). A monotonic
/// clock that went back means the device restarted: nothing can be compared, and the reading
/// becomes the reference.
///
/// Time-zone changes do not move the wall clock (a `Date` is an instant), so a trip is never
/// taken for tampering.
public struct TamperDetector: Hashable, Sendable, Codable {
    /// What a reading says about the wall clock.
    public enum Verdict: Hashable, Sendable, CustomStringConvertible {
        /// The first reading: nothing to compare with yet; it becomes the reference.
        case firstReading
        /// The wall clock moved with the monotonic clock, within the tolerance.
        case trusted
        /// The device restarted since the reference; the reading is the new reference.
        case restarted
        /// The wall clock moved by `jump` seconds more than the monotonic clock (negative:
        /// it was set back).
        case tampered(jump: TimeInterval)

        /// Whether scheduling may go on.
        public var isTrusted: Bool {
            if case .tampered = self { return false }
            return true
        }

        /// "the wall clock moved 12 h ahead of the monotonic clock".
        public var description: String {
            switch self {
            case .firstReading: "the first reading of the clocks"
            case .trusted: "the wall clock moved with the monotonic clock"
            case .restarted: "the device restarted"
            case .tampered(let jump): "the wall clock moved \(durationText(jump)) \(jump > 0 ? "ahead of" : "behind") the monotonic clock"
            }
        }
    }

    /// How far the two clocks may drift apart between readings before it counts as a jump.
    public var tolerance: TimeInterval
    /// The last reading trusted.
    public private(set) var reference: ClockReading?

    /// - Parameters:
    ///   - tolerance: a minute by default: a network time correction moves the clock by far
    ///     less, a person setting it by far more.
    ///   - reference: the last reading trusted, kept from an earlier launch; `nil` makes the
    ///     first ``check(_:)`` the reference.
    public init(tolerance: TimeInterval = 60, reference: ClockReading? = nil) {
        self.tolerance = tolerance
        self.reference = reference
    }

    /// Compares `reading` with the reference; a trusted reading becomes the new reference.
    public mutating func check(_ reading: ClockReading) -> Verdict {
        guard let reference else {
            self.reference = reading
            return .firstReading
        }
        if reading.monotonic < reference.monotonic {
            self.reference = reading
            return .restarted
        }
        let jump = jump(of: reading, from: reference)
        guard abs(jump) <= tolerance else { return .tampered(jump: jump) }
        self.reference = reading
        return .trusted
    }

    /// What the wall clock should show at `reading`: the reference's wall clock plus the
    /// monotonic time since. `nil` before the first reading.
    public func expectedWall(at reading: ClockReading) -> Date? {
        reference.map { $0.wall.addingTimeInterval(reading.monotonic - $0.monotonic) }
    }

    /// Makes `reading` the reference: the app confirmed its wall clock with a trusted source.
    public mutating func trust(_ reading: ClockReading) {
        reference = reading
    }

    /// How far the wall clock moved beyond the monotonic clock from `reference` to `reading`.
    public func jump(of reading: ClockReading, from reference: ClockReading) -> TimeInterval {
        reading.wall.timeIntervalSince(reference.wall) - (reading.monotonic - reference.monotonic)
    }
}
