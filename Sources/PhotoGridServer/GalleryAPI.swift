import Hummingbird
import HummingbirdCore
import HTTPTypes
import Logging
import NIOCore
import NIOPosix
import PhotoGrid
import PhotoGridSupport
import PhotoLibrary

/// The routes of `/api/v1`: each reads its query as the gallery model's request, runs the model on a
/// worker thread (SQLite reads block), and answers the document the command line prints for the same
/// options, with thumbnail URLs added.
struct GalleryAPI: Sendable {
    let library: Library
    /// Threads for blocking reads (the database): never the event loops.
    let readers: BlockingPool
    let thumbnails: ThumbnailService
    let duplicates: DuplicatesService
    let events: EventHub
    /// The grid in memory, for the layout requests it can answer.
    let grid: GridCache
    /// Layout questions kept ready for the grid in memory.
    let questions = SnapshotLayoutQuestions()
    /// Each thread's pieces of layout answers (`threadPieces`).
    let jsonPieces = ThreadSpecificVariable<JSONPieces>()
    /// The browsers signed in with the token (`AccessRules`).
    let sessions: BrowserSessions
    /// The media responses being sent at once.
    let mediaStreams: MediaStreamSlots
    /// Where the health check says why the database is unreachable.
    var healthLogger: Logger?

    /// The query parameters of a layout question (`photogrid layout`'s flags, camel-cased).
    static let layoutParameters = Set(["width", "height", "offset", "columns", "rowSpacing", "scale",
                                       "cellStyle", "group", "headerHeight", "hide"]).union(justifiedParameters)

    /// Justified rows' parameters (`--justified` and its flags, camel-cased), besides `justified=true`.
    static let justifiedOptions: Set<String> = ["rowHeight", "rowHeightTolerance", "spacing", "padding", "maxRows", "widows",
                                                "breakoutEvery", "aspectRatio"]
    static let justifiedParameters = justifiedOptions.union(["justified"])

    /// Registers every route of the table (`GalleryRoute`) with its handler, for GET (and HEAD).
    func addRoutes(to router: Router<GalleryRequestContext>) {
        for route in GalleryRoute.allCases {
            router.on(RouterPath(route.pattern), method: route.method, use: handler(route))
        }
    }

    /// The handler of `route`.
    func handler(_ route: GalleryRoute) -> @Sendable (Request, GalleryRequestContext) async throws -> Response {
        switch route {
        case .layout: return { request, _ in try await layout(request) }
        case .detail: return { request, context in try await detail(request, context) }
        case .zoom: return { request, _ in try await zoom(request) }
        case .photos: return { request, _ in try await photos(request) }
        case .stats: return { request, _ in try await stats(request) }
        case .duplicates: return { request, _ in try await duplicates(request) }
        case .thumbnail: return { request, context in try await thumbnail(request, context) }
        case .placeholder: return { request, context in try await placeholder(request, context) }
        case .media: return { request, context in try await media(request, context) }
        case .events: return { [events] _, _ in GalleryServer.eventStream(events) }
        case .openAPI: return { _, _ in try GalleryServer.embedded("docs/openapi.json", type: "application/json") }
        case .health: return { _, _ in await health() }
        case .logout: return { request, _ in logout(request) }
        case .page: return { _, _ in try GalleryServer.embedded("Web/index.html", type: "text/html; charset=utf-8") }
        case .webFile:
            return { _, context in
                let name = context.parameters.get("name") ?? ""
                return try GalleryServer.embedded("Web/" + name, type: GalleryServer.contentType(of: name))
            }
        }
    }

