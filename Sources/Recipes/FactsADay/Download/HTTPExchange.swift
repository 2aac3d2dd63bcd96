import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One request and its answer under ``NetworkLimits``, with the clocks `URLSession` does not
/// keep on every platform.
///
/// What `URLSession` does on Linux (FoundationNetworking over libcurl, Swift 6.3.1), checked
/// by experiment against servers on loopback:
/// - `timeoutIntervalForRequest` is a silence timer: each chunk received restarts it, so a
///   server that sends one byte every half second never trips it. It is counted in whole
///   seconds (1.9 s waits 1 s; 0.5 s fails at once).
/// - `timeoutIntervalForResource` is ignored: an endless body is read for as long as it
///   comes.
/// - `data(for:)` keeps the whole body in memory, so an endless body grows the process
///   without bound (about 1 GB every 5 s on loopback).
/// - There is no `bytes(for:)`, and a task's own delegate is not called for data; the
///   session's delegate is.
/// - Every session's work runs on one serial queue shared by the process, and creating,
///   resuming and cancelling a task wait for it. A sender as fast as loopback keeps it busy:
///   a cancelled transfer goes on for 0.01 s to 0.5 s, and for seconds when the machine's
///   cores are taken by other work.
/// - A response disposition given after the task was cancelled stops the process.
///
/// So each exchange runs in a session of its own whose delegate counts the body as it comes
/// and drops it past the cap, and a watchdog (a dispatch timer, read against
/// `ContinuousClock`) ends the exchange when the answer has not begun within
/// ``NetworkLimits/connect``, the body has been silent for ``NetworkLimits/idle``, or the
/// whole exchange has taken its time limit. The caller gets its error at once; the task is
/// cancelled on another queue and whatever the system's HTTP stack still delivers is dropped.
/// The session's own timeouts stay set, above these, as a backstop.
final class HTTPExchange: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// The status line and headers, and the body.
    struct Answer: Sendable {
        var response: HTTPURLResponse
        var body: Data
    }

    private let request: URLRequest
    private let limits: NetworkLimits
    /// The whole exchange's time limit: ``NetworkLimits/total``, or less when the caller's
    /// budget has less left.
    private let timeLimit: Duration
    /// `host:port`, for messages.
    private let server: String
    private let clock = ContinuousClock()
    /// Where the watchdog fires. Serial queues of their own get a thread even when the
    /// shared ones are all waiting, so neither this nor `sessionQueue` can be starved.
    private let watchdogQueue = DispatchQueue(label: "FactsADay.HTTPExchange.watchdog")
    /// Where the session is made, started and cancelled: calls that wait for the process's
    /// URLSession queue.
    private let sessionQueue = DispatchQueue(label: "FactsADay.HTTPExchange.session")

    private let lock = NSLock()
    // Guarded by `lock`.
    private var started: ContinuousClock.Instant
    private var lastReceived: ContinuousClock.Instant?
    /// Some of the request's body went out: the connection was made.
    private var sentBody = false
    private var response: HTTPURLResponse?
    private var body = Data()
    private var continuation: CheckedContinuation<Answer, any Error>?
    private var outcome: Result<Answer, any Error>?
    private var session: URLSession?
    private var watchdog: (any DispatchSourceTimer)?

    private init(request: URLRequest, limits: NetworkLimits, timeLimit: Duration, server: String) {
        self.request = request
        self.limits = limits
        self.timeLimit = min(limits.total, timeLimit)
        self.server = server
        started = clock.now
    }

    /// Sends `request` and returns the answer, or throws a ``FactsError`` saying what went
    /// wrong (a ``CancellationError`` when the calling task is cancelled). It ends within
    /// `timeLimit` (and ``NetworkLimits/total``) of its start.
    static func send(_ request: URLRequest, limits: NetworkLimits, within timeLimit: Duration, server: String) async throws -> Answer {
        guard let scheme = request.url?.scheme?.lowercased(), ["http", "https"].contains(scheme) else {
            throw FactsError(
                .invalidConfiguration, "the content service's URL must start with http:// or https://, found \(request.url?.absoluteString ?? "none")")
        }
        guard timeLimit > .zero else {
            throw FactsError(.timeout, "The server at \(server) could not be asked: the time for it had run out")
        }
        return try await HTTPExchange(request: request, limits: limits, timeLimit: timeLimit, server: server).run()
    }

    private func run() async throws -> Answer {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in start(continuation) }
        } onCancel: {
            finish(.failure(CancellationError()))
        }
    }

    private func start(_ continuation: CheckedContinuation<Answer, any Error>) {
        let endedAlready: Result<Answer, any Error>? = lock.withLock {
            if let outcome { return outcome }
            self.continuation = continuation
            started = clock.now
            return nil
        }
        if let endedAlready {
            continuation.resume(with: endedAlready)
            return
        }
        // The watchdog is a dispatch timer rather than a task, so that it fires on time even
        // when every thread of the Swift concurrency pool is busy or blocked.
        let watchdog = DispatchSource.makeTimerSource(queue: watchdogQueue)
        watchdog.setEventHandler { [weak self] in self?.watch() }
        let armed = lock.withLock {
            guard outcome == nil else { return false }
            self.watchdog = watchdog
            return true
        }
        // A source must be activated before it is released, even one never used.
        watchdog.activate()
        if armed {
            watch()
        } else {
            watchdog.cancel()
        }
        // On Linux every session's work runs on one shared serial queue, and creating or
        // resuming a task waits for it, for seconds while another session is flooded with
        // data: never on a thread of the Swift concurrency pool.
        sessionQueue.async { [self] in
            let configuration = URLSessionConfiguration.ephemeral
            configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
            // Backstops only: the watchdog ends the exchange first. Whole seconds, because
            // Linux drops the fraction of the request timeout.
            let backstop = (timeLimit.timeInterval + 1).rounded(.up)
            configuration.timeoutIntervalForRequest = backstop
            configuration.timeoutIntervalForResource = backstop
            let session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
            let task = session.dataTask(with: request)
            let proceed = lock.withLock {
                guard outcome == nil else { return false }
                self.session = session
                return true
            }
            if proceed {
                task.resume()
            } else {
                session.invalidateAndCancel()
            }
        }
    }

    /// Ends the exchange once: resumes the caller with `result` and lets the session go.
    private func finish(_ result: Result<Answer, any Error>) {
        let (waiting, session): (CheckedContinuation<Answer, any Error>?, URLSession?) = lock.withLock {
            guard outcome == nil else { return (nil, nil) }
            outcome = result
            body = Data()
            watchdog?.cancel()
            defer {
                continuation = nil
                self.session = nil
                watchdog = nil
            }
            return (continuation, self.session)
        }
        waiting?.resume(with: result)
        // `invalidateAndCancel()` waits for the session's queue, which a fast sender keeps
        // busy: never on the caller's thread. It also releases this delegate.
        if let session { sessionQueue.async { session.invalidateAndCancel() } }
    }

    // MARK: The watchdog

    /// Ends the exchange when one of its clocks has run out, or sets the timer for the next.
    private func watch() {
        let next: ContinuousClock.Instant
        switch lock.withLock({ check(now: clock.now) }) {
        case .done:
            return
        case .expired(let error):
            finish(.failure(error))
            return
        case .wait(let until):
            next = until
        }
        let wait = clock.now.duration(to: next)
        let nanoseconds = max(0, wait.components.seconds) * 1_000_000_000 + max(0, wait.components.attoseconds / 1_000_000_000)
        lock.withLock {
            watchdog?.schedule(deadline: .now() + .nanoseconds(Int(nanoseconds)), leeway: .milliseconds(5))
        }
    }

    private enum Check {
        case done
        case expired(FactsError)
        case wait(until: ContinuousClock.Instant)
    }

    /// Which clock has run out at `now`, or when to look again. Called under `lock`.
    private func check(now: ContinuousClock.Instant) -> Check {
        guard outcome == nil else { return .done }
        let end = started + timeLimit
        guard let lastReceived else {
            let answerEnd = min(end, started + limits.connect)
            return now >= answerEnd ? .expired(notAnswered()) : .wait(until: answerEnd)
        }
        if now >= end { return .expired(notFinished()) }
        let silenceEnd = lastReceived + limits.idle
        if now >= silenceEnd {
            return .expired(FactsError(.timeout, "The server at \(server) stopped in the middle of its answer: nothing came for \(limits.idle.spokenSeconds)"))
        }
        return .wait(until: min(end, silenceEnd))
    }

    private func notAnswered() -> FactsError {
        FactsError(.timeout, "The server at \(server) did not answer within \(min(timeLimit, limits.connect).spokenSeconds)")
    }

    private func notFinished() -> FactsError {
        FactsError(.timeout, "The server at \(server) did not finish answering within \(timeLimit.spokenSeconds)")
    }

    /// Too large a body: `declared` when the headers announced it.
    private func tooLarge(declared: Int64? = nil) -> FactsError {
        let path = request.url?.path ?? "/"
        let cap = Self.bytes(limits.maximumBodySize)
        guard let declared else {
            return FactsError(.tooLarge, "The server at \(server) sent more than \(cap) for \(path); a facts page is far smaller")
        }
        return FactsError(.tooLarge, "The server at \(server) announced \(declared) bytes for \(path), more than \(cap); a facts page is far smaller")
    }

    /// `4 MiB`, `64 KiB`, `1000 bytes`.
    static func bytes(_ count: Int) -> String {
        if count >= 1 << 20, count % (1 << 20) == 0 { return "\(count >> 20) MiB" }
        if count >= 1 << 10, count % (1 << 10) == 0 { return "\(count >> 10) KiB" }
        return "\(count) bytes"
    }

    // MARK: URLSessionDataDelegate

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        // The disposition is given under the lock, so that it reaches the session's queue
        // before any cancellation `finish` sends: on Linux, a disposition that arrives after
        // the task was cancelled stops the process ("Received response disposition, but we're
        // not waiting for it"). Once the exchange has ended, no disposition is given at all.
        let declaredTooLarge = lock.withLock {
            guard outcome == nil else { return false }
            self.response = response as? HTTPURLResponse
            lastReceived = clock.now
            let tooLarge = response.expectedContentLength > Int64(limits.maximumBodySize)
            completionHandler(tooLarge ? .cancel : .allow)
            return tooLarge
        }
        if declaredTooLarge { finish(.failure(tooLarge(declared: response.expectedContentLength))) }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let overflow = lock.withLock {
            guard outcome == nil else { return false }
            lastReceived = clock.now
            guard body.count + data.count <= limits.maximumBodySize else { return true }
            body.append(data)
            return false
        }
        if overflow { finish(.failure(tooLarge())) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64, totalBytesExpectedToSend: Int64) {
        lock.withLock { sentBody = true }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (response, body, begun, connected) = lock.withLock { (self.response, self.body, lastReceived != nil, sentBody) }
        if let error {
            finish(.failure(failure(for: error, answerBegun: begun, connected: connected)))
        } else if let response {
            finish(.success(Answer(response: response, body: body)))
        } else {
            finish(.failure(FactsError(.invalidResponse, "\(server) is not the Facts A Day content service: it did not answer in HTTP")))
        }
    }

    /// What a transport error means for the user. Only a failure to reach the server is
    /// ``FactsError/Code/network``; `connected` says the request's body went out.
    private func failure(for error: any Error, answerBegun: Bool, connected: Bool) -> FactsError {
        let nsError = error as NSError
        guard nsError.domain == NSURLErrorDomain else {
            return FactsError(.network, "Cannot reach the server at \(server)")
        }
        switch URLError.Code(rawValue: nsError.code) {
        case .timedOut:
            return answerBegun ? notFinished() : notAnswered()
        case .cannotConnectToHost:
            return FactsError(.network, "Cannot connect to the server at \(server)")
        case .cannotFindHost, .dnsLookupFailed:
            return FactsError(.network, "Cannot find the server \(server)")
        case .notConnectedToInternet, .internationalRoamingOff, .dataNotAllowed, .callIsActive:
            return FactsError(.network, "There is no internet connection")
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateNotYetValid,
            .serverCertificateHasUnknownRoot, .clientCertificateRejected, .clientCertificateRequired:
            return FactsError(.network, "Cannot make a secure connection to the server at \(server)")
        case .networkConnectionLost, .badServerResponse:
            // On Linux, "Empty reply from server" and a reset before the answer.
            return answerBegun
                ? FactsError(.serverError, "The server at \(server) closed the connection in the middle of its answer")
                : FactsError(.serverError, "The server at \(server) closed the connection without answering")
        case .unsupportedURL, .cannotParseResponse:
            // The URL is http or https (checked first), so on Linux this is libcurl refusing
            // an answer that is not HTTP ("Received HTTP/0.9 when not allowed").
            return FactsError(.invalidResponse, "\(server) is not the Facts A Day content service: it answered something that is not HTTP")
        case .httpTooManyRedirects, .redirectToNonExistentLocation:
            return FactsError(.invalidResponse, "\(server) is not the Facts A Day content service: it answered with redirects that lead nowhere")
        case .dataLengthExceedsMaximum:
            return tooLarge()
        default:
            // On Linux, libcurl errors without a URL error of their own: a send to a server
            // that closed the connection ("Broken pipe"), a malformed status line, a body
            // shorter than announced, but also a network that is down ("No route to host").
            if answerBegun {
                return FactsError(.serverError, "The answer from the server at \(server) broke off (URL error \(nsError.code))")
            }
            if connected {
                return FactsError(.serverError, "The server at \(server) closed the connection without answering")
            }
            return FactsError(.network, "Cannot reach the server at \(server) (URL error \(nsError.code))")
        }
    }
}
