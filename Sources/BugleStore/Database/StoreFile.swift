import Foundation
import GRDB
import GRDBSQLite

/// A path given as a store, looked at before SQLite opens it, so that a file Bugle refuses
/// is never written to.
///
/// SQLite writes as soon as a writable connection opens a file: GRDB's `DatabasePool`
/// switches it to write-ahead logging, and a read-only connection to a file in that mode
/// still creates its `-wal` and `-shm` files beside it. So the file is checked first from
/// its bytes alone: what kind of file it is, SQLite's 100-byte header, and then its schema,
/// read from a copy of the file in memory.
struct StoreFile {
    /// What is at the path.
    enum Kind {
        /// Nothing: a writable open creates the file.
        case missing
        /// A file of 0 bytes.
        case empty
        /// A file that starts with SQLite's header, of another program or of none.
        case database(size: Int)
    }

    /// The file.
    let url: URL
    /// What is there.
    let kind: Kind

    /// The file's path, for messages.
    var path: String { url.path }

    /// `Application ID`, at offset 68 of SQLite's header, big-endian.
    private static let applicationIDOffset = 68
    /// "SQLite format 3" and a zero byte: the first 16 bytes of every database file.
    private static let magic = Data("SQLite format 3\u{0}".utf8)

    /// Looks at `url` without writing to it; throws a ``StoreError`` when it can never be a
    /// store: a folder, a device or pipe, a file that is not an SQLite database, or one
    /// another program marked as its own.
    init(_ url: URL) throws {
        self.url = url
        let path = url.path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            kind = .missing
            return
        }
        if isFolder.boolValue {
            throw StoreError(.cannotOpen, path: path, message: "is a folder, not a database file")
        }
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: url.resolvingSymlinksInPath().path)
        } catch {
            throw StoreError(.cannotOpen, path: path, message: "cannot read the file")
        }
        guard attributes[.type] as? FileAttributeType == .typeRegular else {
            throw StoreError(
                .notADatabase, path: path, message: "not a Bugle database: not a regular file (a device, a pipe or a socket); it was left as it is")
        }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        guard size > 0 else {
            kind = .empty
            return
        }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw StoreError(.cannotOpen, path: path, message: "cannot read the file: permission denied")
        }
        let header: Data
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            header = try handle.read(upToCount: 100) ?? Data()
        } catch {
            throw StoreError(.cannotOpen, path: path, message: "cannot read the file")
        }
        guard header.count == 100, header.prefix(16) == Self.magic else {
            throw StoreError(.notADatabase, path: path, message: "not a Bugle database: the file is not an SQLite database; it was left as it is")
        }
        let application = header.dropFirst(Self.applicationIDOffset).prefix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        try Schema.refuseOtherApplications(Int32(bitPattern: application), path: path)
        kind = .database(size: size)
    }

    /// The files SQLite keeps beside a database it is writing: a write-ahead log, or a
    /// rollback journal. When one is there, another program has the database open, or one
    /// stopped in the middle of a write, and the file alone is not the whole database.
    var companions: [URL] {
        ["-wal", "-journal"].map { URL(fileURLWithPath: path + $0) }.filter { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// A read-only connection to the database as it stands, that writes nothing to the file
    /// or beside it.
    ///
    /// Without a write-ahead log or journal beside the file, that is a copy of the file in
    /// memory. With one, SQLite must read it too, through a read-only connection to the file;
    /// SQLite then adds the `-shm` index beside a `-wal` that lacks one.
    ///
    /// A missing or empty file reads as an empty database.
    ///
    /// - Complexity: O(*n*) in the file's size, in time and memory.
    func readOnlyConnection() throws -> DatabaseQueue {
        guard case .database(let size) = kind else {
            return try DatabaseQueue(configuration: BugleDatabase.makeConfiguration())
        }
        if !companions.isEmpty {
            var configuration = BugleDatabase.makeConfiguration()
            configuration.readonly = true
            do {
                return try DatabaseQueue(path: path, configuration: configuration)
            } catch {
                throw StoreError.wrapping(error, path: path)
            }
        }
        return try memoryImage(size: size)
    }

    /// The file's bytes as an in-memory database that cannot be written.
    private func memoryImage(size: Int) throws -> DatabaseQueue {
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue(configuration: BugleDatabase.makeConfiguration())
        } catch {
            throw StoreError.wrapping(error, path: path)
        }
        // SQLite frees the buffer when the connection closes, or when deserializing fails.
        guard let buffer = sqlite3_malloc64(UInt64(size))?.bindMemory(to: UInt8.self, capacity: size) else {
            throw StoreError(.database, path: path, message: "there is not enough memory to read the store")
        }
        var length = 0
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            while length < size, let chunk = try handle.read(upToCount: min(1 << 20, size - length)), !chunk.isEmpty {
                chunk.copyBytes(to: buffer + length, count: chunk.count)
                length += chunk.count
            }
        } catch {
            sqlite3_free(buffer)
            throw StoreError(.cannotOpen, path: path, message: "cannot read the file")
        }
        // Bytes 18 and 19 are 2 in a file in write-ahead-log mode. There is no log beside
        // this copy, so it is read as a file in rollback mode, which is what it is once its
        // log has been folded in.
        if length > 19, buffer[18] == 2, buffer[19] == 2 {
            buffer[18] = 1
            buffer[19] = 1
        }
        do {
            try queue.writeWithoutTransaction { db in
                let flags = UInt32(SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_READONLY)
                let code = sqlite3_deserialize(db.sqliteConnection, "main", buffer, Int64(length), Int64(size), flags)
                guard code == SQLITE_OK else { throw DatabaseError(resultCode: ResultCode(rawValue: code)) }
                db.clearSchemaCache()
            }
        } catch {
            throw StoreError.wrapping(error, path: path)
        }
        return queue
    }
}
