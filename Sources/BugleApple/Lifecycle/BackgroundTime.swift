import Foundation

/// Where extra time to finish work after the app leaves the foreground comes from: on iOS,
/// `UIApplication`'s background tasks (`ApplicationBackgroundTime`).
///
/// Both methods run on the main actor, where UIKit calls the expiration handler.
public protocol BackgroundTimeSource: Sendable {
    /// Asks for time to finish the work named `name`; the system calls `onExpiration` on the
    /// main actor shortly before the time runs out. Returns the identifier to pass to
    /// ``endBackgroundTime(_:)``, or `nil` when no time is given.
    @MainActor func beginBackgroundTime(named name: String, onExpiration: @escaping @MainActor @Sendable () -> Void) -> Int?

    /// Gives back the time ``beginBackgroundTime(named:onExpiration:)`` gave.
    @MainActor func endBackgroundTime(_ id: Int)
}

/// One request for background time, as a value-type state machine: whichever of the work's
/// end and the system's expiration comes first ends the time, exactly once, in whatever
/// order they and the identifier arrive.
public struct BackgroundTimeState: Hashable, Sendable {
    /// The identifier the source gave, once it was given.
    public private(set) var id: Int?
    /// Whether the time was ended.
    public private(set) var ended = false
    /// Whether the system said the time is running out.
    public private(set) var expired = false

    /// A request that has no identifier yet.
    public init() {}

    /// The source gave `id`: returns it to end at once when the time already expired.
    public mutating func began(_ id: Int) -> Int? {
        self.id = id
        return expired ? end() : nil
    }

    /// The time is running out: returns the identifier to end, if it is known and not ended.
    public mutating func expire() -> Int? {
        expired = true
        return end()
    }

    /// The work is over: returns the identifier to end, if it is known and not ended.
    public mutating func finish() -> Int? { end() }

    private mutating func end() -> Int? {
        guard let id, !ended else { return nil }
        ended = true
        return id
    }
}

/// Runs work inside background time, so that a refresh the app started in the foreground
/// finishes after the user leaves the app.
public enum BackgroundTime {
    /// The platform's source: `UIApplication`'s background tasks on iOS, iPadOS and visionOS; none elsewhere (and none in an app extension, which has no `UIApplication`).
    public static var system: (any BackgroundTimeSource)? {
        #if canImport(UIKit) && (os(iOS) || os(visionOS))
            ApplicationBackgroundTime()
        #else
            nil
        #endif
    }

    /// Runs `operation` inside time from `source`, named `name` (shown in the debugger).
    ///
    /// The time is ended exactly once: when the operation returns, or when the system's
    /// expiration comes first, which also cancels the operation. It returns when the
    /// operation does, so that work which ignores cancellation still never overlaps the
    /// next. Without a source, or when the source gives no time, it just runs `operation`.
    public static func run(_ source: (any BackgroundTimeSource)?, name: String, _ operation: @escaping @Sendable () async -> Void) async {
        guard let source else {
            await operation()
            return
        }
        let request = Request()
        let work = Task { await operation() }
        let id = await source.beginBackgroundTime(named: name) { [request] in
            // Synchronously, on the main actor: UIKit ends the app if the handler returns with
            // the time still taken.
            work.cancel()
            if let id = request.update({ $0.expire() }) { source.endBackgroundTime(id) }
        }
        if let id, let late = request.update({ $0.began(id) }) { await source.endBackgroundTime(late) }
        await withTaskCancellationHandler {
            await work.value
        } onCancel: {
            work.cancel()
        }
        if let id = request.update({ $0.finish() }) { await source.endBackgroundTime(id) }
    }

    /// A ``BackgroundTimeState`` shared by the work and the expiration handler.
    private final class Request: @unchecked Sendable {
        private let lock = NSLock()
        private var state = BackgroundTimeState()

        func update(_ step: (inout BackgroundTimeState) -> Int?) -> Int? {
            lock.lock()
            defer { lock.unlock() }
            return step(&state)
        }
    }
}
