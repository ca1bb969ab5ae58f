import HTTPTypes

/// A browser's Fetch Metadata headers (W3C Fetch Metadata Request Headers: `Sec-Fetch-Site`, `-Mode`,
/// `-Dest`) and the resource isolation policy they serve (web.dev "Protect your resources from web
/// attacks with Fetch Metadata"; Go 1.25's `http.CrossOriginProtection` for unsafe methods): a request a
/// page of another site made the browser send (`cross-site`, or `same-site`: another origin of the same
/// site, such as another port) is refused with 403, unless it is a top-level navigation to the gallery
/// page (a link someone followed: `navigate`, a `document`, GET). Requests without the headers (curl,
/// scripts, browsers before 2020–2023) are judged by `Host` and the token alone.
struct FetchMetadata: Sendable {
    /// `Sec-Fetch-Site`: `same-origin`, `same-site`, `cross-site` or `none` (the user's own action).
    var site: String?
    /// `Sec-Fetch-Mode`: `navigate`, `cors`, `no-cors`, `same-origin`, `websocket`.
    var mode: String?
    /// `Sec-Fetch-Dest`: `document`, `iframe`, `image`, `video`, `script`, `empty`, ….
    var destination: String?

    static let siteField = HTTPField.Name("Sec-Fetch-Site")!
    static let modeField = HTTPField.Name("Sec-Fetch-Mode")!
    static let destinationField = HTTPField.Name("Sec-Fetch-Dest")!

    /// The 403 for a request of another site's making, or nil.
    func refusal(method: HTTPRequest.Method, isPage: Bool) -> APIError? {
        guard let site, site != "same-origin", site != "none" else { return nil }
        if isPage, method == .get || method == .head, mode == "navigate", destination == nil || destination == "document" {
            return nil
        }
        return APIError(.forbidden, "refused: a page of another site asked for this (Sec-Fetch-Site: \(QueryParameters.shown(Substring(site)))); open the gallery itself, or ask without a browser")
    }
}
