// SDK stand-in, for Scripts/check-apple.sh only (see Checks/AppleSDK/README.md).
//
// Transcribed from developer.apple.com/documentation/alarmkit and its pages for AlarmManager
// (alarmmanager, shared, authorizationstate-swift.property, requestauthorization(),
// schedule(id:configuration:), cancel(id:), alarmconfiguration,
// alarmconfiguration/alarm(schedule:attributes:stopintent:secondaryintent:sound:)). Every page gives
// the availability "iOS 26.0, iPadOS 26.0, Mac Catalyst 26.0" and no other platform: AlarmKit is
// unavailable on macOS, tvOS, visionOS and watchOS, so the module is on the import path of the
// iOS-like configuration only (`canImport(AlarmKit)` is false in the others).
//
// The pages list no Sendable conformance for AlarmManager, its AuthorizationState or
// AlarmConfiguration, so none is declared: the check is then stricter than the SDK, never looser.
// The public notes of an iOS 26.2 SDK build (its AlarmKit.swiftinterface quoted) agree that the
// manager is a non-Sendable class whose only `async` methods are `schedule` and
// `requestAuthorization`; `cancel`, `stop`, `pause`, `resume` are synchronous and `throws`.
import ActivityKit
import AppIntents
import Foundation

// Swift: `class AlarmManager` (not open; no public initializer)
@available(iOS 26.0, macCatalyst 26.0, *)
@available(macOS, unavailable)
@available(tvOS, unavailable)
@available(visionOS, unavailable)
@available(watchOS, unavailable)
public class AlarmManager {
    init() {}

    // Swift (…/alarmmanager/shared): `static let shared: AlarmManager`
    // The SDK's declaration is a plain `static let` of this non-Sendable class (a client is told
    // nothing when it reads it); compiled in Swift 6 here, the same declaration needs
    // `nonisolated(unsafe)` to say so.
    nonisolated(unsafe) public static let shared: AlarmManager = { fatalError("stand-in") }()

    // Swift (…/alarmmanager/authorizationstate-swift.property):
    // `var authorizationState: AlarmManager.AuthorizationState { get }`
    public var authorizationState: AlarmManager.AuthorizationState { fatalError("stand-in") }

    // Swift (…/alarmmanager/requestauthorization()):
    // `func requestAuthorization() async throws -> AlarmManager.AuthorizationState`
    public func requestAuthorization() async throws -> AlarmManager.AuthorizationState { fatalError("stand-in") }

    // Swift (…/alarmmanager/schedule(id:configuration:)):
    // `func schedule<Metadata>(id: Alarm.ID, configuration: AlarmManager.AlarmConfiguration<Metadata>)
    //      async throws -> Alarm where Metadata : AlarmMetadata`
    public func schedule<Metadata>(id: Alarm.ID, configuration: AlarmManager.AlarmConfiguration<Metadata>) async throws -> Alarm
    where Metadata: AlarmMetadata { fatalError("stand-in") }

    // Swift (…/alarmmanager/cancel(id:)): `func cancel(id: Alarm.ID) throws`
    public func cancel(id: Alarm.ID) throws { fatalError("stand-in") }

    // Swift (…/alarmmanager/authorizationstate-swift.enum): `enum AuthorizationState`, "all
    // authorization states for the client process": notDetermined, denied, authorized. Built with
    // library evolution, the enum is open to the checked code, as the SDK's is (a `switch` needs
    // `@unknown default`).
    public enum AuthorizationState {
        case notDetermined
        case denied
        case authorized
    }

    // Swift (…/alarmmanager/alarmconfiguration):
    // `struct AlarmConfiguration<Metadata> where Metadata : AlarmMetadata`
    // Its initializer and `timer(duration:…)` are not declared: nothing uses them.
    public struct AlarmConfiguration<Metadata> where Metadata: AlarmMetadata {
        // Swift (…/alarmconfiguration/alarm(schedule:attributes:stopintent:secondaryintent:sound:)):
        // `static func alarm(schedule: Alarm.Schedule? = nil, attributes: AlarmAttributes<Metadata>,
        //      stopIntent: (any LiveActivityIntent)? = nil, secondaryIntent: (any LiveActivityIntent)? = nil,
        //      sound: AlertConfiguration.AlertSound = .default) -> AlarmManager.AlarmConfiguration<Metadata>`
        public static func alarm(
            schedule: Alarm.Schedule? = nil, attributes: AlarmAttributes<Metadata>, stopIntent: (any LiveActivityIntent)? = nil,
            secondaryIntent: (any LiveActivityIntent)? = nil, sound: AlertConfiguration.AlertSound = .default
        ) -> AlarmManager.AlarmConfiguration<Metadata> { fatalError("stand-in") }
    }
}
