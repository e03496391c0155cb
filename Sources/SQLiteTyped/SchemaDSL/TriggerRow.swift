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
        guard let (name, rest) = template[...].leadingQuotedName, rest.isEmpty else { return template }
        return name.quotedIdentifier
    }
}
