// SDK stand-in, for Scripts/check-apple.sh only (see Checks/AppleSDK/README.md).
//
// Transcribed from UserNotifications.framework/Headers/UNNotificationRequest.h, UNNotification.h,
// UNNotificationTrigger.h and UNNotificationResponse.h, and the pages under
// developer.apple.com/documentation/usernotifications (unnotificationrequest, unnotification,
// uncalendarnotificationtrigger, untimeintervalnotificationtrigger, unnotificationresponse,
// untextinputnotificationresponse).
import Foundation

// UNNotificationRequest.h:
// API_AVAILABLE(macos(10.14), ios(10.0), watchos(3.0), tvos(10.0))
// @interface UNNotificationRequest : NSObject <NSCopying, NSSecureCoding>
@available(iOS 10.0, macOS 10.14, watchOS 3.0, tvOS 10.0, *)
@preconcurrency
open class UNNotificationRequest: NSObject {
    // - (instancetype)init NS_UNAVAILABLE;
    @available(*, unavailable)
    public override init() { fatalError("stand-in") }

    // @property (NS_NONATOMIC_IOSONLY, readonly, copy) NSString *identifier;
    open var identifier: String { fatalError("stand-in") }

    // @property (NS_NONATOMIC_IOSONLY, readonly, copy) UNNotificationContent *content;
    open var content: UNNotificationContent { fatalError("stand-in") }

    // @property (NS_NONATOMIC_IOSONLY, readonly, copy, nullable) UNNotificationTrigger *trigger;
    open var trigger: UNNotificationTrigger? { fatalError("stand-in") }

    // + (instancetype)requestWithIdentifier:(NSString *)identifier content:(UNNotificationContent *)content
    //       trigger:(nullable UNNotificationTrigger *)trigger;
    // Swift: `convenience init(identifier: String, content: UNNotificationContent, trigger: UNNotificationTrigger?)`
    public convenience init(identifier: String, content: UNNotificationContent, trigger: UNNotificationTrigger?) { fatalError("stand-in") }
}

// UNNotificationTrigger.h:
// API_AVAILABLE(macos(10.14), ios(10.0), watchos(3.0), tvos(10.0))
// @interface UNNotificationTrigger : NSObject <NSCopying, NSSecureCoding>
@available(iOS 10.0, macOS 10.14, watchOS 3.0, tvOS 10.0, *)
@preconcurrency
open class UNNotificationTrigger: NSObject {
    // - (instancetype)init NS_UNAVAILABLE;
    @available(*, unavailable)
    public override init() { fatalError("stand-in") }

    // @property (NS_NONATOMIC_IOSONLY, readonly) BOOL repeats;
    open var repeats: Bool { fatalError("stand-in") }
}

// UNNotificationTrigger.h:
// API_AVAILABLE(macos(10.14), ios(10.0), watchos(3.0), tvos(10.0))
// @interface UNTimeIntervalNotificationTrigger : UNNotificationTrigger
@available(iOS 10.0, macOS 10.14, watchOS 3.0, tvOS 10.0, *)
@preconcurrency
open class UNTimeIntervalNotificationTrigger: UNNotificationTrigger {
    // @property (NS_NONATOMIC_IOSONLY, readonly) NSTimeInterval timeInterval;
    open var timeInterval: TimeInterval { fatalError("stand-in") }

    // + (instancetype)triggerWithTimeInterval:(NSTimeInterval)timeInterval repeats:(BOOL)repeats;
    // Swift: `convenience init(timeInterval: TimeInterval, repeats: Bool)`
    public convenience init(timeInterval: TimeInterval, repeats: Bool) { fatalError("stand-in") }

    // - (nullable NSDate *)nextTriggerDate;
    open func nextTriggerDate() -> Date? { fatalError("stand-in") }
}

