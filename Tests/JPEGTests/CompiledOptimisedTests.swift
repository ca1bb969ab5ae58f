import Testing
@testable import JPEG

/// `swift test` and the README's `swift run` (debug builds) run JPEG optimised, like a release build.
@Suite("JPEG is compiled optimised")
struct CompiledOptimisedTests {
    @Test("in every build configuration, debug included")
    func compiledOptimised() {
        #expect(isCompiledOptimised, "JPEG was compiled without -O: Package.swift's optimisedSwiftInDebug is missing")
    }
}
