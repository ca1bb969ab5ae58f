import HTTPTypes

/// Every route the server answers, in one place: its path pattern (`:name` for a path parameter, as
/// Hummingbird's router reads it), what `docs/openapi.json` calls it, and which ones the answers from
/// memory (`ImmediateAnswerHandler`) may take. The router registers each case (`GalleryAPI.addRoutes`,
/// an exhaustive switch: a case without a handler does not build), the memory path matches targets
/// with the same patterns, and the access rules name their exceptions by case.
enum GalleryRoute: String, CaseIterable, Sendable {
    case layout = "/api/v1/layout"
    case detail = "/api/v1/detail/:index"
    case zoom = "/api/v1/zoom"
    case photos = "/api/v1/photos"
    case stats = "/api/v1/stats"
    case duplicates = "/api/v1/duplicates"
    case thumbnail = "/api/v1/thumbnails/:variant/:name"
    case placeholder = "/api/v1/placeholders/:name"
    case media = "/api/v1/media/:id"
    case events = "/api/v1/events"
    case logout = "/api/v1/logout"
    case openAPI = "/api/v1/openapi.json"
    case health = "/healthz"
    case page = "/"
    case webFile = "/web/:name"

    /// The method the route answers (GET routes answer HEAD too).
    var method: HTTPRequest.Method { self == .logout ? .post : .get }

    /// The path pattern, `:name` for each path parameter.
    var pattern: String { rawValue }

    /// The path as `docs/openapi.json` writes it (`{name}` for each parameter); nil for a route it does
    /// not list (the page's own files).
    var documentedPath: String? {
        guard self != .webFile else { return nil }
        return pattern.split(separator: "/", omittingEmptySubsequences: false)
            .map { $0.hasPrefix(":") ? "{" + $0.dropFirst() + "}" : String($0) }
            .joined(separator: "/")
    }

    /// The routes that need no token (a load balancer's health check).
    static let open: [GalleryRoute] = [.health]

    /// `path` (no query) matched against the pattern: each parameter's value, in order, or nil when the
    /// path is not this route's. A parameter matches one non-empty path segment; bytes are compared as
    /// sent (the memory path's requests are matched here on the event loop: no allocation but the values).
    func match(_ path: Substring) -> [Substring]? {
        let ranges = pattern.utf8.withContiguousStorageIfAvailable { expected in
            path.utf8.withContiguousStorageIfAvailable { given in Self.parameterRanges(expected, given) }
                ?? Array(path.utf8).withUnsafeBufferPointer { given in Self.parameterRanges(expected, given) }
        } ?? Array(pattern.utf8).withUnsafeBufferPointer { expected in
            Array(path.utf8).withUnsafeBufferPointer { given in Self.parameterRanges(expected, given) }
        }
        guard let ranges else { return nil }
        let start = path.utf8.startIndex
        return ranges.map { path[path.utf8.index(start, offsetBy: $0.lowerBound)..<path.utf8.index(start, offsetBy: $0.upperBound)] }
    }

    /// The byte ranges of the parameter values in `given` (a path) matched against `expected` (a
    /// pattern), or nil when it does not match: a byte loop, as the memory path runs it for every request.
    private static func parameterRanges(_ expected: UnsafeBufferPointer<UInt8>, _ given: UnsafeBufferPointer<UInt8>) -> [Range<Int>]? {
        let slash = UInt8(ascii: "/")
        var ranges: [Range<Int>] = []
        var i = 0, j = 0
        while i < expected.count {
            guard expected[i] == slash, j < given.count, given[j] == slash else { return nil }
            i += 1
            j += 1
            var segmentEnd = i
            while segmentEnd < expected.count && expected[segmentEnd] != slash { segmentEnd += 1 }
            var valueEnd = j
            while valueEnd < given.count && given[valueEnd] != slash { valueEnd += 1 }
            if segmentEnd > i, expected[i] == UInt8(ascii: ":") {
                guard valueEnd > j else { return nil }
                ranges.append(j..<valueEnd)
            } else {
                guard segmentEnd - i == valueEnd - j else { return nil }
                for k in 0..<(segmentEnd - i) where expected[i + k] != given[j + k] { return nil }
            }
            i = segmentEnd
            j = valueEnd
        }
        return j == given.count ? ranges : nil
    }

    /// Whether `path` (no query) is this route's.
    func matches(_ path: Substring) -> Bool { match(path) != nil }
}