    /// `GET /healthz`: 200 `ok` while the library's database answers (a PostgreSQL server may be down; a
    /// SQLite file is here), else 503 `unavailable`. It needs no token, so it says nothing more: why is
    /// in the server's log.
    func health() async -> Response {
        do {
            try await readers.run { [library] () throws -> Void in try library.store.checkReachable() }
            return Response(status: .ok, headers: [.contentType: "text/plain"], body: ResponseBody(byteBuffer: ByteBuffer(string: "ok\n")))
        } catch {
            healthLogger?.warning("health check: the database is unreachable: \(error)")
            return Response(status: .serviceUnavailable, headers: [.contentType: "text/plain", .retryAfter: "1"],
                            body: ResponseBody(byteBuffer: ByteBuffer(string: "unavailable\n")))
        }
    }

    /// `POST /api/v1/logout`: ends the browser's session (its cookie removed); 204.
    func logout(_ request: Request) -> Response {
        for value in AccessRules.cookieValues(in: request.headers[values: .cookie]) { sessions.end(value) }
        return Response(status: .noContent, headers: [.setCookie: AccessRules.endedSessionCookie, .cacheControl: "no-store"])
    }

    // MARK: Layout documents

    /// `GET /api/v1/layout`: `photogrid layout --db … --width …` for the same options.
    func layout(_ request: Request) async throws -> Response {
        let target = request.head.path ?? ""
        if let body = try layoutFromMemory(target) { return Self.json(body) }
        let query = try QueryParameters(request.uri, known: Self.layoutRouteParameters)
        var layoutRequest = try Self.layoutRequest(query)
        try await hideCopies(query, in: &layoutRequest)
        let all = try query.flag("all")
        try Self.usage { () throws(UsageError) in try RequestLimits.answer.checkColumns(layoutRequest) }
        let counted = grid.snapshot?.count
        let bytes = try await blocking { [library, self, layoutRequest] in
            // What the grid in memory answers but not on an event loop: a justified question not kept
            // yet (laid out for the whole grid), an answer of many cells.
            if let body = try layoutFromMemory(target, building: true) { return body }
            let count = try counted ?? library.store.gridCount()
            try RequestLimits.answer.check(layoutRequest, count: count, all: all)
            let gallery = try layoutRequest.gallery(library: library, all: all)
            try RequestLimits.answer.checkShown(gallery, all: all)
            return try Self.layoutBody(gallery, request: layoutRequest, all: all)
        }
        return try Self.json(RequestLimits.checked(bytes))
    }

    /// The layout route's document body for the request target `target` (path and query) from the grid
    /// in memory (`GridCache`), written straight from it (`SnapshotLayoutQuestion`): no database, no thread hop,
    /// ~20 cells; a question asked before at another offset is not read again (`SnapshotLayoutQuestions`). Nil
    /// for the questions the grid in memory does not answer (all cells, sections, other cell styles, no
    /// snapshot read yet); the route's 400 for a bad question. Called by the route and, on the event loop
    /// that read the request, by `ImmediateAnswerHandler`. Only when `building` (the route asks so on a
    /// reader thread) is a justified question made (laid out for the whole snapshot) or an answer of more
    /// than `eventLoopCells` written: an event loop does neither, as it would hold every connection it serves.
    /// `head`, given, writes a response head for the body's length before the body.
    func layoutFromMemory(_ target: String, building: Bool = false, head: (_ bodyLength: Int, inout ByteBuffer) -> Void = { _, _ in }) throws -> ByteBuffer? {
        guard let snapshot = grid.snapshot else { return nil }
        let utf8 = target.utf8
        let offsetQuery = utf8.firstIndex(of: UInt8(ascii: "?")).flatMap { OffsetQuery(target[utf8.index(after: $0)...].utf8) }
        if offsetQuery?.hidesPhotos == true { return nil }  // the grid without some photos: the store's
        do {
            if let offsetQuery, let question = questions.find(offsetQuery.key, snapshot: snapshot) {
                return try Self.json(question, offset: offsetQuery.offset, pieces: threadPieces, cellsAtMost: building ? .max : Self.eventLoopCells, head: head)
            }
            let query = try QueryParameters(URI(target), known: Self.layoutRouteParameters)
            let layoutRequest = try Self.layoutRequest(query)
            guard try !query.flag("all"), query.string("hide") == nil else { return nil }
            try RequestLimits.answer.check(layoutRequest, count: snapshot.count, all: false)
            guard layoutRequest.justified == nil || building else { return nil }
            guard let question = try SnapshotLayoutQuestion(layoutRequest, snapshot: snapshot, thumbnailURLPrefix: Self.thumbnailURL(""),
                                                    reusing: offsetQuery.flatMap { questions.earlier($0.key) },
                                                    cellLimit: RequestLimits.answer.cells,
                                                    aspectRatios: layoutRequest.justified == nil ? nil : questions.aspectRatios(of: snapshot)) else { return nil }
            if let offsetQuery { questions.keep(question, as: offsetQuery.key) }
            return try Self.json(question, offset: layoutRequest.offset, pieces: threadPieces, cellsAtMost: building ? .max : Self.eventLoopCells, head: head)
        } catch {
            throw APIError.answering(error)
        }
    }

