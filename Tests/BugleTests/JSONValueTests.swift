import Bugle
import Foundation
import Testing

@Suite("JSON values in state and payloads")
struct JSONValueTests {
    @Test func decodesEachKindAsItIs() throws {
        let json = #"{"flag": true, "count": 3, "ratio": 2.5, "name": "Ana", "none": null, "list": [1, "a", false], "nested": {"x": 1}}"#
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(json.utf8))
        guard case .object(let object) = value else {
            Issue.record("expected an object, got \(value)")
            return
        }
        #expect(object["flag"] == .bool(true))
        #expect(object["count"]?.number == 3)
        #expect(object["ratio"] == .double(2.5))
        #expect(object["name"] == .string("Ana"))
        #expect(object["none"] == .null)
        #expect(object["list"]?.description == #"[1, "a", false]"#)
        #expect(object["nested"] == .object(["x": 1]))
    }

    /// 1 and 0 are numbers, not booleans.
    @Test func numbersAreNotBooleans() throws {
        let values = try JSONDecoder().decode([JSONValue].self, from: Data("[1, 0, true]".utf8))
        #expect(values[0].number == 1)
        #expect(values[1].number == 0)
        #expect(values[2] == .bool(true))
        #expect(Condition.equals(key: "n", value: 1).evaluate(AppState(["n": values[0]])))
    }

    @Test func roundTrips() throws {
        let value: JSONValue = .object(["a": .array([1, 2.5, "x", true, .null]), "b": .object(["c": "d"])])
        let data = try JSONEncoder().encode(value)
        #expect(try JSONDecoder().decode(JSONValue.self, from: data) == value)
    }

    @Test func descriptionsAreStable() {
        #expect(JSONValue.object(["b": 1, "a": "x"]).description == #"{"a": "x", "b": 1}"#)
        #expect(JSONValue.null.description == "null")
    }

    @Test func stateDates() {
        let state: AppState = ["seconds": 1_767_225_600, "text": "2026-01-01T00:00:00Z", "local": "2026-01-01T00:00", "flag": true]
        #expect(state.date("seconds") == utc(2026, 1, 1))
        #expect(state.date("text") == utc(2026, 1, 1))
        #expect(state.date("local") == nil)
        #expect(state.date("flag") == nil)
        #expect(state.date("missing") == nil)
    }
}
