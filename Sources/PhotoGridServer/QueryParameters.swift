import HTTPTypes
import HummingbirdCore
import PhotoGrid

/// A request's query parameters, read as the gallery model's request values: numbers parsed strictly,
/// a parameter given twice or not known to the route refused, each mistake one 400 line naming the
/// parameter.
struct QueryParameters {
    private let values: [Substring: Substring]

    /// Reads `uri`'s query, refusing parameters not in `known`.
    init(_ uri: URI, known: Set<String>) throws(APIError) {
        var values: [Substring: Substring] = [:]
        for (name, value) in uri.queryParameters {
            guard known.contains(String(name)) else {
                throw APIError(.badRequest, "unknown query parameter '\(Self.shown(name))' (this route takes \(known.sorted().joined(separator: ", ")))")
            }
            guard values[name] == nil else { throw APIError(.badRequest, "\(Self.shown(name)) is given more than once") }
            values[name] = value
        }
        self.values = values
    }

    /// The text of `name`, if given.
    func string(_ name: String) -> String? { values[Substring(name)].map(String.init) }

    /// A finite number; `fallback` when absent; nil when absent without a fallback.
    func double(_ name: String, _ fallback: Double? = nil) throws(APIError) -> Double? {
        guard let text = values[Substring(name)] else { return fallback }
        // `Double(_:)` reads up to a NUL (`%00`): `393%00junk` would be 393.
        guard !text.utf8.contains(0), let value = Double(text), value.isFinite else {
            throw APIError(.badRequest, "\(name) must be a number (got '\(Self.shown(text))')")
        }
        return value
    }

    /// A whole number; `fallback` when absent.
    func int(_ name: String, _ fallback: Int) throws(APIError) -> Int {
        guard let text = values[Substring(name)] else { return fallback }
        guard let value = Int(text) else {
            throw APIError(.badRequest, "\(name) must be a whole number (got '\(Self.shown(text))')")
        }
        return value
    }

    /// `true`/`1` or `false`/`0`; false when absent.
    func flag(_ name: String) throws(APIError) -> Bool {
        switch values[Substring(name)] {
        case nil, "false", "0": return false
        case "true", "1", "": return true
        case let text?: throw APIError(.badRequest, "\(name) must be true or false (got '\(Self.shown(text))')")
        }
    }

    /// A value as an error message shows it: at most 64 characters, control characters left out.
    static func shown(_ text: Substring) -> String {
        let printable = text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }
        let clipped = String(String.UnicodeScalarView(printable.prefix(64)))
        return printable.count > 64 ? clipped + "…" : clipped
    }

    /// The query name of a gallery-model option (`row-spacing` → `rowSpacing`).
    static func name(ofOption option: String) -> String {
        var result = ""
        var upper = false
        for character in option {
            if character == "-" { upper = true; continue }
            result += upper ? character.uppercased() : String(character)
            upper = false
        }
        return result
    }
}
