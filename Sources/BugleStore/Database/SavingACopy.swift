import Foundation
import GRDB

extension BugleDatabase {
    /// Writes the whole store to the file at `url` in one step, replacing what is there: a
    /// store built in memory becomes a file only once it is complete.
    ///
    /// A compact copy is written beside `url` under a temporary name, flushed to the disk,
    /// then renamed to `url`. The file at `url` therefore holds either what it held before or
    /// the whole store, never a part of it, and a failure leaves nothing beside it. A
    /// symbolic link at `url` is followed, not replaced.
    ///
    /// The caller decides what may be replaced (``isEmpty()`` tells whether a store holds
    /// anything). A file with a `-wal` or `-journal` file beside it is refused: a program
    /// has it open, or stopped while writing it, and its log would be read into the copy.
    ///
    /// ```swift
    /// let run = try BugleDatabase.inMemory()
    /// // … a simulation writes to run …
    /// try run.save(to: URL(fileURLWithPath: "run.sqlite"))
    /// ```
    public func save(to url: URL) throws {
        let target = url.resolvingSymlinksInPath()
        let folder = target.deletingLastPathComponent()
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw StoreError(.cannotOpen, path: url.path, message: "cannot create the store: the folder \(folder.path) does not exist")
        }
        if FileManager.default.fileExists(atPath: target.path, isDirectory: &isFolder), isFolder.boolValue {
            throw StoreError(.cannotOpen, path: url.path, message: "is a folder, not a database file")
        }
        if let log = ["-wal", "-journal"].map({ target.path + $0 }).first(where: FileManager.default.fileExists(atPath:)) {
            throw StoreError(
                .conflict, path: url.path, message: "is open in another program, or one stopped while writing it (\(log) is beside it); nothing was written")
        }
        let temporary = folder.appendingPathComponent(".\(target.lastPathComponent).\(UUID().uuidString.prefix(8)).partial")
        do {
            try connection.unsafeRead { db in try db.execute(sql: "VACUUM INTO ?", arguments: [temporary.path]) }
            let handle = try FileHandle(forUpdating: temporary)
            try handle.synchronize()
            try handle.close()
            guard rename(temporary.path, target.path) == 0 else {
                let reason = String(cString: strerror(errno))
                throw StoreError(.cannotOpen, path: url.path, message: "cannot write the store there: \(reason.prefix(1).lowercased() + reason.dropFirst())")
            }
        } catch {
            for leftover in [temporary.path, temporary.path + "-journal"] { try? FileManager.default.removeItem(atPath: leftover) }
            if let error = error as? StoreError { throw error }
            if error is DatabaseError { throw StoreError.wrapping(error, path: url.path) }
            throw StoreError(.cannotOpen, path: url.path, message: "cannot write the store in the folder \(folder.path)")
        }
    }
}
