/// An optional SQLite feature, chosen at build time by a package trait.
///
/// It reports the SQLite library the program runs, from that library's own compile options:
/// under the `SystemSQLite` trait that is the operating system's build, whose features the
/// traits do not choose.
///
/// ```swift
/// if SQLiteFeature.fts5.isAvailable {
///     try db.execute("CREATE VIRTUAL TABLE docs USING fts5(body)")
/// }
/// ```
public enum SQLiteFeature: String, CaseIterable, Sendable, Hashable {
    /// Full-text search version 5 (trait `FTS5`).
    case fts5 = "ENABLE_FTS5"
    /// Full-text search versions 3 and 4 (trait `FTS4`).
    case fts4 = "ENABLE_FTS4"
    /// The R*Tree index (trait `RTree`).
    case rtree = "ENABLE_RTREE"
    /// Geopoly (trait `Geopoly`).
    case geopoly = "ENABLE_GEOPOLY"
    /// SQL math functions (trait `MathFunctions`).
    case mathFunctions = "ENABLE_MATH_FUNCTIONS"
    /// Column metadata (trait `ColumnMetadata`).
    case columnMetadata = "ENABLE_COLUMN_METADATA"
    /// The dbstat virtual table (trait `DBStat`).
    case dbstat = "ENABLE_DBSTAT_VTAB"
    /// The session extension (trait `Session`).
    case session = "ENABLE_SESSION"
    /// The pre-update hook (trait `Session`).
    case preupdateHook = "ENABLE_PREUPDATE_HOOK"
    /// WAL snapshots (trait `Snapshot`).
    case snapshot = "ENABLE_SNAPSHOT"
    /// JSON functions (trait `JSON`; compiled out as `OMIT_JSON`; before SQLite 3.38, which
    /// built them in, compiled in as `ENABLE_JSON1`).
    case json = "OMIT_JSON"
    /// STAT4 planner statistics (trait `STAT4`, off by default).
    case stat4 = "ENABLE_STAT4"
    /// Loading extensions from shared libraries (trait `LoadExtension`, off by default;
    /// compiled out as `OMIT_LOAD_EXTENSION`). Under `SystemSQLite` the system library decides
    /// whether the loader is there; the Swift API needs the trait.
    case loadExtension = "OMIT_LOAD_EXTENSION"
    /// Encrypted databases: the library is SQLCipher (trait `SQLCipher`), built with
    /// `SQLITE_HAS_CODEC`. ``SQLiteVersion/cipherVersion`` gives its version.
    case sqlcipher = "HAS_CODEC"

    /// Whether this build of SQLite has the feature.
    public var isAvailable: Bool {
        switch self {
        case .json:
            SQLiteVersion.current >= SQLiteVersion(major: 3, minor: 38)
                ? !CompileOptions.isUsed(rawValue) : CompileOptions.isUsed("ENABLE_JSON1")
        case .loadExtension: !CompileOptions.isUsed(rawValue)
        default: CompileOptions.isUsed(rawValue)
        }
    }

    /// The features compiled into this build.
    public static var available: [SQLiteFeature] { allCases.filter(\.isAvailable) }
}

/// The compile-time options of the SQLite library the program runs
/// (`sqlite3_compileoption_get`/`_used`): the vendored build's, or under the `SystemSQLite` trait
/// the operating system's.
public enum CompileOptions {
    /// Every option, without its `SQLITE_` prefix, e.g. `"ENABLE_FTS5"`, `"THREADSAFE=2"`.
    public static var all: [String] {
        var options: [String] = []
        var index: Int32 = 0
        while let option = sqlite3_compileoption_get(index) {
            options.append(String(cString: option))
            index += 1
        }
        return options
    }

    /// Whether option `name` (with or without the `SQLITE_` prefix, without a value) was used.
    public static func isUsed(_ name: String) -> Bool {
        sqlite3_compileoption_used(name) != 0
    }
}
