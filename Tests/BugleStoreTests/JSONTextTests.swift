import Bugle
import Testing

@testable import BugleStore

/// The store's hand-written JSON, which payloads, contents and event details go through.
@Suite struct JSONTextTests {
    static let values: [JSONValue] = [
        .null, .bool(true), .int(-42), .int(Int.max), .double(0.1), .double(2.0), .double(-1.5e-300), .string(""),
        .string("quote \" backslash \\ slash / tab \t newline \n bell \u{7} é 漢字 🐙"),
        .array([]), .object([:]), .array([.int(1), .array([.null]), .object(["k": .bool(false)])]),
        .object(["b": .int(1), "a": .object(["nested": .array([.string("x"), .double(3.25)])])]),
    ]

    @Test(arguments: values)
    func valuesComeBackAsTheyWere(value: JSONValue) {
        #expect(JSONText.parse(JSONText.string(value)) == value)
    }

    @Test func keysAreSortedAndOutputIsCompact() {
        #expect(JSONText.string(.object(["b": 1, "a": .array([true, .null])])) == #"{"a":[true,null],"b":1}"#)
    }

    @Test func escapesOfOtherWritersAreRead() {
        #expect(
            JSONText.parse(#" { "s" : "\u00e9\ud83d\udc19\/\b\f" , "n": [ 1e3, -0.5, 12 ] } "#)
                == .object(["s": .string("é🐙/\u{8}\u{C}"), "n": .array([.double(1000), .double(-0.5), .int(12)])]))
    }

    @Test(arguments: ["", "{", "[1,]", "{\"a\" 1}", "tru", "\"open", "1 2", "{\"a\":1,}", "\"\\ud83d\"", "\"\\x\""])
    func malformedTextIsRefused(text: String) {
        #expect(JSONText.parse(text) == nil)
    }
}
