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

    /// A typed-tier setter assigning this value to the column whose quoted template is
    /// `template` (`SQLExpression<Void>(column).template`), with the same SQL a setter built
    /// with `<-` has.
    func setter(template: String) -> Setter {
        switch self {
        case .null: SQLExpression<String?>(template, []) <- (nil as String?)
        case .integer(let value): SQLExpression<Int64>(template, []) <- value
        case .real(let value): SQLExpression<Double>(template, []) <- value
        case .text(let value): SQLExpression<String>(template, []) <- value
        case .blob(let blob): SQLExpression<Blob>(template, []) <- blob
        }
    }
}
