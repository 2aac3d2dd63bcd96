// SDK stand-in, for Scripts/check-apple.sh only (see Checks/AppleSDK/README.md).
//
// Transcribed from UserNotifications.framework/Headers/UNNotificationSound.h (iOS 15.2 SDK and
// later) and UNNotificationAttachment.h, and developer.apple.com/documentation/usernotifications/
// unnotificationsound, unnotificationsoundname and unnotificationattachment. Both classes are
// API_UNAVAILABLE(tvos).
import Foundation

#if !os(tvOS)
    // typedef NSString *UNNotificationSoundName NS_EXTENSIBLE_STRING_ENUM;
    // Swift: `struct UNNotificationSoundName: Hashable, Equatable, RawRepresentable, Sendable`,
    // with `init(_ rawValue: String)` and `init(rawValue: String)`.
    @available(iOS 10.0, macOS 10.14, watchOS 3.0, *)
    @available(tvOS, unavailable)
    public struct UNNotificationSoundName: Hashable, Equatable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public init(rawValue: String) { self.rawValue = rawValue }
    }

    // API_AVAILABLE(macos(10.14), ios(10.0), watchos(3.0)) API_UNAVAILABLE(tvos)
    // @interface UNNotificationSound : NSObject <NSCopying, NSSecureCoding>
    @available(iOS 10.0, macOS 10.14, watchOS 3.0, *)
    @available(tvOS, unavailable)
    @preconcurrency
    open class UNNotificationSound: NSObject {
        // - (instancetype)init NS_UNAVAILABLE;
        @available(*, unavailable)
        public override init() { fatalError("stand-in") }

        // @property(class, NS_NONATOMIC_IOSONLY, copy, readonly) UNNotificationSound *defaultSound;
        // Swift: `class var `default`: UNNotificationSound { get }`
        open class var `default`: UNNotificationSound { fatalError("stand-in") }

        // @property(class, NS_NONATOMIC_IOSONLY, copy, readonly) UNNotificationSound *defaultCriticalSound
        //     API_AVAILABLE(ios(12.0), watchos(5.0)) API_UNAVAILABLE(tvos);
        // Swift: `class var defaultCritical: UNNotificationSound { get }` (macOS: the class's own availability)
        @available(iOS 12.0, watchOS 5.0, *)
        open class var defaultCritical: UNNotificationSound { fatalError("stand-in") }

        #if !os(watchOS)
            // + (instancetype)soundNamed:(UNNotificationSoundName)name API_UNAVAILABLE(watchos, tvos);
            // Swift: `convenience init(named name: UNNotificationSoundName)`
            @available(watchOS, unavailable)
            public convenience init(named name: UNNotificationSoundName) { fatalError("stand-in") }

            // + (instancetype)criticalSoundNamed:(UNNotificationSoundName)name API_AVAILABLE(ios(12.0)) API_UNAVAILABLE(watchos, tvos);
            // Swift: `class func criticalSoundNamed(_ name: UNNotificationSoundName) -> Self`
            @available(iOS 12.0, *)
            @available(watchOS, unavailable)
            open class func criticalSoundNamed(_ name: UNNotificationSoundName) -> Self { fatalError("stand-in") }
        #endif
    }

    // UNNotificationAttachment.h:
    // API_AVAILABLE(macos(10.14), ios(10.0), watchos(3.0)) API_UNAVAILABLE(tvos)
    // @interface UNNotificationAttachment : NSObject <NSCopying, NSSecureCoding>
    @available(iOS 10.0, macOS 10.14, watchOS 3.0, *)
    @available(tvOS, unavailable)
    @preconcurrency
    open class UNNotificationAttachment: NSObject {
        // - (instancetype)init NS_UNAVAILABLE;
        @available(*, unavailable)
        public override init() { fatalError("stand-in") }

        // @property (NS_NONATOMIC_IOSONLY, readonly, copy) NSString *identifier;
        open var identifier: String { fatalError("stand-in") }

        // @property (NS_NONATOMIC_IOSONLY, readonly, copy) NSURL *URL;
        // Swift: `var url: URL { get }`
        open var url: URL { fatalError("stand-in") }

        // @property (NS_NONATOMIC_IOSONLY, readonly, copy) NSString *type;
        open var type: String { fatalError("stand-in") }

        // + (nullable instancetype)attachmentWithIdentifier:(NSString *)identifier URL:(NSURL *)URL
        //       options:(nullable NSDictionary *)options error:(NSError *__nullable *__nullable)error;
        // Swift: `convenience init(identifier: String, url URL: URL, options: [AnyHashable : Any]? = nil) throws`
        public convenience init(identifier: String, url URL: URL, options: [AnyHashable: Any]? = nil) throws { fatalError("stand-in") }
    }

    // UNNotificationAttachment.h:
    // extern NSString * const UNNotificationAttachmentOptionsTypeHintKey API_AVAILABLE(macos(10.14), ios(10.0), watchos(3.0)) API_UNAVAILABLE(tvos);
    // extern NSString * const UNNotificationAttachmentOptionsThumbnailHiddenKey API_AVAILABLE(...) API_UNAVAILABLE(tvos);
    // Swift: `let UNNotificationAttachmentOptionsTypeHintKey: String` (the values are the system's; never read here)
    @available(tvOS, unavailable)
    public let UNNotificationAttachmentOptionsTypeHintKey: String = "UNNotificationAttachmentOptionsTypeHintKey"
    @available(tvOS, unavailable)
    public let UNNotificationAttachmentOptionsThumbnailHiddenKey: String = "UNNotificationAttachmentOptionsThumbnailHiddenKey"
#endif