    /// The most cells an answer written on an event loop holds (~0.3 ms of work; a phone's screen holds
    /// ~30, a desktop's a few hundred): a larger answer is written on a reader thread.
    static let eventLoopCells = 1_000

    /// This thread's pieces of JSON kept from earlier answers (`JSONPieces`: one thread at a time).
    var threadPieces: JSONPieces {
        if let pieces = jsonPieces.currentValue { return pieces }
        let pieces = JSONPieces()
        jsonPieces.currentValue = pieces
        return pieces
    }

    /// `question`'s document at `offset` and a newline, written into a response buffer (after what `head`
    /// writes for its length), copying from and keeping into `pieces`; nil when it may hold more than
    /// `cellsAtMost` cells.
    static func json(_ question: SnapshotLayoutQuestion, offset: Double, pieces: JSONPieces?, cellsAtMost: Int = .max,
                     head: (_ bodyLength: Int, inout ByteBuffer) -> Void = { _, _ in }) throws -> ByteBuffer? {
        try question.withDocument(offset: offset, pieces: pieces, cellsAtMost: cellsAtMost) { bytes in
            var body = ByteBufferAllocator().buffer(capacity: bytes.count + 257)
            head(bytes.count + 1, &body)
            body.writeBytes(bytes)
            body.writeInteger(UInt8(ascii: "\n"))
            return body
        }
    }

    /// A layout document's body: `gallery`'s cells with their grid thumbnails' URLs for `request`'s scale
    /// (justified cells: the ladder's thumbnail that fits each cell, `ThumbnailNames.cellName`).
    static func layoutBody(_ gallery: GalleryLayout, request: LayoutRequest, all: Bool) throws -> ByteBuffer {
        let folder = request.gridThumbnailFolder(configuration: try request.configuration(), prefix: thumbnailURL(""))
        let scale = request.scale, prefix = thumbnailURL("")
        return try json(gallery.layoutDocument(all: all, thumbnail: { photo in
            folder.flatMap { ThumbnailNames.gridName(folder: $0, photo: photo) }
        }, cellThumbnail: request.justified == nil ? nil : { photo, frame in
            ThumbnailNames.cellName(frame: frame, scale: scale, photo: photo, prefix: prefix)
        }))
    }

    /// The layout route's parameters: a layout question's and `all`.
    static let layoutRouteParameters = layoutParameters.union(["all"])

