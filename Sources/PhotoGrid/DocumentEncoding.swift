import class Foundation.JSONEncoder

/// JSON text of a document the way every PhotoGrid document is printed: compact, keys sorted,
/// "/" not escaped (DESIGN §5).
enum DocumentEncoding {
    static func json(_ document: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Our documents hold only strings, integers and finite doubles: encoding cannot fail.
        guard let data = try? encoder.encode(document) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}
