import Testing
@testable import JPEG
@Test func placeholder() {}