    /// `GET /api/v1/detail/{index}`: `photogrid detail INDEX` for the same options, with the detail
    /// thumbnail's URL.
    func detail(_ request: Request, _ context: GalleryRequestContext) async throws -> Response {
        let query = try QueryParameters(request.uri, known: Self.layoutParameters.union(["progress", "drag"]))
        guard let text = context.parameters.get("index"), let index = Int(text), index >= 0 else {
            throw APIError(.notFound, "no photo at index '\(QueryParameters.shown(Substring(context.parameters.get("index") ?? "")))' (a grid position: 0, 1, 2, …)")
        }
        var layoutRequest = try Self.layoutRequest(query)
        try await hideCopies(query, in: &layoutRequest)
        try Self.usage { () throws(UsageError) in try RequestLimits.answer.checkColumns(layoutRequest) }
        let progress = try query.double("progress", 1) ?? 1
        let drag = try Self.usage { () throws(UsageError) in try LayoutRequest.dragTranslation(query.string("drag")) }
        let bytes = try await blocking { [library, layoutRequest] in
            let gallery = try layoutRequest.gallery(library: library, detailIndex: index)
            let viewport = (max(layoutRequest.width, layoutRequest.height) * layoutRequest.scale).rounded(.up)
            let pixels = ThumbnailLadder.detailSide(atLeast: Int(min(viewport, Double(ThumbnailRequest.maximumPixels))))
            return try gallery.detailDocument(index: index, progress: progress, drag: drag) { photo in
                ThumbnailNames.detailName(pixels: pixels, photo: photo).map(Self.thumbnailURL)
            }.documentBytes()
        }
        return Self.json(bytes)
    }

    /// `GET /api/v1/zoom`: `photogrid zoom --from … --to … --at …`.
    func zoom(_ request: Request) async throws -> Response {
        let query = try QueryParameters(request.uri, known: Self.layoutParameters.union(["from", "to", "at"]))
        var layoutRequest = try Self.layoutRequest(query)
        try await hideCopies(query, in: &layoutRequest)
        guard let from = query.string("from"), let to = query.string("to"), let at = query.string("at") else {
            throw APIError(.badRequest, "zoom needs from, to and at (columns before and after, and the pinch point X,Y)")
        }
        var before = layoutRequest, after = layoutRequest
        if layoutRequest.justified == nil {  // justified rows pinch between row heights, not columns
            before.columns = from
            after.columns = to
            try Self.usage { () throws(UsageError) in
                try RequestLimits.answer.checkColumns(before, option: "from")
                try RequestLimits.answer.checkColumns(after, option: "to")
            }
        }
        let counted = grid.snapshot?.count
        let bytes = try await blocking { [library, after, layoutRequest] in
            let count = try counted ?? library.store.gridCount()
            do throws(UsageError) { try RequestLimits.answer.check(after, count: count, all: false) } catch { throw error.renamingParameter("columns", to: "to") }
            return try layoutRequest.zoomDocument(from: from, to: to, at: at, library: library).documentBytes()
        }
        return Self.json(try RequestLimits.checked(bytes))
    }

    /// `hide=copies`: the grid without the copies the duplicates' groups do not keep.
    func hideCopies(_ query: QueryParameters, in request: inout LayoutRequest) async throws {
        guard let hide = query.string("hide") else { return }
        guard hide == "copies" else {
            throw APIError(.badRequest, "hide must be copies (the copies /api/v1/duplicates does not keep), not '\(QueryParameters.shown(Substring(hide)))'")
        }
        do {
            request.hiddenPhotos = try await duplicates.copiesNotKept()
        } catch {
            throw APIError.answering(error)
        }
    }

    // MARK: The library

    /// `GET /api/v1/photos?offset=&limit=&status=`: a page of `photogrid list --json`, with its offset and
    /// the total (of one status with `status`: the page's list of files that could not be read).
    func photos(_ request: Request) async throws -> Response {
        let query = try QueryParameters(request.uri, known: ["offset", "limit", "status"])
        let offset = try query.int("offset", 0), limit = try query.int("limit", 100), status = query.string("status")
        let bytes = try await blocking { [library] in
            let page = try LibraryListing.page(library: library, offset: offset, limit: limit, status: status)
            return try page.documentBytes(reservingCapacity: page.expectedBytes)
        }
        return Self.json(bytes)
    }

    /// `GET /api/v1/stats`: `photogrid stats --json`, and the latest index progress.
    func stats(_ request: Request) async throws -> Response {
        _ = try QueryParameters(request.uri, known: [])
        let indexing = events.lastIndex
        let bytes = try await blocking { [library] in
            try DocumentEncoding.bytes(ServerStatistics(library: StatisticsDocument(try LibraryStatistics.read(library: library)),
                                                        indexing: indexing))
        }
        return Self.json(bytes)
    }

