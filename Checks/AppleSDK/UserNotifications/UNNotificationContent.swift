// SDK stand-in, for Scripts/check-apple.sh only (see Checks/AppleSDK/README.md).
//
// Transcribed from UserNotifications.framework/Headers/UNNotificationContent.h of the iOS 18.0 SDK
// and developer.apple.com/documentation/usernotifications/unnotificationcontent and
// .../unmutablenotificationcontent. Only the properties Bugle reads or writes are declared.
import Foundation

// typedef NS_ENUM(NSUInteger, UNNotificationInterruptionLevel) {
//     UNNotificationInterruptionLevelPassive, UNNotificationInterruptionLevelActive,
//     UNNotificationInterruptionLevelTimeSensitive, UNNotificationInterruptionLevelCritical,
// } API_AVAILABLE(macos(12.0), ios(15.0), watchos(8.0), tvos(15.0));
// An NS_ENUM is an open enum: a switch over it from another module needs a `default`
// (modelled by building this module with -enable-library-evolution).
@available(iOS 15.0, macOS 12.0, watchOS 8.0, tvOS 15.0, *)
public enum UNNotificationInterruptionLevel: UInt, Sendable {
    case passive = 0
    case active = 1
    case timeSensitive = 2
    case critical = 3
}

// API_AVAILABLE(macos(10.14), ios(10.0), watchos(3.0), tvos(10.0))
// @interface UNNotificationContent : NSObject <NSCopying, NSMutableCopying, NSSecureCoding>
// (The NSCopying/NSSecureCoding conformances are left out: Bugle uses neither.)
@available(iOS 10.0, macOS 10.14, watchOS 3.0, tvOS 10.0, *)
@preconcurrency
open class UNNotificationContent: NSObject {
    #if !os(tvOS)
        // @property (NS_NONATOMIC_IOSONLY, readonly, copy) NSArray <UNNotificationAttachment *> *attachments API_UNAVAILABLE(tvos);
        @available(tvOS, unavailable)
        open var attachments: [UNNotificationAttachment] { fatalError("stand-in") }
    #endif

    // @property (NS_NONATOMIC_IOSONLY, readonly, copy, nullable) NSNumber *badge;
    open var badge: NSNumber? { fatalError("stand-in") }

    #if !os(tvOS)
        // @property (NS_NONATOMIC_IOSONLY, readonly, copy) NSString *body API_UNAVAILABLE(tvos);
        @available(tvOS, unavailable)
        open var body: String { fatalError("stand-in") }

        // @property (NS_NONATOMIC_IOSONLY, readonly, copy) NSString *categoryIdentifier API_UNAVAILABLE(tvos);
        @available(tvOS, unavailable)
        open var categoryIdentifier: String { fatalError("stand-in") }

        // @property (NS_NONATOMIC_IOSONLY, readonly, copy, nullable) UNNotificationSound *sound API_UNAVAILABLE(tvos);
        @available(tvOS, unavailable)
        open var sound: UNNotificationSound? { fatalError("stand-in") }

        // @property (NS_NONATOMIC_IOSONLY, readonly, copy) NSString *subtitle API_UNAVAILABLE(tvos);
        @available(tvOS, unavailable)
        open var subtitle: String { fatalError("stand-in") }

        // @property (NS_NONATOMIC_IOSONLY, readonly, copy) NSString *threadIdentifier API_UNAVAILABLE(tvos);
        @available(tvOS, unavailable)
        open var threadIdentifier: String { fatalError("stand-in") }

        // @property (NS_NONATOMIC_IOSONLY, readonly, copy) NSString *title API_UNAVAILABLE(tvos);
        @available(tvOS, unavailable)
        open var title: String { fatalError("stand-in") }

        // @property (NS_NONATOMIC_IOSONLY, readonly, copy) NSDictionary *userInfo API_UNAVAILABLE(tvos);
        // Swift: `var userInfo: [AnyHashable : Any] { get }`
        @available(tvOS, unavailable)
        open var userInfo: [AnyHashable: Any] { fatalError("stand-in") }
    #endif

    // @property (NS_NONATOMIC_IOSONLY, readonly, assign) UNNotificationInterruptionLevel interruptionLevel
    //     API_AVAILABLE(macos(12.0), ios(15.0), watchos(8.0), tvos(15.0));
    @available(iOS 15.0, macOS 12.0, watchOS 8.0, tvOS 15.0, *)
    open var interruptionLevel: UNNotificationInterruptionLevel { fatalError("stand-in") }

