// SDK stand-in, for Scripts/check-apple.sh only (see Checks/AppleSDK/README.md).
//
// Transcribed from UIKit.framework/Headers/UIResponder.h (iOS 18.0 SDK) and UIApplication.h, and
// developer.apple.com/documentation/uikit/uiapplication (declared `@MainActor class UIApplication`)
// and its notification pages, which declare each name `nonisolated class let`.
//
// UIKit exists on watchOS too (canImport(UIKit) is true there), but without UIResponder or
// UIApplication: both are API_UNAVAILABLE(watchos).
import Foundation

#if !os(macOS) && !os(watchOS)
    // UIResponder.h:
    // UIKIT_EXTERN API_AVAILABLE(ios(2.0)) API_UNAVAILABLE(watchos) NS_SWIFT_UI_ACTOR
    // @interface UIResponder : NSObject <UIResponderStandardEditActions>
    // (Nothing of it is used; it is here because UIApplication inherits from it.)
    @available(iOS 2.0, tvOS 9.0, *)
    @available(watchOS, unavailable)
    @MainActor
    @preconcurrency
    open class UIResponder: NSObject {}

    // UIApplication.h:
    // UIKIT_EXTERN API_AVAILABLE(ios(2.0)) NS_SWIFT_UI_ACTOR
    // @interface UIApplication : UIResponder
    @available(iOS 2.0, tvOS 9.0, *)
    @available(watchOS, unavailable)
    @MainActor
    @preconcurrency
    open class UIApplication: UIResponder {
        // UIKIT_EXTERN NSNotificationName const UIApplicationDidEnterBackgroundNotification NS_AVAILABLE_IOS(4_0);
        // Swift: `nonisolated class let didEnterBackgroundNotification: NSNotification.Name`
        // (Swift classes cannot declare `class let`; `static let` is the same to a caller.)
        @available(iOS 4.0, *)
        nonisolated public static let didEnterBackgroundNotification = NSNotification.Name("UIApplicationDidEnterBackgroundNotification")

        // UIKIT_EXTERN NSNotificationName const UIApplicationWillEnterForegroundNotification NS_AVAILABLE_IOS(4_0);
        // Swift: `nonisolated class let willEnterForegroundNotification: NSNotification.Name`
        @available(iOS 4.0, *)
        nonisolated public static let willEnterForegroundNotification = NSNotification.Name("UIApplicationWillEnterForegroundNotification")

        // UIKIT_EXTERN NSNotificationName const UIApplicationDidBecomeActiveNotification;
        // Swift: `nonisolated class let didBecomeActiveNotification: NSNotification.Name`
        nonisolated public static let didBecomeActiveNotification = NSNotification.Name("UIApplicationDidBecomeActiveNotification")

        // UIKIT_EXTERN NSNotificationName const UIApplicationWillResignActiveNotification;
        // Swift: `nonisolated class let willResignActiveNotification: NSNotification.Name`
        nonisolated public static let willResignActiveNotification = NSNotification.Name("UIApplicationWillResignActiveNotification")

        // UIKIT_EXTERN NSNotificationName const UIApplicationSignificantTimeChangeNotification;
        // Swift: `nonisolated class let significantTimeChangeNotification: NSNotification.Name`
        nonisolated public static let significantTimeChangeNotification = NSNotification.Name("UIApplicationSignificantTimeChangeNotification")

        // @property(class, nonatomic, readonly) UIApplication *sharedApplication
        //     NS_EXTENSION_UNAVAILABLE_IOS("Use view controller based solutions where appropriate instead.");
        // Swift: `class var shared: UIApplication { get }` (main actor, as the class)
        open class var shared: UIApplication { fatalError("stand-in") }

        // - (UIBackgroundTaskIdentifier)beginBackgroundTaskWithName:(nullable NSString *)taskName
        //       expirationHandler:(void(^ __nullable)(void))handler API_AVAILABLE(ios(7.0)) NS_REQUIRES_SUPER NS_SWIFT_DISABLE_ASYNC;
        // Swift (developer.apple.com/documentation/uikit/uiapplication/beginbackgroundtask(withname:expirationhandler:)):
        // `nonisolated func beginBackgroundTask(withName taskName: String?,
        //      expirationHandler handler: (@MainActor @Sendable () -> Void)? = nil) -> UIBackgroundTaskIdentifier`
        @available(iOS 7.0, *)
        nonisolated open func beginBackgroundTask(
            withName taskName: String?, expirationHandler handler: (@MainActor @Sendable () -> Void)? = nil
        ) -> UIBackgroundTaskIdentifier { fatalError("stand-in") }

        // - (void)endBackgroundTask:(UIBackgroundTaskIdentifier)identifier API_AVAILABLE(ios(4.0)) NS_REQUIRES_SUPER;
        // Swift (.../uiapplication/endbackgroundtask(_:)): `nonisolated func endBackgroundTask(_ identifier: UIBackgroundTaskIdentifier)`
        @available(iOS 4.0, *)
        nonisolated open func endBackgroundTask(_ identifier: UIBackgroundTaskIdentifier) { fatalError("stand-in") }
    }

    // UIApplication.h:
    // typedef NSUInteger UIBackgroundTaskIdentifier NS_TYPED_ENUM;
    // UIKIT_EXTERN const UIBackgroundTaskIdentifier UIBackgroundTaskInvalid API_AVAILABLE(ios(4.0));
    // Swift (developer.apple.com/documentation/uikit/uibackgroundtaskidentifier):
    // `struct UIBackgroundTaskIdentifier: Equatable, Hashable, RawRepresentable, Sendable`
    // with `init(rawValue: Int)` and `static let invalid: UIBackgroundTaskIdentifier`.
    @available(iOS 4.0, tvOS 9.0, *)
    @available(watchOS, unavailable)
    public struct UIBackgroundTaskIdentifier: Equatable, Hashable, RawRepresentable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let invalid = UIBackgroundTaskIdentifier(rawValue: 0)
    }
#endif
