#if canImport(UserNotifications) && !os(tvOS)
    import Bugle
    import Foundation
    import UserNotifications

    /// Field-for-field copies between descriptions and UserNotifications' types. No decision is
    /// made here: ``RequestMapping`` made them all.
    enum UserNotificationConversion {
        // MARK: Descriptions → UserNotifications

        /// The request, without the attachments that did not load, and those.
        static func request(_ description: NotificationRequestDescription) -> (request: UNNotificationRequest, dropped: [DroppedAttachment]) {
            let trigger = description.trigger.dateComponents.map {
                UNCalendarNotificationTrigger(dateMatching: $0, repeats: description.trigger.repeats)
            }
            let (content, dropped) = Self.content(description.content)
            return (UNNotificationRequest(identifier: description.identifier, content: content, trigger: trigger), dropped)
        }

        static func content(_ description: ContentDescription) -> (content: UNMutableNotificationContent, dropped: [DroppedAttachment]) {
            let content = UNMutableNotificationContent()
            content.title = description.title
            content.subtitle = description.subtitle
            content.body = description.body
            content.badge = description.badge.map { NSNumber(value: $0) }
            content.sound = description.sound.map(sound)
            content.threadIdentifier = description.threadIdentifier
            content.categoryIdentifier = description.categoryIdentifier
            content.interruptionLevel = interruptionLevel(description.interruptionLevel)
            content.relevanceScore = description.relevanceScore
            var userInfo: [AnyHashable: Any] = [:]
            for (key, value) in description.userInfo {
                if let value = propertyList(value) { userInfo[key] = value }
            }
            content.userInfo = userInfo
            #if os(watchOS)
                return (content, [])
            #else
                let (attachments, dropped) = AttachmentLoading.load(description.attachments, with: attachment)
                content.attachments = attachments
                return (content, dropped)
            #endif
        }

        static func sound(_ sound: SoundDescription) -> UNNotificationSound {
            #if os(watchOS)
                // watchOS plays only the system's sounds.
                switch sound {
                case .default, .named: return .default
                case .defaultCritical, .criticalNamed: return .defaultCritical
                }
            #else
                switch sound {
                case .default: return .default
                case .named(let name): return UNNotificationSound(named: UNNotificationSoundName(rawValue: name))
                case .defaultCritical: return .defaultCritical
                case .criticalNamed(let name): return .criticalSoundNamed(UNNotificationSoundName(rawValue: name))
                }
            #endif
        }

        static func interruptionLevel(_ level: InterruptionLevel) -> UNNotificationInterruptionLevel {
            switch level {
            case .passive: .passive
            case .active: .active
            case .timeSensitive: .timeSensitive
            case .critical: .critical
            }
        }

        /// A property-list value; `nil` for a null, which a property list cannot hold.
        static func propertyList(_ value: JSONValue) -> Any? {
            switch value {
            case .null: nil
            case .bool(let bool): bool
            case .int(let int): int
            case .double(let double): double
            case .string(let string): string
            case .array(let values): values.compactMap(propertyList)
            case .object(let values): values.compactMapValues(propertyList)
            }
        }

        #if !os(watchOS)
            /// The system moves an attachment's file into its own store; it is given a copy, so the
            /// app's file stays for the next time the request is added.
            static func attachment(_ description: AttachmentDescription) throws -> UNNotificationAttachment {
                let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString, isDirectory: true)
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                let copy = folder.appendingPathComponent(description.url.lastPathComponent)
                try FileManager.default.copyItem(at: description.url, to: copy)
                var options: [AnyHashable: Any] = [:]
                if let hint = description.typeHint { options[UNNotificationAttachmentOptionsTypeHintKey] = hint }
                if description.hidesThumbnail { options[UNNotificationAttachmentOptionsThumbnailHiddenKey] = true }
                return try UNNotificationAttachment(identifier: description.identifier, url: copy, options: options)
            }
        #endif

        static func category(_ description: NotificationCategoryDescription) -> UNNotificationCategory {
            var options: UNNotificationCategoryOptions = []
            if description.options.contains(.customDismissAction) { options.insert(.customDismissAction) }
            #if !os(watchOS)
                if description.options.contains(.hiddenPreviewsShowTitle) { options.insert(.hiddenPreviewsShowTitle) }
                if description.options.contains(.hiddenPreviewsShowSubtitle) { options.insert(.hiddenPreviewsShowSubtitle) }
            #endif
            return UNNotificationCategory(identifier: description.identifier, actions: description.actions.map(action), intentIdentifiers: [], options: options)
        }

        static func action(_ description: NotificationActionDescription) -> UNNotificationAction {
            var options: UNNotificationActionOptions = []
            if description.options.contains(.authenticationRequired) { options.insert(.authenticationRequired) }
            if description.options.contains(.destructive) { options.insert(.destructive) }
            if description.options.contains(.foreground) { options.insert(.foreground) }
            let icon = description.systemImageName.map { UNNotificationActionIcon(systemImageName: $0) }
            if let input = description.textInput {
                return UNTextInputNotificationAction(
                    identifier: description.identifier, title: description.title, options: options, icon: icon, textInputButtonTitle: input.buttonTitle,
                    textInputPlaceholder: input.placeholder)
            }
            return UNNotificationAction(identifier: description.identifier, title: description.title, options: options, icon: icon)
        }

        static func authorizationOptions(_ options: AuthorizationOptions) -> UNAuthorizationOptions {
            var result: UNAuthorizationOptions = []
            if options.contains(.alert) { result.insert(.alert) }
            if options.contains(.sound) { result.insert(.sound) }
            if options.contains(.badge) { result.insert(.badge) }
            if options.contains(.provisional) { result.insert(.provisional) }
            if options.contains(.criticalAlert) { result.insert(.criticalAlert) }
            if options.contains(.providesAppNotificationSettings) { result.insert(.providesAppNotificationSettings) }
            return result
        }

        static func presentationOptions(_ options: PresentationOptions) -> UNNotificationPresentationOptions {
            var result: UNNotificationPresentationOptions = []
            if options.contains(.banner) { result.insert(.banner) }
            if options.contains(.list) { result.insert(.list) }
            if options.contains(.sound) { result.insert(.sound) }
            if options.contains(.badge) { result.insert(.badge) }
            return result
        }

        // MARK: UserNotifications → descriptions

        static func description(of request: UNNotificationRequest) -> NotificationRequestDescription {
            let trigger: TriggerDescription
            switch request.trigger {
            case let calendar as UNCalendarNotificationTrigger:
                trigger = TriggerDescription(dateComponents: calendar.dateComponents, repeats: calendar.repeats, nextTriggerDate: calendar.nextTriggerDate())
            case let interval as UNTimeIntervalNotificationTrigger:
                trigger = TriggerDescription(dateComponents: nil, repeats: interval.repeats, nextTriggerDate: interval.nextTriggerDate())
            default:
                trigger = TriggerDescription(dateComponents: nil, repeats: request.trigger?.repeats ?? false)
            }
            return NotificationRequestDescription(identifier: request.identifier, trigger: trigger, content: description(of: request.content))
        }

        static func description(of notification: UNNotification) -> DeliveredNotificationDescription {
            DeliveredNotificationDescription(
                identifier: notification.request.identifier, date: notification.date, content: description(of: notification.request.content))
        }

        static func description(of content: UNNotificationContent) -> ContentDescription {
            var userInfo: [String: JSONValue] = [:]
            for (key, value) in content.userInfo {
                if let key = key.base as? String, let value = json(value) { userInfo[key] = value }
            }
            return ContentDescription(
                title: content.title,
                subtitle: content.subtitle,
                body: content.body,
                badge: content.badge?.intValue,
                threadIdentifier: content.threadIdentifier,
                categoryIdentifier: content.categoryIdentifier,
                interruptionLevel: interruptionLevel(content.interruptionLevel),
                relevanceScore: content.relevanceScore,
                userInfo: userInfo,
                attachments: content.attachments.map { AttachmentDescription(identifier: $0.identifier, url: $0.url) }
            )
        }

        static func interruptionLevel(_ level: UNNotificationInterruptionLevel) -> InterruptionLevel {
            switch level {
            case .passive: .passive
            case .timeSensitive: .timeSensitive
            case .critical: .critical
            default: .active
            }
        }

        /// A property-list value as JSON; Bugle's metadata is a string and reads back exactly,
        /// whatever happens to number types here.
        static func json(_ value: Any) -> JSONValue? {
            switch value {
            case let string as String:
                return .string(string)
            case let number as NSNumber:
                if CFGetTypeID(number) == CFBooleanGetTypeID() { return .bool(number.boolValue) }
                if CFNumberIsFloatType(number as CFNumber) { return .double(number.doubleValue) }
                return .int(number.intValue)
            case let array as [Any]:
                return .array(array.compactMap(json))
            case let dictionary as [String: Any]:
                return .object(dictionary.compactMapValues(json))
            default:
                return nil
            }
        }

        static func action(of response: UNNotificationResponse) -> NotificationResponse.Action {
            switch response.actionIdentifier {
            case UNNotificationDefaultActionIdentifier: .open
            case UNNotificationDismissActionIdentifier: .dismiss
            default: .custom(response.actionIdentifier)
            }
        }

        static func permission(_ settings: UNNotificationSettings) -> PermissionState {
            #if os(watchOS)
                // watchOS has no badges: `badgeSetting` is API_UNAVAILABLE(watchos).
                let badges = NotificationSetting.notSupported
            #else
                let badges = setting(settings.badgeSetting)
            #endif
            return PermissionState(
                status: status(settings.authorizationStatus),
                alerts: setting(settings.alertSetting),
                sounds: setting(settings.soundSetting),
                badges: badges,
                timeSensitive: setting(settings.timeSensitiveSetting),
                criticalAlerts: setting(settings.criticalAlertSetting)
            )
        }

        static func status(_ status: UNAuthorizationStatus) -> AuthorizationStatus {
            switch status {
            case .notDetermined: .notDetermined
            case .denied: .denied
            case .provisional: .provisional
            // `.authorized`, and `.ephemeral` (an App Clip's), which delivers too.
            default: .authorized
            }
        }

        static func setting(_ setting: UNNotificationSetting) -> NotificationSetting {
            switch setting {
            case .enabled: .enabled
            case .disabled: .disabled
            default: .notSupported
            }
        }
    }
#endif
