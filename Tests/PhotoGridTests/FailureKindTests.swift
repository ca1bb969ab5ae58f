import PhotoGrid
import PhotoGridSupport
import PhotoLibrary
import Testing
import Thumbnails
import Platform

/// The kinds front ends answer errors by: each error of the model says which kind it is, what it is
/// about, and what to do, so that no front end tells errors apart by their types.
@Suite struct FailureKindTests {
    @Test("library errors carry the kind and remedy the front ends answer with")
    func libraryErrors() {
        let cases: [(LibraryError, FailureKind, FailureRemedy?)] = [
            (.noDatabase(path: "/x.sqlite"), .notFound, .indexFirst),
            (.noSuchFolder(path: "/p"), .notFound, nil),
            (.notADirectory(path: "/p"), .conflict, nil),
            (.databaseBusy(path: "/x"), .busy, nil),
            (.connectionLost(operation: "reading", message: "closed"), .busy, .tryAgain),
            (.openDatabase(path: "/x", message: "refused"), .busy, nil),
            (.notADatabase(path: "/x", reason: "empty"), .conflict, .chooseAnotherLibrary),
            (.notAPhotoGridDatabase(path: "/x"), .conflict, .chooseAnotherLibrary),
            (.schemaTooNew(path: "/x", unknownMigrations: ["0099_x"]), .unsupported, .upgradeOrChooseAnother),
            (.readOnlyDatabase(path: "/x"), .storageFull, nil),
            (.differentFolder(libraryFolder: "/a", folder: "/b", rootExists: true), .conflict, .moveRoot(to: "/b", rootExists: true)),
            (.libraryFolderGone(path: "/a"), .notFound, .moveRootToNewPlace),
            (.database(operation: "x", message: "y"), .internal, nil),
            (.system(call: "open", path: "/a", errno: ENOSPC), .storageFull, nil),
            (.system(call: "open", path: "/a", errno: ENOENT), .notFound, nil),
            (.system(call: "open", path: "/a", errno: EIO), .internal, nil),
        ]
        for (error, kind, remedy) in cases {
            #expect(error.kind == kind, "\(error)")
            #expect(error.remedy == remedy, "\(error)")
            #expect(error.parameter == nil)
        }
    }

    @Test("a wrapper's kind, parameter and remedy are its cause's (WrappingFailure), and its own without one")
    func wrappersForwardTheirCause() {
        let noLibrary = LibraryError.noDatabase(path: "/x.sqlite")
        let usage = UsageError(option: "width", "must be greater than 0")
        let wrappers: [any PhotoGridFailure] = [
            LibraryThumbnailsError.library(noLibrary),
            GalleryLoadError<LibraryError>.load(noLibrary), RenderError.detail(.sourceChanged(path: "a.jpg")),
            LibraryThumbnailsError.folder(.otherLibrarysFolder(path: "/t", owner: "aa")), RenderError.usage(usage),
        ]
        let expected: [(FailureKind, String?, FailureRemedy?)] = [
            (.notFound, nil, .indexFirst), (.notFound, nil, .indexFirst),
            (.conflict, nil, .indexAgain), (.conflict, nil, .ownThumbnailFolder), (usage.kind, "width", nil),
        ]
        for (error, (kind, parameter, remedy)) in zip(wrappers, expected) {
            #expect(error.kind == kind && error.parameter == parameter && error.remedy == remedy, "\(error)")
        }
        #expect(LibraryThumbnailsError.outOfSpace(folder: "/t", made: 3, errno: ENOSPC).kind == .storageFull)
    }

    @Test("a usage error names its values through the front end; an index past the grid is not found")
    func usageErrors() {
        let error = UsageError(option: "group", "and \(parameter: "sections") need \(parameter: "cell-style") square")
        #expect(error.kind == .invalidValue && error.parameter == "group")
        #expect(error.description == "group and sections need cell-style square")
        #expect(error.message(naming: { "--" + $0 }) == "--group and --sections need --cell-style square")
        let past = UsageError.noPhoto(at: 7, count: 3)
        #expect(past.kind == .notFound && past.parameter == "index")
        #expect(past.description == "index 7 is out of range: the grid has 3 photo(s), indices 0…2")
        #expect(UsageError.noPhoto(at: 0, count: 0).description == "index 0: the library has no photos to open")
    }

    @Test("errors that carry another answer with its kind, value and remedy")
    func wrappedErrors() {
        let busy = LibraryThumbnailsError.library(.connectionLost(operation: "x", message: "y"))
        #expect(busy.kind == .busy && busy.remedy == .tryAgain)
        let usage = LibraryThumbnailsError.usage(UsageError(option: "jobs", "must be at least 1"))
        #expect(usage.kind == .invalidValue && usage.parameter == "jobs")
        #expect(usage.message(naming: { "--" + $0 }) == "--jobs must be at least 1")
        #expect(RenderError.usage(UsageError(option: "width", "must be positive")).parameter == "width")
        #expect(RenderError.write(.system(call: "write", path: "/o", errno: EDQUOT)).kind == .storageFull)
        #expect(ThumbnailError.sourceChanged(path: "/p").kind == .conflict)
        #expect(ThumbnailError.image(.regionOutsideImage).kind == .conflict)  // the file is not the one indexed
        #expect(ThumbnailError.image(.png(.empty)).kind == .damagedInput)
        #expect(ThumbnailError.jpeg(.truncated(call: "read", length: 3)).kind == .damagedInput)
        #expect(ThumbnailError.image(.overPixelLimit(width: 70000, height: 70000, limit: 65500)).kind == .unsupported)
    }
}
