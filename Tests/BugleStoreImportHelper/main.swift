// A child process for BugleStoreTests: imports COUNT items into QUEUE of the store at PATH
// in one transaction, writing "progress IMPORTED TOTAL" after every 1% and "done" at the
// end, so that a test can kill it with SIGKILL in the middle.
import BugleStore
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 4, let count = Int(arguments[3]) else {
    FileHandle.standardError.write(Data("usage: bugle-store-import PATH QUEUE COUNT\n".utf8))
    exit(2)
}
do {
    let store = try BugleDatabase.open(at: URL(fileURLWithPath: arguments[1]))
    let items = (0..<count).lazy.map { index in
        DripItem(
            id: "child-\(index)", language: "en", category: "science", difficulty: "beginner", title: "Fact \(index)",
            body: "Child fact number \(index), long enough to make the import take a while.")
    }
    try store.importItems(items, into: arguments[2]) { progress in
        FileHandle.standardOutput.write(Data("progress \(progress.imported) \(progress.total)\n".utf8))
    }
    FileHandle.standardOutput.write(Data("done\n".utf8))
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
