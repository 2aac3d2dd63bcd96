import CYaml
import Foundation

/// A check of a YAML text's shape before it is composed into nodes, on libyaml's events
/// (the parser Yams is built on): what a scenario file never needs and an attacker would
/// use is refused within milliseconds, with its line and column.
///
/// - Anchors and aliases (`&name`, `*name`): a "billion laughs" document of a dozen lines
///   expands into billions of nodes, and an alias as a mapping key makes Yams hash the
///   whole expansion while it composes.
/// - More than ``maximumNodes`` nodes or nesting deeper than ``maximumDepth``.
///
/// A syntax error is left to Yams, whose message is the better one.
enum YAMLShape {
    /// Far more than any scenario holds (the largest example has about 3,000 nodes).
    static let maximumNodes = 1_000_000
    /// Far deeper than any scenario nests (the deepest example nests 6 levels).
    static let maximumDepth = 100

    static func check(_ text: String, file: String?) throws {
        var bytes = Array(text.utf8)
        if bytes.isEmpty { return }
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return }
        defer { yaml_parser_delete(&parser) }
        try bytes.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            yaml_parser_set_input_string(&parser, base, buffer.count)
            var nodes = 0
            var depth = 0
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else { return }
                defer { yaml_event_delete(&event) }
                let mark = event.start_mark
                func refuse(_ message: String) -> ScenarioError {
                    ScenarioError(file: file, line: Int(mark.line) + 1, column: Int(mark.column) + 1, message: message)
                }
                let anchored: Bool
                switch event.type {
                case YAML_STREAM_END_EVENT:
                    return
                case YAML_ALIAS_EVENT:
                    throw refuse("YAML aliases (*name) are not supported in scenario files; write the value out (or quote text that starts with *)")
                case YAML_SCALAR_EVENT:
                    anchored = event.data.scalar.anchor != nil
                    nodes += 1
                case YAML_SEQUENCE_START_EVENT:
                    anchored = event.data.sequence_start.anchor != nil
                    nodes += 1
                    depth += 1
                case YAML_MAPPING_START_EVENT:
                    anchored = event.data.mapping_start.anchor != nil
                    nodes += 1
                    depth += 1
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    anchored = false
                    depth -= 1
                default:
                    anchored = false
                }
                if anchored {
                    throw refuse("YAML anchors (&name) are not supported in scenario files; write the value out (or quote text that starts with &)")
                }
                if nodes > maximumNodes { throw refuse("the file holds more than \(maximumNodes) values; a scenario needs far fewer") }
                if depth > maximumDepth { throw refuse("values nest more than \(maximumDepth) levels deep; a scenario needs far fewer") }
            }
        }
    }
}
