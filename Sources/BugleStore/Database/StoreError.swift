import Foundation
import GRDB

/// Why the store could not do what it was asked, with the file it concerns.
///
/// ```swift
/// do {
///     let store = try BugleDatabase.open(at: url)
/// } catch let error as StoreError where error.code == .newerSchema {
///     print(error) // "/…/bugle.sqlite: written by a newer version of Bugle (…); it was left as it is"
/// }
/// ```
///
/// The description is written for the person who gave the file: it says what is wrong with
/// it, never SQLite's own words. Those are in ``detail``, for a log.
public struct StoreError: Error, Hashable, CustomStringConvertible {
    /// The kind of problem. New kinds may be added.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Kind: String, Hashable, Sendable {
            case cannotOpen, notADatabase, corrupt, foreign, newerSchema, invalidData, conflict, readOnly, database
        }

        private let kind: Kind
        private init(_ kind: Kind) { self.kind = kind }

        /// The file could not be opened or created (missing folder, a folder given as the
        /// file, no permission).
        public static let cannotOpen = Code(.cannotOpen)
        /// The file is not an SQLite database (or not a file at all: a device, a pipe).
        public static let notADatabase = Code(.notADatabase)
        /// The file is an SQLite database, but damaged.
        public static let corrupt = Code(.corrupt)
        /// The file is an SQLite database of some other program.
        public static let foreign = Code(.foreign)
        /// The file was written by a newer version of Bugle; it is left untouched.
        public static let newerSchema = Code(.newerSchema)
        /// A stored value could not be read back (an unknown time zone, malformed JSON).
        public static let invalidData = Code(.invalidData)
        /// The write would break an invariant of the store (an item scheduled twice, a
        /// notification id used twice), or the file already holds something it would
        /// replace; nothing was written.
        public static let conflict = Code(.conflict)
        /// A write to a store opened with ``BugleDatabase/openReadOnly(at:)``, or to a file
        /// the system does not let this process write; nothing was written.
        public static let readOnly = Code(.readOnly)
        /// Any other SQLite error.
        public static let database = Code(.database)

        /// The kind's name: `notADatabase`, `newerSchema`, …
        public var description: String { kind.rawValue }
    }

    /// The kind of problem.
    public let code: Code
    /// The database file, when there is one.
    public let path: String?
    /// What went wrong, in a sentence.
    public let message: String
    /// SQLite's own account of the failure, when it comes from SQLite: for a log, not for
    /// the user.
    public let detail: String?

    /// An error of kind `code` about the file at `path`.
    public init(_ code: Code, path: String?, message: String, detail: String? = nil) {
        self.code = code
        self.path = path
        self.message = message
        self.detail = detail
    }

    /// "PATH: message", or the message alone for a store in memory.
    public var description: String {
        guard let path, !path.isEmpty, path != ":memory:" else { return message }
        return "\(path): \(message)"
    }

    /// `error` as a store error when it comes from SQLite, whose codes become the kinds
    /// above; any other error (a cancellation) as it is.
    static func wrapping(_ error: any Error, path: String?) -> any Error {
        guard let error = error as? DatabaseError else { return error }
        let detail = error.description
        switch error.resultCode.primaryResultCode {
        case .SQLITE_NOTADB:
            return StoreError(
                .notADatabase, path: path, message: "not a Bugle database: the file is not an SQLite database; it was left as it is", detail: detail)
        case .SQLITE_CORRUPT:
            return StoreError(.corrupt, path: path, message: "the database is damaged; move it aside and start a new one", detail: detail)
        case .SQLITE_CONSTRAINT:
            return StoreError(
                .conflict, path: path, message: "the change would break a rule of the store (a value used twice, or one missing); nothing was written",
                detail: detail)
        case .SQLITE_READONLY:
            return StoreError(
                .readOnly, path: path, message: "the store cannot be written (opened read-only, or the file or its folder is read-only); nothing was written",
                detail: detail)
        case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_AUTH:
            return StoreError(.cannotOpen, path: path, message: "cannot open the file (no permission, or its folder is missing)", detail: detail)
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return StoreError(.database, path: path, message: "the store is busy: another program is writing it; try again when it is done", detail: detail)
        case .SQLITE_FULL:
            return StoreError(.database, path: path, message: "the disk is full; nothing was written", detail: detail)
        case .SQLITE_IOERR:
            return StoreError(.database, path: path, message: "the file could not be read or written (an input/output error)", detail: detail)
        case .SQLITE_NOMEM:
            return StoreError(.database, path: path, message: "there is not enough memory to use the store", detail: detail)
        default:
            return StoreError(.database, path: path, message: "the store could not be used (an unexpected database error)", detail: detail)
        }
    }
}
