// SDK stand-in, for Scripts/check-apple.sh only (see Checks/AppleSDK/README.md).
//
// Transcribed from developer.apple.com/documentation/activitykit/activityattributes,
// activityattributes/contentstate, alertconfiguration, alertconfiguration/alertsound,
// alertconfiguration/alertsound/default and alertconfiguration/alertsound/named(_:). Declared only
// because AlarmKit's declarations name these types (AlarmAttributes conforms to
// ActivityAttributes; `AlarmConfiguration.alarm(…sound:)` takes an AlertSound): nothing in the
// checked code imports ActivityKit, and AlarmKit does not re-export it. So the module is on the
// import path of the iOS-like configuration only, where AlarmKit is.
import Foundation

// Swift: `protocol ActivityAttributes : Decodable, Encodable` (iOS 16.1, iPadOS 16.1)
@available(iOS 16.1, *)
public protocol ActivityAttributes: Decodable, Encodable {
    // Swift: `associatedtype ContentState : Decodable, Encodable, Hashable`
    associatedtype ContentState: Decodable, Encodable, Hashable
}

// Swift: `struct AlertConfiguration` (iOS 16.1). Its initializer and properties are not declared:
// nothing uses them.
@available(iOS 16.1, *)
public struct AlertConfiguration {
    // Swift: `struct AlertSound`; Conforms To: Equatable, Sendable.
    public struct AlertSound: Equatable, Sendable {
        // Swift: static var `default`: AlertConfiguration.AlertSound { get }
        public static var `default`: AlertConfiguration.AlertSound { fatalError("stand-in") }

        // Swift: `static func named(_ name: String) -> AlertConfiguration.AlertSound`
        public static func named(_ name: String) -> AlertConfiguration.AlertSound { fatalError("stand-in") }
    }
}
