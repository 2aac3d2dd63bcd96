#if canImport(AlarmKit) && os(iOS)
    import AlarmKit
    import Bugle
    import Foundation
    import SwiftUI

    /// Schedules the reminders ``AlarmEscalation`` picks as system alarms with AlarmKit
    /// (iOS 26), which sound through silent mode and Focus; the others stay notifications.
    ///
    /// Written against Apple's documentation of AlarmKit:
    /// `AlarmManager.schedule(id:configuration:)`
    /// (https://developer.apple.com/documentation/alarmkit/alarmmanager/schedule(id:configuration:)),
    /// `AlarmManager.AlarmConfiguration.alarm(schedule:attributes:stopIntent:secondaryIntent:sound:)`
    /// (https://developer.apple.com/documentation/alarmkit/alarmmanager/alarmconfiguration/alarm(schedule:attributes:stopintent:secondaryintent:sound:)),
    /// `Alarm.Schedule.fixed(_:)`, `AlarmAttributes.init(presentation:metadata:tintColor:)` and
    /// `AlarmPresentation.Alert` (https://developer.apple.com/documentation/alarmkit/alarmpresentation/alert-swift.struct).
    /// The app's Info.plist needs `NSAlarmKitUsageDescription`, the text of the permission
    /// prompt.
    @available(iOS 26, *)
    public struct SystemAlarms: Sendable {
        /// Which reminders become alarms.
        public var escalation: AlarmEscalation
        /// The tint of the alarm's system UI.
        public var tint: Color

        /// Alarms for the reminders `escalation` picks, tinted `tint`.
        public init(escalation: AlarmEscalation = AlarmEscalation(), tint: Color = .accentColor) {
            self.escalation = escalation
            self.tint = tint
        }

        /// `AlarmManager.shared.authorizationState`.
        public var authorization: AlarmAuthorization { Self.authorization(AlarmManager.shared.authorizationState) }

        /// `AlarmManager.shared.requestAuthorization()`: the system's prompt, the first time.
        public func requestAuthorization() async throws -> AlarmAuthorization {
            Self.authorization(try await AlarmManager.shared.requestAuthorization())
        }

        /// Schedules `request` as a one-shot alarm at its fire time when ``escalation`` says
        /// so, and returns the decision; for `.notification`, nothing is scheduled and the
        /// caller adds the notification. Scheduling again replaces nothing: cancel first
        /// (``cancel(requestID:)``) when the fire time changed.
        @discardableResult
        public func schedule(_ request: NotificationRequest, now: Date = Date(), timeZone: TimeZone = .autoupdatingCurrent) async throws
            -> AlarmEscalation.Decision
        {
            let decision = escalation.decision(for: request, authorization: authorization, now: now, timeZone: timeZone)
            guard case .alarm(let date, let id) = decision else { return decision }
            let title = LocalizedStringResource(stringLiteral: request.content.title)
            let alert: AlarmPresentation.Alert
            if #available(iOS 26.1, *) {
                alert = AlarmPresentation.Alert(title: title)
            } else {
                alert = AlarmPresentation.Alert(title: title, stopButton: AlarmButton(text: "Stop", textColor: .white, systemImageName: "stop.circle"))
            }
            let attributes = AlarmAttributes<BugleAlarmMetadata>(
                presentation: AlarmPresentation(alert: alert), metadata: BugleAlarmMetadata(requestID: request.id), tintColor: tint)
            let configuration = AlarmManager.AlarmConfiguration<BugleAlarmMetadata>.alarm(schedule: .fixed(date), attributes: attributes)
            _ = try await AlarmManager.shared.schedule(id: id, configuration: configuration)
            return decision
        }

        /// `AlarmManager.shared.cancel(id:)` for the alarm of the request `requestID`.
        public func cancel(requestID: String) throws {
            try AlarmManager.shared.cancel(id: AlarmEscalation.alarmID(for: requestID))
        }

        private static func authorization(_ state: AlarmManager.AuthorizationState) -> AlarmAuthorization {
            switch state {
            case .authorized: .authorized
            case .denied: .denied
            case .notDetermined: .notDetermined
            @unknown default: .denied
            }
        }
    }

    /// What an alarm carries back to the app: the Bugle request it stands for.
    @available(iOS 26, *)
    public struct BugleAlarmMetadata: AlarmMetadata {
        /// The id of the notification request the alarm replaces.
        public var requestID: String

        /// Metadata for the request `requestID`.
        public init(requestID: String) {
            self.requestID = requestID
        }
    }
#endif
