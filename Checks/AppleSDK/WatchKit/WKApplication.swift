// SDK stand-in, for Scripts/check-apple.sh only (see Checks/AppleSDK/README.md).
//
// Transcribed from developer.apple.com/documentation/watchkit/wkapplication (declared
// `@MainActor class WKApplication`, inheriting NSObject, watchOS 7.0+) and its notification pages
// (willenterforegroundnotification, didenterbackgroundnotification, didbecomeactivenotification,
// willresignactivenotification), which declare each name `class let ...: NSNotification.Name`.
// Only the app's lifecycle notifications are declared.
import Foundation

@available(watchOS 7.0, *)
@MainActor
@preconcurrency
open class WKApplication: NSObject {
    // Swift: `class let willEnterForegroundNotification: NSNotification.Name` (watchOS 7.0+)
    // (Swift classes cannot declare `class let`; `static let` is the same to a caller.)
    public static let willEnterForegroundNotification = NSNotification.Name("WKApplicationWillEnterForegroundNotification")

    // Swift: `class let didEnterBackgroundNotification: NSNotification.Name` (watchOS 7.0+)
    public static let didEnterBackgroundNotification = NSNotification.Name("WKApplicationDidEnterBackgroundNotification")

    // Swift: `class let didBecomeActiveNotification: NSNotification.Name` (watchOS 7.0+)
    public static let didBecomeActiveNotification = NSNotification.Name("WKApplicationDidBecomeActiveNotification")

    // Swift: `class let willResignActiveNotification: NSNotification.Name` (watchOS 7.0+)
    public static let willResignActiveNotification = NSNotification.Name("WKApplicationWillResignActiveNotification")
}
