/// Identifier quoting for the statements this tier writes itself.
enum SQLIdentifier {
    /// `name` as a quoted identifier: `"name"`, with `"` doubled (Core's `quotedIdentifier`,
    /// under the name this tier's statement builders call it by).
    static func quote(_ name: String) -> String { name.quotedIdentifier }
}
