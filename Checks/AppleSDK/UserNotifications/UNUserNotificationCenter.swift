// SDK stand-in, for Scripts/check-apple.sh only: never built by Package.swift, never shipped,
// never run. See Checks/AppleSDK/README.md for the conventions (how Objective-C becomes the
// Swift written here, and how platform availability is modelled).
//
// Transcribed from UserNotifications.framework/Headers/UNUserNotificationCenter.h (iOS 15 SDK and
// later; the declarations below are unchanged since) and the Swift declarations on
// developer.apple.com/documentation/usernotifications/unusernotificationcenter and
// .../unusernotificationcenterdelegate. Completion handlers of methods that also import as `async`
// are `@Sendable` (SE-0463, Swift 6.2; the documentation pages show the same).
import Foundation

// UNUserNotificationCenter.h:
// typedef NS_OPTIONS(NSUInteger, UNAuthorizationOptions) { ... }
//     API_AVAILABLE(macos(10.14), ios(10.0), watchos(3.0), tvos(10.0));
// developer.apple.com/documentation/usernotifications/unauthorizationoptions
@available(iOS 10.0, macOS 10.14, watchOS 3.0, tvOS 10.0, *)
public struct UNAuthorizationOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    // UNAuthorizationOptionBadge = (1 << 0)
    public static var badge: UNAuthorizationOptions { UNAuthorizationOptions(rawValue: 1 << 0) }
    // UNAuthorizationOptionSound = (1 << 1)
    public static var sound: UNAuthorizationOptions { UNAuthorizationOptions(rawValue: 1 << 1) }
    // UNAuthorizationOptionAlert = (1 << 2)
    public static var alert: UNAuthorizationOptions { UNAuthorizationOptions(rawValue: 1 << 2) }
    // UNAuthorizationOptionCarPlay = (1 << 3)
    public static var carPlay: UNAuthorizationOptions { UNAuthorizationOptions(rawValue: 1 << 3) }
    // UNAuthorizationOptionCriticalAlert API_AVAILABLE(macos(10.14), ios(12.0), watchos(5.0), tvos(12.0)) = (1 << 4)
    @available(iOS 12.0, macOS 10.14, watchOS 5.0, tvOS 12.0, *)
    public static var criticalAlert: UNAuthorizationOptions { UNAuthorizationOptions(rawValue: 1 << 4) }
    // UNAuthorizationOptionProvidesAppNotificationSettings API_AVAILABLE(macos(10.14), ios(12.0), watchos(5.0), tvos(12.0)) = (1 << 5)
    @available(iOS 12.0, macOS 10.14, watchOS 5.0, tvOS 12.0, *)
    public static var providesAppNotificationSettings: UNAuthorizationOptions { UNAuthorizationOptions(rawValue: 1 << 5) }
    // UNAuthorizationOptionProvisional API_AVAILABLE(macos(10.14), ios(12.0), watchos(5.0), tvos(12.0)) = (1 << 6)
    @available(iOS 12.0, macOS 10.14, watchOS 5.0, tvOS 12.0, *)
    public static var provisional: UNAuthorizationOptions { UNAuthorizationOptions(rawValue: 1 << 6) }
    // UNAuthorizationOptionAnnouncement API_DEPRECATED("Announcement authorization is always included",
    //     ios(13.0, 15.0), watchos(6.0, 7.0)) API_UNAVAILABLE(macos, tvos) = (1 << 7)
    // Deprecated before every deployment target of Package.swift, hence `*`.
    #if !os(macOS) && !os(tvOS)
        @available(macOS, unavailable)
        @available(tvOS, unavailable)
        @available(*, deprecated, message: "Announcement authorization is always included")
        public static var announcement: UNAuthorizationOptions { UNAuthorizationOptions(rawValue: 1 << 7) }
    #endif
}

// UNUserNotificationCenter.h:
// API_AVAILABLE(macos(10.14), ios(10.0), watchos(3.0), tvos(10.0))
// @interface UNUserNotificationCenter : NSObject
// Swift (developer.apple.com/documentation/usernotifications/unusernotificationcenter):
// `class UNUserNotificationCenter`, inherits NSObject; not Sendable, not isolated to an actor.
@available(iOS 10.0, macOS 10.14, watchOS 3.0, tvOS 10.0, *)
@preconcurrency
open class UNUserNotificationCenter: NSObject {
    // - (instancetype)init NS_UNAVAILABLE;
    @available(*, unavailable)
    public override init() { fatalError("stand-in") }

    // @property (NS_NONATOMIC_IOSONLY, nullable, weak) id <UNUserNotificationCenterDelegate> delegate;
    // Swift: `weak var delegate: (any UNUserNotificationCenterDelegate)? { get set }`
    // (A stored property here: Swift allows `weak` only on stored properties.)
    open weak var delegate: (any UNUserNotificationCenterDelegate)?

    // + (UNUserNotificationCenter *)currentNotificationCenter;
    // Swift: `class func current() -> UNUserNotificationCenter`
    open class func current() -> UNUserNotificationCenter { fatalError("stand-in") }

