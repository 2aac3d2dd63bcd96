import Foundation

/// How far the download has come.
public struct DownloadProgress: Hashable, Sendable, Codable {
    /// Facts stored so far.
    public var downloaded: Int
    /// Facts the service has for the query.
    public var total: Int

    /// `downloaded` of `total` facts.
    public init(downloaded: Int, total: Int) {
        self.downloaded = downloaded
        self.total = total
    }

    /// 0…100, rounded down; 100 when there is nothing to download.
    public var percentage: Int { total == 0 ? 100 : min(100, downloaded * 100 / total) }
}

/// How often the download tries a page, how long it waits between tries, and how long one
/// step may take in all.
///
/// | value | default | range |
/// | --- | --- | --- |
/// | ``attempts`` | 3 | 1 … 10 |
/// | ``initialDelay`` | 1 s | 0 s … 60 s |
/// | ``budget`` | 14 s | 0.1 s … 600 s |
///
/// The defaults are the seed's `getAllFactsWithRetry(maxRetries = 3)`: 3 attempts in all,
/// waiting 1 s, then 2 s. Only the download tries again on its own; initialization makes one
/// attempt of each request, and the user tries again with Continue.
///
/// The budget bounds one step of ``FactsDownloader``, its requests, retries and waits
/// included: initialization (registration and metadata together), or one page of the
/// download. Each request gets what is left of it. A retry is made only when, after its
/// wait, the budget still has as much time left as the failed attempt took, so that a server
/// that never answers is not asked again just to time out sooner; with the defaults and a
/// 5 s ``NetworkLimits/connect``, a page from a server that never answers is asked twice and
/// given up on after 11 s.
public struct RetryPolicy: Hashable, Sendable {
    /// Attempts in all, the first included.
    public let attempts: Int
    /// The wait before the second attempt; each later wait doubles.
    public let initialDelay: Duration
    /// The longest one step may take, retries and waits included.
    public let budget: Duration

    /// The range ``attempts`` must lie in.
    public static let attemptsRange = 1...10
    /// The range ``initialDelay`` must lie in.
    public static let initialDelayRange: ClosedRange<Duration> = .zero ... .seconds(60)
    /// The range ``budget`` must lie in.
    public static let budgetRange: ClosedRange<Duration> = .milliseconds(100) ... .seconds(600)

    /// 3 attempts, waiting 1 s and 2 s (the seed's exponential backoff), within 14 s: a
    /// failed step shows its error within 15 s.
    public init() {
        attempts = 3
        initialDelay = .seconds(1)
        budget = .seconds(14)
    }

    /// A policy with these values; throws ``FactsError/Code/invalidConfiguration`` naming the
    /// first value outside its range.
    public init(attempts: Int = 3, initialDelay: Duration = .seconds(1), budget: Duration = .seconds(14)) throws {
        guard Self.attemptsRange.contains(attempts) else {
            throw FactsError(
                .invalidConfiguration, "attempts must be between \(Self.attemptsRange.lowerBound) and \(Self.attemptsRange.upperBound), found \(attempts)")
        }
        try NetworkLimits.check("initialDelay", initialDelay, in: Self.initialDelayRange)
        try NetworkLimits.check("budget", budget, in: Self.budgetRange)
        self.attempts = attempts
        self.initialDelay = initialDelay
        self.budget = budget
    }

    /// The wait before retry `retry` (from 1, the second attempt).
    public func delay(beforeRetry retry: Int) -> Duration { initialDelay * (1 << min(max(retry - 1, 0), Self.attemptsRange.upperBound)) }
}

/// Registers the device, fetches metadata and downloads facts into the database.
///
/// Who tries again follows the seed. Initialization makes one attempt of each request: its
/// error shows at once on the language step, whose Continue tries again. A page of the
/// download that fails with a retryable error (``FactsError/Code/isRetryable``: no
/// connection, a timeout, a server failure) is tried again after the ``RetryPolicy``'s waits,
/// up to its ``RetryPolicy/attempts`` and within its ``RetryPolicy/budget``; a refusal (4xx),
/// an answer that is not the content service's, or too large a body is not. The waits and
/// the budget go through `clock`: a test passes a clock that does not really wait.
///
/// Nothing is written until a step's requests have all succeeded, so a failed
/// initialization leaves the database as it was; each page is stored in one transaction
/// before the next is asked for, so an interrupted download keeps whole pages only.
public struct FactsDownloader<C: Clock>: Sendable where C.Duration == Duration {
    /// The content service.
    public var service: any FactsService
    /// Where facts go.
    public var database: FactsDatabase
    /// The clock the backoff waits on and the budget is measured on.
    public var clock: C
    /// The download's attempts, and the budget of each step.
    public var retry: RetryPolicy
    /// Facts per page (1…200).
    public var pageSize: Int
    /// The device the app registers as.
    public var device: DeviceInfo
    /// Where the device key is read from and saved to.
    public var deviceKeys: any DeviceKeyStore

