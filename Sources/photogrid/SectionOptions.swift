import ArgumentParser

/// The grouping flags of `layout`, `detail` and `zoom`: sections with pinned headers (the layout
/// reference's §10).
struct SectionOptions: ParsableArguments {
    @Option(help: "Group the library's photos into sections by the day, month or year of their date (taken-at, else file time): none, day, month or year.")
    var group: String = "none"

    @Option(help: "With --sizes: split the given photos into consecutive sections of these counts (N,N,…; titles 1, 2, …).")
    var sections: String?

    @Option(parsing: .unconditional, help: "Height of a section header in points.")
    var headerHeight: Double = 44
}
