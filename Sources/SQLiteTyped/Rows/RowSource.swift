/// Where a ``Row`` reads its values: the statement's current row while it is current (read by
/// index, no copy), or a copy of the values once the statement has moved on.
@usableFromInline
final class RowSource: @unchecked Sendable {
    /// The statement the row came from.
    @usableFromInline
    let statement: Statement

    /// The statement's raw handle.
    @usableFromInline
    let handle: OpaquePointer

    /// The row's values once copied; nil while the row is the statement's current row.
    @usableFromInline
    var values: [Binding?]?

    init(statement: Statement) {
        self.statement = statement
        self.handle = statement.handle
    }

    /// Copies the current row so the statement can step on.
    func materialize() {
        if values == nil { values = statement.row.values }
    }
}
