import Bugle
import Foundation
import Testing

/// `TimeZone(ianaName:)` takes every name of the system's time zone database: the zones and
/// their links, as `tzdata.zi` lists them, not only `TimeZone.knownTimeZoneIdentifiers`.
@Suite struct ZoneNameTests {
    /// Every zone and link name in the system's database, where it has one.
    static let databaseNames: [String] = {
        guard let text = try? String(contentsOfFile: "/usr/share/zoneinfo/tzdata.zi", encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            switch words.first {
            case "Z"?: return words.count > 1 ? String(words[1]) : nil
            case "L"?: return words.count > 2 ? String(words[2]) : nil
            default: return nil
            }
        }
    }()

    @Test func everyNameOfTheSystemsDatabaseIsAccepted() throws {
        try #require(Self.databaseNames.count > 400, "no tzdata.zi on this system")
        let refused = Self.databaseNames.filter { TimeZone(ianaName: $0) == nil }
        #expect(refused.isEmpty, "refused: \(refused.prefix(20))")
        // Names that TimeZone.knownTimeZoneIdentifiers leaves out.
        for name in ["Asia/Kolkata", "Etc/GMT-14", "EST", "US/Eastern", "Etc/UTC", "Zulu"] where Self.databaseNames.contains(name) {
            #expect(TimeZone(ianaName: name) != nil, "\(name)")
        }
    }

    @Test func etcZonesReadTheirSignAsIANADoes() throws {
        let plus14 = try #require(TimeZone(ianaName: "Etc/GMT-14"))
        #expect(plus14.secondsFromGMT(for: utc(2026, 1, 1)) == 14 * 3600)
    }

    @Test(arguments: [
        "GMT+5", "GMT+0530", "UTC+3", "Mars/Olympus_Mons", "", "America/New_York ", "../../etc/passwd", "america/new_york", "America/New\u{200B}_York",
    ])
    func otherNamesAreRefused(name: String) {
        #expect(TimeZone(ianaName: name) == nil)
    }
}
