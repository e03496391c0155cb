/// Identifier quoting and literal rendering for the statements this tier writes itself.
enum SQLIdentifier {
    /// `name` as a quoted identifier: `"name"`, with `"` doubled (Core's `quotedIdentifier`,
    /// under the name this tier's statement builders call it by).
    static func quote(_ name: String) -> String { name.quotedIdentifier }

    /// A column value as an SQL literal, for `DEFAULT` clauses (which cannot take bindings).
    static func literal(_ value: ColumnValue) -> String {
        switch value {
        case .null: "NULL"
        case .integer(let integer): String(integer)
        case .real(let real): real.isFinite ? "\(real)" : "0.0"
        case .text(let text): text.quotedLiteral
        case .blob(let bytes): "x'\(Blob(bytes: bytes).toHex())'"
        }
    }
}
