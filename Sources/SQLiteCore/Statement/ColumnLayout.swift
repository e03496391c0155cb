/// The result columns of one generation of a prepared statement (``Statement/columnsGeneration``):
/// their names in order and each name's index. Core's, and the one place where every tier gets
/// a statement's column names and indexes.
///
/// The statement owns it (``Statement/columnLayout``) and builds it once per generation: when
/// SQLite re-prepares the statement with other columns after a schema change, the next read
/// builds a new layout, and whoever still holds the old one keeps the columns of its own run.
/// Only Core decides that a layout is stale, so no tier keeps one across runs.
///
/// Its columns never change. Besides them it holds one object per type that a tier derived from
/// exactly these columns (``derived(_:)``), guarded by the connection's lock: a new generation is
/// a new layout, so nothing derived from old columns is ever found.
package final class ColumnLayout: @unchecked Sendable {
    /// The generation of the statement's columns this layout describes.
    package let generation: Int

    /// The column names as SQLite reports them (`sqlite3_column_name`), in order.
    package let names: [String]

    /// The index of each name; the first column wins when several share a name.
    private let indexes: [String: Int]

    /// What tiers derived from these columns, at most one object per type. Guarded by the
    /// connection's lock.
    private var derivedObjects: [AnyObject] = []

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

    /// The object of type `T` derived from these columns, made by `make` the first time it is
    /// asked for. Called with the connection's lock held (``Statement/columnsDerived(_:)``).
    func derived<T: AnyObject>(_ make: () -> T) -> T {
        for object in derivedObjects where type(of: object) == T.self {
            return unsafeDowncast(object, to: T.self)
        }
        let object = make()
        derivedObjects.append(object)
        return object
    }
}
