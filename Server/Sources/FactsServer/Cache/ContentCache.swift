import Foundation

/// The encoded answers of `GET /api/metadata` and `GET /api/facts`, kept in memory for the
/// corpus version they were built at: only an import changes them.
///
/// Several server processes may share one database, and an import may come through any of
/// them or through `facts-server import`. So each process reads the corpus version
/// (``FactsDatabase/corpusVersion()``, one indexed row) at most once per `checkInterval`, and
/// drops every answer when it has changed: an answer is at most `checkInterval` (plus one
/// read) older than the database. While one request reads the version, the others go on
/// with the last one read instead of waiting.
///
/// Memory is bounded: past ``maximumBytes`` the cache starts over, and answers are built
/// again as they are asked for.
final class ContentCache: @unchecked Sendable {
    /// How long a corpus version read from the database is trusted.
    let checkInterval: Duration
    /// The most bytes of answers kept, both encodings together.
    static var maximumBytes: Int { 64 << 20 }

    private let database: FactsDatabase
    private let uptime: Uptime
    private let lock = NSLock()
    // Guarded by `lock`.
    private var state = State()

    private struct State {
        var version: Int?
        var checkedAt: Duration?
        var isChecking = false
        var answers: [String: EncodedAnswer] = [:]
        var byteCount = 0
    }

    init(database: FactsDatabase, uptime: Uptime, checkInterval: Duration) {
        self.database = database
        self.uptime = uptime
        self.checkInterval = checkInterval
    }

    /// The corpus version answers are served at now: the one read last when it was read less
    /// than ``checkInterval`` ago or is being read again, else the database's.
    func version() async throws -> Int {
        let now = uptime.elapsed()
        let known: Int? = lock.withLock {
            if let version = state.version, let checkedAt = state.checkedAt,
                now - checkedAt < checkInterval || state.isChecking
            {
                return version
            }
            state.isChecking = true
            return nil
        }
        if let known { return known }
        let version: Int
        do {
            version = try await database.corpusVersion()
        } catch {
            lock.withLock { state.isChecking = false }
            throw error
        }
        lock.withLock {
            if state.version != version {
                state.answers = [:]
                state.byteCount = 0
                state.version = version
            }
            // The time the read began: an answer is never trusted for longer than the interval.
            state.checkedAt = now
            state.isChecking = false
        }
        return version
    }

    /// The answer kept for `key` at `version`, if there is one.
    func answer(for key: String, at version: Int) -> EncodedAnswer? {
        lock.withLock {
            state.version == version ? state.answers[key] : nil
        }
    }

    /// Keeps `answer` for `key` while the corpus stays at `version`; forgets it at once when
    /// the version has changed since.
    func keep(_ answer: EncodedAnswer, for key: String, at version: Int) {
        lock.withLock {
            guard state.version == version else { return }
            if state.byteCount + answer.byteCount > Self.maximumBytes {
                state.answers = [:]
                state.byteCount = 0
            }
            if let previous = state.answers.updateValue(answer, forKey: key) {
                state.byteCount -= previous.byteCount
            }
            state.byteCount += answer.byteCount
        }
    }
}
