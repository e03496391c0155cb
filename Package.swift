// swift-tools-version: 6.1
import PackageDescription

/// Optional SQLite features, each a package trait that maps to the amalgamation's compile flags.
/// Every one is on by default except `STAT4` and `LoadExtension`; `swift build --disable-default-traits` builds a
/// minimal SQLite (with JSON compiled out).
let featureTraits: [(name: String, description: String, defines: [String], defaultOn: Bool)] = [
    ("FTS5", "Full-text search version 5 (SQLITE_ENABLE_FTS5).", ["SQLITE_ENABLE_FTS5"], true),
    (
        "FTS4", "Full-text search versions 3 and 4 with the enhanced query syntax.",
        ["SQLITE_ENABLE_FTS3", "SQLITE_ENABLE_FTS3_PARENTHESIS", "SQLITE_ENABLE_FTS4"], true
    ),
    ("RTree", "The R*Tree spatial index (SQLITE_ENABLE_RTREE).", ["SQLITE_ENABLE_RTREE"], true),
    ("Geopoly", "The Geopoly extension over R*Tree (SQLITE_ENABLE_GEOPOLY).", ["SQLITE_ENABLE_GEOPOLY"], true),
    (
        "MathFunctions", "SQL math functions such as sqrt, pow and log (SQLITE_ENABLE_MATH_FUNCTIONS).",
        ["SQLITE_ENABLE_MATH_FUNCTIONS"], true
    ),
    (
        "ColumnMetadata", "sqlite3_column_table_name and friends (SQLITE_ENABLE_COLUMN_METADATA).",
        ["SQLITE_ENABLE_COLUMN_METADATA"], true
    ),
    ("DBStat", "The dbstat virtual table (SQLITE_ENABLE_DBSTAT_VTAB).", ["SQLITE_ENABLE_DBSTAT_VTAB"], true),
    (
        "Session", "The session extension and the pre-update hook.",
        ["SQLITE_ENABLE_SESSION", "SQLITE_ENABLE_PREUPDATE_HOOK"], true
    ),
    ("Snapshot", "WAL snapshots (SQLITE_ENABLE_SNAPSHOT).", ["SQLITE_ENABLE_SNAPSHOT"], true),
    ("JSON", "The built-in JSON functions; off compiles them out (SQLITE_OMIT_JSON).", ["SWIFT_SQLITE_JSON"], true),
    ("STAT4", "Richer query-planner statistics from ANALYZE (SQLITE_ENABLE_STAT4).", ["SQLITE_ENABLE_STAT4"], false),
    // Off by default, and not turned on by another source: loading native code is a security
    // surface an app opts into. Off compiles the loader out (SQLITE_OMIT_LOAD_EXTENSION).
    (
        "LoadExtension",
        "Loading SQLite extensions from shared libraries; off compiles it out (SQLITE_OMIT_LOAD_EXTENSION).",
        ["SWIFT_SQLITE_LOAD_EXTENSION"], false
    ),
]

/// Compile flags that are always on; `Documentation/Build.md` gives the reason for each.
let alwaysOnDefines: [CSetting] = [
    .define("SQLITE_THREADSAFE", to: "2"),
    .define("SQLITE_DQS", to: "0"),
    .define("SQLITE_DEFAULT_MEMSTATUS", to: "0"),
    .define("SQLITE_DEFAULT_WAL_SYNCHRONOUS", to: "1"),
    .define("SQLITE_LIKE_DOESNT_MATCH_BLOBS"),
    .define("SQLITE_OMIT_DEPRECATED"),
    .define("SQLITE_OMIT_SHARED_CACHE"),
    .define("SQLITE_USE_ALLOCA"),
    .define("SQLITE_ENABLE_API_ARMOR"),
    .define("SQLITE_USE_URI", to: "1"),
    .define("SQLITE_HAVE_ISNAN"),
    .define("HAVE_USLEEP"),
    .define("HAVE_LOCALTIME_R"),
    // gethostuuid() is macOS-only (unavailable in the iOS, tvOS, watchOS and visionOS SDKs, and
    // on Mac Catalyst); the amalgamation's own test of TARGET_OS_EMBEDDED, which current SDKs no
    // longer define, would call it there and fail the build.
    .define("HAVE_GETHOSTUUID", to: "0", .when(platforms: [.iOS, .tvOS, .watchOS, .visionOS, .macCatalyst])),
]

