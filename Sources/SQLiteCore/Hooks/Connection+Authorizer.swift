extension Connection {
    /// Asks `authorizer` about each action of every statement as it is prepared
    /// (`sqlite3_set_authorizer`): ``AuthorizerResult/allow`` it, ``AuthorizerResult/deny`` it
    /// (preparing the statement throws `SQLITE_AUTH`), or ``AuthorizerResult/ignore`` it (a
    /// column read reads `NULL`, a column update leaves it unchanged). Throwing denies, and the
    /// error's message joins SQLite's. `nil` removes it.
    ///
    /// ```swift
    /// db.authorizer { request in
    ///     switch request.action {
    ///     case .read(table: "users", column: "password"): .ignore
    ///     case .dropTable, .delete: .deny
    ///     default: .allow
    ///     }
    /// }
    /// try db.execute("DROP TABLE users")
    /// // throws SQLITE_AUTH: not authorized (the authorizer denied dropTable(table: "users") on main)
    /// ```
    ///
    /// Setting or removing it expires the connection's prepared statements: SQLite authorizes
    /// at preparation, so each is prepared again (and asked again) when next run. The
    /// authorizer runs inside SQLite, with the connection's lock held: it must not use the
    /// connection.
    ///
    /// A ``DatabaseQueue`` or ``DatabasePool`` learns the tables an observed fetch reads by
    /// preparing its SQL once more, on the side, with its own authorizer: the user's is not
    /// asked then (that statement never runs; the fetch's own preparation was asked), and is
    /// in place again straight after.
    @preconcurrency
    public func authorizer(_ authorizer: (@Sendable (AuthorizerRequest) throws -> AuthorizerResult)?) {
        withOpenHandle { handle in
            handle.hooks.authorizer = authorizer
            handle.hooks.denial = nil
            handle.refreshAuthorizer()
        }
    }
}

extension ConnectionHandle {
    /// Registers the C authorizer while the user's authorizer or the package's table
    /// collection wants it; unregisters it otherwise. Call with `lock` held and the database
    /// open. Each call expires the prepared statements (SQLite's rule).
    func refreshAuthorizer() {
        let wanted = hooks.authorizer != nil || hooks.collectedReads != nil
        hooks.authorizerIsRegistered = wanted
        guard wanted else {
            sqlite3_set_authorizer(pointer, nil, nil)
            return
        }
        sqlite3_set_authorizer(
            pointer,
            { context, action, first, second, database, accessor in
                guard let context else { return SQLITE_OK }
                let hooks = ConnectionHandle.from(context).hooks
                if hooks.collectedReads != nil {
                    if action == SQLITE_READ, let first {
                        hooks.collectedReads?.insert(String(cString: first).lowercased())
                    }
                    return SQLITE_OK
                }
                guard let authorizer = hooks.authorizer else { return SQLITE_OK }
                let request = AuthorizerRequest(
                    action: AuthorizerAction(
                        code: action, first.map { String(cString: $0) }, second.map { String(cString: $0) }),
                    database: database.map { String(cString: $0) }, accessor: accessor.map { String(cString: $0) })
                do {
                    let result = try authorizer(request)
                    if result == .deny { hooks.denial = ConnectionHandle.denial(of: request, reason: nil) }
                    return result.code
                } catch {
                    hooks.denial = ConnectionHandle.denial(of: request, reason: FunctionValues.message(for: error))
                    return SQLITE_DENY
                }
            }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// The explanation a denied preparation's message gets.
    static func denial(of request: AuthorizerRequest, reason: String?) -> String {
        var text = "the authorizer denied \(request.action)"
        if let database = request.database { text += " on \(database)" }
        if let accessor = request.accessor { text += " in \(accessor)" }
        if let reason { text += ": \(reason)" }
        return text
    }

    /// Prepares with the package's own authorizer collecting the tables read, instead of
    /// asking the user's; the user's is in place again afterwards. Call with `lock` held and
    /// the database open.
    func collectingTablesRead(_ prepare: () -> Void) -> Set<String> {
        hooks.collectedReads = []
        // Already registered for the user's authorizer: the same C callback collects, and the
        // statements prepared so far need not expire.
        let registers = !hooks.authorizerIsRegistered
        if registers { refreshAuthorizer() }
        prepare()
        let tables = hooks.collectedReads ?? []
        hooks.collectedReads = nil
        if registers { refreshAuthorizer() }
        return tables
    }
}
