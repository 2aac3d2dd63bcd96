import Dispatch
import Testing

/// Runs each test on a thread of its own rather than on the Swift concurrency pool, for
/// tests that measure time: other suites in the process run synchronous work on the pool for
/// many seconds (child processes, long simulations), and with both of this machine's pool
/// threads held, an async test waits that long before its next step, whatever the code under
/// test did.
struct OwnThreads: TestTrait, SuiteTrait, TestScoping {
    var isRecursive: Bool { true }

    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        try await withTaskExecutorPreference(SerialQueueExecutor()) { try await function() }
    }
}

extension Trait where Self == OwnThreads {
    /// Each test's tasks run on a serial dispatch queue of their own.
    static var ownThreads: Self { OwnThreads() }
}

/// A task executor on a serial dispatch queue: such a queue gets a thread even when every
/// shared one is busy.
final class SerialQueueExecutor: TaskExecutor {
    private let queue = DispatchQueue(label: "FactsADayTests.SerialQueueExecutor")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
