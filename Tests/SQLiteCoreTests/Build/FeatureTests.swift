import Foundation
import SQLiteCore
import Testing

/// Whether this build compiled the vendored SQLite amalgamation (neither `SystemSQLite` nor
/// `SQLCipher`): only then is the library the pinned SQLite 3.50.4.
private let vendored: Bool = {
    #if SystemSQLite || SQLCipher
        false
    #else
        true
    #endif
}()

/// Whether this build compiled its SQLite itself (the vendored amalgamation or SQLCipher's, not
/// the system's): only then do its compile options follow this package's flags and traits.
private let compiledHere: Bool = {
    #if SystemSQLite
        false
    #else
        true
    #endif
}()

/// The file mapped at the address of `sqlite3_libversion` (the program, or a shared library),
/// from `/proc/self/maps`; nil where there is no such file.
private let openedImageOfSQLite: String? = {
    let function: @convention(c) () -> UnsafePointer<CChar>? = sqlite3_libversion
    let address = UInt(bitPattern: unsafeBitCast(function, to: UnsafeRawPointer.self))
    // Read to the end: /proc files report no size, and a one-buffer read stops at 4 KiB.
    guard let file = FileHandle(forReadingAtPath: "/proc/self/maps") else { return nil }
    defer { try? file.close() }
    let maps = String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
    for line in maps.split(separator: "\n") {
        // start-end perms offset device inode path
        let fields = line.split(separator: " ", omittingEmptySubsequences: true)
        let range = fields.first?.split(separator: "-").compactMap { UInt($0, radix: 16) } ?? []
        if fields.count >= 6, range.count == 2, range[0] <= address, address < range[1] {
            return String(fields[5])
        }
    }
    return nil
}()

private let systemLibraryReason: Comment = "SystemSQLite: the system library's build decides this"
private let notPinnedSQLiteReason: Comment = "SystemSQLite or SQLCipher: not the pinned SQLite 3.50.4"

@Suite struct VersionTests {
    @Test(.enabled(if: vendored, notPinnedSQLiteReason))
    func currentVersionIsThePinnedAmalgamation() {
        #expect(SQLiteVersion.current == SQLiteVersion(major: 3, minor: 50, point: 4))
        #expect(SQLiteVersion.current.description == "SQLite 3.50.4")
        #expect(
            SQLiteVersion.sourceID
                == "2025-07-30 19:33:53 4d8adfb30e03f9cf27f800a2c1ba3c48fb4ca1b08b0f5ed59a4d5ecbf45e20a3")
        #expect(String(cString: sqlite3_libversion()) == "3.50.4")
    }

    @Test func connectionReportsTheVersion() throws {
        #expect(try Connection().sqliteVersion == .current)
        if vendored { #expect(try Connection().scalar("SELECT sqlite_version()") as? String == "3.50.4") }
    }

    /// The version is the running library's, whichever it is: the same as SQL's sqlite_version()
    /// and the C library's own string.
    @Test func currentVersionIsTheLinkedLibrary() throws {
        let library = String(cString: sqlite3_libversion())
        #expect(SQLiteVersion.current.description == "SQLite \(library)")
        #expect(try Connection().scalar("SELECT sqlite_version()") as? String == library)
        #expect(try Connection().scalar("SELECT sqlite_source_id()") as? String == SQLiteVersion.sourceID)
    }

    /// The SQLite functions the program calls live in the library the build chose: the program
    /// itself (the amalgamation compiled in) or the system's libsqlite3.
    @Test(.enabled(if: openedImageOfSQLite != nil, "needs /proc/self/maps"))
    func sqliteComesFromTheChosenLibrary() throws {
        let image = try #require(openedImageOfSQLite)
        #expect(image.contains("libsqlite3") == !compiledHere, "\(image)")
    }

    @Test(arguments: [
        (SQLiteVersion(major: 3, minor: 50, point: 3), SQLiteVersion(major: 3, minor: 50, point: 4)),
        (SQLiteVersion(major: 3, minor: 9), SQLiteVersion(major: 3, minor: 10)),
        (SQLiteVersion(major: 2, minor: 99, point: 99), SQLiteVersion(major: 3, minor: 0)),
        (SQLiteVersion(major: 3, minor: 35, point: 5), SQLiteVersion(major: 3, minor: 36)),
    ])
    func versionsCompareByMajorMinorPoint(lower: SQLiteVersion, higher: SQLiteVersion) {
        #expect(lower < higher)
        #expect(!(higher < lower))
        #expect(lower != higher)
        #expect(max(lower, higher) == higher)
    }

    @Test func versionGates() {
        #expect(SQLiteVersion.current >= SQLiteVersion(major: 3, minor: 35))
        #expect(SQLiteVersion.current < SQLiteVersion(major: 4, minor: 0))
        #expect(SQLiteVersion(major: 3, minor: 50) == SQLiteVersion(major: 3, minor: 50, point: 0))
    }
}

