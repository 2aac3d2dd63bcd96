// SDK stand-in, for Scripts/check-apple.sh only (see Checks/AppleSDK/README.md).
//
// Transcribed from developer.apple.com/documentation/alarmkit: alarmmetadata, alarmattributes
// (init(presentation:metadata:tintcolor:), presentation, metadata, tintcolor), alarmpresentation
// (init(alert:countdown:paused:), alert, countdown, paused), alarmpresentation/alert-swift.struct
// (its two initializers, secondarybutton, secondarybuttonbehavior), alarmbutton
// (init(text:textcolor:systemimagename:), text, textcolor, systemimagename, encode(to:),
// init(from:)) and alarmpresentationstate (alarmid). Availability: iOS 26.0, iPadOS 26.0, Mac
// Catalyst 26.0 (see AlarmManager.swift), except where a declaration says otherwise.
//
// Conformances: the pages' "Conforms To" where the stored copy shows it (AlarmMetadata,
// AlarmPresentationState.Mode.*); otherwise the SDK's AlarmKit.swiftinterface as public notes of an
// iOS 26.2 SDK build quote it: `AlarmAttributes<Metadata> : ActivityKit.ActivityAttributes,
// Sendable`, `AlarmButton : Codable, Sendable`, `Alert : Codable, Sendable`. Color is not Codable,
// so the SDK codes AlarmButton and AlarmAttributes by hand (AlarmButton's page lists
// `encode(to:)` and `init(from:)`); so does the stand-in.
import ActivityKit
import Foundation
import FoundationAppleExtras  // LocalizedStringResource: Apple's Foundation (see FoundationAppleExtras)
import SwiftUI

// Swift: `protocol AlarmMetadata : Decodable, Encodable, Hashable, Sendable`
@available(iOS 26.0, macCatalyst 26.0, *)
@available(macOS, unavailable)
@available(tvOS, unavailable)
@available(visionOS, unavailable)
@available(watchOS, unavailable)
public protocol AlarmMetadata: Decodable, Encodable, Hashable, Sendable {}

// Swift: `struct AlarmAttributes<Metadata> where Metadata : AlarmMetadata`
@available(iOS 26.0, macCatalyst 26.0, *)
@available(macOS, unavailable)
@available(tvOS, unavailable)
@available(visionOS, unavailable)
@available(watchOS, unavailable)
public struct AlarmAttributes<Metadata>: ActivityAttributes, Sendable where Metadata: AlarmMetadata {
    // Swift: `typealias ContentState = AlarmPresentationState`
    public typealias ContentState = AlarmPresentationState

    // Swift (…/alarmattributes/presentation): `var presentation: AlarmPresentation`
    public var presentation: AlarmPresentation
    // Swift: `var metadata: Metadata?`
    public var metadata: Metadata?
    // Swift (…/alarmattributes/tintcolor): `var tintColor: Color`
    public var tintColor: Color

    // Swift (…/alarmattributes/init(presentation:metadata:tintcolor:)):
    // `init(presentation: AlarmPresentation, metadata: Metadata? = nil, tintColor: Color)`
    public init(presentation: AlarmPresentation, metadata: Metadata? = nil, tintColor: Color) { fatalError("stand-in") }

    public init(from decoder: any Decoder) throws { fatalError("stand-in") }
    public func encode(to encoder: any Encoder) throws { fatalError("stand-in") }
}

// Swift: `struct AlarmPresentationState`: the content state of an alarm's Live Activity, which
// the system provides. Only `alarmID` is declared (…/alarmpresentationstate/alarmid:
// `var alarmID: Alarm.ID`); `mode` is not: nothing uses it. ActivityAttributes requires the
// ContentState to be Decodable, Encodable and Hashable.
@available(iOS 26.0, macCatalyst 26.0, *)
@available(macOS, unavailable)
@available(tvOS, unavailable)
@available(visionOS, unavailable)
@available(watchOS, unavailable)
public struct AlarmPresentationState: Codable, Hashable, Sendable {
    public var alarmID: Alarm.ID
}

// Swift: `struct AlarmPresentation` (Codable, Sendable in the SDK's interface)
@available(iOS 26.0, macCatalyst 26.0, *)
@available(macOS, unavailable)
@available(tvOS, unavailable)
@available(visionOS, unavailable)
@available(watchOS, unavailable)
public struct AlarmPresentation: Codable, Sendable {
    // Swift (…/alarmpresentation/init(alert:countdown:paused:)):
    // `init(alert: AlarmPresentation.Alert, countdown: AlarmPresentation.Countdown? = nil,
    //      paused: AlarmPresentation.Paused? = nil)`
    public init(alert: AlarmPresentation.Alert, countdown: AlarmPresentation.Countdown? = nil, paused: AlarmPresentation.Paused? = nil) {
        fatalError("stand-in")
    }

