/// The setters of an insert, as a first setter and the rest (the variadic form) or a list,
/// iterated without building a combined array.
struct SetterList {
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
}
