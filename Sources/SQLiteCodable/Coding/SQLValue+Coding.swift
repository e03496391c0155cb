import Foundation

/// What every encoded property becomes, and what every decoded one is read from: Core's
/// ``SQLValue``, bound straight to a statement without boxing it in a `Binding` existential.
extension SQLValue {
    /// The storage class and value, for error messages.
    var storageDescription: String {
        switch self {
        case .null: "NULL"
        case .integer(let value): "integer \(value)"
        case .real(let value): "real \(value)"
        case .text: "text"
        case .blob(let blob): "a \(blob.bytes.count)-byte blob"
        }
    }

    /// A typed-tier setter assigning this value to `column`, with the same SQL a setter
    /// built with `<-` has.
    func setter(column: String) -> Setter {
        switch self {
        case .null: SQLExpression<String?>(column) <- (nil as String?)
        case .integer(let value): SQLExpression<Int64>(column) <- value
        case .real(let value): SQLExpression<Double>(column) <- value
        case .text(let value): SQLExpression<String>(column) <- value
        case .blob(let blob): SQLExpression<Blob>(column) <- blob
        }
    }
}
