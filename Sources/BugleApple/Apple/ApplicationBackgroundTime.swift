#if canImport(UIKit) && (os(iOS) || os(visionOS))
    import Foundation
    import UIKit

    /// Background time from `UIApplication.beginBackgroundTask(withName:expirationHandler:)`:
    /// a refresh that starts while the app is in the foreground (or as it leaves it) finishes
    /// before the app is suspended.
    ///
    /// ``BackgroundTime/system`` on iOS; ``LifecycleRefresher`` wraps every refresh in it
    /// (see ``BackgroundTime/run(_:name:_:)``).
    public struct ApplicationBackgroundTime: BackgroundTimeSource {
        /// The source on `UIApplication.shared`.
        public init() {}

        /// `UIApplication.shared.beginBackgroundTask(withName:expirationHandler:)`; `nil` when
        /// it returns `.invalid`, and in an app extension, which has no shared application.
        @MainActor
        public func beginBackgroundTime(named name: String, onExpiration: @escaping @MainActor @Sendable () -> Void) -> Int? {
            guard Bundle.main.bundleURL.pathExtension != "appex" else { return nil }
            // UIKit calls the handler synchronously on the main thread.
            let id = UIApplication.shared.beginBackgroundTask(withName: name) { MainActor.assumeIsolated { onExpiration() } }
            return id == .invalid ? nil : id.rawValue
        }

        /// `UIApplication.shared.endBackgroundTask(_:)`.
        @MainActor
        public func endBackgroundTime(_ id: Int) {
            UIApplication.shared.endBackgroundTask(UIBackgroundTaskIdentifier(rawValue: id))
        }
    }
#endif
