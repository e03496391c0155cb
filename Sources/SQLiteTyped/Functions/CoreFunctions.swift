#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// SQLite's core scalar functions (https://www.sqlite.org/lang_corefunc.html), typed.

extension Expression where Datatype: NumberDatatype {
    /// The absolute value: `abs("balance")`.
    public var absoluteValue: Expression<Datatype> { SQLText.call("abs", self) }

    /// Rounded to an integer value: `round("balance")`.
    public func round() -> Expression<Datatype.DoubleResult> { SQLText.call("round", self) }

    /// Rounded to `precision` decimal digits: `round("balance", 2)`.
    public func round(_ precision: Int) -> Expression<Datatype.DoubleResult> {
        SQLText.call("round", [self, precision])
    }

    /// The sign, -1, 0 or 1: `sign("balance")`.
    public var sign: Expression<Datatype> { SQLText.call("sign", self) }
}

extension ExpressionType where UnderlyingType: Value, UnderlyingType.Datatype: IntegerDatatype {
    /// A random 64-bit integer: `Expression<Int>.random()` renders `random()`.
    ///
    /// For every value type stored as an integer (SQLite.swift requires `Datatype == Int64`;
    /// this also covers types stored as another integer type).
    public static func random() -> Expression<UnderlyingType> { Expression(literal: "random()") }
}

extension Expression where Datatype == Blob {
    /// `length` random bytes: `randomblob(16)`.
    public static func random(_ length: Int) -> Expression<Blob> { SQLText.call("randomblob", length) }

    /// `length` zero bytes: `zeroblob(16)`.
    public static func allZeros(_ length: Int) -> Expression<Blob> { SQLText.call("zeroblob", length) }

    /// The number of bytes: `length("data")`.
    public var length: Expression<Int> { SQLText.call("length", self) }
}

extension Expression where Datatype == Blob? {
    /// The number of bytes, nil for `NULL`: `length("data")`.
    public var length: Expression<Int?> { SQLText.call("length", self) }
}

extension Expression where Datatype == Data {
    /// `length` random bytes: `Expression<Data>.random(16)` renders `randomblob(16)`.
    public static func random(_ length: Int) -> Expression<Data> { SQLText.call("randomblob", length) }

    /// `length` zero bytes: `zeroblob(16)`.
    public static func allZeros(_ length: Int) -> Expression<Data> { SQLText.call("zeroblob", length) }

    /// The number of bytes: `length("data")`.
    public var length: Expression<Int> { SQLText.call("length", self) }
}

extension Expression where Datatype == Data? {
    /// The number of bytes, nil for `NULL`: `length("data")`.
    public var length: Expression<Int?> { SQLText.call("length", self) }
}

extension Expression where Datatype: TextDatatype {
    /// The number of characters: `length("name")`.
    public var length: Expression<Datatype.IntResult> { SQLText.call("length", self) }

    /// Lowercased (ASCII only, like SQLite): `lower("name")`.
    public var lowercaseString: Expression<Datatype> { SQLText.call("lower", self) }

    /// Uppercased (ASCII only, like SQLite): `upper("name")`.
    public var uppercaseString: Expression<Datatype> { SQLText.call("upper", self) }

    /// The text as hexadecimal: `hex("name")`.
    public var hex: Expression<Datatype> { SQLText.call("hex", self) }

    /// `("email" LIKE 'pattern')`, with an optional escape character:
    /// `("email" LIKE '%\_%' ESCAPE '\')`.
    public func like(_ pattern: String, escape character: Character? = nil) -> Expression<Datatype.BoolResult> {
        like(Expression<String>(value: pattern), escape: character)
    }

    /// `LIKE` with a pattern expression.
    public func like(_ pattern: Expression<String>, escape character: Character? = nil)
        -> Expression<Datatype.BoolResult>
    {
        guard let character else { return SQLText.infix("LIKE", self, pattern) }
        let escape = String(character).expression
        return Expression<Datatype.BoolResult>(
            "(" + template + " LIKE " + pattern.template + " ESCAPE " + escape.template + ")",
            bindings + pattern.bindings + escape.bindings)
    }

