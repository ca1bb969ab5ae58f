import Testing
@testable import PhotoGrid
@Test func placeholder() {}
