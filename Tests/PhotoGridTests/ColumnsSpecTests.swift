import GridLayout
@testable import PhotoGrid
import Testing

@Suite("--columns, --sizes and --drag parsing")
struct ColumnsSpecTests {
    struct Good: Sendable, CustomTestStringConvertible {
        let spec: String
        let items: [GridItem]
        var testDescription: String { spec }
    }

    static let good: [Good] = [
        .init(spec: "adaptive:100/3", items: [GridItem(.adaptive(minimum: 100, maximum: .infinity), spacing: 3)]),
        .init(spec: "adaptive:120:inf", items: [GridItem(.adaptive(minimum: 120, maximum: .infinity))]),
        .init(spec: "adaptive:80:150/2", items: [GridItem(.adaptive(minimum: 80, maximum: 150), spacing: 2)]),
        .init(spec: "fixed:80/2,flexible,flexible:50:200", items: [
            GridItem(.fixed(80), spacing: 2), GridItem(.flexible(minimum: 10, maximum: .infinity)),
            GridItem(.flexible(minimum: 50, maximum: 200))]),
        .init(spec: "flexible:140, adaptive:70", items: [GridItem(.flexible(minimum: 140, maximum: .infinity)), GridItem(.adaptive(minimum: 70))]),
        .init(spec: "FIXED:1.5/0", items: [GridItem(.fixed(1.5), spacing: 0)]),
    ]

    @Test("valid specs", arguments: good)
    func valid(_ c: Good) throws {
        #expect(try ColumnsSpec.parse(c.spec) == c.items)
    }

    static let bad: [(String, String)] = [
        ("adaptive:abc", "minimum 'abc' is not a number"),
        ("", "empty"),
        ("adaptive", "adaptive needs a minimum"),
        ("adaptive:0", "greater than 0"),
        ("fixed", "fixed takes one width"),
        ("fixed:inf", "must be finite"),
        ("flexible:50:20", "minimum 50.0 is greater than maximum 20.0"),
        ("grid:3", "unknown column kind 'grid'"),
        ("adaptive:100/-3", "spacing '-3'"),
        ("adaptive:100/x", "spacing 'x'"),
        ("adaptive:100,,fixed:3", "empty column"),
        ("adaptive:nan", "is not a number"),
        ("fixed:-5", "is negative"),
    ]

    @Test("invalid specs name the offending part", arguments: bad)
    func invalid(_ spec: String, _ fragment: String) {
        #expect {
            _ = try ColumnsSpec.parse(spec)
        } throws: { error in
            guard let e = error as? UsageError else { return false }
            // The library names the value ("columns: …"); a front end as it calls it ("--columns: …").
            return e.parameter == "columns" && e.kind == .invalidValue && e.description.hasPrefix("columns: ")
                && e.description.contains(fragment) && e.message(naming: { "--" + $0 }).hasPrefix("--columns: ")
        }
    }

    @Test("sizes and drag")
    func sizesAndDrag() throws {
        #expect(try SizesSpec.parse("4032x3024, 3024X4032,10×20") == [Size(width: 4032, height: 3024), Size(width: 3024, height: 4032), Size(width: 10, height: 20)])
        for bad in ["", "4032", "4032x0", "ax3", "3x3x3", "4032x3024,", "-1x5", "infx3"] {
            #expect(throws: UsageError.self, "\(bad)") { try SizesSpec.parse(bad) }
        }
        #expect(try PointSpec.parse("0,200") == Point(x: 0, y: 200))
        #expect(try PointSpec.parse("-10.5,3") == Point(x: -10.5, y: 3))
        for bad in ["", "1", "1,2,3", "a,b", "inf,0"] {
            #expect(throws: UsageError.self, "\(bad)") { try PointSpec.parse(bad) }
        }
    }
}
