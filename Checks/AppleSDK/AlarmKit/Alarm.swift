// SDK stand-in, for Scripts/check-apple.sh only (see Checks/AppleSDK/README.md).
//
// Transcribed from developer.apple.com/documentation/alarmkit/alarm and its pages id,
// schedule-swift.property, schedule-swift.enum/fixed(_:), schedule-swift.enum/relative(_:),
// schedule-swift.enum/relative (init(time:repeats:), time, repeats), relative/recurrence (never,
// weekly(_:); Conforms To: Decodable, Encodable, Equatable, Hashable, Sendable). Availability: iOS
// 26.0, iPadOS 26.0, Mac Catalyst 26.0 (see AlarmManager.swift).
import Foundation

// Swift: `struct Alarm`. The typealias ID is Identifiable's ("A type representing the stable
// identity of the entity associated with an instance"). Its other properties (state,
// countdownDuration) are not declared: nothing uses them.
@available(iOS 26.0, macCatalyst 26.0, *)
@available(macOS, unavailable)
@available(tvOS, unavailable)
@available(visionOS, unavailable)
@available(watchOS, unavailable)
public struct Alarm: Identifiable {
    // Swift: `typealias ID = UUID`
    public typealias ID = UUID

    // Swift (…/alarm/id): `var id: UUID`
    public var id: UUID { fatalError("stand-in") }

    // Swift (…/alarm/schedule-swift.property): `var schedule: Alarm.Schedule?`
    public var schedule: Alarm.Schedule? { fatalError("stand-in") }

    // Swift: `enum Schedule` (Codable, Equatable, Hashable, Sendable in the SDK's interface).
    public enum Schedule: Codable, Equatable, Hashable, Sendable {
        // Swift (…/schedule-swift.enum/fixed(_:)): `case fixed(Date)`: a one-shot alarm at a
        // specific time, not relative to the current time zone.
        case fixed(Date)
        // Swift (…/schedule-swift.enum/relative(_:)): `case relative(Alarm.Schedule.Relative)`
        case relative(Alarm.Schedule.Relative)

        // Swift (…/schedule-swift.enum/relative): `struct Relative`
        public struct Relative: Codable, Hashable, Sendable {
            // Swift: `init(time: Alarm.Schedule.Relative.Time, repeats: Alarm.Schedule.Relative.Recurrence = .never)`
            public init(time: Alarm.Schedule.Relative.Time, repeats: Alarm.Schedule.Relative.Recurrence = .never) {
                fatalError("stand-in")
            }

            // Swift: `var time: Alarm.Schedule.Relative.Time`
            public var time: Alarm.Schedule.Relative.Time
            // Swift: `var repeats: Alarm.Schedule.Relative.Recurrence`
            public var repeats: Alarm.Schedule.Relative.Recurrence

            // Swift (…/relative/time-swift.struct): `struct Time`: the hour and minute at which the
            // alarm alerts. Its initializer and properties as the public notes of the iOS 26.2
            // interface quote them (the stored copy of the pages does not show them).
            public struct Time: Codable, Hashable, Sendable {
                // Swift: `init(hour: Int, minute: Int)`
                public init(hour: Int, minute: Int) { fatalError("stand-in") }
                // Swift: `var hour: Int`, `var minute: Int`
                public var hour: Int
                public var minute: Int
            }

            // Swift (…/relative/recurrence): `enum Recurrence`
            public enum Recurrence: Codable, Hashable, Sendable {
                // Swift: `case never`
                case never
                // Swift: `case weekly([Locale.Weekday])`
                case weekly([Locale.Weekday])
            }
        }
    }
}