// UNNotificationTrigger.h:
// API_AVAILABLE(macos(10.14), ios(10.0), watchos(3.0), tvos(10.0))
// @interface UNCalendarNotificationTrigger : UNNotificationTrigger
@available(iOS 10.0, macOS 10.14, watchOS 3.0, tvOS 10.0, *)
@preconcurrency
open class UNCalendarNotificationTrigger: UNNotificationTrigger {
    // @property (NS_NONATOMIC_IOSONLY, readonly, copy) NSDateComponents *dateComponents;
    // Swift: `var dateComponents: DateComponents { get }`
    open var dateComponents: DateComponents { fatalError("stand-in") }

    // + (instancetype)triggerWithDateMatchingComponents:(NSDateComponents *)dateComponents repeats:(BOOL)repeats;
    // Swift: `convenience init(dateMatching dateComponents: DateComponents, repeats: Bool)`
    public convenience init(dateMatching dateComponents: DateComponents, repeats: Bool) { fatalError("stand-in") }

    // - (nullable NSDate *)nextTriggerDate;
    open func nextTriggerDate() -> Date? { fatalError("stand-in") }
}

// UNNotification.h:
// API_AVAILABLE(macos(10.14), ios(10.0), watchos(3.0), tvos(10.0))
// @interface UNNotification : NSObject <NSCopying, NSSecureCoding>
@available(iOS 10.0, macOS 10.14, watchOS 3.0, tvOS 10.0, *)
@preconcurrency
open class UNNotification: NSObject {
    // - (instancetype)init NS_UNAVAILABLE;
    @available(*, unavailable)
    public override init() { fatalError("stand-in") }

    // @property (NS_NONATOMIC_IOSONLY, readonly, copy) NSDate *date;
    open var date: Date { fatalError("stand-in") }

    // @property (NS_NONATOMIC_IOSONLY, readonly, copy) UNNotificationRequest *request;
    open var request: UNNotificationRequest { fatalError("stand-in") }
}

#if !os(tvOS)
    // UNNotificationResponse.h:
    // extern NSString *const UNNotificationDefaultActionIdentifier API_AVAILABLE(macos(10.14), ios(10.0), watchos(3.0)) API_UNAVAILABLE(tvos);
    // extern NSString *const UNNotificationDismissActionIdentifier API_AVAILABLE(macos(10.14), ios(10.0), watchos(3.0)) API_UNAVAILABLE(tvos);
    // Swift: `let UNNotificationDefaultActionIdentifier: String` (the values are the system's; these are never read)
    @available(tvOS, unavailable)
    public let UNNotificationDefaultActionIdentifier: String = "com.apple.UNNotificationDefaultActionIdentifier"
    @available(tvOS, unavailable)
    public let UNNotificationDismissActionIdentifier: String = "com.apple.UNNotificationDismissActionIdentifier"

    // UNNotificationResponse.h:
    // API_AVAILABLE(macos(10.14), ios(10.0), watchos(3.0)) API_UNAVAILABLE(tvos)
    // @interface UNNotificationResponse : NSObject <NSCopying, NSSecureCoding>
    @available(iOS 10.0, macOS 10.14, watchOS 3.0, *)
    @available(tvOS, unavailable)
    @preconcurrency
    open class UNNotificationResponse: NSObject {
        // - (instancetype)init NS_UNAVAILABLE;
        @available(*, unavailable)
        public override init() { fatalError("stand-in") }

        // @property (NS_NONATOMIC_IOSONLY, readonly, copy) UNNotification *notification;
        open var notification: UNNotification { fatalError("stand-in") }

        // @property (NS_NONATOMIC_IOSONLY, readonly, copy) NSString *actionIdentifier;
        open var actionIdentifier: String { fatalError("stand-in") }
    }

    // UNNotificationResponse.h:
    // API_AVAILABLE(macos(10.14), ios(10.0), watchos(3.0)) API_UNAVAILABLE(tvos)
    // @interface UNTextInputNotificationResponse : UNNotificationResponse
    @available(iOS 10.0, macOS 10.14, watchOS 3.0, *)
    @available(tvOS, unavailable)
    @preconcurrency
    open class UNTextInputNotificationResponse: UNNotificationResponse {
        // @property (NS_NONATOMIC_IOSONLY, readonly, copy) NSString *userText;
        open var userText: String { fatalError("stand-in") }
    }
#endif
