/// A `CREATE TABLE` statement taken apart: the column definitions and table constraints between
/// its parentheses, each kept exactly as written, and the table options after them.
///
/// Used where SQLite's pragmas say nothing (AUTOINCREMENT, collations, generated column
/// expressions) and to write the revised statement of a table rebuild.
struct CreateTableStatement {
    /// One comma-separated part of the body: a column definition or a table constraint.
    struct Element {
        /// The element's tokens.
        var tokens: [SQLToken]
        /// The element exactly as written.
        var text: String
        /// The column's name, or `nil` for a table constraint.
        var columnName: String?

        /// Whether this element is a table constraint.
        var isConstraint: Bool { columnName == nil }
    }

    /// The body's parts, in order.
    var elements: [Element]
    /// What follows the closing parenthesis (`WITHOUT ROWID`, `STRICT`), trimmed.
    var options: String

    /// Words that begin a table constraint rather than a column definition.
    private static let constraintStarts: Set<String> = ["CONSTRAINT", "PRIMARY", "UNIQUE", "CHECK", "FOREIGN"]

    /// Takes `sql` apart; `nil` when it is not a `CREATE TABLE ... ( ... )` statement (for example
    /// `CREATE TABLE ... AS SELECT`).
    init?(sql: String) {
        let tokens = SQLTokenizer.tokenize(sql)
        guard tokens.first?.isKeyword("CREATE") == true,
            let open = tokens.firstIndex(where: { $0.isSymbol("(") }),
            tokens[..<open].contains(where: { $0.isKeyword("TABLE") }),
            !tokens[..<open].contains(where: { $0.isKeyword("VIRTUAL") || $0.isKeyword("AS") }),
            let close = tokens.indexOfClosingParenthesis(from: open)
        else { return nil }
        elements = tokens.topLevelParts(from: open, to: close).filter { !$0.isEmpty }.map { part in
            let first = tokens[part.lowerBound]
            let isConstraint = first.kind == .word && Self.constraintStarts.contains(first.text.uppercased())
            return Element(
                tokens: Array(tokens[part]),
                text: tokens.text(in: sql, from: part.lowerBound, through: part.upperBound - 1),
                columnName: isConstraint ? nil : first.identifier)
        }
        var trailing = Array(tokens[(close + 1)...])
        while trailing.last?.isSymbol(";") == true { trailing.removeLast() }
        options = trailing.isEmpty ? "" : tokens.text(in: sql, from: close + 1, through: close + trailing.count)
    }

    /// The column definitions, in order.
    var columns: [Element] { elements.filter { !$0.isConstraint } }

    /// The column definition of `name` (compared as SQLite does, ignoring ASCII case).
    func column(named name: String) -> Element? {
        columns.first { $0.columnName?.sameIdentifier(as: name) == true }
    }

    /// A `CREATE TABLE` statement for `qualifiedName` (already quoted) with `elements` as its body
    /// and this statement's table options.
    func render(qualifiedName: String, elements: [String]) -> String {
        var sql = "CREATE TABLE \(qualifiedName) (\n    " + elements.joined(separator: ",\n    ") + "\n)"
        if !options.isEmpty { sql += " " + options }
        return sql
    }
}

extension CreateTableStatement.Element {
    /// The index of the first token after the column name and type: where the column's
    /// constraints begin.
    private var constraintStart: Int {
        var depth = 0
        for index in tokens.indices.dropFirst() {
            let token = tokens[index]
            if token.isSymbol("(") {
                depth += 1
            } else if token.isSymbol(")") {
                depth -= 1
            } else if depth == 0, token.isConstraintWord {
                return index
            }
        }
        return tokens.count
    }

    /// The name of the collation after `COLLATE`, if any.
    var collation: String? {
        guard let index = tokens.firstTopLevelKeyword("COLLATE"), index + 1 < tokens.count else { return nil }
        return tokens[index + 1].identifier
    }