let traitDefines: [CSetting] = featureTraits.flatMap { trait in
    trait.defines.map { CSetting.define($0, .when(traits: [trait.name])) }
}

/// Where SQLite comes from: exactly one source per build. Each is a trait; its C define tells
/// `CSQLiteAmalgamation.c` which library is linked, and `Sources/SQLiteCore/Exports.swift`
/// imports the matching C module. `VendoredSQLite` is a default trait, and the vendored
/// amalgamation is also what a build with no source trait gets (`--disable-default-traits`).
/// Turning on two sources (e.g. `traits: [.defaults, "SQLCipher"]`) is a build error.
let sqliteSources: [(name: String, description: String, define: String)] = [
    (
        "VendoredSQLite", "Compile the vendored SQLite amalgamation (the default).",
        "SWIFT_SQLITE_SOURCE_VENDORED"
    ),
    (
        "SystemSQLite",
        "Link the operating system's libsqlite3 instead of the vendored amalgamation: the SDK's on Apple platforms, pkg-config's sqlite3 elsewhere.",
        "SWIFT_SQLITE_SOURCE_SYSTEM"
    ),
    (
        "SQLCipher",
        "Compile the vendored SQLCipher amalgamation (encrypted databases) instead of SQLite: on CommonCrypto on Apple platforms, OpenSSL's libcrypto elsewhere.",
        "SWIFT_SQLITE_SOURCE_SQLCIPHER"
    ),
]

/// Apple's platforms, where the SDK provides SQLite and CommonCrypto, and the others, where
/// pkg-config finds SQLite and OpenSSL provides the cipher's crypto.
let applePlatforms: [Platform] = [.macOS, .macCatalyst, .iOS, .tvOS, .watchOS, .visionOS]
let otherPlatforms: [Platform] = [.linux, .android, .windows, .openbsd, .wasi]

let sourceDefines: [CSetting] = sqliteSources.map { .define($0.define, .when(traits: [$0.name])) }

/// SQLCipher's own flags, on top of the always-on and feature flags (`Documentation/Encryption.md`).
let sqlcipherDefines: [CSetting] = [
    .define("SQLITE_HAS_CODEC"),
    // The crypto provider: CommonCrypto (with the Security framework's random numbers) on Apple
    // platforms, as Apple's apps use it; OpenSSL's libcrypto elsewhere (Debian's libssl-dev).
    .define("SQLCIPHER_CRYPTO_CC", .when(platforms: applePlatforms)),
    .define("SQLCIPHER_CRYPTO_OPENSSL", .when(platforms: otherPlatforms)),
    // Defined by the amalgamation itself when SQLITE_DEBUG is not, but a build that brings the
    // SDK's headers (CommonCrypto's) in as clang modules has been reported to lose it.
    .define("NDEBUG", .when(platforms: applePlatforms)),
    // Temporary tables and indexes in memory, so that no decrypted page reaches a temp file.
    .define("SQLITE_TEMP_STORE", to: "2"),
    .define("SQLITE_EXTRA_INIT", to: "sqlcipher_extra_init"),
    .define("SQLITE_EXTRA_SHUTDOWN", to: "sqlcipher_extra_shutdown"),
    // SQLCipher would log warnings (a wrong key's "hmac check failed"...) to stderr by default;
    // here it logs nothing until asked (`Connection.enableCipherLogging(logLevel:)`).
    .define("SQLCIPHER_OMIT_DEFAULT_LOGGING"),
]

/// The features whose Swift API a non-vendored SQLite gets: the system library's own build decides
/// which of them really work, which `SQLiteFeature` reports at run time; SQLCipher compiles them in.
let defaultFeatureTraits = Set(featureTraits.filter(\.defaultOn).map(\.name))

