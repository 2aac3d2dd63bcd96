import BugleStore
import Foundation

/// Where `bugle simulate --db` keeps its run: checked before the run, written after it.
///
/// The run goes to a store in memory; only a run that succeeds becomes the file, in one
/// rename, so that a failed run leaves the file and its folder as they were.
struct SimulationStore {
    /// The file the run goes to.
    let url: URL
    /// The run's store, in memory.
    let store: BugleDatabase

    /// Checks that `path` may take a run: no file yet (in a folder that exists), an empty
    /// file, or a Bugle store that holds nothing.
    init(path: String) throws {
        let url = URL(fileURLWithPath: path)
        self.url = url
        try storeReportingErrors {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.resolvingSymlinksInPath().path) else {
                let folder = url.deletingLastPathComponent()
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
                    throw StoreError(.cannotOpen, path: path, message: "cannot create the store: the folder \(folder.path) does not exist")
                }
                return
            }
            if attributes[.type] as? FileAttributeType == .typeRegular, (attributes[.size] as? NSNumber)?.intValue == 0 { return }
            // Anything else must be a store that holds nothing; what is not a store is refused here.
            let existing = try BugleDatabase.openReadOnly(at: url)
            if try !existing.ledger().isEmpty || !existing.events().isEmpty {
                throw StoreError(.conflict, path: path, message: "already holds a simulation; choose a new file or delete this one")
            }
            if try !existing.isEmpty() {
                throw StoreError(.conflict, path: path, message: "already holds an app's data; choose a new file")
            }
        }
        store = try storeReportingErrors { try BugleDatabase.inMemory() }
    }

    /// Writes the run's store to the file, whole.
    func save() throws {
        try storeReportingErrors { try store.save(to: url) }
    }
}
