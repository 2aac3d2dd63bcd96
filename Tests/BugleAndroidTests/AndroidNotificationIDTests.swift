import BugleAndroid
import Testing

@Suite("Android notification ids")
struct AndroidNotificationIDTests {
    @Test("the hash is 32-bit FNV-1a of the UTF-8 bytes with the sign bit cleared")
    func hashValues() {
        // FNV-1a("") = 0x811c9dc5, FNV-1a("a") = 0xe40c292c (the published test vectors).
        #expect(AndroidNotificationID.hashed("").rawValue == 0x011C_9DC5)
        #expect(AndroidNotificationID.hashed("a").rawValue == 0x640C_292C)
        #expect(AndroidNotificationID.hashed("bugle.morning@2026-03-01") == AndroidNotificationID.hashed("bugle.morning@2026-03-01"))
    }

    @Test("ids are positive and probing wraps from Int32.max to 1")
    func range() {
        #expect(AndroidNotificationID(rawValue: 0) == nil)
        #expect(AndroidNotificationID(rawValue: -5) == nil)
        #expect(AndroidNotificationID(rawValue: Int32.max)!.next.rawValue == 1)
        #expect(AndroidNotificationID(rawValue: 41)!.next.rawValue == 42)
    }

    @Test("200,000 ids get distinct positive numbers, collisions resolved by probing")
    func manyIDs() throws {
        let ids = (0..<200_000).map { "bugle.facts.\($0)" }
        var table = AndroidIDTable()
        let numbers = table.assign(ids)
        #expect(Set(numbers).count == ids.count)
        #expect(numbers.allSatisfy { $0.rawValue > 0 })
        // Among 200,000 31-bit hashes some collide (24 of these): those ids moved on.
        let moved = zip(ids, numbers).filter { AndroidNotificationID.hashed($0.0) != $0.1 }
        #expect(!moved.isEmpty)
        for (id, number) in moved {
            #expect(table.holder(of: AndroidNotificationID.hashed(id)) != id)
            #expect(number != AndroidNotificationID.hashed(id))
        }
        // The same ids in another order give the same numbers.
        var shuffled = AndroidIDTable()
        var generator = SplitMix(seed: 7)
        shuffled.assign(ids.shuffled(using: &generator))
        #expect(shuffled == table)
    }

    @Test("two ids with the same hash get different numbers, the later string the next one")
    func realCollision() {
        // Found by search: both hash to 1495437404.
        #expect(AndroidNotificationID.hashed("bugle.facts.51089") == AndroidNotificationID.hashed("bugle.facts.184330"))
        var table = AndroidIDTable()
        table.assign(["bugle.facts.51089", "bugle.facts.184330"])
        #expect(table["bugle.facts.184330"]?.rawValue == 1_495_437_404)
        #expect(table["bugle.facts.51089"]?.rawValue == 1_495_437_405)
    }

    @Test("a number taken by another id or reserved moves a new id to the next free one")
    func collisions() throws {
        let hash = AndroidNotificationID.hashed("bugle.b")
        var table = try #require(AndroidIDTable(["bugle.a": hash]))
        table.assign(["bugle.b"], reserved: [hash.next])
        #expect(table["bugle.b"] == hash.next.next)
        #expect(table["bugle.a"] == hash)
    }

    @Test("an id keeps its number while it stays in the table, and a freed number is given again")
    func stability() throws {
        var table = AndroidIDTable()
        table.assign(["bugle.x", "bugle.y"])
        let x = try #require(table["bugle.x"])
        table.assign(["bugle.z", "bugle.x"])
        #expect(table["bugle.x"] == x)
        table.retain(only: ["bugle.y", "bugle.z"])
        #expect(table["bugle.x"] == nil)
        #expect(table.holder(of: x) == nil)
        let recorded = table.record("bugle.w", holds: x)
        let refused = table.record("bugle.v", holds: x)
        #expect(recorded)
        #expect(!refused)
        #expect(AndroidIDTable(["a": x, "b": x]) == nil)
    }
}

/// A seeded generator, so that a shuffle is the same at every run.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
