import Bugle
import Foundation
import Testing

/// `RecurrenceRule.text(in:)` and `Recurrence.text(in:)`: every valid rule in words, in the
/// eight languages of the content server, from `Recurrence.xcstrings`.
@Suite struct RecurrenceDescriptionTests {
    static func text(_ rule: String, _ language: String = "en") throws -> String {
        try RecurrenceRule(parsing: rule).text(in: language)
    }

    /// The catalog compiled into the module (`RecurrenceCatalogData.swift`) is
    /// `Resources/Recurrence.xcstrings`, the file translators edit, as
    /// `Scripts/embed-recurrence-catalog.py` copies it.
    @Test func theCompiledCatalogIsTheFile() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/Bugle")
        let file = try Data(contentsOf: sources.appendingPathComponent("Resources/Recurrence.xcstrings"))
        let swift = try String(contentsOf: sources.appendingPathComponent("Recurrence/RecurrenceCatalogData.swift"), encoding: .utf8)
        let start = try #require(swift.range(of: "#\"\"\"\n")).upperBound
        let end = try #require(swift.range(of: "\n    \"\"\"#", options: .backwards)).lowerBound
        let compiled = try #require(JSONSerialization.jsonObject(with: Data(swift[start..<end].utf8)) as? NSDictionary)
        let edited = try #require(JSONSerialization.jsonObject(with: file) as? NSDictionary)
        #expect(compiled == edited, "Resources/Recurrence.xcstrings differs from the compiled copy; run Scripts/embed-recurrence-catalog.py")
        // And the compiled copy is what the texts come from.
        #expect(try StringCatalog(data: file, schema: RecurrenceRule.textCatalogSchema).languages == RecurrenceRule.loadTextCatalog().languages)
    }

    @Test func theCatalogLoadsAgainstItsSchema() throws {
        let catalog = try RecurrenceRule.loadTextCatalog()
        #expect(catalog.languages == RecurrenceRule.textLanguages)
        #expect(catalog.sourceLanguage == "en")
        #expect(RecurrenceRule.textCatalogSchema.keys.count > 100)
    }

    /// The weekday and month names of the catalog are CLDR's, as Foundation gives them.
    @Test func weekdayAndMonthNamesAreFoundations() throws {
        let catalog = try RecurrenceRule.loadTextCatalog()
        let keys = Dictionary(uniqueKeysWithValues: RecurrenceRule.textCatalogSchema.keys.map { ($0.name, $0) })
        let codes = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]
        for language in RecurrenceRule.textLanguages {
            var calendar = Calendar(identifier: .gregorian)
            calendar.locale = Locale(identifier: language == "zh" ? "zh-Hans" : language)
            let weekdays = try codes.map { try #require(keys["weekday.\($0)"]) }.map { catalog.string($0, language: language) }
            let months = try (1...12).map { try #require(keys["month.\($0)"]) }.map { catalog.string($0, language: language) }
            #expect(weekdays == calendar.standaloneWeekdaySymbols, "\(language)")
            // Chinese months are numbered (3月) as its dates write them (2027年3月31日), not 三月.
            #expect(months == (language == "zh" ? calendar.shortStandaloneMonthSymbols : calendar.standaloneMonthSymbols), "\(language)")
        }
    }

    @Test func theIssuesExamples() throws {
        #expect(try Self.text("FREQ=WEEKLY;INTERVAL=2;BYDAY=TU") == "every second Tuesday")
        #expect(try Self.text("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1") == "on the last weekday of the month")
        #expect(try Self.text("RSCALE=CHINESE;FREQ=YEARLY;BYMONTH=8;BYMONTHDAY=15") == "every year on the 15th day of the 8th Chinese month")
    }

    /// Written from the rules, part by part.
    static let english: [(String, String)] = [
        ("FREQ=DAILY", "every day"),
        ("FREQ=DAILY;INTERVAL=3", "every 3 days"),
        ("FREQ=SECONDLY;INTERVAL=30;COUNT=4", "every 30 seconds, 4 times"),
        ("FREQ=DAILY;COUNT=1", "every day, once"),
        ("FREQ=WEEKLY;BYDAY=MO,WE,FR", "every week on Monday, Wednesday and Friday"),
        ("FREQ=WEEKLY;BYDAY=FR,MO", "every week on Monday and Friday"),
        ("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;WKST=SU", "every 2 weeks on Monday and Thursday (weeks start on Sunday)"),
        ("FREQ=MONTHLY;BYDAY=2TU", "every month on the 2nd Tuesday of the month"),
        ("FREQ=MONTHLY;BYDAY=-1FR", "every month on the last Friday of the month"),
        ("FREQ=MONTHLY;BYDAY=-2MO", "every month on the 2nd to last Monday of the month"),
        ("FREQ=MONTHLY;BYDAY=MO,1TU", "every month on Mondays and on the 1st Tuesday of the month"),
        ("FREQ=MONTHLY;BYMONTHDAY=-1", "every month on the last day of the month"),
        ("FREQ=MONTHLY;BYMONTHDAY=-3", "every month on the 3rd to last day of the month"),
        ("FREQ=MONTHLY;BYMONTHDAY=15,1,-2", "every month on the 1st, 15th and 2nd to last day of the month"),
        ("FREQ=MONTHLY;BYMONTHDAY=13;BYDAY=FR", "every month on the 13th day of the month, only on Fridays"),
        ("FREQ=MONTHLY;BYDAY=MO,TU;BYSETPOS=1,-1", "every month on Mondays and Tuesdays, only the 1st and last occurrence of each month"),
        ("FREQ=MONTHLY;INTERVAL=3;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=1", "every 3 months on the 1st weekday of the month"),
        ("FREQ=YEARLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", "on the last weekday of the year"),
        ("FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU", "every year in March on the last Sunday of the month"),
        ("FREQ=YEARLY;BYMONTH=11;BYDAY=4TH", "every year in November on the 4th Thursday of the month"),
        ("FREQ=YEARLY;BYDAY=20MO", "every year on the 20th Monday of the year"),
        ("FREQ=YEARLY;BYYEARDAY=1,100,-1", "every year on the 1st, 100th and last day of the year"),
        ("FREQ=YEARLY;BYYEARDAY=21,22,23,111,112", "every year on the 21st, 22nd, 23rd, 111th and 112th day of the year"),
        ("FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO", "every year in the 20th week of the year on Mondays"),
        ("FREQ=YEARLY;BYMONTH=1,2;BYMONTHDAY=1", "every year on the 1st day of January and February"),
        ("FREQ=YEARLY;BYMONTHDAY=1", "every year on the 1st day of every month"),
        (
            "FREQ=YEARLY;INTERVAL=4;BYMONTH=11;BYDAY=TU;BYMONTHDAY=2,3,4,5,6,7,8",
            "every 4 years on the 2nd, 3rd, 4th, 5th, 6th, 7th and 8th day of November, only on Tuesdays"
        ),
        ("FREQ=DAILY;BYDAY=SA,SU;BYMONTH=12", "every day in December on Saturdays and Sundays"),
        ("FREQ=DAILY;BYHOUR=18,9;BYMINUTE=30,0", "every day at 09:00, 09:30, 18:00 and 18:30"),
        ("FREQ=DAILY;BYHOUR=9;BYMINUTE=0;BYSECOND=30", "every day at 09:00:30"),
        ("FREQ=DAILY;BYHOUR=9", "every day in the hour 09:00–09:59"),
        ("FREQ=HOURLY;INTERVAL=2;BYMINUTE=15", "every 2 hours at minute 15"),
        ("FREQ=MINUTELY;INTERVAL=15;BYHOUR=9,10", "every 15 minutes in the hours 09:00–09:59 and 10:00–10:59"),
        ("FREQ=WEEKLY;UNTIL=20270331", "every week, until 31 March 2027"),
        ("FREQ=DAILY;UNTIL=20270331T090000", "every day, until 31 March 2027 at 09:00"),
        ("FREQ=DAILY;UNTIL=20270331T140000Z", "every day, until 31 March 2027 at 14:00 UTC"),
        (
            "RSCALE=GREGORIAN;FREQ=MONTHLY;BYMONTHDAY=31;SKIP=BACKWARD",
            "every month on the 31st day of the month, or the closest earlier date when a date does not exist"
        ),
        ("RSCALE=CHINESE;FREQ=YEARLY;BYMONTH=5L;BYMONTHDAY=1", "every year on the 1st day of the leap 5th Chinese month"),
        ("RSCALE=HEBREW;FREQ=MONTHLY;BYMONTHDAY=1", "every Hebrew month on the 1st day of the month"),
        ("RSCALE=ISLAMIC-CIVIL;FREQ=YEARLY;BYMONTH=9;BYMONTHDAY=1", "every year on the 1st day of the 9th Islamic civil month"),
        ("RSCALE=CHINESE;FREQ=YEARLY;INTERVAL=2", "every 2 Chinese years"),
    ]

    @Test(arguments: english) func inEnglish(_ rule: String, _ expected: String) throws {
        #expect(try Self.text(rule) == expected)
    }

    static let otherLanguages: [(String, String, String)] = [
        ("de", "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU", "jeden zweiten Dienstag"),
        ("de", "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", "am letzten Werktag (Mo–Fr) des Monats"),
        ("de", "FREQ=MONTHLY;BYDAY=2TU", "jeden Monat am 2. Dienstag des Monats"),
        ("de", "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,FR", "alle 2 Wochen am Montag und Freitag"),
        ("de", "FREQ=MONTHLY;BYMONTHDAY=-1", "jeden Monat am letzten Tag des Monats"),
        ("de", "RSCALE=CHINESE;FREQ=YEARLY;BYMONTH=8;BYMONTHDAY=15", "jedes Jahr am 15. Tag im 8. Monat (chinesischer Kalender)"),
        ("de", "FREQ=DAILY;BYHOUR=9;BYMINUTE=0;COUNT=5", "jeden Tag um 09:00, 5-mal"),
        ("de", "FREQ=WEEKLY;UNTIL=20270331", "jede Woche, bis zum 31. März 2027"),
        ("de", "FREQ=MONTHLY;BYMONTHDAY=13;BYDAY=FR", "jeden Monat am 13. Tag des Monats, nur freitags"),

        ("fr", "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU", "un mardi sur deux"),
        ("fr", "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", "le dernier jour ouvré du mois"),
        ("fr", "FREQ=MONTHLY;BYDAY=1MO", "chaque mois le 1er lundi du mois"),
        ("fr", "FREQ=MONTHLY;BYDAY=-2FR", "chaque mois l’avant-dernier vendredi du mois"),
        ("fr", "FREQ=MONTHLY;BYMONTHDAY=1,15", "chaque mois le 1er jour et le 15e jour du mois"),
        ("fr", "FREQ=YEARLY;BYMONTH=3,4", "chaque année en mars et avril"),
        ("fr", "FREQ=DAILY;COUNT=1", "chaque jour, une fois"),
        ("fr", "FREQ=DAILY;UNTIL=20270301", "chaque jour, jusqu’au 1er mars 2027"),
        ("fr", "FREQ=WEEKLY;INTERVAL=3;BYDAY=SA,SU", "toutes les 3 semaines le samedi et dimanche"),

        ("es", "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU", "cada dos semanas, el martes"),
        ("es", "FREQ=MONTHLY;BYDAY=2TU", "cada mes el 2.º martes del mes"),
        ("es", "FREQ=MONTHLY;BYDAY=1MO,3WE", "cada mes el 1.er lunes y el 3.er miércoles del mes"),
        ("es", "FREQ=MONTHLY;BYMONTHDAY=-1", "cada mes el último día del mes"),
        ("es", "FREQ=YEARLY;BYMONTH=8;BYMONTHDAY=15", "cada año el 15.º día de agosto"),
        ("es", "FREQ=DAILY;BYHOUR=13;BYMINUTE=0", "cada día a las 13:00"),
        ("es", "FREQ=DAILY;BYHOUR=1;BYMINUTE=0", "cada día a la 01:00"),
        ("es", "FREQ=WEEKLY;BYDAY=SA;COUNT=3", "cada semana el sábado, 3 veces"),
        ("es", "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", "el último día entre semana del mes"),

        ("ja", "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU", "隔週火曜日"),
        ("ja", "FREQ=MONTHLY;BYDAY=2TU", "毎月 第2火曜日"),
        ("ja", "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", "毎月最終平日"),
        ("ja", "RSCALE=CHINESE;FREQ=YEARLY;BYMONTH=8;BYMONTHDAY=15", "毎年 中国暦の8月15日"),
        ("ja", "FREQ=YEARLY;BYMONTH=8;BYMONTHDAY=15", "毎年 8月15日"),
        ("ja", "FREQ=DAILY;BYHOUR=9;BYMINUTE=0;COUNT=10", "毎日 09:00、10回"),
        ("ja", "FREQ=WEEKLY;BYDAY=MO,WE", "毎週 月曜日と水曜日"),
        ("ja", "FREQ=MONTHLY;BYMONTHDAY=-1;UNTIL=20271231", "毎月 最終日、2027年12月31日まで"),

        ("ko", "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU", "격주 화요일"),
        ("ko", "FREQ=MONTHLY;BYDAY=2TU", "매월 2번째 화요일에"),
        ("ko", "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", "매월 마지막 평일"),
        ("ko", "RSCALE=CHINESE;FREQ=YEARLY;BYMONTH=8;BYMONTHDAY=15", "매년 중국 음력 8월 15일"),
        ("ko", "FREQ=DAILY;BYHOUR=9;BYMINUTE=0", "매일 09:00에"),
        ("ko", "FREQ=WEEKLY;BYDAY=MO,WE;COUNT=4", "매주 월요일 및 수요일, 4회"),
        ("ko", "FREQ=MONTHLY;BYDAY=FR", "매월 금요일마다"),

        ("zh", "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU", "隔周星期二"),
        ("zh", "FREQ=MONTHLY;BYDAY=2TU", "每月 第2个星期二"),
        ("zh", "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", "每月最后一个工作日（周一至周五）"),
        ("zh", "RSCALE=CHINESE;FREQ=YEARLY;BYMONTH=8;BYMONTHDAY=15", "每年 农历8月15日"),
        ("zh", "FREQ=DAILY;BYHOUR=9;BYMINUTE=0;COUNT=3", "每天 09:00，共3次"),
        ("zh", "FREQ=MONTHLY;BYMONTHDAY=1,15", "每月 1日和15日"),
        ("zh", "FREQ=WEEKLY;BYDAY=SA,SU", "每周 星期六和星期日"),
        ("zh", "FREQ=YEARLY;UNTIL=20301231", "每年，直到2030年12月31日"),

        ("tr", "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU", "iki haftada bir Salı"),
        ("tr", "FREQ=MONTHLY;BYDAY=2TU", "her ay ayın 2. Salı günü"),
        ("tr", "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", "her ayın son hafta içi günü"),
        ("tr", "FREQ=MONTHLY;BYMONTHDAY=-1", "her ay ayın son günü"),
        ("tr", "FREQ=WEEKLY;BYDAY=MO,FR;COUNT=6", "her hafta Pazartesi ve Cuma günü, 6 kez"),
        ("tr", "FREQ=YEARLY;BYMONTH=1,7", "her yıl Ocak ve Temmuz aylarında"),
        ("tr", "FREQ=DAILY;UNTIL=20270331", "her gün, 31 Mart 2027 tarihine kadar"),
        ("tr", "FREQ=DAILY;BYHOUR=9;BYMINUTE=30", "her gün saat 09:30"),
    ]

    @Test(arguments: otherLanguages) func inTheOtherLanguages(_ language: String, _ rule: String, _ expected: String) throws {
        #expect(try Self.text(rule, language) == expected)
    }

    @Test func languagesResolveToTheirBaseAndUnknownOnesToEnglish() throws {
        #expect(try Self.text("FREQ=DAILY", "es-MX") == "cada día")
        #expect(try Self.text("FREQ=DAILY", "zh-Hans") == "每天")
        #expect(try Self.text("FREQ=DAILY", "pt-BR") == "every day")
    }

    @Test func intervalsTakeThePluralForm() throws {
        #expect(try Self.text("FREQ=WEEKLY") == "every week")
        #expect(try Self.text("FREQ=WEEKLY;INTERVAL=2") == "every 2 weeks")
        #expect(try Self.text("FREQ=WEEKLY;INTERVAL=2", "de") == "alle 2 Wochen")
        #expect(try Self.text("FREQ=YEARLY;INTERVAL=1000000", "fr") == "tous les 1000000 d’ans")
        #expect(try Self.text("FREQ=DAILY;COUNT=2", "tr") == "her gün, 2 kez")
        #expect(try Self.text("FREQ=DAILY;COUNT=1", "tr") == "her gün, bir kez")
    }

    @Test func recurrencesTellTheirStart() throws {
        let weekly = try Recurrence(start: "2026-03-03T09:00", rule: RecurrenceRule(parsing: "FREQ=WEEKLY;BYDAY=TU;COUNT=5"))
        #expect(weekly.text(in: "en") == "every week on Tuesday at 09:00, 5 times, starting 3 March 2026")
        #expect(weekly.text(in: "de") == "jede Woche am Dienstag um 09:00, 5-mal, ab dem 3. März 2026")
        let birthday = try Recurrence(startDate: "2026-04-15", rule: RecurrenceRule(parsing: "FREQ=YEARLY;UNTIL=20300415"))
        #expect(birthday.text(in: "en") == "every year, until 15 April 2030, starting 15 April 2026")
        // A date UNTIL comes before every time of its day: the last occurrence is the day before.
        let daily = try Recurrence(start: "2026-03-01T09:00", rule: RecurrenceRule(parsing: "FREQ=DAILY;UNTIL=20260310"))
        #expect(daily.text(in: "en") == "every day at 09:00, until the day before 10 March 2026, starting 1 March 2026")
        // Without a rule, the start is not an occurrence: the extra dates are, less the exceptions.
        let once = try Recurrence(start: "2026-03-01T09:00", dates: ["2026-03-05T09:00"], exceptions: [])
        #expect(once.firstLocal(3).map(\.description) == ["2026-03-05T09:00"])
        #expect(once.text(in: "en") == "once on 5 March 2026 at 09:00")
        let twice = try Recurrence(
            start: "2026-03-01T09:00", dates: ["2026-03-07T18:00", "2026-03-05T09:00", "2026-03-06T09:00"], exceptions: ["2026-03-06T09:00"])
        #expect(twice.text(in: "en") == "once on 5 March 2026 at 09:00, plus 1 more date")
        let never = try Recurrence(start: "2026-03-01T09:00", dates: ["2026-03-05T09:00"], exceptions: ["2026-03-05T09:00"])
        #expect(never.text(in: "en") == "no occurrences" && never.text(in: "de") == "keine Termine")
        // An excluded rule is told in words.
        let weekdays = try Recurrence(start: "2026-03-02T09:00", rule: RecurrenceRule(parsing: "FREQ=DAILY;COUNT=10"))
            .removing(occurrencesOf: [RecurrenceRule(parsing: "FREQ=WEEKLY;BYDAY=SA,SU")])
        #expect(weekdays.text(in: "en") == "every day at 09:00, 10 times, starting 2 March 2026, except every week on Saturday and Sunday")
        let hourly = try Recurrence(start: "2026-03-01T09:00", rule: RecurrenceRule(parsing: "FREQ=HOURLY;COUNT=3"), exceptions: ["2026-03-01T10:00"])
        #expect(hourly.text(in: "en") == "every hour, 3 times, starting 1 March 2026, except 1 date")
    }

    // MARK: Every rule

    /// The catalog's key names: a text that holds one named a key the catalog lacks.
    static let keyNames = RecurrenceRule.textCatalogSchema.keys.map(\.name).filter { $0.contains(".") }

    static func checkAllLanguages(_ rule: RecurrenceRule, _ problems: inout [String]) {
        for language in RecurrenceRule.textLanguages {
            let text = rule.text(in: language)
            if text.isEmpty || text.contains("%") || text.contains("@") || text.contains("{") || text.contains("  ")
                || text != text.trimmingCharacters(in: .whitespaces) || text.hasPrefix("RRULE") || text.hasPrefix("FREQ=")
                || keyNames.contains(where: { text.contains($0) })
            {
                problems.append("\(rule) (\(language)): \"\(text)\"")
            }
        }
    }

    struct Fixture: Decodable {
        struct Vector: Decodable { var rule: String? }
        var vectors: [Vector]
    }

    @Test func everyVectorRuleHasATextInEveryLanguage() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/rrule-vectors.json")
        let vectors = try JSONDecoder().decode(Fixture.self, from: Data(contentsOf: url)).vectors
        var problems: [String] = []
        var checked = 0
        for text in Set(vectors.compactMap(\.rule)) {
            guard let rule = try? RecurrenceRule(parsing: text), (try? rule.validate()) != nil else { continue }
            Self.checkAllLanguages(rule, &problems)
            checked += 1
        }
        #expect(checked > 200)
        #expect(problems.isEmpty, "\(problems.prefix(20).joined(separator: "\n"))")
    }

    /// A random rule, often invalid; `validate()` decides.
    private static func randomRule(_ random: inout SeededRandom) -> RecurrenceRule {
        func some(_ range: ClosedRange<Int>, signed: Bool = false, max: Int = 4) -> [Int] {
            guard random.next(4) == 0 else { return [] }
            return (0...random.next(max)).map { _ in
                let value = range.lowerBound + random.next(range.count)
                return signed && random.next(3) == 0 ? -value : value
            }
        }
        let frequency = RecurrenceRule.Frequency.allCases[random.next(7)]
        var rule = RecurrenceRule(frequency: frequency, interval: random.next(3) == 0 ? 1 + random.next(12) : 1)
        switch random.next(4) {
        case 0: rule.count = 1 + random.next(40)
        case 1: rule.until = .date(try! LocalDate(year: 2026 + random.next(5), month: 1 + random.next(12), day: 1 + random.next(28)))
        default: break
        }
        rule.bySecond = some(0...59)
        rule.byMinute = some(0...59)
        rule.byHour = some(0...23)
        rule.byMonthDay = some(1...31, signed: true)
        rule.byYearDay = some(1...366, signed: true)
        rule.byWeekNumber = some(1...53, signed: true)
        rule.byMonth = some(1...12)
        if random.next(3) == 0 {
            rule.byDay = (0...random.next(4)).map { _ in
                let weekday = Weekday(rawValue: 1 + random.next(7))!
                let ordinal = random.next(3) == 0 ? (1 + random.next(5)) * (random.next(2) == 0 ? 1 : -1) : nil
                return RecurrenceRule.WeekdayNumber(weekday, ordinal: ordinal)
            }
        }
        if random.next(6) == 0 { rule.byDay = [.monday, .tuesday, .wednesday, .thursday, .friday].map { RecurrenceRule.WeekdayNumber($0) } }
        rule.bySetPosition = some(1...10, signed: true, max: 2)
        rule.weekStart = Weekday(rawValue: 1 + random.next(7))!
        if random.next(4) == 0 {
            let scale = RecurrenceRule.CalendarScale.allCases[random.next(RecurrenceRule.CalendarScale.allCases.count)]
            rule.calendarScale = scale
            rule.skip = RecurrenceRule.Skip.allCases[random.next(3)]
            if random.next(3) == 0 { rule.byLeapMonth = [1 + random.next(12)] }
            if scale != .gregorian, random.next(2) == 0 { rule.byMonth = [] }
        }
        return rule
    }

    @Test func thousandsOfRandomValidRulesHaveATextInEveryLanguage() {
        var random = SeededRandom(seed: 20_261_126)
        var problems: [String] = []
        var valid = 0
        for _ in 0..<40_000 where valid < 3_000 {
            let rule = Self.randomRule(&random)
            guard (try? rule.validate()) != nil else { continue }
            valid += 1
            Self.checkAllLanguages(rule, &problems)
        }
        #expect(valid >= 2_000)
        #expect(problems.isEmpty, "\(problems.prefix(20).joined(separator: "\n"))")
    }
}

/// A small deterministic generator (SplitMix64) for the property tests.
private struct SeededRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Int(z % UInt64(bound))
    }
}
