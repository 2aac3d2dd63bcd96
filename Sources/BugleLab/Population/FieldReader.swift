/// A field's name, as a coding key.
struct FieldKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }

    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// Reads one section of a population file: a field that is there is read, one that is not
/// keeps the default population's value, and a field the section does not have is an error
/// that lists the ones it has (a typo must not be ignored).
struct FieldReader {
    private let container: KeyedDecodingContainer<FieldKey>

    init(_ decoder: any Decoder, fields: [String]) throws {
        container = try decoder.container(keyedBy: FieldKey.self)
        for key in container.allKeys where !fields.contains(key.stringValue) {
            throw PopulationError(
                PopulationError.path(decoder.codingPath + [key]), "unknown field; expected one of \(fields.joined(separator: ", "))")
        }
    }

    /// The field `name`, which the section must have.
    func read<T: Decodable>(_ name: String) throws -> T {
        try container.decode(T.self, forKey: FieldKey(name))
    }

    /// The field `name`, or `fallback` when the section does not have it.
    func read<T: Decodable>(_ name: String, or fallback: T) throws -> T {
        try container.decodeIfPresent(T.self, forKey: FieldKey(name)) ?? fallback
    }
}

/// Checks a number against its range: the error names the field and the range.
func check<T: Comparable>(_ field: String, _ value: T, _ range: ClosedRange<T>) throws(PopulationError) {
    guard range.contains(value) else { throw PopulationError(field, "\(value) is outside \(range.lowerBound)…\(range.upperBound)") }
}

/// Checks a number that must be finite against its range.
func check(_ field: String, _ value: Double, _ range: ClosedRange<Double>) throws(PopulationError) {
    guard value.isFinite, range.contains(value) else {
        throw PopulationError(field, "\(value) is outside \(range.lowerBound)…\(range.upperBound)")
    }
}
