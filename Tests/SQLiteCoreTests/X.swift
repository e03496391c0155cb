import Testing
@Test func x() { #expect(1 == 1) }
