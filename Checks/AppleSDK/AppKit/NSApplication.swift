// SDK stand-in, for Scripts/check-apple.sh only (see Checks/AppleSDK/README.md).
//
// Transcribed from developer.apple.com/documentation/appkit/nsapplication (declared
// `@MainActor class NSApplication`, inheriting NSResponder) and its notification pages, which
// declare each name `class let ...: NSNotification.Name` (not `nonisolated`: a `static let` of a
// main-actor class, as here, is main-actor isolated to code outside the module). Only the app's
// activation notifications are declared: the lifecycle names an observer would watch.
import Foundation

// developer.apple.com/documentation/appkit/nsresponder: `@MainActor class NSResponder`, inherits NSObject.
// (Nothing of it is used; it is here because NSApplication inherits from it.)
@MainActor
@preconcurrency
open class NSResponder: NSObject {}

// developer.apple.com/documentation/appkit/nsapplication: `@MainActor class NSApplication`, inherits NSResponder.
@MainActor
@preconcurrency
open class NSApplication: NSResponder {
    // developer.apple.com/documentation/appkit/nsapplication/didbecomeactivenotification
    // Swift: `class let didBecomeActiveNotification: NSNotification.Name`
    // (Swift classes cannot declare `class let`; `static let` is the same to a caller.)
    public static let didBecomeActiveNotification = NSNotification.Name("NSApplicationDidBecomeActiveNotification")

    // developer.apple.com/documentation/appkit/nsapplication/didresignactivenotification
    // Swift: `class let didResignActiveNotification: NSNotification.Name`
    public static let didResignActiveNotification = NSNotification.Name("NSApplicationDidResignActiveNotification")

    // developer.apple.com/documentation/appkit/nsapplication/willbecomeactivenotification
    // Swift: `class let willBecomeActiveNotification: NSNotification.Name`
    public static let willBecomeActiveNotification = NSNotification.Name("NSApplicationWillBecomeActiveNotification")

    // developer.apple.com/documentation/appkit/nsapplication/willresignactivenotification
    // Swift: `class let willResignActiveNotification: NSNotification.Name`
    public static let willResignActiveNotification = NSNotification.Name("NSApplicationWillResignActiveNotification")
}
