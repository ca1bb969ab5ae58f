import Testing
@testable import Imaging
@Test func placeholder() {}
