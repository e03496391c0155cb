extension Expression {
    /// The column in the row a trigger is inserting or updating, after the change:
    /// `email.new` renders `NEW."email"`. Only valid in a trigger's statements and condition.
    ///
    /// ```swift
    /// users.createTrigger("audit_email", .after, .update(of: email), when: email.new != email.old) { body in
    ///     body.run(audit.insert(userId <- id.new, oldEmail <- email.old, newEmail <- email.new))
    /// }
    /// ```
    public var new: Expression<Datatype> {
        Expression("NEW." + TriggerRow.columnName(template), bindings)
    }

    /// The column in the row a trigger is updating or deleting, before the change:
    /// `email.old` renders `OLD."email"`. Only valid in a trigger's statements and condition.
    public var old: Expression<Datatype> {
        Expression("OLD." + TriggerRow.columnName(template), bindings)
    }
}

/// The `NEW` and `OLD` rows of a trigger.
enum TriggerRow {
    /// The column name a column expression stands for: `"email"` for `"email"` and for a
    /// qualified `"users"."email"`; any other SQL is returned as it is.
    static func columnName(_ template: String) -> String {
        let quote = UInt8(ascii: "\"")
        let bytes = Array(template.utf8)
        var lastStart = 0
        var index = 0
        while index < bytes.count {
            // A quoted identifier: up to the quote that is not doubled.
            guard bytes[index] == quote else { return template }
            let start = index
            index += 1
            while true {
                guard index < bytes.count else { return template }
                if bytes[index] == quote {
                    if index + 1 < bytes.count, bytes[index + 1] == quote {
                        index += 2
                        continue
                    }
                    break
                }
                index += 1
            }
            index += 1
            lastStart = start
            // Then the end, or a dot and the next identifier.
            if index == bytes.count { break }
            guard bytes[index] == UInt8(ascii: "."), index + 1 < bytes.count else { return template }
            index += 1
        }
        guard !bytes.isEmpty else { return template }
        return String(decoding: bytes[lastStart...], as: UTF8.self)
    }
}
