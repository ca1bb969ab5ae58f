import Testing
@testable import PhotoLibrary
@Test func placeholder() {}
