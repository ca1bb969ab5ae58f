import Testing
@testable import Thumbnails

/// `swift test` and the README's `swift run` (debug builds) run Thumbnails optimised, like a release build.
@Suite("Thumbnails is compiled optimised")
struct CompiledOptimisedTests {
    @Test("in every build configuration, debug included")
    func compiledOptimised() {
        #expect(isCompiledOptimised, "Thumbnails was compiled without -O: Package.swift's optimisedSwiftInDebug is missing")
    }
}
