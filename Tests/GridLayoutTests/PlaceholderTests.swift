import Testing
@testable import GridLayout
@Test func placeholder() {}
