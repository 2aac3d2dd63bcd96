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

/// How often and how long to wait before trying a failed request again.
public struct RetryPolicy: Hashable, Sendable {
    /// Retries after the first attempt.
    public var retries: Int
    /// The wait before the first retry; each later wait doubles.
    public var initialDelay: Duration

    /// 3 retries, waiting 1 s, 2 s and 4 s: the seed's exponential backoff.
    public init(retries: Int = 3, initialDelay: Duration = .seconds(1)) {
        self.retries = retries
        self.initialDelay = initialDelay
    }

    /// The wait before retry `retry` (from 1).
    public func delay(beforeRetry retry: Int) -> Duration { initialDelay * (1 << (retry - 1)) }
}

/// Registers the device, fetches metadata and downloads facts into the database.
///
/// A request that fails with ``FactsError/Code/network`` is tried again after the
/// ``RetryPolicy``'s waits, which go through `clock`: a test passes a clock that does not
/// really wait. A refusal (4xx) is not retried. Each page is stored in one transaction
/// before the next is asked for, so an interrupted download keeps whole pages only.
public struct FactsDownloader<C: Clock>: Sendable where C.Duration == Duration {
    /// The content service.
    public var service: any FactsService
    /// Where facts go.
    public var database: FactsDatabase
    /// The clock the backoff waits on.
    public var clock: C
    /// The retries.
    public var retry: RetryPolicy
    /// Facts per page (1…200).
    public var pageSize: Int
    /// The device the app registers as.
    public var device: DeviceInfo

    /// A downloader into `database` from `service`.
    public init(service: any FactsService, database: FactsDatabase, clock: C, retry: RetryPolicy = RetryPolicy(), pageSize: Int = 50,
                device: DeviceInfo = DeviceInfo(platform: "linux", model: "bugle", osVersion: "1")) {
        self.service = service
        self.database = database
        self.clock = clock
        self.retry = retry
        self.pageSize = pageSize
        self.device = device
    }

    /// The language step's Continue: registers the device (once: a stored key is reused,
    /// unless the service no longer knows it), then fetches the metadata in `language` into
    /// the database. Returns the categories.
    public func initialize(language: FactsLanguage) async throws -> [FactCategory] {
        let metadata: FactsMetadata
        if let stored = try database.deviceKey() {
            do {
                metadata = try await withRetries { try await service.metadata(language: language, deviceKey: stored) }
            } catch let error as FactsError where error.serviceCode == "invalid_device_key" {
                metadata = try await registerAndFetch(language)
            }
        } else {
            metadata = try await registerAndFetch(language)
        }
        try database.saveMetadata(categories: metadata.categories, contentTypes: metadata.contentTypes)
        return try database.categories()
    }

    private func registerAndFetch(_ language: FactsLanguage) async throws -> FactsMetadata {
        let key = try await withRetries { try await service.register(device, language: language) }
        try database.saveDeviceKey(key)
        return try await withRetries { try await service.metadata(language: language, deviceKey: key) }
    }

    /// Downloads every page of `query`, storing each in one transaction and reporting the
    /// progress after each. Returns the number of facts downloaded.
    @discardableResult
    public func download(_ query: FactsQuery, progress: @Sendable (DownloadProgress) -> Void = { _ in }) async throws -> Int {
        guard let key = try database.deviceKey() else { throw FactsError(.rejected, "the device is not registered; initialize first") }
        var page = 1
        var downloaded = 0
        while true {
            let current = page
            let answer = try await withRetries { try await service.facts(query, page: current, pageSize: pageSize, deviceKey: key) }
            try database.saveFacts(answer.facts)
            downloaded += answer.facts.count
            progress(DownloadProgress(downloaded: downloaded, total: answer.total))
            if answer.facts.isEmpty || page >= answer.totalPages { return downloaded }
            page += 1
        }
    }

    /// Runs `operation`, trying again after network failures as ``retry`` says.
    func withRetries<T: Sendable>(_ operation: () async throws -> T) async throws -> T {
        var attempt = 0
        while true {
            do {
                return try await operation()
            } catch let error as FactsError where error.code == .network && attempt < retry.retries {
                attempt += 1
                try await clock.sleep(for: retry.delay(beforeRetry: attempt))
            }
        }
    }
}
