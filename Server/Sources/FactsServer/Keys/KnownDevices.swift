import Foundation

/// Key digests the database has lately confirmed, so that a device's every request does not
/// cost a query: `GET /api/metadata` and `GET /api/facts` are otherwise answered from memory.
///
/// The server never deletes a device, but an operator may: an entry is trusted for at most
/// ``lifetime``, after which the database is asked again, so a deleted device is refused
/// by every process within that time. At most ``capacity`` digests are kept; past that the
/// set starts over. A digest is looked up by hashing it, and it says nothing about the key.
final class KnownDevices: @unchecked Sendable {
    /// How long a confirmed digest is trusted.
    static var lifetime: Duration { .seconds(60) }
    /// The most digests kept.
    static var capacity: Int { 100_000 }

    private let uptime: Uptime
    private let lock = NSLock()
    // Guarded by `lock`: the digests confirmed since `since`.
    private var digests: Set<[UInt8]> = []
    private var since: Duration

    init(uptime: Uptime) {
        self.uptime = uptime
        since = uptime.elapsed()
    }

    /// Whether the database confirmed `digest` less than ``lifetime`` ago.
    func contains(_ digest: [UInt8]) -> Bool {
        let now = uptime.elapsed()
        return lock.withLock {
            startOverIfOld(now)
            return digests.contains(digest)
        }
    }

    /// Remembers that the database has `digest`.
    func insert(_ digest: [UInt8]) {
        let now = uptime.elapsed()
        lock.withLock {
            startOverIfOld(now)
            if digests.count >= Self.capacity {
                digests = []
            }
            digests.insert(digest)
        }
    }

    // Call with `lock` held.
    private func startOverIfOld(_ now: Duration) {
        if now - since >= Self.lifetime {
            digests = []
            since = now
        }
    }
}