@Suite struct CompileOptionTests {
    @Test(.enabled(if: compiledHere, systemLibraryReason))
    func alwaysOnFlagsAreCompiledIn() {
        let all = CompileOptions.all
        #expect(all.contains("THREADSAFE=2"))
        #expect(all.contains("DQS=0"))
        #expect(all.contains("DEFAULT_WAL_SYNCHRONOUS=1"))
        #expect(all.contains("OMIT_DEPRECATED"))
        #expect(all.contains("ENABLE_API_ARMOR"))
        #expect(all.contains("USE_URI"))
        #expect(!all.contains("OMIT_SHARED_CACHE") || !CompileOptions.isUsed("ENABLE_SHARED_CACHE"))
        #expect(sqlite3_threadsafe() == 2)
    }

    @Test func isUsedTakesNamesWithOrWithoutThePrefix() {
        #expect(CompileOptions.isUsed("THREADSAFE"))
        #expect(CompileOptions.isUsed("SQLITE_THREADSAFE"))
        #expect(!CompileOptions.isUsed("NO_SUCH_OPTION"))
        #expect(!CompileOptions.all.isEmpty)
        for option in CompileOptions.all {
            let name = String(option.prefix { $0 != "=" })
            #expect(CompileOptions.isUsed(name), "\(option)")
            #expect(CompileOptions.isUsed("SQLITE_" + name), "\(option)")
        }
    }

    @Test func availableFeaturesMatchTheirCompileOptions() {
        for feature in SQLiteFeature.allCases where feature != .json && feature != .loadExtension {
            #expect(feature.isAvailable == CompileOptions.isUsed(feature.rawValue), "\(feature)")
        }
        #expect(SQLiteFeature.json.isAvailable == !CompileOptions.isUsed("OMIT_JSON"))
        #expect(SQLiteFeature.loadExtension.isAvailable == !CompileOptions.isUsed("OMIT_LOAD_EXTENSION"))
        #expect(SQLiteFeature.available == SQLiteFeature.allCases.filter(\.isAvailable))
    }

