/// Builds statement text and its bindings: the text as UTF-8 bytes in memory of its own, made
/// a `String` once at the end, since the typed tier renders every statement it runs (appending
/// to a `String` or an array piece by piece costs several times more). Not copyable: the
/// renderer owns that memory.
struct SQLRenderer: ~Copyable {
    private var bytes: UnsafeMutablePointer<UInt8>
    private var capacity = 256
    private var count = 0
    var bindings: [Binding?] = []

    init() {
        bytes = .allocate(capacity: capacity)
    }

    deinit {
        bytes.deallocate()
    }

    /// The text rendered so far.
    var sql: String {
        get { String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self) }
        set {
            count = 0
            append(newValue)
        }
    }

    var expression: Expression<Void> { Expression(sql, bindings) }

    mutating func append(_ string: String) {
        let appended = string.utf8.withContiguousStorageIfAvailable { stored in
            append(stored)
            return true
        }
        if appended == nil { Array(string.utf8).withUnsafeBufferPointer { append($0) } }
    }

    private mutating func append(_ source: UnsafeBufferPointer<UInt8>) {
        guard let base = source.baseAddress else { return }
        if count + source.count > capacity { grow(to: count + source.count) }
        // Most pieces are a few bytes: copied in a loop, without calling memcpy.
        if source.count <= 16 {
            for offset in 0..<source.count { bytes[count + offset] = base[offset] }
        } else {
            (bytes + count).update(from: base, count: source.count)
        }
        count += source.count
    }

    private mutating func append(byte: UInt8) {
        if count == capacity { grow(to: count + 1) }
        bytes[count] = byte
        count += 1
    }

    private mutating func grow(to minimum: Int) {
        var newCapacity = capacity * 2
        while newCapacity < minimum { newCapacity *= 2 }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.update(from: bytes, count: count)
        bytes.deallocate()
        bytes = grown
        capacity = newCapacity
    }

    /// Appends `, `.
    mutating func appendSeparator() {
        append(byte: UInt8(ascii: ","))
        append(byte: UInt8(ascii: " "))
    }

    /// Appends `?`.
    mutating func appendPlaceholder() {
        append(byte: UInt8(ascii: "?"))
    }

    mutating func append<T>(_ expression: Expression<T>) {
        append(expression.template)
        if !expression.bindings.isEmpty { bindings += expression.bindings }
    }

    mutating func append(_ expressions: [Expression<Void>], separator: String = ", ") {
        let isComma = separator == ", "
        // Read in place: copying each expression out of the array would retain and release its
        // template and bindings.
        expressions.withUnsafeBufferPointer { list in
            for index in list.indices {
                if index > 0 { isComma ? appendSeparator() : append(separator) }
                append(list[index].template)
                if !list[index].bindings.isEmpty { bindings.append(contentsOf: list[index].bindings) }
            }
        }
    }

    /// Appends `name` as an identifier: in double quotes, each `"` doubled.
    mutating func appendQuoted(_ name: String) {
        let quote = UInt8(ascii: "\"")
        append(byte: quote)
        for byte in name.utf8 {
            append(byte: byte)
            if byte == quote { append(byte: quote) }
        }
        append(byte: quote)
    }

    /// Appends `"database"."name"`, or `"name"` without a database.
    mutating func appendQualified(_ name: String, _ database: String?) {
        if let database {
            appendQuoted(database)
            append(byte: UInt8(ascii: "."))
        }
        appendQuoted(name)
    }

    /// Renders a complete `SELECT` statement; `limit`, when given, replaces the clauses' own.
    mutating func appendSelect(_ clauses: QueryClauses, limit: (length: Int, offset: Int?)? = nil) {
        if !clauses.with.isEmpty {
            append(clauses.with.contains(where: \.recursive) ? "WITH RECURSIVE " : "WITH ")
            for (offset, table) in clauses.with.enumerated() {
                if offset > 0 { append(", ") }
                appendQuoted(table.alias)
                if let columns = table.columns {
                    append(" (")
                    append(columns)
                    append(")")
                }
                append(" AS ")
                if let hint = table.hint {
                    append(hint.rawValue)
                    append(" ")
                }
                append("(")
                append(table.query)
                append(")")
            }
            append(" ")
        }
        append(clauses.select.distinct ? "SELECT DISTINCT " : "SELECT ")
        append(clauses.select.columns)
        append(" FROM ")
        appendQualified(clauses.from.name, clauses.from.database)
        if let alias = clauses.from.alias {
            append(" AS ")
            appendQuoted(alias)
        }
        for join in clauses.join {
            append(" ")
            append(join.type.rawValue)
            append(" JOIN ")
            append(join.table)
            if !join.condition.template.isEmpty {
                append(" ON ")
                append(join.condition)
            }
        }
        appendWhere(clauses.filters)
        if let group = clauses.group {
            append(" GROUP BY ")
            append(group.by)
            if let having = group.having {
                append(" HAVING ")
                append(having)
            }
        }
        for part in clauses.compound {
            append(" ")
            append(part.keyword)
            append(" ")
            append(part.query)
        }
        appendOrderAndLimit(clauses, limit: limit)
    }

    mutating func appendWhere(_ filters: Expression<Bool?>?) {
        if let filters {
            append(" WHERE ")
            append(filters)
        }
    }

    /// Renders `ORDER BY` and `LIMIT`; `limit`, when given, replaces the clauses' own.
    mutating func appendOrderAndLimit(_ clauses: QueryClauses, limit: (length: Int, offset: Int?)? = nil) {
        if !clauses.order.isEmpty {
            append(" ORDER BY ")
            append(clauses.order)
        }
        if let limit = limit ?? clauses.limit {
            append(" LIMIT ")
            append(String(limit.length))
            if let offset = limit.offset {
                append(" OFFSET ")
                append(String(offset))
            }
        }
    }
}