    /// Whether the column is declared `AUTOINCREMENT`.
    var isAutoIncrement: Bool {
        tokens.firstTopLevelKeyword("AUTOINCREMENT") != nil
    }

    /// The conflict clause of the column's `PRIMARY KEY`, upper-cased, if any.
    var primaryKeyConflict: String? {
        guard let primary = tokens.firstTopLevelKeyword("PRIMARY", from: constraintStart) else { return nil }
        var index = primary + 1
        while index + 2 < tokens.count {
            let token = tokens[index]
            if token.isKeyword("ON") && tokens[index + 1].isKeyword("CONFLICT") {
                return tokens[index + 2].text.uppercased()
            }
            if token.isConstraintWord { return nil }
            index += 1
        }
        return nil
    }

    /// Whether the column's `PRIMARY KEY` is declared `DESC`.
    var isPrimaryKeyDescending: Bool {
        guard let primary = tokens.firstTopLevelKeyword("PRIMARY", from: constraintStart),
            primary + 2 < tokens.count
        else { return false }
        return tokens[primary + 2].isKeyword("DESC")
    }

    /// The text inside the parentheses that follow the first top-level `keyword` at or after
    /// `start`, and the index of the closing parenthesis.
    private func parenthesized(after keyword: String, from start: Int) -> (text: String, close: Int)? {
        guard let index = tokens.firstTopLevelKeyword(keyword, from: start), index + 1 < tokens.count,
            tokens[index + 1].isSymbol("("), let close = tokens.indexOfClosingParenthesis(from: index + 1)
        else { return nil }
        return (tokens.text(in: text, from: index + 2, through: close - 1, base: tokens[0].range.lowerBound), close)
    }

    /// The generated column's expression (the text inside `AS (...)`) and whether it is STORED.
    var generated: (expression: String, stored: Bool)? {
        guard let expression = parenthesized(after: "AS", from: constraintStart) else { return nil }
        return (expression.text, tokens[(expression.close + 1)...].contains { $0.isKeyword("STORED") })
    }

    /// The expressions of the column's `CHECK` constraints.
    var checks: [String] {
        var result: [String] = []
        var from = constraintStart
        while let check = parenthesized(after: "CHECK", from: from) {
            result.append(check.text)
            from = check.close + 1
        }
        return result
    }

    /// For a table `CHECK` constraint: its expression.
    var tableCheck: String? {
        isConstraint ? parenthesized(after: "CHECK", from: 0)?.text : nil
    }

    /// For a table constraint: the columns it names in the parenthesized list after
    /// `PRIMARY KEY`, `UNIQUE` or `FOREIGN KEY`; for `CHECK`, every identifier in its expression.
    var constrainedColumns: [String] {
        guard isConstraint else { return [] }
        if let check = tokens.firstTopLevelKeyword("CHECK") {
            return tokens[check...].compactMap { $0.kind == .word || $0.kind == .quoted ? $0.identifier : nil }
        }
        guard let open = tokens.firstIndex(where: { $0.isSymbol("(") }),
            let close = tokens.indexOfClosingParenthesis(from: open)
        else { return [] }
        // The first name of each part of the list (a string literal only outside parentheses).
        return tokens.topLevelParts(from: open, to: close).compactMap { part in
            var depth = 0
            for token in tokens[part] {
                if token.isSymbol("(") { depth += 1 }
                if token.isSymbol(")") { depth -= 1 }
                if let name = token.identifier, token.kind != .string || depth == 0 { return name }
            }
            return nil
        }
    }
}

extension SQLToken {
    /// Whether this word begins a column constraint (or the generated column's `AS`).
    fileprivate var isConstraintWord: Bool {
        kind == .word
            && [
                "CONSTRAINT", "PRIMARY", "NOT", "NULL", "UNIQUE", "CHECK", "DEFAULT", "COLLATE", "REFERENCES",
                "GENERATED", "AS",
            ].contains(text.uppercased())
    }
}
