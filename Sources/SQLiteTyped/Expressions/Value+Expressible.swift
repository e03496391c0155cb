#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension Value {
    /// The value as a bound `?`, so it can stand wherever an expression is taken:
    /// `users.select(id, 0)`.
    public var expression: Expression<Void> {
        Expression("?", [datatypeValue])
    }
}

extension Int64: Expressible {}
extension Int: Expressible {}
extension Int8: Expressible {}
extension Int16: Expressible {}
extension Int32: Expressible {}
extension UInt8: Expressible {}
extension UInt16: Expressible {}
extension UInt32: Expressible {}
extension UInt64: Expressible {}
extension UInt: Expressible {}
extension Double: Expressible {}
extension Float: Expressible {}
extension String: Expressible {}
extension Bool: Expressible {}
extension Blob: Expressible {}
extension Data: Expressible {}
extension Date: Expressible {}
extension UUID: Expressible {}
extension URL: Expressible {}
