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
    }
#endif
