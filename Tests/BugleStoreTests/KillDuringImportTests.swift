import BugleStore
import Foundation
import Testing

/// A process killed with SIGKILL in the middle of a bulk import.
@Suite struct KillDuringImportTests {
    static let batch = 100_000

    @Test(arguments: [5, 50, 95])
    func theDatabaseOpensWithAllOrNoneOfTheBatch(killAtPercent: Int) throws {
        let url = try temporaryFolder().appendingPathComponent("bugle.sqlite")
        try BugleDatabase.open(at: url).importItems(facts(1_000), into: "facts")

        let child = Process()
        child.executableURL = try builtExecutable("bugle-store-import")
        child.arguments = [url.path, "facts", "\(Self.batch)"]
        let output = Pipe()
        child.standardOutput = output
        child.standardError = FileHandle.nullDevice
        try child.run()
        var seen = 0
        var buffer = ""
        reading: while true {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            buffer += String(decoding: chunk, as: UTF8.self)
            while let newline = buffer.firstIndex(of: "\n") {
                let line = buffer[..<newline].split(separator: " ")
                buffer.removeSubrange(...newline)
                if line.count == 3, let imported = Int(line[1]), let total = Int(line[2]), imported * 100 >= total * killAtPercent {
                    seen = imported
                    kill(child.processIdentifier, SIGKILL)
                    break reading
                }
            }
        }
        child.waitUntilExit()
        #expect(child.terminationReason == .uncaughtSignal)
        #expect(child.terminationStatus == SIGKILL)
        #expect(seen > 0)

        // Killed mid-batch, the file holds none of it; had the kill landed after the commit,
        // it would hold all of it. Never a part.
        let store = try BugleDatabase.open(at: url)
        let count = try store.itemCount(in: "facts")
        #expect(count == 1_000 || count == 1_000 + Self.batch, "\(count) items after a kill at \(seen) of \(Self.batch)")
        // The file takes the next import whole.
        try store.importItems(facts(2_000, prefix: "more"), into: "facts")
        #expect(try store.itemCount(in: "facts") == count + 2_000)
    }
}