    /// The package traits in effect for this build, as compilation conditions of the test target.
    @Test(.enabled(if: compiledHere, systemLibraryReason))
    func featuresFollowThePackageTraits() {
        #if FTS5
            #expect(SQLiteFeature.fts5.isAvailable)
        #else
            #expect(!SQLiteFeature.fts5.isAvailable)
        #endif
        #if FTS4
            #expect(SQLiteFeature.fts4.isAvailable)
        #else
            #expect(!SQLiteFeature.fts4.isAvailable)
        #endif
        #if RTree
            #expect(SQLiteFeature.rtree.isAvailable)
        #endif
        #if Geopoly
            #expect(SQLiteFeature.geopoly.isAvailable)
            #expect(SQLiteFeature.rtree.isAvailable)
        #else
            #expect(!SQLiteFeature.geopoly.isAvailable)
        #endif
        #if MathFunctions
            #expect(SQLiteFeature.mathFunctions.isAvailable)
        #else
            #expect(!SQLiteFeature.mathFunctions.isAvailable)
        #endif
        #if ColumnMetadata
            #expect(SQLiteFeature.columnMetadata.isAvailable)
        #else
            #expect(!SQLiteFeature.columnMetadata.isAvailable)
        #endif
        #if LoadExtension
            #expect(SQLiteFeature.loadExtension.isAvailable)
        #else
            #expect(!SQLiteFeature.loadExtension.isAvailable)
        #endif
        #if DBStat
            #expect(SQLiteFeature.dbstat.isAvailable)
        #else
            #expect(!SQLiteFeature.dbstat.isAvailable)
        #endif
        #if Session
            #expect(SQLiteFeature.session.isAvailable)
            #expect(SQLiteFeature.preupdateHook.isAvailable)
        #else
            #expect(!SQLiteFeature.session.isAvailable)
            #expect(!SQLiteFeature.preupdateHook.isAvailable)
        #endif
        #if Snapshot
            #expect(SQLiteFeature.snapshot.isAvailable)
        #else
            #expect(!SQLiteFeature.snapshot.isAvailable)
        #endif
        #if JSON
            #expect(SQLiteFeature.json.isAvailable)
        #else
            #expect(!SQLiteFeature.json.isAvailable)
        #endif
        #if STAT4
            #expect(SQLiteFeature.stat4.isAvailable)
        #else
            #expect(!SQLiteFeature.stat4.isAvailable)
        #endif
    }

