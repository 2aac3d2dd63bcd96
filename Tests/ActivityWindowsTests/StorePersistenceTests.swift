import ActivityWindows
import Bugle
import BugleStore
import Foundation
import Testing

/// The controller's memory kept in the app's Bugle store (a SQLite file) as a typed flag and
/// read back by the next launch.
@Suite struct ActivityStorePersistenceTests {
    let now = instant("2026-03-22T06:05+02:00")
    let winter = 7200
    let memoryKey = FlagKey<ActivityController.Memory>("activityWindows.memory")

    /// Onboards with `status` as the answer, stores the memory in a new SQLite file, and
    /// returns the memory read from the file reopened, as the next launch reads it.
    func relaunchedMemory(answer status: AuthorizationStatus) throws -> ActivityController.Memory {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bugle-activity-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("bugle.sqlite")
        do {
            var controller = ActivityController()
            _ = controller.handle(.onboardingCompleted(luna, version: "1.0.0", offset: winter), now: now)
            _ = controller.handle(.explanationAnswered(accepted: true), now: now)
            _ = controller.handle(.authorizationAnswered(status), now: now)
            try BugleDatabase.open(at: file).set(memoryKey, to: controller.memory)
        }
        return try #require(try BugleDatabase.open(at: file).value(memoryKey))
    }

    @Test func anUpdateIsStillSeenAfterARelaunch() throws {
        var controller = ActivityController(state: ActivityState(profile: luna), memory: try relaunchedMemory(answer: .authorized), status: .authorized)
        #expect(controller.memory.storedVersion == "1.0.0")
        #expect(controller.handle(.appOpened(version: "1.1.0", offset: winter), now: now) == [.cancelAll, .replan(.appUpdated(offsetChange: nil))])
    }

    /// The offset of the last replan is remembered: the first background task after a
    /// relaunch across a DST change is still logged as a DST reschedule.
    @Test func aDSTChangeIsStillSeenAfterARelaunch() throws {
        var controller = ActivityController(state: ActivityState(profile: luna), memory: try relaunchedMemory(answer: .authorized), status: .authorized)
        #expect(controller.handle(.backgroundTask(offset: 10_800), now: now) == [.replan(.offsetChanged(OffsetChange(old: winter, new: 10_800)))])
    }
}
