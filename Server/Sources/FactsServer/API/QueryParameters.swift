import Foundation
import Hummingbird

/// The query parameters of a request, each read with the checks the contract sets and a
/// 400 naming the parameter when a check fails.
struct QueryParameters: Sendable {
    private let parameters: [(name: String, value: String)]

    init(_ request: Request) {
        parameters = request.uri.queryParameters.map { (String($0.key), String($0.value)) }
    }

    /// The value of `name`, or `nil` when it is absent; a 400 when it is given twice.
    func value(_ name: String) throws(APIError) -> String? {
        let values = parameters.filter { $0.name == name }
        guard values.count <= 1 else {
            throw .invalidParameter(name, "\(name) is given \(values.count) times: give it once")
        }
        return values.first?.value
    }

    /// The required `language`.
    func language() throws(APIError) -> Components.Schemas.Language {
        let codes = Components.Schemas.Language.allCases.map(\.rawValue).joined(separator: ", ")
        guard let code = try value("language") else {
            throw .invalidParameter("language", "language is required: one of \(codes)")
        }
        guard let language = Components.Schemas.Language(rawValue: code) else {
            throw .invalidParameter("language", "language must be one of \(codes), not \"\(code)\"")
        }
        return language
    }

    /// A whole number in `range`, or `defaultValue` when `name` is absent.
    func integer(_ name: String, default defaultValue: Int, in range: ClosedRange<Int>) throws(APIError) -> Int {
        guard let text = try value(name) else { return defaultValue }
        let message = "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), not \"\(text)\""
        guard !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
            let number = Int(text), range.contains(number)
        else {
            throw .invalidParameter(name, message)
        }
        return number
    }

    /// The comma-separated list in `name`, its items without surrounding spaces or repeats,
    /// or `nil` when `name` is absent; a 400 when an item is empty.
    func list(_ name: String) throws(APIError) -> [String]? {
        try Self.list(name, try value(name))
    }

    /// `text`, the value of `name`, read as ``list(_:)`` reads it.
    static func list(_ name: String, _ text: String?) throws(APIError) -> [String]? {
        guard let text else { return nil }
        var items: [String] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            // Spaces only, as the contract's patterns say: a tab is a mistake, not padding.
            let trimmed = item.trimmingCharacters(in: CharacterSet(charactersIn: " "))
            guard !trimmed.isEmpty else {
                throw .invalidParameter(name, "\(name) must be a comma-separated list without empty items, not \"\(text)\"")
            }
            if !items.contains(trimmed) {
                items.append(trimmed)
            }
        }
        return items
    }
}
