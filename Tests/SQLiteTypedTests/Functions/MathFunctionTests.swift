import SQLiteTyped
import Testing

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// Foundation has its own `Expression`; this file means SQLiteTyped's.
private typealias Expression = SQLiteTyped.Expression

@Suite(.enabled(if: SQLiteFeature.mathFunctions.isAvailable, "math functions compiled out"))
struct MathFunctionTests {
    @Test func values() throws {
        #if MathFunctions
            let db = try Connection()
            let x = Expression<Double>(value: 16)
            #expect(x.squareRoot.asSQL() == "sqrt(16.0)")
            #expect(try db.scalar(x.squareRoot) == 4)
            #expect(try db.scalar(x.pow(0.5)) == 4)
            #expect(try db.scalar(x.log2) == 4)
            #expect(try db.scalar(pi()) == Double.pi)
        #endif
    }
}
