import Foundation

/// What every encoded property becomes, and what every decoded one is read from: Core's
/// ``SQLValue``, bound straight to a statement without boxing it in a `Binding` existential.
extension SQLValue {
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
