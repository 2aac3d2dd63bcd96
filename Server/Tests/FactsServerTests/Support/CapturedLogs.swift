import Foundation
import Logging

/// A log handler that keeps every record, for tests that read what the server logged.
final class CapturedLogs: @unchecked Sendable {
    struct Record: Sendable {
        let level: Logger.Level
        let message: String
        let metadata: [String: String]

        /// The message and its metadata as one text, to search.
        var text: String { ([message] + metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }).joined(separator: " ") }
    }

    private let lock = NSLock()
    private var kept: [Record] = []

    var records: [Record] { lock.withLock { kept } }

    /// A logger whose records land here, at `level` and above.
    func logger(level: Logger.Level = .info) -> Logger {
        var logger = Logger(label: "captured") { _ in Handler(logs: self) }
        logger.logLevel = level
        return logger
    }

    fileprivate func append(_ record: Record) {
        lock.withLock { kept.append(record) }
    }

    private struct Handler: LogHandler {
        let logs: CapturedLogs
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            var all = metadata
            all.merge(event.metadata ?? [:]) { $1 }
            logs.append(Record(level: event.level, message: "\(event.message)", metadata: all.mapValues { "\($0)" }))
        }
    }
}
