/// The setters of an insert, as a first setter and the rest (the variadic form) or a list,
/// iterated without building a combined array.
struct SetterList: Sendable {
    let first: Setter?
    let rest: [Setter]

    var count: Int { rest.count + (first == nil ? 0 : 1) }

    func forEach(_ body: (Setter) -> Void) {
        if let first { body(first) }
        for setter in rest { body(setter) }
    }

    /// Appends every setter's bindings, in order.
    func appendBindings(to bindings: inout [Binding?]) {
        if let first { first.value.appendBindings(to: &bindings) }
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
        var total = first?.value.parameterCount ?? 0
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
        if let code = try first?.value.bind(to: handle, at: &index), code != SQLITE_OK { return code }
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
