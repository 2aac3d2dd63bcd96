/// How long a fact is and how long it takes to read, as the importer computes them.
enum ReadingStats {
    /// Words a minute, for the reading time.
    static let wordsPerMinute = 200.0
    /// Characters of Japanese or Chinese that count as one word.
    static let charactersPerWord = 2.5

    /// The words in `text`: runs between spaces that hold a letter or digit where words
    /// are separated by spaces; letters and digits ÷ 2.5, rounded, in Japanese and Chinese.
    static func wordCount(of text: String, in language: Language) -> Int {
        if language.separatesWordsWithSpaces {
            return text.split(whereSeparator: \.isWhitespace)
                .filter { $0.contains { $0.isLetter || $0.isNumber } }
                .count
        }
        let characters = text.filter { $0.isLetter || $0.isNumber }.count
        guard characters > 0 else { return 0 }
        return max(1, Int((Double(characters) / charactersPerWord).rounded()))
    }

    /// Whole minutes to read `words` words at 200 a minute, rounded up; at least 1.
    static func readingTime(words: Int) -> Int {
        max(1, Int((Double(words) / wordsPerMinute).rounded(.up)))
    }
}