    // Swift: `var alert: AlarmPresentation.Alert`
    public var alert: AlarmPresentation.Alert
    // Swift: `var countdown: AlarmPresentation.Countdown?`
    public var countdown: AlarmPresentation.Countdown?
    // Swift: `var paused: AlarmPresentation.Paused?`
    public var paused: AlarmPresentation.Paused?

    // Swift (…/alarmpresentation/alert-swift.struct): `struct Alert`: the title and buttons of the
    // alert. "The system provides a stop button automatically" (iOS 26.1).
    public struct Alert: Codable, Sendable {
        // Swift (…/alert-swift.struct/init(title:secondarybutton:secondarybuttonbehavior:)),
        // iOS 26.1, iPadOS 26.1, Mac Catalyst 26.1:
        // `init(title: LocalizedStringResource, secondaryButton: AlarmButton? = nil,
        //      secondaryButtonBehavior: AlarmPresentation.Alert.SecondaryButtonBehavior? = nil)`
        @available(iOS 26.1, macCatalyst 26.1, *)
        public init(
            title: LocalizedStringResource, secondaryButton: AlarmButton? = nil,
            secondaryButtonBehavior: AlarmPresentation.Alert.SecondaryButtonBehavior? = nil
        ) { fatalError("stand-in") }

        // Swift (…/alert-swift.struct/init(title:stopbutton:secondarybutton:secondarybuttonbehavior:)),
        // availability "iOS 26.0 – 26.1" (deprecated in 26.1; the interface's message: "stopButton is
        // deprecated and will no longer be used"):
        // `init(title: LocalizedStringResource, stopButton: AlarmButton, secondaryButton: AlarmButton? = nil,
        //      secondaryButtonBehavior: AlarmPresentation.Alert.SecondaryButtonBehavior? = nil)`
        @available(iOS, introduced: 26.0, deprecated: 26.1, message: "stopButton is deprecated and will no longer be used")
        @available(macCatalyst, introduced: 26.0, deprecated: 26.1, message: "stopButton is deprecated and will no longer be used")
        public init(
            title: LocalizedStringResource, stopButton: AlarmButton, secondaryButton: AlarmButton? = nil,
            secondaryButtonBehavior: AlarmPresentation.Alert.SecondaryButtonBehavior? = nil
        ) { fatalError("stand-in") }

        // Swift: `var title: LocalizedStringResource`. (`var stopButton: AlarmButton`, deprecated
        // in the interface — "This property is not used anymore and will be removed." — is not
        // declared: nothing uses it.)
        public var title: LocalizedStringResource
        // Swift (…/alert-swift.struct/secondarybutton): `var secondaryButton: AlarmButton?`
        public var secondaryButton: AlarmButton?
        // Swift (…/alert-swift.struct/secondarybuttonbehavior-swift.property):
        // `var secondaryButtonBehavior: AlarmPresentation.Alert.SecondaryButtonBehavior?`
        public var secondaryButtonBehavior: AlarmPresentation.Alert.SecondaryButtonBehavior?

        // Swift (…/alert-swift.struct/secondarybuttonbehavior-swift.enum): `case countdown`, `case custom`
        public enum SecondaryButtonBehavior: Codable, Hashable, Sendable {
            case countdown
            case custom
        }
    }

    // Swift (…/alarmpresentation/countdown-swift.struct): `struct Countdown`. Its members are not
    // declared: nothing uses them.
    public struct Countdown: Codable, Sendable {}

    // Swift (…/alarmpresentation/paused-swift.struct): `struct Paused`. Its members are not
    // declared: nothing uses them.
    public struct Paused: Codable, Sendable {}
}

// Swift (…/alarmbutton): `struct AlarmButton` (Codable, Sendable)
@available(iOS 26.0, macCatalyst 26.0, *)
@available(macOS, unavailable)
@available(tvOS, unavailable)
@available(visionOS, unavailable)
@available(watchOS, unavailable)
public struct AlarmButton: Codable, Sendable {
    // Swift (…/alarmbutton/init(text:textcolor:systemimagename:)):
    // `init(text: LocalizedStringResource, textColor: Color, systemImageName: String)`
    public init(text: LocalizedStringResource, textColor: Color, systemImageName: String) { fatalError("stand-in") }

    // Swift (…/alarmbutton/text): `var text: LocalizedStringResource`
    public var text: LocalizedStringResource
    // Swift (…/alarmbutton/textcolor): `var textColor: Color`
    public var textColor: Color
    // Swift (…/alarmbutton/systemimagename): `var systemImageName: String`
    public var systemImageName: String

    // Swift (…/alarmbutton/init(from:)), (…/alarmbutton/encode(to:)): `func encode(to encoder: any Encoder) throws`
    public init(from decoder: any Decoder) throws { fatalError("stand-in") }
    public func encode(to encoder: any Encoder) throws { fatalError("stand-in") }
}
