/// The parts of an `UPDATE` or `DELETE` on a limited query (`users.order(id).limit(1)`), kept
/// so that ``Connection/run(_:)-(Update)`` can choose the rows by the table's own key.
///
/// SQLite takes `UPDATE ... ORDER BY ... LIMIT ...` only when built with
/// `SQLITE_ENABLE_UPDATE_DELETE_LIMIT` (Debian's and Homebrew's libraries are; the vendored
/// amalgamation is not). Without it the statement selects its rows with a subquery on a key of
/// the table, as SQLite itself does inside such a build: the rowid, or the primary key of a
/// `WITHOUT ROWID` table (`("a", "b") IN (SELECT "a", "b" FROM ...)`). The bindings are the same
/// in every form: those of the `SET` list, then of the filter, then of the order.
struct LimitedRows: Sendable {
    /// `UPDATE "t" SET ...` or `DELETE FROM "t"`.
    let head: String
    /// The table's name, unquoted.
    let table: String
    /// The table's database (schema) name, unquoted, when the query names one.
    let database: String?
    /// The table's name as the statement writes it (`"main"."t"`).
    let qualifiedTable: String
    /// ` WHERE ... ORDER BY ... LIMIT ... OFFSET ...`, the part that selects the rows.
    let selection: String
    /// The statement text the query rendered with these parts (its `template` then).
    let rendered: String

    init(head: String, clauses: QueryClauses, qualifiedTable: String, selection: String) {
        self.head = head
        table = clauses.from.name
        database = clauses.from.database
        self.qualifiedTable = qualifiedTable
        self.selection = selection
        rendered =
            Self.nativeLimit ? head + selection : head + Self.keyedSelection(["rowid"], qualifiedTable, selection)
    }

    /// The statement with the rows chosen by the quoted key columns `key` (`rowid`, or a
    /// primary key's columns).
    func sql(keyedBy key: [String]) -> String {
        head + Self.keyedSelection(key, qualifiedTable, selection)
    }

    /// The statement choosing its rows by rowid, whatever the build (for a trigger's body,
    /// where SQLite takes no `ORDER BY` or `LIMIT` on an `UPDATE` or a `DELETE`).
    var rowidSQL: String { sql(keyedBy: ["rowid"]) }

    private static func keyedSelection(_ key: [String], _ qualifiedTable: String, _ selection: String) -> String {
        let columns = key.joined(separator: ", ")
        let target = key.count == 1 ? columns : "(" + columns + ")"
        return " WHERE " + target + " IN (SELECT " + columns + " FROM " + qualifiedTable + selection + ")"
    }

    /// Whether the SQLite library the program runs takes `ORDER BY` and `LIMIT` on `UPDATE` and
    /// `DELETE` (`SQLITE_ENABLE_UPDATE_DELETE_LIMIT`): a property of the library, read once.
    static let nativeLimit = CompileOptions.isUsed("ENABLE_UPDATE_DELETE_LIMIT")
}

extension QueryType {
    /// Appends the part of an `UPDATE` or `DELETE` after `head` that selects the rows: the
    /// filter alone, or, on a limited query, the filter with the order and the limit (the
    /// statement SQLite.swift writes, or a key subquery on a build without
    /// `SQLITE_ENABLE_UPDATE_DELETE_LIMIT`). An order without a limit changes no row that the
    /// filter does not: it is left out. Returns the parts of a limited statement.
    func appendRowSelection(to renderer: inout SQLRenderer) -> LimitedRows? {
        guard clauses.limit != nil else {
            renderer.appendWhere(clauses.filters)
            return nil
        }
        let head = renderer.sql
        var selection = SQLRenderer()
        selection.appendWhere(clauses.filters)
        selection.appendOrderAndLimit(clauses)
        let rows = LimitedRows(
            head: head, clauses: clauses, qualifiedTable: qualifiedTableName, selection: selection.sql)
        renderer.sql = rows.rendered
        renderer.bindings += selection.bindings
        return rows
    }
}
