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
public struct StoreError: Error, Hashable, CustomStringConvertible {
    /// The kind of problem. New kinds may be added.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Kind: String, Hashable, Sendable {
            case cannotOpen, notADatabase, corrupt, foreign, newerSchema, invalidData, conflict, database
        }

        private let kind: Kind
        private init(_ kind: Kind) { self.kind = kind }

        /// The file could not be opened or created (missing folder, no permission).
        public static let cannotOpen = Code(.cannotOpen)
        /// The file is not an SQLite database.
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
        /// notification id used twice); nothing was written.
        public static let conflict = Code(.conflict)
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

    /// An error of kind `code` about the file at `path`.
    public init(_ code: Code, path: String?, message: String) {
        self.code = code
        self.path = path
        self.message = message
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
        let detail = error.message ?? "\(error.resultCode)"
        switch error.resultCode.primaryResultCode {
        case .SQLITE_NOTADB:
            return StoreError(.notADatabase, path: path, message: "not a Bugle database: the file is not an SQLite database (\(detail))")
        case .SQLITE_CORRUPT:
            return StoreError(.corrupt, path: path, message: "the database is damaged (\(detail)); move it aside and start a new one")
        case .SQLITE_CONSTRAINT:
            return StoreError(.conflict, path: path, message: "\(detail); nothing was written")
        case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_READONLY:
            return StoreError(.cannotOpen, path: path, message: "cannot open the database (\(detail))")
        default:
            return StoreError(.database, path: path, message: detail)
        }
    }
}