    /// `("name" GLOB 'pattern')`, case-sensitive with Unix wildcards.
    public func glob(_ pattern: String) -> Expression<Datatype.BoolResult> {
        SQLText.infix("GLOB", self, pattern)
    }

    /// `("body" MATCH 'query')`, for full-text search columns.
    public func match(_ pattern: String) -> Expression<Datatype.BoolResult> {
        SQLText.infix("MATCH", self, pattern)
    }

    /// `("name" REGEXP 'pattern')`; needs a `regexp` function registered on the connection.
    public func regexp(_ pattern: String) -> Expression<Datatype.BoolResult> {
        SQLText.infix("REGEXP", self, pattern)
    }

    /// Leading characters in `characters` removed (whitespace when nil): `ltrim("name")`.
    public func ltrim(_ characters: Set<Character>? = nil) -> Expression<Datatype> {
        trimCall("ltrim", characters)
    }

    /// Trailing characters in `characters` removed (whitespace when nil): `rtrim("name")`.
    public func rtrim(_ characters: Set<Character>? = nil) -> Expression<Datatype> {
        trimCall("rtrim", characters)
    }

    /// Both ends trimmed of `characters` (whitespace when nil): `trim("name")`.
    public func trim(_ characters: Set<Character>? = nil) -> Expression<Datatype> {
        trimCall("trim", characters)
    }

    private func trimCall(_ function: String, _ characters: Set<Character>?) -> Expression<Datatype> {
        guard let characters else { return SQLText.call(function, self) }
        return SQLText.call(function, [self, String(characters.sorted())])
    }

    /// Every occurrence of `pattern` replaced: `replace("name", 'a', 'b')`.
    public func replace(_ pattern: String, with replacement: String) -> Expression<Datatype> {
        SQLText.call("replace", [self, pattern, replacement])
    }

    /// The characters from 1-based `location`, `length` of them when given:
    /// `substr("name", 1, 3)`.
    public func substring(_ location: Int, length: Int? = nil) -> Expression<Datatype> {
        guard let length else { return SQLText.call("substr", [self, location]) }
        return SQLText.call("substr", [self, location, length])
    }

    /// `substr` with the range's lower bound as the start and its length as the length, as
    /// SQLite.swift renders it: `name[1..<3]` is `substr("name", 1, 2)`, the first two
    /// characters, since SQLite counts from 1. For a 0-based range as Swift counts, use
    /// ``substring(in:)``.
    public subscript(range: Range<Int>) -> Expression<Datatype> {
        substring(range.lowerBound, length: range.count)
    }

    /// The characters in a 0-based range, as Swift counts them: `name.substring(in: 1..<3)`
    /// renders `substr("name", 2, 2)`, the second and third characters.
    public func substring(in range: Range<Int>) -> Expression<Datatype> {
        substring(range.lowerBound + 1, length: range.count)
    }

    /// The 1-based position of `substring`, 0 when absent: `instr("name", 'li')`.
    public func instr(_ substring: String) -> Expression<Datatype.IntResult> {
        SQLText.call("instr", [self, substring])
    }
}

extension ExpressionType {
    /// The storage class of the value as text: `typeof("name")` is `'text'`, `'null'`, ...
    public var typeof: Expression<String> { SQLText.call("typeof", self) }

    /// The value as an SQL literal: `quote("name")`.
    public var quoted: Expression<String> { SQLText.call("quote", self) }
}

extension Collection where Element: Value, Element.Datatype: Equatable, Self: Sendable {
    /// `("id" IN (1, 2, 3))`: whether the expression is one of the values (each bound).
    public func contains(_ expression: Expression<Element>) -> Expression<Bool> {
        inList(expression)
    }

