/// The result columns of one generation of a prepared statement (``Statement/columnsGeneration``):
/// their names in order and each name's index. Core's, and the one place where every tier gets
/// a statement's column names and indexes.
///
/// The statement owns it (``Statement/columnLayout``) and builds it once per generation: when
/// SQLite re-prepares the statement with other columns after a schema change, the next read
/// builds a new layout, and whoever still holds the old one keeps the columns of its own run.
/// Only Core decides that a layout is stale, so no tier keeps one across runs. Immutable.
package final class ColumnLayout: Sendable {
    /// The generation of the statement's columns this layout describes.
    package let generation: Int

    /// The column names as SQLite reports them (`sqlite3_column_name`), in order.
    package let names: [String]

    /// The index of each name; the first column wins when several share a name.
    private let indexes: [String: Int]

    init(names: [String], generation: Int) {
        self.names = names
        self.generation = generation
        var indexes: [String: Int] = [:]
        indexes.reserveCapacity(names.count)
        for (index, name) in names.enumerated() where indexes[name] == nil { indexes[name] = index }
        self.indexes = indexes
    }

    /// The number of columns.
    package var count: Int { names.count }

    /// The index of the first column named `name`, compared exactly (case included, as
    /// SQLite reports the names); nil when no column has that name.
    package func index(of name: String) -> Int? {
        indexes[name]
    }
}
