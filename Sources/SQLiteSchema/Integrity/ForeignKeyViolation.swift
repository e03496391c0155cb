/// A row whose foreign key refers to a row that does not exist, as `PRAGMA foreign_key_check`
/// reports it.
///
/// ```swift
/// for violation in try db.foreignKeyCheck() {
///     print("\(violation.table) row \(violation.rowid ?? -1) refers to a missing \(violation.parent) row")
/// }
/// ```
public struct ForeignKeyViolation: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The table holding the offending row.
    public var table: String
    /// The offending row's rowid; `nil` for a `WITHOUT ROWID` table.
    public var rowid: Int64?
    /// The table the row should refer to.
    public var parent: String
    /// The number of the violated foreign key in `PRAGMA foreign_key_list(table)`.
    public var foreignKeyID: Int

    /// A violation.
    public init(table: String, rowid: Int64?, parent: String, foreignKeyID: Int) {
        self.table = table
        self.rowid = rowid
        self.parent = parent
        self.foreignKeyID = foreignKeyID
    }

    /// `table [rowid] => parent`, e.g. `posts [12] => users`.
    public var description: String {
        "\(table) [\(rowid.map(String.init) ?? "?")] => \(parent)"
    }
}

/// SQLite.swift's name for a ``ForeignKeyViolation``, as ``SQLiteCore/Connection/foreignKeyCheck(table:database:)``
/// returns it and ``SchemaChanger/Error/foreignKeyError(_:)`` carries it.
public typealias ForeignKeyError = ForeignKeyViolation

extension ForeignKeyViolation {
    /// The table holding the offending row (SQLite.swift's name for ``table``).
    public var from: String { table }

    /// The offending row's rowid (SQLite.swift's name for ``rowid``); 0 for a `WITHOUT ROWID`
    /// table, whose violations SQLite.swift leaves out.
    public var rowId: Int64 { rowid ?? 0 }

    /// The table the row should refer to (SQLite.swift's name for ``parent``).
    public var to: String { parent }
}
