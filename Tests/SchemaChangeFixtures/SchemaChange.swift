import Foundation
import SQLiteCore
import SQLiteSchema

/// A schema change made while a connection keeps prepared statements over the table `t` (or
/// the view `v`), and what those statements must read afterwards. SQLite re-prepares such a
/// statement at its next step; every structure built from its column names must follow.
///
/// Before every change, the source holds one row: id 1, x 10, y 20 (and no column z); the
/// table `u` holds id 1, t_id 1, w 40, joined to the source through `t_id`.
public enum SchemaChange: String, CaseIterable, Sendable, CustomStringConvertible {
    /// `ALTER TABLE t DROP COLUMN x`: y moves to x's position.
    case dropColumn
    /// `ALTER TABLE t ADD COLUMN z ... DEFAULT 30`.
    case addColumn
    /// SchemaChanger drops the indexed x (a 12-step rebuild) and adds it back last, default 11.
    case rebuildWithSchemaChanger
    /// The 12-step rebuild in raw SQL, the new table declaring y before x.
    case rebuildWithSQL
    /// `DROP VIEW v; CREATE VIEW v AS SELECT y, id, x + 100 AS z FROM t`.
    case redefineView
    /// The raw-SQL rebuild run by another connection to the same file.
    case rebuildByAnotherConnection

    /// The case name.
    public var description: String { rawValue }

    /// The table or view the statements read.
    public var source: String { self == .redefineView ? "v" : "t" }

    /// The values of x, y and z read before the change (nil: the source has no such column).
    public static let before = Seen(x: 10, y: 20, z: nil)

    /// The values of x, y and z read after the change.
    public var after: Seen {
        switch self {
        case .dropColumn: Seen(x: nil, y: 20, z: nil)
        case .addColumn: Seen(x: 10, y: 20, z: 30)
        case .rebuildWithSchemaChanger: Seen(x: 11, y: 20, z: nil)
        case .rebuildWithSQL, .rebuildByAnotherConnection: Seen(x: 10, y: 20, z: nil)
        case .redefineView: Seen(x: nil, y: 20, z: 110)
        }
    }

    /// A database set up for the change (a file for another connection's change, removed when
    /// the fixture is released).
    public func makeFixture() throws -> SchemaChangeFixture {
        let fixture = try SchemaChangeFixture(onFile: self == .rebuildByAnotherConnection)
        try fixture.db.execute(
            """
            CREATE TABLE t (id INTEGER PRIMARY KEY, x INTEGER, y INTEGER);
            INSERT INTO t VALUES (1, 10, 20);
            CREATE TABLE u (id INTEGER PRIMARY KEY, t_id INTEGER, w INTEGER);
            INSERT INTO u VALUES (1, 1, 40);
            """)
        switch self {
        case .redefineView: try fixture.db.execute("CREATE VIEW v AS SELECT id, x, y FROM t")
        case .rebuildWithSchemaChanger: try fixture.db.execute("CREATE INDEX t_x ON t (x)")
        default: break
        }
        return fixture
    }

    /// Makes the change.
    public func apply(to fixture: SchemaChangeFixture) throws {
        switch self {
        case .dropColumn: try fixture.db.execute("ALTER TABLE t DROP COLUMN x")
        case .addColumn: try fixture.db.execute("ALTER TABLE t ADD COLUMN z INTEGER DEFAULT 30")
        case .rebuildWithSchemaChanger:
            try SchemaChanger(connection: fixture.db).alter(table: "t") { table in
                table.drop(column: "x")
                table.add(column: ColumnDefinition(name: "x", type: .INTEGER, defaultValue: .numericLiteral("11")))
            }
        case .rebuildWithSQL: try fixture.db.execute(Self.rebuildSQL)
        case .redefineView: try fixture.db.execute("DROP VIEW v; CREATE VIEW v AS SELECT y, id, x + 100 AS z FROM t")
        case .rebuildByAnotherConnection:
            guard let path = fixture.path else { return }
            try Connection(path).execute(Self.rebuildSQL)
        }
    }

    /// sqlite.org's table rebuild, reordering t's columns.
    public static let rebuildSQL = """
        BEGIN;
        CREATE TABLE t_new (id INTEGER PRIMARY KEY, y INTEGER, x INTEGER);
        INSERT INTO t_new (id, y, x) SELECT id, y, x FROM t;
        DROP TABLE t;
        ALTER TABLE t_new RENAME TO t;
        COMMIT;
        """
}

/// The values a read found; nil for a column the result does not have.
public struct Seen: Equatable, Sendable, CustomStringConvertible {
    /// x, nil when the result has no such column.
    public var x: Int64?
    /// y.
    public var y: Int64
    /// z, nil when the result has no such column.
    public var z: Int64?

    /// Values read.
    public init(x: Int64?, y: Int64, z: Int64?) {
        self.x = x
        self.y = y
        self.z = z
    }

    /// `x 10, y 20, z -`.
    public var description: String { "x \(x.map(String.init) ?? "-"), y \(y), z \(z.map(String.init) ?? "-")" }
}

/// A connection for a schema change test; its file, if any, is removed with it.
public final class SchemaChangeFixture {
    /// The connection.
    public let db: Connection
    /// The database file, nil in memory.
    public let path: String?

    /// An in-memory database, or one in a new file when `onFile`.
    public init(onFile: Bool) throws {
        if onFile {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("schema-\(UUID().uuidString).db")
                .path
            self.path = path
            db = try Connection(path)
        } else {
            path = nil
            db = try Connection()
        }
    }

    deinit {
        guard let path else { return }
        for suffix in ["", "-journal", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
}
