import Foundation

/// Writes registrations in batches: while one batch is being written, the registrations that
/// arrive wait, and the next statement stores all of them (up to ``maximumBatch``).
///
/// Under load a registration then costs a share of one statement and one commit, instead of
/// a statement, a commit and (on SQLite, with its one connection) a turn of its own; alone, it
/// is written at once. A failed statement fails every registration of its batch.
final class DeviceWriter: @unchecked Sendable {
    /// The most registrations one statement stores.
    static var maximumBatch: Int { 200 }

    private let database: FactsDatabase
    private let lock = NSLock()
    // Guarded by `lock`: the registrations waiting, and whether a task is writing.
    private var waiting: [(device: NewDevice, written: CheckedContinuation<Void, any Error>)] = []
    private var isWriting = false

    init(database: FactsDatabase) {
        self.database = database
    }

    /// Stores `device`, returning once it is committed.
    func insert(_ device: NewDevice) async throws {
        try await withCheckedThrowingContinuation { (written: CheckedContinuation<Void, any Error>) in
            let startsWriting = lock.withLock {
                waiting.append((device, written))
                guard !isWriting else { return false }
                isWriting = true
                return true
            }
            if startsWriting {
                Task { await self.writeWaiting() }
            }
        }
    }

    /// Writes batches until none is waiting.
    private func writeWaiting() async {
        while true {
            let batch = lock.withLock {
                let batch = Array(waiting.prefix(Self.maximumBatch))
                waiting.removeFirst(batch.count)
                if batch.isEmpty { isWriting = false }
                return batch
            }
            guard !batch.isEmpty else { return }
            do {
                try await database.insertDevices(batch.map(\.device))
                for entry in batch { entry.written.resume() }
            } catch {
                for entry in batch { entry.written.resume(throwing: error) }
            }
        }
    }
}