    /// SQLITE_DQS=0 in the vendored build, a per-connection setting on a system library: a
    /// double-quoted name that is no column is an error, in queries and in schema statements,
    /// never a string.
    @Test func doubleQuotedTextIsAlwaysAnIdentifier() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (x)")
        let query = expectResult(code: SQLITE_ERROR) { _ = try db.scalar(#"SELECT "missing" FROM t"#) }
        #expect(query?.message.hasPrefix("no such column") == true)
        expectResult(code: SQLITE_ERROR) { try db.execute(#"CREATE INDEX i ON t ("missing")"#) }
        #expect(try db.scalar("SELECT count(*) FROM sqlite_schema WHERE name = 'i'") as? Int64 == 0)
        #expect(try db.scalar(#"SELECT 'text' = "x" FROM (SELECT 'text' AS x)"#) as? Int64 == 1)
    }

    @Test func deepExpressionIsAnErrorNotACrash() throws {
        let db = try Connection()
        let depth = 5000
        let sum = "SELECT " + Array(repeating: "1", count: depth).joined(separator: " + ")
        let tooLarge = expectResult(code: SQLITE_ERROR) { _ = try db.scalar(sum) }
        #expect(tooLarge?.message.hasPrefix("Expression tree is too large") == true)
        let nested = "SELECT " + String(repeating: "abs(", count: depth) + "1" + String(repeating: ")", count: depth)
        expectResult(code: SQLITE_ERROR) { _ = try db.scalar(nested) }
        #expect(try db.scalar("SELECT 1") as? Int64 == 1)
    }
}

/// Each optional feature works when compiled in and is absent when not; the tests of a
/// compiled-out feature are skipped, with the reason shown.
@Suite struct FeatureTests {
    @Test(.enabled(if: SQLiteFeature.fts5.isAvailable, "FTS5 is not in this SQLite build"))
    func fts5FullTextSearch() throws {
        let db = try Connection()
        try db.execute(
            """
            CREATE VIRTUAL TABLE docs USING fts5(body);
            INSERT INTO docs VALUES ('the quick brown fox'), ('jumps over the lazy dog'), ('quick thinking');
            """)
        let hits = try db.prepare("SELECT body FROM docs WHERE docs MATCH ? ORDER BY bm25(docs), rowid", "quick")
            .map { $0[0] as? String }
        #expect(hits.count == 2)
        #expect(hits.contains("the quick brown fox"))
    }

    @Test(.disabled(if: SQLiteFeature.fts5.isAvailable, "FTS5 is in this SQLite build"))
    func fts5AbsentIsAnError() throws {
        let db = try Connection()
        let error = expectResult(code: SQLITE_ERROR) { try db.execute("CREATE VIRTUAL TABLE docs USING fts5(body)") }
        #expect(error?.message.contains("no such module") == true)
    }

    @Test(.enabled(if: SQLiteFeature.fts4.isAvailable, "FTS4 is not in this SQLite build"))
    func fts4FullTextSearch() throws {
        let db = try Connection()
        try db.execute(
            """
            CREATE VIRTUAL TABLE notes USING fts4(body);
            INSERT INTO notes VALUES ('alpha beta'), ('gamma delta'), ('beta gamma');
            """)
        #expect(try db.scalar("SELECT count(*) FROM notes WHERE notes MATCH '(alpha OR delta)'") as? Int64 == 2)
    }

    @Test(.enabled(if: SQLiteFeature.rtree.isAvailable, "R*Tree is not in this SQLite build"))
    func rtreeSpatialIndex() throws {
        let db = try Connection()
        try db.execute(
            """
            CREATE VIRTUAL TABLE boxes USING rtree(id, minX, maxX, minY, maxY);
            INSERT INTO boxes VALUES (1, 0, 10, 0, 10), (2, 20, 30, 20, 30);
            """)
        #expect(
            try db.scalar("SELECT id FROM boxes WHERE minX <= 5 AND maxX >= 5 AND minY <= 5 AND maxY >= 5") as? Int64
                == 1)
    }

    @Test(.enabled(if: SQLiteFeature.geopoly.isAvailable, "Geopoly is not in this SQLite build"))
    func geopolyArea() throws {
        let db = try Connection()
        #expect(try db.scalar("SELECT geopoly_area('[[0,0],[2,0],[2,2],[0,2],[0,0]]')") as? Double == 4)
    }

    @Test(.enabled(if: SQLiteFeature.mathFunctions.isAvailable, "math functions are not in this SQLite build"))
    func mathFunctions() throws {
        let db = try Connection()
        #expect(try db.scalar("SELECT sqrt(16)") as? Double == 4)
        #expect(try db.scalar("SELECT pow(2, 10)") as? Double == 1024)
    }

    @Test(.disabled(if: SQLiteFeature.mathFunctions.isAvailable, "math functions are in this SQLite build"))
    func mathFunctionsAbsentIsAnError() throws {
        let db = try Connection()
        expectResult(code: SQLITE_ERROR) { _ = try db.scalar("SELECT sqrt(16)") }
    }

    @Test(.enabled(if: SQLiteFeature.json.isAvailable, "JSON is not in this SQLite build"))
    func jsonFunctions() throws {
        let db = try Connection()
        #expect(try db.scalar(#"SELECT json_extract('{"a":{"b":[1,2,3]}}', '$.a.b[2]')"#) as? Int64 == 3)
        #expect(try db.scalar("SELECT json_array(1, 'two', NULL)") as? String == #"[1,"two",null]"#)
    }

    @Test(.disabled(if: SQLiteFeature.json.isAvailable, "JSON is in this SQLite build"))
    func jsonAbsentIsAnError() throws {
        let db = try Connection()
        expectResult(code: SQLITE_ERROR) { _ = try db.scalar("SELECT json_array(1)") }
    }

    @Test(.enabled(if: SQLiteFeature.dbstat.isAvailable, "dbstat is not in this SQLite build"))
    func dbstatVirtualTable() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1)")
        #expect(try db.scalar("SELECT count(*) FROM dbstat WHERE name = 't'") as? Int64 ?? 0 >= 1)
    }
}
