/// The setters of an insert, as a first setter and the rest (the variadic form) or a list,
/// iterated without building a combined array.
struct SetterList: Sendable {
    /// The first setter when ``hasHead``, else a placeholder: kept out of an optional, whose
    /// reading copies the setter (retaining its strings) where a stored setter is read in place.
    let head: Setter
    /// Whether ``head`` is one of the setters.
    let hasHead: Bool
    let rest: [Setter]

    init(first: Setter?, rest: [Setter]) {
        if let first {
            head = first
            hasHead = true
        } else {
            head = Setter(column: Expression<Void>("", []), value: .null)
            hasHead = false
        }
        self.rest = rest
    }

    var count: Int { rest.count + (hasHead ? 1 : 0) }

    /// Appends the setters' columns, separated by commas. The setters are read in place:
    /// copying one would retain its strings.
    func appendColumns(to sql: inout SQLRenderer) {
        if hasHead { sql.append(head.column.template) }
        rest.withUnsafeBufferPointer { setters in
            for index in setters.indices {
                if hasHead || index > 0 { sql.appendSeparator() }
                sql.append(setters[index].column.template)
            }
        }
    }

    /// Appends the setters' values, separated by commas: `?` for a bound value, else its SQL.
    func appendValues(to sql: inout SQLRenderer) {
        if hasHead { head.value.appendTemplate(to: &sql) }
        rest.withUnsafeBufferPointer { setters in
            for index in setters.indices {
                if hasHead || index > 0 { sql.appendSeparator() }
                setters[index].value.appendTemplate(to: &sql)
            }
        }
    }

    /// Appends every setter's bindings, in order.
    func appendBindings(to bindings: inout [Binding?]) {
        if hasHead { head.value.appendBindings(to: &bindings) }
        for index in rest.indices { rest[index].value.appendBindings(to: &bindings) }
    }

    /// Every setter's bindings, in order.
    var bindings: [Binding?] {
        var bindings: [Binding?] = []
        bindings.reserveCapacity(count)
        appendBindings(to: &bindings)
        return bindings
    }

    /// The number of parameters the setters bind.
    var parameterCount: Int {
        var total = hasHead ? head.value.parameterCount : 0
        rest.withUnsafeBufferPointer { setters in
            for index in setters.indices { total += setters[index].value.parameterCount }
        }
        return total
    }

    /// Binds every setter's values to the raw statement, from parameter 1 on; returns
    /// `SQLITE_OK` or the first failing code.
    func bind(to handle: OpaquePointer) throws(Result) -> Int32 {
        var index: Int32 = 0
        // Each value is bound where it lies: copying a setter would retain and release its
        // column's template and bindings, two atomic operations each, for nothing.
        if hasHead {
            let code = try head.value.bind(to: handle, at: &index)
            if code != SQLITE_OK { return code }
        }
        return try rest.withUnsafeBufferPointer { setters throws(Result) -> Int32 in
            guard let base = setters.baseAddress else { return SQLITE_OK }
            for offset in 0..<setters.count {
                let code = try base[offset].value.bind(to: handle, at: &index)
                if code != SQLITE_OK { return code }
            }
            return SQLITE_OK
        }
    }
}

extension SetterValue {
    /// Appends the value's SQL: `?` for a bound value.
    fileprivate func appendTemplate(to sql: inout SQLRenderer) {
        // Tested without binding the payload first: matching it out copies the whole value.
        guard isExpression else { return sql.appendPlaceholder() }
        if case .expression(let expression) = self { sql.append(expression.template) }
    }

    /// Whether the value is SQL rather than a bound value.
    private var isExpression: Bool {
        if case .expression = self { return true }
        return false
    }
}
