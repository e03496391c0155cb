import Foundation
import SQLiteCore
import Testing

#if LoadExtension
    /// A tiny extension built for the test with the toolchain's clang: `half(x)` returns x / 2.
    /// Its entry point has a custom name, so the tests name it.
    private let extensionSource = """
        #include "sqlite3ext.h"
        SQLITE_EXTENSION_INIT1

        static void half(sqlite3_context *context, int count, sqlite3_value **values) {
            (void)count;
            sqlite3_result_double(context, sqlite3_value_double(values[0]) / 2);
        }

        int swift_sqlite_half_init(sqlite3 *db, char **message, const sqlite3_api_routines *api) {
            (void)message;
            SQLITE_EXTENSION_INIT2(api);
            return sqlite3_create_function(db, "half", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, 0, half, 0, 0);
        }
        """

    /// The `clang` of the Swift toolchain running the tests: next to `swift` on the `PATH`
    /// (following a symbolic link to the toolchain's own directory). Nil when there is none.
    private let toolchainClang: String? = {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        for directory in directories {
            let swift = URL(fileURLWithPath: directory).appendingPathComponent("swift")
            guard FileManager.default.isExecutableFile(atPath: swift.path) else { continue }
            for candidate in [swift, swift.resolvingSymlinksInPath()] {
                let clang = candidate.deletingLastPathComponent().appendingPathComponent("clang").path
                if FileManager.default.isExecutableFile(atPath: clang) { return clang }
            }
        }
        return nil
    }()

    /// The directory holding `sqlite3ext.h` and `sqlite3.h`.
    private let headerDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/CSQLiteAmalgamation").path

    /// Builds the extension into `directory`, returning the shared library's path.
    private func buildExtension(in directory: TemporaryDirectory) throws -> String {
        let source = directory.path("half.c")
        let library = directory.path("libhalf.so")
        try extensionSource.write(toFile: source, atomically: true, encoding: .utf8)
        let clang = Process()
        clang.executableURL = URL(fileURLWithPath: try #require(toolchainClang))
        clang.arguments = ["-shared", "-fPIC", "-I", headerDirectory, source, "-o", library]
        try clang.run()
        clang.waitUntilExit()
        try #require(clang.terminationStatus == 0, "clang failed to build the test extension")
        return library
    }

    /// `Connection.enableLoadExtension(_:)` and `loadExtension(_:entryPoint:)` (trait
    /// `LoadExtension`), with a real shared library.
    @Suite(.enabled(if: toolchainClang != nil, "no clang next to swift on the PATH to build a test extension"))
    struct LoadExtensionTests {
        @Test func theTraitCompilesTheLoaderIn() {
            #expect(SQLiteFeature.loadExtension.isAvailable)
        }

        @Test func loadingTheExtensionAddsItsFunction() throws {
            try withTemporaryDirectory { directory in
                let library = try buildExtension(in: directory)
                let db = try Connection()
                try db.enableLoadExtension(true)
                #expect(try db.isEnabled(.loadExtension))
                try db.loadExtension(library, entryPoint: "swift_sqlite_half_init")
                try db.enableLoadExtension(false)
                #expect(try db.scalar("SELECT half(7)") as? Double == 3.5)
                // Another connection does not have it.
                expectResult(code: SQLITE_ERROR) { _ = try Connection().scalar("SELECT half(7)") }
            }
        }

        @Test func loadingWhenNotEnabledFailsClearly() throws {
            try withTemporaryDirectory { directory in
                let library = try buildExtension(in: directory)
                let db = try Connection()
                #expect(try !db.isEnabled(.loadExtension))
                let error = expectResult(code: SQLITE_ERROR) {
                    try db.loadExtension(library, entryPoint: "swift_sqlite_half_init")
                }
                #expect(error?.message.contains("not authorized") == true)
                expectResult(code: SQLITE_ERROR) { _ = try db.scalar("SELECT half(7)") }
            }
        }

        @Test func theSQLFunctionStaysOffWhenTheCAPIIsEnabled() throws {
            try withTemporaryDirectory { directory in
                let library = try buildExtension(in: directory)
                let db = try Connection()
                try db.enableLoadExtension(true)
                let error = expectResult(code: SQLITE_ERROR) {
                    _ = try db.scalar("SELECT load_extension(?, 'swift_sqlite_half_init')", library)
                }
                #expect(error?.message.contains("not authorized") == true)
            }
        }

        @Test func aMissingFileOrEntryPointFailsClearly() throws {
            try withTemporaryDirectory { directory in
                let db = try Connection()
                try db.enableLoadExtension(true)
                let missing = directory.path("nothing-here.so")
                let error = expectResult(code: SQLITE_ERROR) { try db.loadExtension(missing) }
                #expect(error?.message.contains("nothing-here.so") == true)
                let library = try buildExtension(in: directory)
                let entry = expectResult(code: SQLITE_ERROR) {
                    try db.loadExtension(library, entryPoint: "no_such_init")
                }
                #expect(entry?.message.contains("no_such_init") == true)
            }
        }

        @Test func aClosedConnectionThrows() throws {
            let db = try Connection()
            try db.close()
            expectResult(code: SQLITE_MISUSE) { try db.enableLoadExtension(true) }
            expectResult(code: SQLITE_MISUSE) { try db.loadExtension("/nothing") }
        }
    }
#else
    /// Without the trait the loader is compiled out of the SQLite this package builds.
    @Suite struct LoadExtensionTests {
        @Test(.disabled(if: SQLiteFeature.loadExtension.isAvailable, "the system library has its loader"))
        func theTraitOffCompilesTheLoaderOut() {
            #expect(!SQLiteFeature.loadExtension.isAvailable)
            #expect(CompileOptions.isUsed("OMIT_LOAD_EXTENSION"))
        }
    }
#endif
