import Foundation
import HTTPTypes
import Hummingbird

/// The registration rate limits: `POST /api/devices/register` past
/// ``ServerLimits/registrationsPerAddress`` from one address, or past
/// ``ServerLimits/registrationsInTotal`` from all, is `429 too_many_requests` with a
/// `Retry-After` header. Time comes from the clock the server was given.
struct RegistrationLimitMiddleware<Context: RemoteAddressRequestContext>: RouterMiddleware {
    private let state: LockedLimiter
    private let uptime: Uptime

    init(_ limits: ServerLimits, uptime: Uptime) {
        self.uptime = uptime
        state = LockedLimiter(RegistrationLimiter(limits, now: uptime.elapsed()))
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.method == Endpoint.registerDevice.method, Endpoint.registerDevice.matches(request.uri.path) else {
            return try await next(request, context)
        }
        let now = uptime.elapsed()
        let address = context.clientAddress
        switch state.admit(address, at: now) {
        case .allowed:
            return try await next(request, context)
        case .refused(let retryAfter, let scope):
            throw APIError.tooManyRequests(retryAfter: retryAfter, scope: scope)
        }
    }
}

/// A ``RegistrationLimiter`` shared by the server's connections.
private final class LockedLimiter: @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`.
    private var limiter: RegistrationLimiter

    init(_ limiter: RegistrationLimiter) {
        self.limiter = limiter
    }

    func admit(_ address: String, at now: Duration) -> RegistrationLimiter.Admission {
        lock.withLock { limiter.admit(address, at: now) }
    }
}

/// The time since the server started, on a monotonic clock: `ContinuousClock` when serving,
/// a clock the test moves by hand in tests.
struct Uptime: Sendable {
    let elapsed: @Sendable () -> Duration

    init<C: Clock>(_ clock: C) where C.Duration == Duration {
        let origin = clock.now
        elapsed = { origin.duration(to: clock.now) }
    }
}
