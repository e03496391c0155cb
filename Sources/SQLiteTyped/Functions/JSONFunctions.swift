// SQLite's JSON functions (https://www.sqlite.org/json1.html) on text columns holding JSON.
// They exist unless the package is built with the `JSON` trait off.

extension Expression where Datatype: TextDatatype {
    /// `json_extract("data", '$.path')`: the value at `path`, typed by the caller:
    /// `let n: Expression<Int64?> = data.jsonExtract("$.n")`.
    public func jsonExtract<V: Value>(_ path: String) -> Expression<V?> {
        SQLText.call("json_extract", [self, path])
    }

    /// `("data" -> '$.path')`: the JSON text at `path`.
    public func jsonPath(_ path: String) -> Expression<String?> {
        SQLText.infix("->", self, path)
    }

    /// `("data" ->> '$.path')`: the SQL value at `path`, typed by the caller.
    public func jsonValue<V: Value>(_ path: String) -> Expression<V?> {
        SQLText.infix("->>", self, path)
    }

    /// `json("data")`: the JSON minified; an error for invalid JSON.
    public var json: Expression<Datatype> { SQLText.call("json", self) }

    /// `json_valid("data")`: whether the text is well-formed JSON.
    public var jsonValid: Expression<Datatype.BoolResult> { SQLText.call("json_valid", self) }

    /// `json_type("data")` or `json_type("data", '$.path')`: `'object'`, `'array'`, `'integer'`, ...
    public func jsonType(_ path: String? = nil) -> Expression<String?> {
        guard let path else { return SQLText.call("json_type", self) }
        return SQLText.call("json_type", [self, path])
    }

    /// `json_array_length("data")` or at `path`: the number of elements.
    public func jsonArrayLength(_ path: String? = nil) -> Expression<Int?> {
        guard let path else { return SQLText.call("json_array_length", self) }
        return SQLText.call("json_array_length", [self, path])
    }

    /// `json_set("data", '$.a', value, ...)`: the JSON with values set (created or replaced).
    public func jsonSet(_ assignments: (path: String, value: Expressible)...) -> Expression<Datatype> {
        jsonEdit("json_set", assignments)
    }

    /// `json_insert(...)`: the JSON with values added where absent.
    public func jsonInsert(_ assignments: (path: String, value: Expressible)...) -> Expression<Datatype> {
        jsonEdit("json_insert", assignments)
    }

    /// `json_replace(...)`: the JSON with existing values replaced.
    public func jsonReplace(_ assignments: (path: String, value: Expressible)...) -> Expression<Datatype> {
        jsonEdit("json_replace", assignments)
    }

    /// `json_remove("data", '$.a', ...)`: the JSON without the values at `paths`.
    public func jsonRemove(_ paths: String...) -> Expression<Datatype> {
        SQLText.call("json_remove", [self] + paths.map { $0 as Expressible })
    }

    /// `json_patch("data", patch)`: RFC 7396 merge patch.
    public func jsonPatch(_ patch: String) -> Expression<Datatype> {
        SQLText.call("json_patch", [self, patch])
    }

    private func jsonEdit(_ function: String, _ assignments: [(path: String, value: Expressible)]) -> Expression<
        Datatype
    > {
        SQLText.call(function, [self] + assignments.flatMap { [$0.path as Expressible, $0.value] })
    }
}

/// JSON values built by SQLite.
public enum JSONFunctions {
    /// `json_array(values...)`: a JSON array.
    public static func array(_ values: Expressible...) -> Expression<String> {
        SQLText.call("json_array", values)
    }

    /// `json_object('key', value, ...)`: a JSON object.
    public static func object(_ pairs: (key: String, value: Expressible)...) -> Expression<String> {
        SQLText.call("json_object", pairs.flatMap { [$0.key as Expressible, $0.value] })
    }

    /// `json_quote(value)`: a SQL value as JSON.
    public static func quote(_ value: Expressible) -> Expression<String> {
        SQLText.call("json_quote", value)
    }
}

extension ExpressionType {
    /// `json_group_array(expr)`: the values of a group as a JSON array.
    public var jsonGroupArray: Expression<String> { SQLText.call("json_group_array", self) }
}