    // - (void)requestAuthorizationWithOptions:(UNAuthorizationOptions)options
    //       completionHandler:(void (^)(BOOL granted, NSError *__nullable error))completionHandler;
    // Swift: `func requestAuthorization(options: UNAuthorizationOptions = [], completionHandler: @escaping @Sendable (Bool, (any Error)?) -> Void)`
    //        `func requestAuthorization(options: UNAuthorizationOptions = []) async throws -> Bool`
    open func requestAuthorization(
        options: UNAuthorizationOptions = [], completionHandler: @escaping @Sendable (Bool, (any Error)?) -> Void
    ) { fatalError("stand-in") }
    open func requestAuthorization(options: UNAuthorizationOptions = []) async throws -> Bool { fatalError("stand-in") }

    #if !os(tvOS)
        // - (void)setNotificationCategories:(NSSet<UNNotificationCategory *> *)categories API_UNAVAILABLE(tvos);
        // Swift: `func setNotificationCategories(_ categories: Set<UNNotificationCategory>)`
        @available(tvOS, unavailable)
        open func setNotificationCategories(_ categories: Set<UNNotificationCategory>) { fatalError("stand-in") }

        // - (void)getNotificationCategoriesWithCompletionHandler:(void(^)(NSSet<UNNotificationCategory *> *categories))completionHandler
        //       API_UNAVAILABLE(tvos);
        // Swift (developer.apple.com/documentation/usernotifications/unusernotificationcenter/getnotificationcategories(completionhandler:)):
        //        `func getNotificationCategories(completionHandler: @escaping @Sendable (Set<UNNotificationCategory>) -> Void)`
        //        `func notificationCategories() async -> Set<UNNotificationCategory>`
        @available(tvOS, unavailable)
        open func getNotificationCategories(completionHandler: @escaping @Sendable (Set<UNNotificationCategory>) -> Void) { fatalError("stand-in") }
        @available(tvOS, unavailable)
        open func notificationCategories() async -> Set<UNNotificationCategory> { fatalError("stand-in") }
    #endif

    // - (void)getNotificationSettingsWithCompletionHandler:(void(^)(UNNotificationSettings *settings))completionHandler;
    // Swift: `func getNotificationSettings(completionHandler: @escaping @Sendable (UNNotificationSettings) -> Void)`
    //        `func notificationSettings() async -> UNNotificationSettings`
    open func getNotificationSettings(completionHandler: @escaping @Sendable (UNNotificationSettings) -> Void) { fatalError("stand-in") }
    open func notificationSettings() async -> UNNotificationSettings { fatalError("stand-in") }

    // - (void)addNotificationRequest:(UNNotificationRequest *)request
    //       withCompletionHandler:(nullable void(^)(NSError *__nullable error))completionHandler;
    // Swift: `func add(_ request: UNNotificationRequest, withCompletionHandler completionHandler: (@Sendable ((any Error)?) -> Void)? = nil)`
    //        `func add(_ request: UNNotificationRequest) async throws`
    open func add(_ request: UNNotificationRequest, withCompletionHandler completionHandler: (@Sendable ((any Error)?) -> Void)? = nil) {
        fatalError("stand-in")
    }
    open func add(_ request: UNNotificationRequest) async throws { fatalError("stand-in") }

    // - (void)getPendingNotificationRequestsWithCompletionHandler:(void(^)(NSArray<UNNotificationRequest *> *requests))completionHandler;
    // Swift: `func getPendingNotificationRequests(completionHandler: @escaping @Sendable ([UNNotificationRequest]) -> Void)`
    //        `func pendingNotificationRequests() async -> [UNNotificationRequest]`
    open func getPendingNotificationRequests(completionHandler: @escaping @Sendable ([UNNotificationRequest]) -> Void) { fatalError("stand-in") }
    open func pendingNotificationRequests() async -> [UNNotificationRequest] { fatalError("stand-in") }

    // - (void)removePendingNotificationRequestsWithIdentifiers:(NSArray<NSString *> *)identifiers;
    // Swift: `func removePendingNotificationRequests(withIdentifiers identifiers: [String])`
    open func removePendingNotificationRequests(withIdentifiers identifiers: [String]) { fatalError("stand-in") }

    #if !os(tvOS)
        // - (void)getDeliveredNotificationsWithCompletionHandler:(void(^)(NSArray<UNNotification *> *notifications))completionHandler
        //       API_UNAVAILABLE(tvos);
        // Swift: `func getDeliveredNotifications(completionHandler: @escaping @Sendable ([UNNotification]) -> Void)`
        //        `func deliveredNotifications() async -> [UNNotification]`
        @available(tvOS, unavailable)
        open func getDeliveredNotifications(completionHandler: @escaping @Sendable ([UNNotification]) -> Void) { fatalError("stand-in") }
        @available(tvOS, unavailable)
        open func deliveredNotifications() async -> [UNNotification] { fatalError("stand-in") }
    #endif
}

