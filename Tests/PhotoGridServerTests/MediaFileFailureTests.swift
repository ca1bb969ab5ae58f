import PhotoGridSupport
import PhotoLibrary
@testable import PhotoGridServer
import Testing

/// A served movie's failures answer with their kinds: its library's error forwarded whole
/// (`WrappingFailure`), a changed file a conflict with no remedy a client could follow.
@Suite struct MediaFileFailureTests {
    @Test func aLibraryErrorIsForwardedAndAChangedFileIsAConflict() {
        let wrapped = MediaFile.Failure.library(.noDatabase(path: "/x.sqlite"))
        #expect(wrapped.kind == .notFound && wrapped.parameter == nil && wrapped.remedy == .indexFirst)
        let changed = MediaFile.Failure.changed("moved")
        #expect(changed.kind == .conflict && changed.remedy == nil)
    }
}