    /// `GET /api/v1/duplicates`: `photogrid duplicates --json` from the signatures kept so far (`pending`:
    /// photos whose signatures are being made).
    func duplicates(_ request: Request) async throws -> Response {
        _ = try QueryParameters(request.uri, known: [])
        do {
            return Self.json(try await duplicates.document())
        } catch {
            throw APIError.answering(error)
        }
    }

    // MARK: Thumbnails

    /// `GET /api/v1/thumbnails/{variant}/{stem}.jpg`: the thumbnail, made on first request.
    func thumbnail(_ request: Request, _ context: GalleryRequestContext) async throws -> Response {
        _ = try QueryParameters(request.uri, known: [])
        guard let variant = context.parameters.get("variant"), let file = context.parameters.get("name"),
              file.hasSuffix(".jpg"), file.count > 4 else {
            throw APIError(.notFound, "no such thumbnail (thumbnails are named VARIANT/NAME.jpg, as layout documents give them)")
        }
        let stem = String(file.dropLast(4))
        var headers = Self.thumbnailHeaders(variant: variant, stem: stem)
        if Self.isNotModified(headers, ifNoneMatch: request.headers[.ifNoneMatch]) {
            return Response(status: .notModified, headers: headers)
        }
        let bytes = try await thumbnails.bytes(variant: variant, stem: stem)
        headers[.contentType] = "image/jpeg"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: bytes))
    }

    /// `GET /api/v1/placeholders/{stem}.jpg`: the centre square of the photo's embedded camera thumbnail
    /// (`ThumbnailsOnDemand.placeholder`), made on a reader thread — never queued behind the thumbnails
    /// being made — as foreground work (an index run waits meanwhile), for a page to show while the grid thumbnail is made. A photo without one is answered
    /// 204 No Content (a page asks for every cell's: an absent one is not an error); a name no photo has, 404.
    func placeholder(_ request: Request, _ context: GalleryRequestContext) async throws -> Response {
        _ = try QueryParameters(request.uri, known: [])
        guard let file = context.parameters.get("name"), file.hasSuffix(".jpg"), file.count > 4 else {
            throw APIError(.notFound, "no such placeholder (placeholders are named NAME.jpg, as thumbnails are)")
        }
        let stem = String(file.dropLast(4))
        var headers = Self.thumbnailHeaders(variant: "placeholder", stem: stem)
        if Self.isNotModified(headers, ifNoneMatch: request.headers[.ifNoneMatch]) {
            return Response(status: .notModified, headers: headers)
        }
        let onDemand = thumbnails.onDemand, foreground = thumbnails.foreground
        let bytes = try await readers.run { () throws -> [UInt8]? in
            do throws(ThumbnailsOnDemand.Failure) {
                return try foreground.run { () throws(ThumbnailsOnDemand.Failure) in try onDemand.placeholder(stem: stem) }
            } catch { throw APIError(error) }
        }
        guard let bytes else { return Response(status: .noContent, headers: headers) }
        headers[.contentType] = "image/jpeg"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    // MARK: Media

    /// How much of a movie one read takes (and one write sends).
    static let mediaChunk = 256 * 1024

    /// `GET /api/v1/media/{id}`: a video's original bytes, or a Live Photo's movie's (`MediaFile`: the
    /// row's own file, unchanged since it was indexed), for a `<video>` element: one `Range` answered 206
    /// (`ByteRangeRequest`), `ETag` from the row (304 on a match; `If-Range` with another tag gets the
    /// whole file), read in chunks on the reader threads as the client takes them.
    func media(_ request: Request, _ context: GalleryRequestContext) async throws -> Response {
        _ = try QueryParameters(request.uri, known: [])
        let text = context.parameters.get("id") ?? ""
        guard let id = Int64(text), id > 0 else {
            throw APIError(.notFound, "no item has id '\(QueryParameters.shown(Substring(text)))' (ids are the numbers layout documents give cells)")
        }
        guard let slot = mediaStreams.take() else {
            throw APIError(.serviceUnavailable, "\(mediaStreams.limit) videos are being sent; try again in a second", headers: [.retryAfter: "1"])
        }
        let file = try await readers.run { [library] () throws -> MediaFile in
            do throws(MediaFile.Failure) { return try MediaFile.open(library, id: id) } catch { throw APIError(error) }
        }
        var headers: HTTPFields = [.eTag: file.entityTag, .acceptRanges: "bytes", .cacheControl: "private, no-cache",
                                   .contentType: file.contentType]
        if Self.isNotModified(headers, ifNoneMatch: request.headers[.ifNoneMatch]) {
            headers[.contentType] = nil
            return Response(status: .notModified, headers: headers)
        }
        var range = ByteRangeRequest(header: request.headers[.range], length: file.length)
        if let condition = request.headers[.ifRange], condition != file.entityTag { range = .whole }
        let bytes: ClosedRange<Int64>?
        switch range {
        case .unsatisfiable:
            return Response(status: .rangeNotSatisfiable, headers: [.contentRange: "bytes */\(file.length)", .acceptRanges: "bytes"])
        case .whole:
            bytes = file.length > 0 ? 0...(file.length - 1) : nil
        case let .part(part):
            bytes = part
            headers[.contentRange] = "bytes \(part.lowerBound)-\(part.upperBound)/\(file.length)"
        }
        let status: HTTPResponse.Status = range == .whole ? .ok : .partialContent
        guard let bytes else { return Response(status: status, headers: headers, body: ResponseBody()) }
        let readers = readers
        let body = ResponseBody(contentLength: Int(bytes.count)) { writer in
            var offset = bytes.lowerBound
            while offset <= bytes.upperBound {
                let count = Int(min(Int64(Self.mediaChunk), bytes.upperBound - offset + 1))
                let at = offset
                let chunk = try await readers.run { () throws -> [UInt8] in
                    do throws(MediaFile.Failure) { return try file.read(count, at: at) } catch { throw APIError(error) }
                }
                // The file grew shorter while it was sent: the connection ends short, as a cut download does.
                guard !chunk.isEmpty else { throw APIError(.internalServerError, "\(file.name) ended early") }
                try await writer.write(ByteBuffer(bytes: chunk))
                offset += Int64(chunk.count)
            }
            try await writer.finish(nil)
            withExtendedLifetime(slot) {}  // held while the body is sent
        }
        return Response(status: status, headers: headers, body: body)
    }

    /// A thumbnail's caching headers: its name as its `ETag` (a name is its content: it never changes).
    static func thumbnailHeaders(variant: String, stem: String) -> HTTPFields {
        [.eTag: "\"\(variant)-\(stem)\"", .cacheControl: "public, max-age=31536000, immutable"]
    }

    /// Whether a request's `If-None-Match` names the thumbnail whose `headers` these are (answered 304):
    /// `*`, or a list of tags of which one is its `ETag`, weakly compared (`W/"…"` matches, RFC 9110 §13.1.2).
    static func isNotModified(_ headers: HTTPFields, ifNoneMatch: String?) -> Bool {
        guard let match = ifNoneMatch, let etag = headers[.eTag] else { return false }
        return match.split(separator: ",").contains { tag in
            let tag = tag.trimmingSpaces
            return tag == "*" || (tag.hasPrefix("W/") ? tag.dropFirst(2) : tag) == etag
        }
    }

    // MARK: Helpers

    /// The request a layout question's parameters make: the gallery model's defaults where absent.
    static func layoutRequest(_ query: QueryParameters) throws(APIError) -> LayoutRequest {
        guard let width = try query.double("width") else {
            throw APIError(.badRequest, "width is required (the viewport width in points)")
        }
        var request = LayoutRequest(width: width)
        if let value = try query.double("height") { request.height = value }
        if let value = try query.double("offset") { request.offset = value }
        if let value = try query.double("scale") { request.scale = value }
        if let value = try query.double("rowSpacing") { request.rowSpacing = value }
        if let value = try query.double("headerHeight") { request.headerHeight = value }
        if let value = query.string("columns") { request.columns = value }
        if let value = query.string("cellStyle") { request.cellStyle = value }
        if let value = query.string("group") { request.group = value }
        request.justified = try justifiedRequest(query)
        return request
    }

    /// `justified=true` and its options (`JustifiedRequest`); nil for the square grid. An option without
    /// `justified=true` is refused, as the command line refuses it without `--justified`.
    static func justifiedRequest(_ query: QueryParameters) throws(APIError) -> JustifiedRequest? {
        guard try query.flag("justified") else {
            if let given = justifiedOptions.sorted().first(where: { query.string($0) != nil }) {
                throw APIError(.badRequest, "\(given) applies to justified rows: give justified=true too")
            }
            return nil
        }
        func count(_ name: String) throws(APIError) -> Int? { query.string(name) == nil ? nil : try query.int(name, 0) }
        return JustifiedRequest(rowHeight: try query.double("rowHeight"), rowHeightTolerance: try query.double("rowHeightTolerance") ?? 0.25,
                                spacing: query.string("spacing"), padding: query.string("padding"), maxRows: try count("maxRows"),
                                widows: query.string("widows") ?? "left", breakoutEvery: try count("breakoutEvery"),
                                aspectRatio: try query.double("aspectRatio"))
    }

    /// A thumbnail's URL relative to the server root.
    static func thumbnailURL(_ name: String) -> String { "api/v1/thumbnails/" + name }

    /// `body` on a reader thread; the model's errors as the API answers them.
    func blocking<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
        do {
            return try await readers.run(body)
        } catch {
            throw APIError.answering(error)
        }
    }

    /// `body`, its error as the API answers it.
    static func usage<Value>(_ body: () throws(UsageError) -> Value) throws(APIError) -> Value {
        do { return try body() } catch { throw APIError(error) }
    }

    /// A JSON document response (never cached: the library changes).
    static func json(_ bytes: [UInt8]) -> Response {
        var body = ByteBufferAllocator().buffer(capacity: bytes.count + 1)
        body.writeBytes(bytes)
        body.writeInteger(UInt8(ascii: "\n"))
        return json(body)
    }

    /// A JSON document response whose body (ending in a newline) is written.
    static func json(_ body: ByteBuffer) -> Response {
        Response(status: .ok, headers: jsonHeaders, body: ResponseBody(byteBuffer: body))
    }

    /// The headers of every JSON document, made once rather than per request.
    static let jsonHeaders: HTTPFields = [.contentType: "application/json", .cacheControl: "no-store"]

    /// `document`'s bytes and a newline, written straight into a response buffer.
    static func json(_ document: some JSONWritable) throws(NonFiniteNumberError) -> ByteBuffer {
        try document.withDocumentBytes { bytes in
            var body = ByteBufferAllocator().buffer(capacity: bytes.count + 1)
            body.writeBytes(bytes)
            body.writeInteger(UInt8(ascii: "\n"))
            return body
        }
    }
}

extension Substring {
    /// Without spaces at either end.
    var trimmingSpaces: Substring {
        var text = self
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return text
    }
}

/// `/api/v1/stats`: the library's statistics (`photogrid stats --json`) and the latest index progress.
struct ServerStatistics: Encodable {
    var library: StatisticsDocument
    var indexing: ServerEvent?

    private enum Key: String, CodingKey { case indexing }
    private struct Progress: Encodable { var phase: String, done: Int, total: Int, reason: String? }

    func encode(to encoder: any Encoder) throws {
        try library.encode(to: encoder)
        guard case let .index(phase, done, total, reason)? = indexing else { return }
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(Progress(phase: phase, done: done, total: total, reason: reason), forKey: .indexing)
    }
}