let packageTraits: Set<Trait> = Set(
    featureTraits.map { trait -> Trait in
        // Geopoly is built on R*Tree, so asking for it brings R*Tree along.
        .trait(
            name: trait.name, description: trait.description,
            enabledTraits: trait.name == "Geopoly" ? ["RTree"] : [])
    }
).union(
    sqliteSources.map { source -> Trait in
        // Another source gets every default feature (FTS, R*Tree...): SQLCipher compiles them in,
        // a library built elsewhere gets their Swift API.
        .trait(
            name: source.name, description: source.description,
            enabledTraits: source.name == "VendoredSQLite" ? [] : defaultFeatureTraits)
    }
).union([.default(enabledTraits: defaultFeatureTraits.union(["VendoredSQLite"]))])

let package = Package(
    name: "swift-sqlite",
    // The floor of iOS 13 / macOS 10.15 (SQLite 3.28 in the OS). Nothing above it is used ungated,
    // Swift or SQLite C API: scripts/check-availability checks both.
    platforms: [.iOS(.v13), .macOS(.v10_15), .tvOS(.v13), .watchOS(.v6), .visionOS(.v1)],
    products: [
        .library(name: "CSQLiteAmalgamation", targets: ["CSQLiteAmalgamation"]),
        .library(name: "SQLiteCore", targets: ["SQLiteCore"]),
        .library(name: "SQLiteTyped", targets: ["SQLiteTyped"]),
        .library(name: "SQLiteSchema", targets: ["SQLiteSchema"]),
        .library(name: "SQLiteCodable", targets: ["SQLiteCodable"]),
        .library(name: "SQLite", targets: ["SQLite"]),
        // SQLite.swift's dynamic library product, for apps that link the umbrella dynamically.
        .library(name: "SQLite-Dynamic", type: .dynamic, targets: ["SQLite"]),
        .executable(name: "sqlite-bench", targets: ["Benchmarks"]),
        // A notes tool with full-text search: the example program of Examples/README.md.
        .executable(name: "notes", targets: ["NotesExample"]),
    ],
    traits: packageTraits,
    targets: [
        .target(
            name: "CSQLiteAmalgamation",
            exclude: [
                "sqlite3.c", "sqlite3.h", "sqlite3ext.h", "PROVENANCE", "SQLiteSourceSettings.h",
                "SQLiteVariadicShims.h",
                "SQLiteDeclarationFlags.h",
            ],
            sources: ["CSQLiteAmalgamation.c"],
            // The privacy manifest of the SQLite code every product links (Documentation/Build.md):
            // a C target's resource bundle has no generated accessor, so no Swift module gains one.
            resources: [.copy("PrivacyInfo.xcprivacy")],
            // CSQLiteAmalgamation.c includes sqlite3.c after SQLiteSourceSettings.h (shared with
            // CSQLCipher.c), which turns SWIFT_SQLITE_JSON's absence into SQLITE_OMIT_JSON and
            // SWIFT_SQLITE_LOAD_EXTENSION's into SQLITE_OMIT_LOAD_EXTENSION, since a trait
            // condition can only add a flag.
            cSettings: alwaysOnDefines + traitDefines + sourceDefines,
            linkerSettings: [.linkedLibrary("m")]
        ),
        // SQLCipher's amalgamation, for the SQLCipher trait: built only under that trait, so the
        // default build needs no OpenSSL.
        .target(
            name: "CSQLCipher",
            exclude: ["sqlite3.c", "sqlite3.h", "PROVENANCE", "LICENSE"],
            sources: ["CSQLCipher.c"],
            cSettings: alwaysOnDefines + traitDefines + sourceDefines + sqlcipherDefines,
            linkerSettings: [
                .linkedLibrary("m"),
                .linkedLibrary("crypto", .when(platforms: otherPlatforms)),
                .linkedFramework("Security", .when(platforms: applePlatforms)),
                .linkedFramework("CoreFoundation", .when(platforms: applePlatforms)),
            ]
        ),
        // The operating system's SQLite, for the SystemSQLite trait, where pkg-config finds it.
        .systemLibrary(
            name: "CSQLiteSystem",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .yum(["sqlite-devel"])]
        ),
        // The same on Apple platforms: the SDK's sqlite3.h and libsqlite3 (the module map links
        // it), with no pkg-config, which an iOS build does not have.
        .systemLibrary(name: "CSQLiteSDK"),
        .target(
            name: "SQLiteCore",
            dependencies: [
                // Always a dependency: a build with no source trait uses it. Under another
                // source it compiles to nothing.
                "CSQLiteAmalgamation",
                .target(name: "CSQLiteSystem", condition: .when(platforms: otherPlatforms, traits: ["SystemSQLite"])),
                .target(name: "CSQLiteSDK", condition: .when(platforms: applePlatforms, traits: ["SystemSQLite"])),
                .target(name: "CSQLCipher", condition: .when(traits: ["SQLCipher"])),
            ]
        ),
        .target(
            name: "SQLiteTyped",
            dependencies: ["SQLiteCore"]
        ),
        .target(
            name: "SQLiteSchema",
            dependencies: ["SQLiteCore"]
        ),
        // Relaxed atomic loads and stores of a word, for SQLiteCodable's row tickets.
        .target(name: "CRelaxedAtomics"),
        .target(
            name: "SQLiteCodable",
            dependencies: ["SQLiteCore", "SQLiteTyped", "SQLiteSchema", "CRelaxedAtomics"]
        ),
        .target(
            name: "SQLite",
            dependencies: ["SQLiteCore", "SQLiteTyped", "SQLiteSchema", "SQLiteCodable"]
        ),
        .executableTarget(
            name: "Benchmarks",
            dependencies: ["SQLiteCore", "SQLiteTyped", "SQLiteCodable"]
        ),
        // The example program (`swift run notes`): records, migrations, FTS5, typed queries, a pool.
        .executableTarget(
            name: "NotesExample",
            dependencies: ["SQLite"],
            path: "Examples/Notes"
        ),
        // The schema changes the typed and Codable tiers' tests make under cached statements.
        .target(
            name: "SchemaChangeFixtures",
            dependencies: ["SQLiteCore", "SQLiteSchema"],
            path: "Tests/SchemaChangeFixtures"
        ),
        // A VFS that makes reads, writes and syncs fail on demand, for any test target.
        .target(
            name: "FaultInjection",
            dependencies: ["SQLiteCore"],
            path: "Tests/FaultInjection"
        ),
        // The writer process of the Litestream replication tests (Tests/SQLiteCoreTests/Replication):
        // numbered transactions through a DatabasePool until the test kills it.
        .executableTarget(
            name: "ReplicationWriter",
            dependencies: ["SQLiteCore"],
            path: "Tests/ReplicationWriter"
        ),
        .testTarget(
            name: "SQLiteCoreTests",
            dependencies: ["SQLiteCore"]
        ),
        .testTarget(
            name: "SQLiteTypedTests",
            dependencies: ["SQLiteTyped", "SQLiteCore", "SchemaChangeFixtures"]
        ),
        .testTarget(
            name: "SQLiteSchemaTests",
            dependencies: ["SQLiteSchema", "SQLiteTyped", "SQLiteCore"]
        ),
        .testTarget(
            name: "SQLiteTests",
            dependencies: ["SQLite", "FaultInjection"]
        ),
        .testTarget(
            name: "SQLiteCodableTests",
            dependencies: ["SQLiteCodable", "SQLiteTyped", "SQLiteSchema", "SQLiteCore", "SchemaChangeFixtures"]
        ),
        // SQLite.swift programs, as its documentation, README and Playground write them, in the
        // Swift 5 language mode most such apps use: they must compile unchanged and run.
        .testTarget(
            name: "SQLiteSwiftCompatibilityTests",
            dependencies: ["SQLite"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        // The same API under Swift 6's strict concurrency checking.
        .testTarget(
            name: "SQLiteSwiftStrictConcurrencyTests",
            dependencies: ["SQLite"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