    // @property (NS_NONATOMIC_IOSONLY, readonly, assign) double relevanceScore
    //     API_AVAILABLE(macos(12.0), ios(15.0), watchos(8.0), tvos(15.0));
    @available(iOS 15.0, macOS 12.0, watchOS 8.0, tvOS 15.0, *)
    open var relevanceScore: Double { fatalError("stand-in") }
}

// API_AVAILABLE(macos(10.14), ios(10.0), watchos(3.0), tvos(10.0))
// @interface UNMutableNotificationContent : UNNotificationContent
// Each property is redeclared `readwrite`; Swift shows them as `{ get set }` overrides.
@available(iOS 10.0, macOS 10.14, watchOS 3.0, tvOS 10.0, *)
@preconcurrency
open class UNMutableNotificationContent: UNNotificationContent {
    #if !os(tvOS)
        // @property (NS_NONATOMIC_IOSONLY, readwrite, copy) NSArray <UNNotificationAttachment *> *attachments API_UNAVAILABLE(tvos);
        @available(tvOS, unavailable)
        open override var attachments: [UNNotificationAttachment] {
            get { fatalError("stand-in") }
            set { fatalError("stand-in") }
        }
    #endif

    // @property (NS_NONATOMIC_IOSONLY, readwrite, copy, nullable) NSNumber *badge;
    open override var badge: NSNumber? {
        get { fatalError("stand-in") }
        set { fatalError("stand-in") }
    }

    #if !os(tvOS)
        // @property (NS_NONATOMIC_IOSONLY, readwrite, copy) NSString *body API_UNAVAILABLE(tvos);
        @available(tvOS, unavailable)
        open override var body: String {
            get { fatalError("stand-in") }
            set { fatalError("stand-in") }
        }

        // @property (NS_NONATOMIC_IOSONLY, readwrite, copy) NSString *categoryIdentifier API_UNAVAILABLE(tvos);
        @available(tvOS, unavailable)
        open override var categoryIdentifier: String {
            get { fatalError("stand-in") }
            set { fatalError("stand-in") }
        }

        // @property (NS_NONATOMIC_IOSONLY, readwrite, copy, nullable) UNNotificationSound *sound API_UNAVAILABLE(tvos);
        @available(tvOS, unavailable)
        open override var sound: UNNotificationSound? {
            get { fatalError("stand-in") }
            set { fatalError("stand-in") }
        }

        // @property (NS_NONATOMIC_IOSONLY, readwrite, copy) NSString *subtitle API_UNAVAILABLE(tvos);
        @available(tvOS, unavailable)
        open override var subtitle: String {
            get { fatalError("stand-in") }
            set { fatalError("stand-in") }
        }

        // @property (NS_NONATOMIC_IOSONLY, readwrite, copy) NSString *threadIdentifier API_UNAVAILABLE(tvos);
        @available(tvOS, unavailable)
        open override var threadIdentifier: String {
            get { fatalError("stand-in") }
            set { fatalError("stand-in") }
        }

        // @property (NS_NONATOMIC_IOSONLY, readwrite, copy) NSString *title API_UNAVAILABLE(tvos);
        @available(tvOS, unavailable)
        open override var title: String {
            get { fatalError("stand-in") }
            set { fatalError("stand-in") }
        }

        // @property (NS_NONATOMIC_IOSONLY, readwrite, copy) NSDictionary *userInfo API_UNAVAILABLE(tvos);
        @available(tvOS, unavailable)
        open override var userInfo: [AnyHashable: Any] {
            get { fatalError("stand-in") }
            set { fatalError("stand-in") }
        }
    #endif

    // @property (NS_NONATOMIC_IOSONLY, readwrite, assign) UNNotificationInterruptionLevel interruptionLevel
    //     API_AVAILABLE(macos(12.0), ios(15.0), watchos(8.0), tvos(15.0));
    @available(iOS 15.0, macOS 12.0, watchOS 8.0, tvOS 15.0, *)
    open override var interruptionLevel: UNNotificationInterruptionLevel {
        get { fatalError("stand-in") }
        set { fatalError("stand-in") }
    }

    // @property (NS_NONATOMIC_IOSONLY, readwrite, assign) double relevanceScore
    //     API_AVAILABLE(macos(12.0), ios(15.0), watchos(8.0), tvos(15.0));
    @available(iOS 15.0, macOS 12.0, watchOS 8.0, tvOS 15.0, *)
    open override var relevanceScore: Double {
        get { fatalError("stand-in") }
        set { fatalError("stand-in") }
    }
}
