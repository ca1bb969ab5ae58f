import Foundation
@testable import PhotoGridServer
import Testing
import TestSupport

/// The route table: one definition of each route, the one the router registers, the memory path and the
/// access rules match, and `docs/openapi.json` documents.
@Suite struct GalleryRouteTests {
    @Test("the table's routes are the documented paths, the page's own files aside")
    func theTableIsTheContract() throws {
        let data = try Data(contentsOf: Repository.root.appendingPathComponent("docs/openapi.json"))
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let paths = try #require(document["paths"] as? [String: Any])
        #expect(Set(GalleryRoute.allCases.compactMap(\.documentedPath)) == Set(paths.keys))
        #expect(GalleryRoute.webFile.documentedPath == nil)
        #expect(GalleryRoute.thumbnail.documentedPath == "/api/v1/thumbnails/{variant}/{name}")
    }

    /// Paths and the one route each is (nil: none), with its parameters.
    static let paths: [(String, GalleryRoute?, [String])] = [
        ("/api/v1/layout", .layout, []),
        ("/api/v1/layout/", nil, []),
        ("/api/v1/layouts", nil, []),
        ("/api/v1/detail/5", .detail, ["5"]),
        ("/api/v1/detail/", nil, []),
        ("/api/v1/detail/5/6", nil, []),
        ("/api/v1/thumbnails/grid-387/abc.jpg", .thumbnail, ["grid-387", "abc.jpg"]),
        ("/api/v1/thumbnails//abc.jpg", nil, []),
        ("/api/v1/thumbnails/grid-387/", nil, []),
        ("/api/v1/thumbnails/a/b/c.jpg", nil, []),
        ("/api/v1/placeholders/abc.jpg", .placeholder, ["abc.jpg"]),
        ("/api/v1/media/12", .media, ["12"]),
        ("/api/v1/events", .events, []),
        ("/api/v1/logout", .logout, []),
        ("/api/v1/openapi.json", .openAPI, []),
        ("/healthz", .health, []),
        ("/healthz/", nil, []),
        ("/", .page, []),
        ("", nil, []),
        ("//", nil, []),
        ("/web/app.js", .webFile, ["app.js"]),
        ("/API/v1/layout", nil, []),
    ]

    @Test("each path is at most one route's, with its parameters", arguments: paths)
    func matching(_ path: String, _ route: GalleryRoute?, _ parameters: [String]) {
        let matched = GalleryRoute.allCases.filter { $0.matches(Substring(path)) }
        #expect(matched == (route.map { [$0] } ?? []), "\(path)")
        if let route { #expect(route.match(Substring(path))?.map(String.init) == parameters) }
    }
}
