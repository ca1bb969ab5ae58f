import PhotoGrid
import Testing

/// Section labels as a person reads them; the weekdays are GNU date's (`date -d 2000-09-09 +'%A, %-d %B %Y'`).
@Suite struct SectionLabelTests {
    static let table: [(key: String, label: String)] = [
        ("2000-09-09", "Saturday, 9 September 2000"),
        ("1900-03-01", "Thursday, 1 March 1900"),
        ("2024-02-29", "Thursday, 29 February 2024"),
        ("1970-01-01", "Thursday, 1 January 1970"),
        ("2100-12-31", "Friday, 31 December 2100"),
        ("1600-02-29", "Tuesday, 29 February 1600"),
        ("2023-06-18", "Sunday, 18 June 2023"),
        ("2000-09", "September 2000"),
        ("2024-01", "January 2024"),
        ("2000", "2000"),
        // Not dates: their own label.
        ("1", "1"), ("12", "12"), ("2023-13", "2023-13"), ("2023-02-29", "2023-02-29"), ("2023-00-10", "2023-00-10"),
        ("", ""), ("abcd", "abcd"), ("2023-1-05", "2023-1-05"),
    ]

    @Test(arguments: table)
    func labels(_ entry: (key: String, label: String)) {
        #expect(SectionLabel.label(for: entry.key) == entry.label)
    }
}
