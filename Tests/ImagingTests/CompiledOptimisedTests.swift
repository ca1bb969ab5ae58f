import Testing
@testable import Imaging

/// `swift test` and the README's `swift run` (debug builds) run Imaging optimised, like a release build.
@Suite("Imaging is compiled optimised")
struct CompiledOptimisedTests {
    @Test("in every build configuration, debug included")
    func compiledOptimised() {
        #expect(isCompiledOptimised, "Imaging was compiled without -O: Package.swift's optimisedSwiftInDebug is missing")
    }
}
