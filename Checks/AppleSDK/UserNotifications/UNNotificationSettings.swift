// SDK stand-in, for Scripts/check-apple.sh only (see Checks/AppleSDK/README.md).
//
// Transcribed from UserNotifications.framework/Headers/UNNotificationSettings.h (iOS 15 SDK and
// later: timeSensitiveSetting) and developer.apple.com/documentation/usernotifications/
// unnotificationsettings, unauthorizationstatus and unnotificationsetting.
import Foundation

// typedef NS_ENUM(NSInteger, UNAuthorizationStatus) { ... }
//     API_AVAILABLE(macos(10.14), ios(10.0), watchos(3.0), tvos(10.0));
// An NS_ENUM is an open enum (this module is built with -enable-library-evolution).
@available(iOS 10.0, macOS 10.14, watchOS 3.0, tvOS 10.0, *)
public enum UNAuthorizationStatus: Int, Sendable {
    // UNAuthorizationStatusNotDetermined = 0
    case notDetermined = 0
    // UNAuthorizationStatusDenied
    case denied = 1
    // UNAuthorizationStatusAuthorized
    case authorized = 2
    // UNAuthorizationStatusProvisional API_AVAILABLE(macos(10.14), ios(12.0), watchos(5.0), tvos(12.0))
    @available(iOS 12.0, macOS 10.14, watchOS 5.0, tvOS 12.0, *)
    case provisional = 3
    #if !os(macOS) && !os(watchOS) && !os(tvOS)
        // UNAuthorizationStatusEphemeral API_AVAILABLE(ios(14.0)) API_UNAVAILABLE(macos, watchos, tvos)
        @available(iOS 14.0, *)
        @available(macOS, unavailable)
        @available(watchOS, unavailable)
        @available(tvOS, unavailable)
        case ephemeral = 4
    #endif
}

// typedef NS_ENUM(NSInteger, UNNotificationSetting) { ... }
//     API_AVAILABLE(macos(10.14), ios(10.0), watchos(3.0), tvos(10.0));
@available(iOS 10.0, macOS 10.14, watchOS 3.0, tvOS 10.0, *)
public enum UNNotificationSetting: Int, Sendable {
    // UNNotificationSettingNotSupported = 0
    case notSupported = 0
    // UNNotificationSettingDisabled
    case disabled = 1
    // UNNotificationSettingEnabled
    case enabled = 2
}

// API_AVAILABLE(macos(10.14), ios(10.0), watchos(3.0), tvos(10.0))
// @interface UNNotificationSettings : NSObject <NSCopying, NSSecureCoding>
// Only the settings Bugle reads are declared.
@available(iOS 10.0, macOS 10.14, watchOS 3.0, tvOS 10.0, *)
@preconcurrency
open class UNNotificationSettings: NSObject {
    // - (instancetype)init NS_UNAVAILABLE;
    @available(*, unavailable)
    public override init() { fatalError("stand-in") }

    // @property (NS_NONATOMIC_IOSONLY, readonly) UNAuthorizationStatus authorizationStatus;
    open var authorizationStatus: UNAuthorizationStatus { fatalError("stand-in") }

    #if !os(tvOS)
        // @property (NS_NONATOMIC_IOSONLY, readonly) UNNotificationSetting soundSetting API_UNAVAILABLE(tvos);
        @available(tvOS, unavailable)
        open var soundSetting: UNNotificationSetting { fatalError("stand-in") }
    #endif

    #if !os(watchOS)
        // @property (NS_NONATOMIC_IOSONLY, readonly) UNNotificationSetting badgeSetting API_UNAVAILABLE(watchos);
        @available(watchOS, unavailable)
        open var badgeSetting: UNNotificationSetting { fatalError("stand-in") }
    #endif

    #if !os(tvOS)
        // @property (NS_NONATOMIC_IOSONLY, readonly) UNNotificationSetting alertSetting API_UNAVAILABLE(tvos);
        @available(tvOS, unavailable)
        open var alertSetting: UNNotificationSetting { fatalError("stand-in") }

        // @property (NS_NONATOMIC_IOSONLY, readonly) UNNotificationSetting criticalAlertSetting
        //     API_AVAILABLE(macos(10.14), ios(12.0), watchos(5.0)) API_UNAVAILABLE(tvos);
        @available(iOS 12.0, macOS 10.14, watchOS 5.0, *)
        @available(tvOS, unavailable)
        open var criticalAlertSetting: UNNotificationSetting { fatalError("stand-in") }

        // @property (NS_NONATOMIC_IOSONLY, readonly) UNNotificationSetting timeSensitiveSetting
        //     API_AVAILABLE(macos(12.0), ios(15.0), watchos(8.0)) API_UNAVAILABLE(tvos);
        @available(iOS 15.0, macOS 12.0, watchOS 8.0, *)
        @available(tvOS, unavailable)
        open var timeSensitiveSetting: UNNotificationSetting { fatalError("stand-in") }
    #endif
}
