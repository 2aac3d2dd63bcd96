import Bugle
import BugleStore
import Foundation
import Testing

/// Typed flags and preferences.
@Suite struct FlagTests {
    @Test func flagsKeepTheirTypes() throws {
        let store = try BugleDatabase.inMemory()
        let asked = FlagKey<Bool>("permissionAsked")
        let time = FlagKey<LocalTimePreference>("notificationTime")
        let categories = FlagKey<[String]>("selectedCategories")
        #expect(try store.value(asked) == nil)
        try store.set(asked, to: true)
        try store.set(time, to: LocalTimePreference(hour: 9, minute: 0))
        try store.set(categories, to: ["science", "space"])
        #expect(try store.value(asked) == true)
        #expect(try store.value(time) == LocalTimePreference(hour: 9, minute: 0))
        #expect(try store.value(categories) == ["science", "space"])
        try store.set(asked, to: nil)
        #expect(try store.value(asked) == nil)
    }

    @Test func aFlagPerDayIsSeparateFromTheNextDay() throws {
        let store = try BugleDatabase.inMemory()
        let shown = FlagKey<Bool>.perfectDayShown
        let march2 = LocalDate("2026-03-02")
        try store.set(shown.on(march2), to: true)
        #expect(try store.value(shown.on(march2)) == true)
        #expect(try store.value(shown.on(march2.adding(days: 1))) == nil)
        #expect(try store.value(shown) == nil)
    }

    @Test func readingAFlagAsAnotherTypeIsAClearError() throws {
        let store = try BugleDatabase.inMemory()
        try store.set(FlagKey<String>("streak"), to: "seven")
        let error = try #require(throws: StoreError.self) { try store.value(FlagKey<Int>("streak")) }
        #expect(error.code == .invalidData)
        #expect(error.message.contains("streak"))
    }

    @Test func keysDeclaredAsTheDocumentationShowsWork() throws {
        let store = try BugleDatabase.inMemory()
        try store.set(.permissionAsked, to: true)
        #expect(try store.value(.permissionAsked) == true)
        #expect(FlagKey<Bool>.perfectDayShown.on(LocalDate("2026-03-02")).name == "perfectDayShown@2026-03-02")
    }

    struct LocalTimePreference: Codable, Hashable, Sendable {
        var hour: Int
        var minute: Int
    }
}

extension FlagKey<Bool> {
    static var permissionAsked: Self { FlagKey("permissionAsked") }
    static var perfectDayShown: Self { FlagKey("perfectDayShown") }
}