    /// A downloader into `database` from `service`.
    ///
    /// - Parameters:
    ///   - service: The content service.
    ///   - database: Where facts, categories and content types go.
    ///   - clock: The clock the backoff waits on and the budget is measured on.
    ///   - retry: The download's attempts, and the budget of each step.
    ///   - pageSize: Facts per page (1…200).
    ///   - device: The device the app registers as.
    ///   - deviceKeys: Where the device key is kept: `KeychainDeviceKeyStore()` in an app on
    ///     Apple's platforms. A key an earlier version left in `database` is moved into it
    ///     the first time it is read, so the device stays registered. `nil` keeps the key in
    ///     `database` (``DatabaseDeviceKeyStore``), as on Linux.
    public init(
        service: any FactsService, database: FactsDatabase, clock: C, retry: RetryPolicy = RetryPolicy(), pageSize: Int = 50,
        device: DeviceInfo = DeviceInfo(platform: "linux", model: "bugle", osVersion: "1"), deviceKeys: (any DeviceKeyStore)? = nil
    ) {
        self.service = service
        self.database = database
        self.clock = clock
        self.retry = retry
        self.pageSize = pageSize
        self.device = device
        let inDatabase = DatabaseDeviceKeyStore(database: database)
        if let deviceKeys {
            self.deviceKeys = MovingDeviceKeyStore(store: deviceKeys, earlier: inDatabase)
        } else {
            self.deviceKeys = inDatabase
        }
    }

    /// The language step's Continue: registers the device (once: a key in ``deviceKeys`` is
    /// reused, unless the service no longer knows it), then fetches the metadata in
    /// `language`, and only then saves the key to ``deviceKeys`` and the metadata to the
    /// database. Returns the categories.
    ///
    /// Each request is made once, within the ``RetryPolicy/budget`` they share: a failure is
    /// thrown at once, for the language step to show, and the user's Continue tries again.
    public func initialize(language: FactsLanguage) async throws -> [FactCategory] {
        let deadline = clock.now.advanced(by: retry.budget)
        var newKey: String?
        let metadata: FactsMetadata
        if let stored = try deviceKeys.load() {
            do {
                metadata = try await service.metadata(language: language, deviceKey: stored, within: clock.now.duration(to: deadline))
            } catch let error as FactsError where error.serviceCode == "invalid_device_key" {
                (newKey, metadata) = try await registerAndFetch(language, until: deadline)
            }
        } else {
            (newKey, metadata) = try await registerAndFetch(language, until: deadline)
        }
        if let newKey { try deviceKeys.save(newKey) }
        try database.saveMetadata(categories: metadata.categories, contentTypes: metadata.contentTypes)
        return try database.categories()
    }

    private func registerAndFetch(_ language: FactsLanguage, until deadline: C.Instant) async throws -> (String, FactsMetadata) {
        let key = try await service.register(device, language: language, within: clock.now.duration(to: deadline))
        let metadata = try await service.metadata(language: language, deviceKey: key, within: clock.now.duration(to: deadline))
        return (key, metadata)
    }

    /// Downloads every page of `query`, storing each in one transaction and reporting the
    /// progress after each. Returns the number of facts downloaded.
    @discardableResult
    public func download(_ query: FactsQuery, progress: @Sendable (DownloadProgress) -> Void = { _ in }) async throws -> Int {
        guard let key = try deviceKeys.load() else { throw FactsError(.rejected, "the device is not registered; initialize first") }
        var page = 1
        var downloaded = 0
        while true {
            let current = page
            let deadline = clock.now.advanced(by: retry.budget)
            let answer = try await withRetries(until: deadline) {
                try await service.facts(query, page: current, pageSize: pageSize, deviceKey: key, within: $0)
            }
            try database.saveFacts(answer.facts)
            downloaded += answer.facts.count
            progress(DownloadProgress(downloaded: downloaded, total: answer.total))
            if answer.facts.isEmpty || page >= answer.totalPages { return downloaded }
            page += 1
        }
    }

    /// Runs `operation` with the time left until `deadline`, trying again after a retryable
    /// failure as ``retry`` says: only while attempts remain and, after the wait, the time
    /// left is at least what the failed attempt took. A failure after several attempts says
    /// how many there were.
    func withRetries<T: Sendable>(until deadline: C.Instant, _ operation: (Duration) async throws -> T) async throws -> T {
        var tries = 0
        while true {
            tries += 1
            let started = clock.now
            do {
                return try await operation(started.duration(to: deadline))
            } catch let error as FactsError where error.code.isRetryable {
                let failure = tries == 1 ? error : FactsError(error.code, "\(error.message) (\(tries) tries)", serviceCode: error.serviceCode)
                let took = started.duration(to: clock.now)
                let wait = retry.delay(beforeRetry: tries)
                guard tries < retry.attempts, clock.now.duration(to: deadline) - wait >= max(took, .milliseconds(1)) else { throw failure }
                try await clock.sleep(for: wait)
                // A wait that overslept the budget leaves nothing to try with.
                guard clock.now < deadline else { throw failure }
            }
        }
    }
}
