import Bugle
import BugleSimulator

extension JSONValue {
    /// The whole number under `key` of an event value the recipe checked when the file was read.
    func int(_ key: String) -> Int {
        guard case .object(let entries) = self, case .int(let value)? = entries[key] else { return 0 }
        return value
    }

    /// The number under `key` of an event value the recipe checked when the file was read.
    func double(_ key: String) -> Double {
        guard case .object(let entries) = self else { return 0 }
        return entries[key]?.number ?? 0
    }

    /// The truth value under `key` of an event value the recipe checked when the file was read.
    func bool(_ key: String) -> Bool {
        guard case .object(let entries) = self, case .bool(let value)? = entries[key] else { return false }
        return value
    }

    /// The text under `key` of an event value the recipe checked when the file was read.
    func string(_ key: String) -> String {
        guard case .object(let entries) = self, case .string(let value)? = entries[key] else { return "" }
        return value
    }
}
