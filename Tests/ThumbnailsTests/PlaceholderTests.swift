import Testing
@testable import Thumbnails
@Test func placeholder() {}
