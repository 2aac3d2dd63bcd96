// SDK stand-in, for Scripts/check-apple.sh only (see Checks/AppleSDK/README.md).
//
// Transcribed from developer.apple.com/documentation/appintents/appintent, systemintent and
// liveactivityintent. Declared only because AlarmKit's `AlarmConfiguration.alarm(…)` takes
// `(any LiveActivityIntent)?` intents: nothing in the checked code imports AppIntents, so the module
// is on the import path of the iOS-like configuration only, where AlarmKit is.
//
// The protocols' requirements (`title`, `perform()`, the inherited PersistentlyIdentifiable…) are
// NOT transcribed: nothing checked conforms to them. A type conforming here would type-check
// without them and fail on Apple's platforms; transcribe them before the checked code adopts one.
import Foundation

// Swift: `protocol AppIntent : PersistentlyIdentifiable, Sendable` (iOS 16.0, macOS 13.0,
// tvOS 16.0, watchOS 9.0)
@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
public protocol AppIntent: Sendable {}

// Swift: `protocol SystemIntent : AppIntent`
@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
public protocol SystemIntent: AppIntent {}

// Swift: `protocol LiveActivityIntent : SystemIntent` (iOS 17.0, iPadOS 17.0, Mac Catalyst,
// visionOS; not macOS, tvOS or watchOS)
@available(iOS 17.0, *)
@available(macOS, unavailable)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
public protocol LiveActivityIntent: SystemIntent {}
