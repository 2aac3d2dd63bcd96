import Bugle
import Foundation
import StreakRescue
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Perfect days: the transition, once per day, and what the user gets.
@Suite struct PerfectDayTests {
    let day = LocalDate("2026-03-04")

    @Test(arguments: 3...8)
    func transitionToAllSolvedWithAnyTotal(total: Int) {
        var detector = PerfectDayDetector()
        var fired: [Bool] = []
        for completed in 1...total { fired.append(detector.report(completed: completed, total: total, on: day)) }
        fired.append(detector.report(completed: total, total: total, on: day))
        // Only the report that completes the day.
        #expect(fired == Array(repeating: false, count: total - 1) + [true, false])
        #expect(detector.celebrated == [day])
    }

    @Test func aDaysFirstReportMayAlreadyBeComplete() {
        var detector = PerfectDayDetector()
        let first = detector.report(completed: 5, total: 5, on: day)
        let second = detector.report(completed: 3, total: 3, on: day.adding(days: 1))
        #expect(first && second)
        #expect(detector.celebrated == [day, day.adding(days: 1)])
    }

    @Test func remembersAMonthOfDays() {
        var detector = PerfectDayDetector()
        for offset in 0..<40 { _ = detector.report(completed: 3, total: 3, on: day.adding(days: offset)) }
        #expect(detector.celebrated.count == PerfectDayDetector.memory)
        #expect(detector.celebrated.last == day.adding(days: 39))
    }

    @Test func celebrationHasConfettiAHapticPatternAndAShareCard() throws {
        let celebration = try StreakRescue().celebration(for: PerfectDay(date: day, streak: 12, puzzles: 6))
        #expect(celebration.title == "Perfect day!")
        #expect(celebration.confetti.particles > 0 && !celebration.confetti.colors.isEmpty)
        #expect(celebration.haptic.name == "goal")
        #expect(celebration.haptic.events.map(\.time) == celebration.haptic.events.map(\.time).sorted())
        let card = celebration.shareCard
        #expect(card.text == "Perfect day! I solved all 6 puzzles on March 4, 2026. Streak: 12 days ⚽")
        #expect(card.date == "March 4, 2026")
        #expect(card.puzzlesLine == "6 puzzles solved")
        #expect(card.streakLine == "12 day streak")
        // A one-day streak is singular in the text.
        #expect(
            try StreakRescue().celebration(for: PerfectDay(date: day, streak: 1, puzzles: 3)).shareCard.text
                == "Perfect day! I solved all 3 puzzles on March 4, 2026. Streak: 1 day ⚽")
    }

    /// The SVG's text elements, read back with an XML parser.
    final class TextCollector: NSObject, XMLParserDelegate {
        var texts: [String] = []
        var root: String?
        private var current: String?

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            if root == nil { root = name }
            if name == "text" { current = "" }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { current? += string }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "text", let current { texts.append(current) }
            current = nil
        }
    }

    @Test func shareCardImageIsWellFormedSVGWithDateStreakAndCount() throws {
        let card = try StreakRescue().celebration(for: PerfectDay(date: day, streak: 12, puzzles: 6)).shareCard
        let collector = TextCollector()
        let parser = XMLParser(data: Data(card.svg.utf8))
        parser.delegate = collector
        #expect(parser.parse())
        #expect(collector.root == "svg")
        #expect(collector.texts == ["Perfect day!", "March 4, 2026", "6 puzzles solved", "12 day streak"])
    }

    @Test func shareCardTextIsEscaped() {
        let card = ShareCard(text: "", headline: "Tom & Jerry's <perfect> \"day\"", date: "d", puzzlesLine: "p", streakLine: "s")
        #expect(card.svg.contains("Tom &amp; Jerry&apos;s &lt;perfect&gt; &quot;day&quot;"))
        let parser = XMLParser(data: Data(card.svg.utf8))
        #expect(parser.parse())
    }
}