    /// `("age" IN (20, 30))` for an optional expression.
    public func contains(_ expression: Expression<Element?>) -> Expression<Bool?> {
        inList(expression)
    }

    private func inList<T, R>(_ expression: Expression<T>) -> Expression<R> {
        let placeholders = [String](repeating: "?", count: count).joined(separator: ", ")
        let list = Expression<Void>("(" + placeholders + ")", map { $0.datatypeValue })
        return SQLText.infix("IN", expression, list)
    }
}

extension String {
    /// `(? LIKE pattern)`: this string, bound, matched against a pattern column.
    ///
    /// ```swift
    /// rules.filter("alice@mac.com".like(pattern))
    /// // SELECT * FROM "rules" WHERE ('alice@mac.com' LIKE "pattern")
    /// ```
    public func like(_ pattern: Expression<String>, escape character: Character? = nil) -> Expression<Bool> {
        Expression<String>(value: self).like(pattern, escape: character)
    }
}

// MARK: - NULL handling

/// `ifnull(optional, default)`: the first operand unless it is `NULL`.
public func ?? <V: Value>(optional: Expression<V?>, defaultValue: V) -> Expression<V> {
    SQLText.call("ifnull", [optional, bound(defaultValue)])
}

/// `ifnull(optional, default)` with a non-optional default expression.
public func ?? <V: Value>(optional: Expression<V?>, defaultValue: Expression<V>) -> Expression<V> {
    SQLText.call("ifnull", [optional, defaultValue])
}

/// `ifnull(optional, default)` with an optional default expression.
public func ?? <V: Value>(optional: Expression<V?>, defaultValue: Expression<V?>) -> Expression<V?> {
    SQLText.call("ifnull", [optional, defaultValue])
}

/// The first non-`NULL` operand: `coalesce("a", "b", "c")`.
public func coalesce<V: Value>(_ first: Expression<V?>, _ rest: Expression<V?>...) -> Expression<V?> {
    SQLText.call("coalesce", [first] + rest)
}

/// `NULL` when the operands are equal, else the first: `nullif("a", "b")`.
public func nullif<V: Value>(_ lhs: Expression<V>, _ rhs: Expression<V>) -> Expression<V?> {
    SQLText.call("nullif", [lhs, rhs])
}

/// `NULL` when the expression equals `value`, else the expression: `nullif("a", 0)`.
public func nullif<V: Value>(_ lhs: Expression<V>, _ rhs: V) -> Expression<V?> {
    SQLText.call("nullif", [lhs, bound(rhs)])
}

/// `iif(condition, then, else)`: `then` when `condition` is true.
public func iif<V: Value>(_ condition: Expression<Bool>, then: Expression<V>, else otherwise: Expression<V>)
    -> Expression<V>
{
    SQLText.call("iif", [condition, then, otherwise])
}

// MARK: - CASE

/// `CASE WHEN condition THEN value ... ELSE otherwise END`.
///
/// ```swift
/// caseWhen([(age < 18, "minor")], else: "adult")
/// // CASE WHEN ("age" < 18) THEN 'minor' ELSE 'adult' END
/// ```
public func caseWhen<V: Value>(_ cases: [(Expression<Bool?>, V)], else otherwise: V?) -> Expression<V?> {
    var template = "CASE"
    var bindings: [Binding?] = []
    for (condition, value) in cases {
        template += " WHEN " + condition.template + " THEN ?"
        bindings += condition.bindings
        bindings.append(value.datatypeValue)
    }
    if let otherwise {
        template += " ELSE ?"
        bindings.append(otherwise.datatypeValue)
    }
    return Expression(template + " END", bindings)
}

/// `CASE WHEN ... END` with non-optional conditions and a default.
public func caseWhen<V: Value>(_ cases: [(Expression<Bool>, V)], else otherwise: V) -> Expression<V> {
    Expression(caseWhen(cases.map { (Expression<Bool?>($0.0), $0.1) }, else: otherwise))
}
