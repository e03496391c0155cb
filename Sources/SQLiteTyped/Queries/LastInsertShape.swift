/// The `INSERT` built from setters that a connection rendered last (kept in its
/// ``TypedConnectionState``), so that the same insert built again in a loop finds its SQL
/// without rendering it. Only inserts whose setters each bind one value are remembered: their
/// text is then made of the table, the conflict clause and the column templates alone, which
/// are compared as strings. Immutable.
final class LastInsertShape {
    let target: InsertTarget
    /// The template of each setter's column, in order.
    let columns: [String]
    let sql: String

    /// The entry for an insert of `setters` into `target` whose text is `sql`, nil when a
    /// setter's value is not a single bound value.
    init?(_ target: InsertTarget, _ setters: SetterList, sql: String) {
        var columns: [String] = []
        columns.reserveCapacity(setters.count)
        var bound = true
        setters.forEach { setter in
            bound = bound && setter.value.isBound
            columns.append(setter.column.template)
        }
        guard bound else { return nil }
        self.target = target
        self.columns = columns
        self.sql = sql
    }

    /// Whether the entry is for an insert of `setters` into `target`. The setters are read in
    /// place: copying one would retain its strings.
    func matches(_ target: InsertTarget, _ setters: SetterList) -> Bool {
        guard setters.count == columns.count, target.name == self.target.name,
            target.database == self.target.database, target.conflict == self.target.conflict
        else { return false }
        return columns.withUnsafeBufferPointer { columns in
            var index = 0
            if setters.hasHead {
                guard setters.head.value.isBound, setters.head.column.template == columns[0] else { return false }
                index = 1
            }
            return setters.rest.withUnsafeBufferPointer { rest in
                for offset in rest.indices {
                    guard rest[offset].value.isBound, rest[offset].column.template == columns[index + offset] else {
                        return false
                    }
                }
                return true
            }
        }
    }
}