// UNUserNotificationCenter.h:
// typedef NS_OPTIONS(NSUInteger, UNNotificationPresentationOptions) { ... }
//     API_AVAILABLE(macos(10.14), ios(10.0), watchos(3.0), tvos(10.0));
// developer.apple.com/documentation/usernotifications/unnotificationpresentationoptions
@available(iOS 10.0, macOS 10.14, watchOS 3.0, tvOS 10.0, *)
public struct UNNotificationPresentationOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    // UNNotificationPresentationOptionBadge = (1 << 0)
    public static var badge: UNNotificationPresentationOptions { UNNotificationPresentationOptions(rawValue: 1 << 0) }
    // UNNotificationPresentationOptionSound = (1 << 1)
    public static var sound: UNNotificationPresentationOptions { UNNotificationPresentationOptions(rawValue: 1 << 1) }
    // UNNotificationPresentationOptionAlert API_DEPRECATED_WITH_REPLACEMENT("UNNotificationPresentationOptionList |
    //     UNNotificationPresentationOptionBanner", macos(10.14, 11.0), ios(10.0, 14.0), watchos(3.0, 7.0), tvos(10.0, 14.0)) = (1 << 2)
    // Deprecated before every deployment target of Package.swift, hence `*`.
    @available(*, deprecated, message: "Use [.list, .banner] instead")
    public static var alert: UNNotificationPresentationOptions { UNNotificationPresentationOptions(rawValue: 1 << 2) }
    // UNNotificationPresentationOptionList API_AVAILABLE(macos(11.0), ios(14.0), watchos(7.0), tvos(14.0)) = (1 << 3)
    @available(iOS 14.0, macOS 11.0, watchOS 7.0, tvOS 14.0, *)
    public static var list: UNNotificationPresentationOptions { UNNotificationPresentationOptions(rawValue: 1 << 3) }
    // UNNotificationPresentationOptionBanner API_AVAILABLE(macos(11.0), ios(14.0), watchos(7.0), tvos(14.0)) = (1 << 4)
    @available(iOS 14.0, macOS 11.0, watchOS 7.0, tvOS 14.0, *)
    public static var banner: UNNotificationPresentationOptions { UNNotificationPresentationOptions(rawValue: 1 << 4) }
}

// UNUserNotificationCenter.h:
// API_AVAILABLE(macos(10.14), ios(10.0), watchos(3.0), tvos(10.0))
// @protocol UNUserNotificationCenterDelegate <NSObject>
// @optional
// Swift (developer.apple.com/documentation/usernotifications/unusernotificationcenterdelegate):
// `protocol UNUserNotificationCenterDelegate : NSObjectProtocol`; not isolated to an actor.
//
// Linux has no `@objc`, so no `optional` requirements: every `@optional` method is a requirement
// here, with a default implementation in the extension below. A conforming type therefore
// compiles here exactly when it compiles against the real protocol, as long as the methods it
// does write match a requirement's signature.
@available(iOS 10.0, macOS 10.14, watchOS 3.0, tvOS 10.0, *)
@preconcurrency
public protocol UNUserNotificationCenterDelegate: NSObjectProtocol {
    // - (void)userNotificationCenter:(UNUserNotificationCenter *)center willPresentNotification:(UNNotification *)notification
    //       withCompletionHandler:(void (^)(UNNotificationPresentationOptions options))completionHandler
    //       API_AVAILABLE(macos(10.14), ios(10.0), watchos(3.0), tvos(10.0));
    // Swift: `optional func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification,
    //     withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void)`
    // (and its `async -> UNNotificationPresentationOptions` form, not declared here: the code implements the handler form)
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void)

    #if !os(tvOS)
        // - (void)userNotificationCenter:(UNUserNotificationCenter *)center didReceiveNotificationResponse:(UNNotificationResponse *)response
        //       withCompletionHandler:(void(^)(void))completionHandler
        //       API_AVAILABLE(macos(10.14), ios(10.0), watchos(3.0)) API_UNAVAILABLE(tvos);
        // Swift: `optional func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        //     withCompletionHandler completionHandler: @escaping @Sendable () -> Void)`
        @available(tvOS, unavailable)
        func userNotificationCenter(
            _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
            withCompletionHandler completionHandler: @escaping @Sendable () -> Void)
    #endif

    #if !os(watchOS) && !os(tvOS)
        // - (void)userNotificationCenter:(UNUserNotificationCenter *)center openSettingsForNotification:(nullable UNNotification *)notification
        //       API_AVAILABLE(macos(10.14), ios(12.0)) API_UNAVAILABLE(watchos, tvos);
        // Swift: `optional func userNotificationCenter(_ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?)`
        @available(iOS 12.0, macOS 10.14, *)
        @available(watchOS, unavailable)
        @available(tvOS, unavailable)
        func userNotificationCenter(_ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?)
    #endif
}

// The stand-in for `@optional`: a default for every requirement (never run).
extension UNUserNotificationCenterDelegate {
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void
    ) { fatalError("stand-in") }

    #if !os(tvOS)
        public func userNotificationCenter(
            _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
            withCompletionHandler completionHandler: @escaping @Sendable () -> Void
        ) { fatalError("stand-in") }
    #endif

    #if !os(watchOS) && !os(tvOS)
        public func userNotificationCenter(_ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?) {
            fatalError("stand-in")
        }
    #endif
}
